import { messages } from '../messages';

export interface SlideInfo {
  id: string;
  title: string;
}

export function SlideDots({
  slides,
  current,
  onSelect,
}: {
  slides: readonly SlideInfo[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav className="slide-dots" aria-label="Slides">
      {slides.map((slide, index) => (
        <button
          key={slide.id}
          type="button"
          className={`slide-dots__dot${index === current ? ' is-current' : ''}`}
          aria-label={messages.slides.dotLabel(index + 1, slide.title)}
          aria-current={index === current ? 'true' : undefined}
          data-testid="slide-dot"
          onClick={() => onSelect(index)}
        />
      ))}
    </nav>
  );
}
