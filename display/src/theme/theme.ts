export type ThemeName = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'realty.display.theme';

/** TVs start dark; a stored choice wins. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined): ThemeName {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}
