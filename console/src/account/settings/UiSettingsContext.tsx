import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTheme } from 'react-admin';
import { DEFAULT_UI_SETTINGS, normalizeUiSettings, sameUiSettings, themeModeOf, type UiSettings } from './uiSettings';

/** Last settings seen from the server on this device: the first paint uses them before the fetch ends. */
export const UI_SETTINGS_CACHE_KEY = 'realty.ui';

interface UiSettingsState {
  /** What the console shows now: the preview while Account Settings is being edited, else the saved ones. */
  settings: UiSettings;
  /** The user's settings as the server has them. */
  saved: UiSettings;
  /** Bumped whenever settings arrive from the server or are saved: the theme mode follows then. */
  revision: number;
  /** Settings saved on the server (sign-in load or Account Settings save). */
  commit(settings: UiSettings): void;
  /** Shows unsaved settings live; null goes back to the saved ones. */
  preview(settings: UiSettings | null): void;
}

const UiSettingsContext = createContext<UiSettingsState | null>(null);

function readCache(): UiSettings {
  try {
    const raw = window.localStorage.getItem(UI_SETTINGS_CACHE_KEY);
    return normalizeUiSettings(raw ? (JSON.parse(raw) as Partial<UiSettings>) : null);
  } catch {
    return DEFAULT_UI_SETTINGS;
  }
}

function writeCache(settings: UiSettings): void {
  try {
    window.localStorage.setItem(UI_SETTINGS_CACHE_KEY, JSON.stringify(settings));
  } catch {
    // No storage: the server's copy is loaded on every start anyway.
  }
}

export interface UiSettingsProviderProps {
  children: ReactNode;
  /** Loads the user's saved settings (GET /user/profile/defaults); called once on mount. */
  load: () => Promise<Partial<UiSettings> | null>;
}

/**
 * The user's UI settings (scale, font weight, dark mode) for the whole console. They live on the
 * server (they follow the user across devices): loaded when the signed-in app starts, applied to the
 * theme at once, and updated live by Account Settings.
 */
export const UiSettingsProvider = ({ children, load }: UiSettingsProviderProps) => {
  const [saved, setSaved] = useState<UiSettings>(readCache);
  const [previewed, setPreviewed] = useState<UiSettings | null>(null);
  const [revision, setRevision] = useState(0);

  const commit = useCallback((settings: UiSettings) => {
    const next = normalizeUiSettings(settings);
    writeCache(next);
    setSaved(next);
    setPreviewed(null);
    setRevision((value) => value + 1);
  }, []);

  const preview = useCallback((settings: UiSettings | null) => {
    setPreviewed((current) => {
      if (settings === null) return current === null ? current : null;
      const next = normalizeUiSettings(settings);
      return current && sameUiSettings(current, next) ? current : next;
    });
  }, []);

  useEffect(() => {
    let cancelled = false;
    load()
      .then((loaded) => {
        if (!cancelled && loaded) commit(normalizeUiSettings(loaded));
      })
      .catch(() => {
        // Not signed in, or the server is down: keep the last known settings.
      });
    return () => {
      cancelled = true;
    };
  }, [load, commit]);

  const value = useMemo<UiSettingsState>(
    () => ({ settings: previewed ?? saved, saved, revision, commit, preview }),
    [previewed, saved, revision, commit, preview],
  );
  return <UiSettingsContext.Provider value={value}>{children}</UiSettingsContext.Provider>;
};

export function useUiSettings(): UiSettingsState {
  const context = useContext(UiSettingsContext);
  if (!context) throw new Error('useUiSettings must be used inside <UiSettingsProvider>');
  return context;
}

/**
 * Inside react-admin: puts the settings' dark mode into react-admin's theme store whenever settings
 * arrive or change (the app bar's toggle saves dark_mode and commits like Settings), and marks the document with
 * the scale and weight classes (ui-small ... fw-700) for anything styled outside the theme.
 */
export const UiSettingsSync = () => {
  const { settings, revision } = useUiSettings();
  const [, setThemeMode] = useTheme();
  const mode = themeModeOf(settings);
  const first = useRef(true);

  useEffect(() => {
    // On mount only if the server already answered (else the stored mode stands until it does); then
    // on every server load or save, and whenever a preview changes the mode.
    const isFirst = first.current;
    first.current = false;
    if (!isFirst || revision > 0) setThemeMode(mode);
  }, [revision, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.uiScale = settings.ui_scale;
    root.dataset.uiFontWeight = settings.ui_font_weight;
    return () => {
      delete root.dataset.uiScale;
      delete root.dataset.uiFontWeight;
    };
  }, [settings.ui_scale, settings.ui_font_weight]);

  return null;
};
