export interface BackoffOptions {
  minMs?: number;
  maxMs?: number;
  /** 0.5 spreads each delay over [50%, 150%] so a room full of TVs does not retry in step. */
  jitter?: number;
}

/** Delay before retry number `attempt` (0-based): exponential, capped, with jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const { minMs = 1_000, maxMs = 30_000, jitter = 0.5 } = options;
  const base = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt));
  const spread = base * jitter * (random() * 2 - 1);
  return Math.round(Math.min(maxMs, Math.max(minMs / 2, base + spread)));
}
