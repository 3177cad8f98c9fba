import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, readStoredTheme } from './theme';

describe(readStoredTheme.name, () => {
  const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null) });

  it('is dark by default', () => {
    expect(readStoredTheme(undefined)).toBe('dark');
    expect(readStoredTheme(storageWith(null))).toBe('dark');
    expect(readStoredTheme(storageWith('purple'))).toBe('dark');
  });

  it('keeps a stored light choice', () => {
    expect(readStoredTheme(storageWith('light'))).toBe('light');
  });

  it('survives a storage that throws', () => {
    expect(
      readStoredTheme({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('dark');
  });
});
