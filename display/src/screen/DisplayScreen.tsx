import { useState } from 'react';
import type { UserProfile } from '@app/contracts';
import { messages } from '../messages';
import { useDisplayConnection } from '../socket/DisplaySocketProvider';
import { useAgentsRoster } from '../socket/useAgentsRoster';
import { useWelcome } from '../socket/useWelcome';
import { useTheme } from '../theme/useTheme';
import { Loader } from './Loader';
import { RosterSlide } from './RosterSlide';
import { SlideDots, type SlideInfo } from './SlideDots';
import { TopBar } from './TopBar';
import { useFullscreen } from './useFullscreen';

/** Where Exit Display Mode goes: the console, which opens the user's default landing page. */
export const EXIT_DISPLAY_MODE_PATH = '/app';

// The dashboards (circle, stats, activity, leaderboard) join this list with their own issues.
const SLIDES: readonly SlideInfo[] = [{ id: 'roster', title: messages.slides.roster.title }];

export function DisplayScreen({ user }: { user: UserProfile }) {
  const { status } = useDisplayConnection();
  const welcome = useWelcome();
  const roster = useAgentsRoster();
  const { theme, setTheme } = useTheme();
  const { isFullscreen, toggleFullscreen } = useFullscreen();
  const [current, setCurrent] = useState(0);

  const teamName = welcome?.team_name ?? user.team?.name ?? null;

  return (
    <div className={`display${isFullscreen ? ' is-fullscreen' : ''}`}>
      <TopBar
        teamName={teamName}
        status={status}
        theme={theme}
        onThemeChange={setTheme}
        isFullscreen={isFullscreen}
        onToggleFullscreen={toggleFullscreen}
        onExit={() => window.location.assign(EXIT_DISPLAY_MODE_PATH)}
      />
      <main className="slide-area" aria-live="polite">
        {/* The last roster stays on screen while the connection is down. */}
        {roster ? <RosterSlide roster={roster} stale={status !== 'connected'} /> : <Loader />}
      </main>
      <footer className="bottom-bar">
        <SlideDots slides={SLIDES} current={current} onSelect={setCurrent} />
      </footer>
    </div>
  );
}
