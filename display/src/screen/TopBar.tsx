import { messages } from '../messages';
import type { ConnectionStatus } from '../socket/connection-state';
import type { ThemeName } from '../theme/theme';
import { BrandLogo } from './BrandLogo';
import { ConnectionBadge } from './ConnectionBadge';

interface TopBarProps {
  teamName: string | null;
  status: ConnectionStatus;
  theme: ThemeName;
  onThemeChange: (theme: ThemeName) => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  onExit: () => void;
}

export function TopBar({ teamName, status, theme, onThemeChange, isFullscreen, onToggleFullscreen, onExit }: TopBarProps) {
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
      <div className="top-bar__controls">
        <ConnectionBadge status={status} />
        {!isFullscreen && (
          <div className="theme-switch" role="radiogroup" aria-label={t.themeSwitch}>
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
        <button type="button" className="button" onClick={onToggleFullscreen}>
          {isFullscreen ? t.exitFullscreen : t.goFullscreen}
        </button>
        <button type="button" className="button button--ghost" onClick={onExit}>
          {t.exitDisplayMode}
        </button>
      </div>
    </header>
  );
}
