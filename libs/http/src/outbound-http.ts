import type { Dispatcher } from 'undici';

// The one outbound HTTP client of the providers (DocuSeal, SkySlope): a whole-request timeout per try (the body
// read included), a connect timeout, retries of the statuses and transport failures a caller names, capped
// exponential backoff (with or without equal jitter) and Retry-After honoured. Provider clients keep their own
// errors: this answers the last response (or throws an OutboundTransportError) and they map it.
//
// Not undici's RetryAgent: it sleeps on its own timers (the clients' tests record waits instead), has no jitter,
// reads Retry-After as seconds only, cuts a long Retry-After instead of giving up, and sends the same request each
// try (SkySlope's login is signed anew for each try, its Timestamp being the moment it is sent).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface OutboundRetryPolicy {
  /** Tries of one call, the first included (at least 1). */
  tries: number;
  /** The wait before the second try; doubled for each later one. */
  baseDelayMs: number;
  /** The longest wait between tries. */
  maxDelayMs: number;
  /** 'equal': half the backoff fixed, half random, so concurrent callers spread out; 'none': the backoff as it is. */
  jitter: 'equal' | 'none';
  /** The statuses tried again. */
  retryStatus: (status: number) => boolean;
  /** Methods tried again after a timeout or a failed connection (a call that changes nothing when repeated). */
  retryTransportFor: readonly HttpMethod[];
  /**
   * A Retry-After longer than maxDelayMs: 'cap' waits maxDelayMs and tries again; 'give-up' answers the response
   * at once (its retryAfterMs tells the caller how long the server asked for).
   */
  longRetryAfter: 'cap' | 'give-up';
}

export interface OutboundHttpOptions extends OutboundRetryPolicy {
  /** One try, from connecting to the last byte of the body. */
  timeoutMs: number;
  /** Connecting alone (TCP and TLS); at most timeoutMs. Default 5 s. */
  connectTimeoutMs?: number;
  /** Injected by tests; by default undici's fetch over an Agent with the connect timeout. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface OutboundRequest {
  method: HttpMethod;
  url: string | URL;
  headers?: Record<string, string>;
  body?: string;
  redirect?: 'follow' | 'manual' | 'error';
}

/** Why a retry is about to happen, for the caller's log line. */
export interface OutboundRetry {
  method: HttpMethod;
  attempt: number;
  tries: number;
  waitMs: number;
  /** The status that is tried again, or undefined after a transport failure. */
  status?: number;
  failure?: OutboundFailure;
}

export type OutboundFailure = 'timeout' | 'network';

/** The last answer of a call: any status (the caller decides what is an error). */
export interface OutboundAnswer {
  status: number;
  headers: Headers;
  /** The body's bytes (empty for a status given up on only when the caller asked to drop them). */
  body: Buffer;
  /** Tries made, this one included. */
  attempts: number;
  /** A retried status answered after the last try (or with a Retry-After longer than allowed). */
  exhausted: boolean;
  /** What the answer's Retry-After asked for, in ms; null without one. */
  retryAfterMs: number | null;
}

/** No answer: a timeout or a failed connection (after the tries the policy allows). */
export class OutboundTransportError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    readonly attempts: number,
    readonly timeoutMs: number,
    readonly cause?: unknown,
  ) {
    super(failure === 'timeout' ? `no answer within ${timeoutMs} ms` : `the connection failed: ${(cause as Error)?.message ?? cause}`);
    this.name = 'OutboundTransportError';
  }
}

/** The wait Retry-After asks for (seconds or an HTTP date, RFC 9110 section 10.2.3), in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The backoff before try attempt+1: base doubled per try, capped, with the policy's jitter. */
export function backoffMs(
  policy: Pick<OutboundRetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'jitter'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const wait = policy.jitter === 'equal' ? Math.round(backoff / 2 + random() * (backoff / 2)) : backoff;
  return Math.max(0, wait);
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * undici's fetch over an Agent with the connect timeout. undici is loaded on the first call, not at start: it
 * takes most of a second to load on a busy machine, and a worker that never calls out should not wait for it.
 */
function undiciFetchWith(connectTimeoutMs: number): typeof fetch {
  let ready: Promise<{ fetch: (input: string | URL, init: object) => Promise<Response>; dispatcher: Dispatcher }> | undefined;
  return (async (input: string | URL, init?: RequestInit) => {
    ready ??= import('undici').then((undici) => ({
      fetch: undici.fetch as unknown as (input: string | URL, init: object) => Promise<Response>,
      dispatcher: new undici.Agent({ connect: { timeout: connectTimeoutMs } }),
    }));
    const { fetch: undiciFetch, dispatcher } = await ready;
    return undiciFetch(input, { ...init, dispatcher });
  }) as typeof fetch;
}

export class OutboundHttpClient {
  private readonly policy: OutboundRetryPolicy;
  private readonly tries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(options: OutboundHttpOptions) {
    this.policy = options;
    this.tries = Math.max(1, options.tries);
    this.timeoutMs = options.timeoutMs;
    this.fetchImpl = options.fetch ?? undiciFetchWith(Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, options.timeoutMs));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /**
   * One call with its tries. `build` is asked for the request before each try. Answers the last response, whatever
   * its status; throws OutboundTransportError when no answer came. `onAttempt` hears of every try; `onRetry` of
   * every wait before one.
   */
  async send(
    build: () => OutboundRequest,
    hooks: { onAttempt?: () => void; onRetry?: (retry: OutboundRetry) => void } = {},
  ): Promise<OutboundAnswer> {
    for (let attempt = 1; ; attempt++) {
      const request = build();
      const last = attempt >= this.tries;
      hooks.onAttempt?.();
      let answer: { status: number; headers: Headers; body: Buffer };
      try {
        answer = await this.once(request);
      } catch (error) {
        if (!(error instanceof OutboundTransportError)) throw error;
        if (last || !this.policy.retryTransportFor.includes(request.method))
          throw new OutboundTransportError(error.failure, attempt, this.timeoutMs, error.cause);
        const waitMs = backoffMs(this.policy, attempt, this.random);
        hooks.onRetry?.({ method: request.method, attempt, tries: this.tries, waitMs, failure: error.failure });
        await this.sleep(waitMs);
        continue;
      }
      const asked = retryAfterMs(answer.headers.get('retry-after'), this.now());
      if (!this.policy.retryStatus(answer.status)) return { ...answer, attempts: attempt, exhausted: false, retryAfterMs: asked };
      // At least what Retry-After asks for (RFC 9110 section 10.2.3), never less than the backoff.
      let waitMs = Math.max(asked ?? 0, backoffMs(this.policy, attempt, this.random));
      if (waitMs > this.policy.maxDelayMs) {
        if (this.policy.longRetryAfter === 'give-up') return { ...answer, attempts: attempt, exhausted: true, retryAfterMs: asked };
        waitMs = this.policy.maxDelayMs;
      }
      if (last) return { ...answer, attempts: attempt, exhausted: true, retryAfterMs: asked };
      hooks.onRetry?.({ method: request.method, attempt, tries: this.tries, waitMs, status: answer.status });
      await this.sleep(waitMs);
    }
  }

  /** One try; the timeout covers the body too. */
  private async once(request: OutboundRequest): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await this.fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        ...(request.redirect ? { redirect: request.redirect } : {}),
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      throw new OutboundTransportError(controller.signal.aborted ? 'timeout' : 'network', 1, this.timeoutMs, error);
    } finally {
      clearTimeout(timer);
    }
  }
}
