import type { ScopeMenu } from '@app/contracts';
import { messages } from '../messages';
import type { RangePreset, SelectedRange } from '../slideshow/date-range';
import type { ConnectionStatus } from '../socket/connection-state';
import type { ThemeName } from '../theme/theme';
import { BrandLogo } from './BrandLogo';
import { ConnectionBadge } from './ConnectionBadge';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './Icons';
import { RangePicker } from './RangePicker';
import { ScopeDropdown } from './ScopeDropdown';

interface TopBarProps {
  teamName: string | null;
  status: ConnectionStatus;
  theme: ThemeName;
  onThemeChange: (theme: ThemeName) => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  onExit: () => void;
  /** The scope dropdown (hidden on the leaderboard: null). */
  scope: { groups: ScopeMenu['groups']; value: string; onChange: (value: string) => void } | null;
  range: SelectedRange;
  onRangePreset: (preset: Exclude<RangePreset, 'custom'>) => void;
  onRangeCustom: (range: { start: string; end: string }) => void;
  playing: boolean;
  onPlayPause: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

export function TopBar(props: TopBarProps) {
  const { teamName, status, theme, onThemeChange, isFullscreen, onToggleFullscreen, onExit, scope, range, playing } = props;
  const t = messages.topBar;
  return (
    <header className="top-bar">
      <div className="top-bar__brand">
        <BrandLogo />
        <span className="top-bar__brand-name">{messages.brandName}</span>
        {teamName && (
          <span className="top-bar__team" data-testid="team-name">
            {teamName}
          </span>
        )}
      </div>
      <div className="top-bar__filters">
        {scope && <ScopeDropdown groups={scope.groups} value={scope.value} onChange={scope.onChange} />}
        <RangePicker range={range} onPreset={props.onRangePreset} onCustom={props.onRangeCustom} />
      </div>
      <div className="top-bar__controls">
        <ConnectionBadge status={status} />
        {!isFullscreen && (
          <div className="theme-switch" role="radiogroup" aria-label={t.themeSwitch} data-testid="theme-switch">
            {(['light', 'dark'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={theme === name}
                className={`theme-switch__option${theme === name ? ' is-active' : ''}`}
                onClick={() => onThemeChange(name)}
              >
                {name === 'light' ? t.themeLight : t.themeDark}
              </button>
            ))}
          </div>
        )}
        <button type="button" className="button" data-testid="fullscreen-button" onClick={onToggleFullscreen}>
          {isFullscreen ? t.exitFullscreen : t.goFullscreen}
        </button>
        <div className="playback" role="group" aria-label={t.slideshow}>
          <button
            type="button"
            className="icon-button icon-button--primary"
            aria-label={playing ? t.pause : t.play}
            title={playing ? t.pause : t.play}
            data-testid="play-pause-button"
            data-playing={playing}
            onClick={props.onPlayPause}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t.previous}
            title={t.previous}
            data-testid="previous-button"
            onClick={props.onPrevious}
          >
            <PreviousIcon />
          </button>
          <button type="button" className="icon-button" aria-label={t.next} title={t.next} data-testid="next-button" onClick={props.onNext}>
            <NextIcon />
          </button>
        </div>
        <button type="button" className="button button--ghost" data-testid="exit-button" onClick={onExit}>
          {t.exitDisplayMode}
        </button>
      </div>
    </header>
  );
}
