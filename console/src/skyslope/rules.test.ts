import { describe, expect, it } from 'vitest';
import { hasCredentials, keyProblem } from './rules';

describe(keyProblem.name, () => {
  it("words a key's problems as the server does", () => {
    expect(keyProblem('Access Key', '')).toBe('Access Key is required');
    expect(keyProblem('Access Key', null)).toBe('Access Key is required');
    expect(keyProblem('Access Secret', '   ')).toBe('Access Secret must be at least 1 character');
    expect(keyProblem('Access Secret', 'x'.repeat(257))).toBe('Access Secret cannot exceed 256 characters');
    expect(keyProblem('Access Key', 'x'.repeat(256))).toBeUndefined();
    expect(keyProblem('Access Key', '••••abcd')).toBeUndefined();
  });
});

describe(hasCredentials.name, () => {
  it('reads empty masks as no saved keys', () => {
    expect(hasCredentials({ access_key: '', access_secret: '' })).toBe(false);
    expect(hasCredentials({ access_key: '••••abcd', access_secret: '••••wxyz' })).toBe(true);
    expect(hasCredentials(undefined)).toBe(false);
  });
});
