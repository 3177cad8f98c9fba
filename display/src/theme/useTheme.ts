import { useCallback, useEffect, useState } from 'react';
import { THEME_STORAGE_KEY, readStoredTheme, type ThemeName } from './theme';

export function useTheme(): { theme: ThemeName; setTheme: (theme: ThemeName) => void } {
  const [theme, setThemeState] = useState<ThemeName>(() => readStoredTheme(window.localStorage));

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const setTheme = useCallback((next: ThemeName) => {
    setThemeState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // private mode or full storage: the choice just isn't remembered
    }
  }, []);

  return { theme, setTheme };
}
