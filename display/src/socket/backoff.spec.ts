import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe(backoffDelay.name, () => {
  const noJitter = () => 0.5;

  it('doubles from the minimum and stops at the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, {}, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads delays by the jitter factor but never above the maximum', () => {
    expect(backoffDelay(2, { jitter: 0.5 }, () => 0)).toBe(2_000);
    expect(backoffDelay(2, { jitter: 0.5 }, () => 1)).toBe(6_000);
    expect(backoffDelay(10, { jitter: 0.5 }, () => 1)).toBe(30_000);
  });
});
