import { useState } from 'react';
import { imageUrlOf } from '../slideshow/format';
import { initialsOf } from './roster';

/** An agent's picture, or their initials in a brand disc (the roster's avatar). */
export function AgentAvatar({ name, imagePath, className = '' }: { name: string; imagePath: string | null; className?: string }) {
  const url = imageUrlOf(imagePath);
  const [broken, setBroken] = useState(false);
  return (
    <span className={`roster__avatar ${className}`} aria-hidden="true">
      {url && !broken ? <img src={url} alt="" onError={() => setBroken(true)} /> : initialsOf(name)}
    </span>
  );
}
