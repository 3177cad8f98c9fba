import { describe, expect, it } from 'vitest';
import { hasPreviousPage } from './useBack';

describe('hasPreviousPage', () => {
  it('is true past the first entry of the tab', () => {
    expect(hasPreviousPage({ idx: 2, key: 'x', usr: null })).toBe(true);
  });

  it('is false on the first entry or without router state (opened directly)', () => {
    expect(hasPreviousPage({ idx: 0 })).toBe(false);
    expect(hasPreviousPage(null)).toBe(false);
    expect(hasPreviousPage({})).toBe(false);
  });
});
