import { randomUUID } from 'node:crypto';
import { ConflictException, StreamableFile, UnprocessableEntityException } from '@nestjs/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@app/contracts';
import { FieldErrorsException } from '../errors';
import type { IdempotencyScope, IdempotencyStore } from './idempotency-keys.repository';

export interface IdempotencyTimings {
  /** How long a stored answer is replayed (the IETF draft's "within 24 hours"). */
  ttlMs: number;
  /** How long a repeat waits for the first run's answer before 409. */
  waitMs: number;
  /** First pause between looks at a pending row; doubles up to maxPollMs. */
  pollMs: number;
  maxPollMs: number;
  /**
   * A pending row this old belongs to a run that died (process killed between insert and answer): a retry
   * takes it over. Well past the edge's 120 s request timeout, so that a slow run still under way is never
   * run twice; the price is that a crashed run's key answers 409 for this long (a new submit has a new key).
   */
  leaseMs: number;
  /** The sweep of expired rows runs at most this often per process... */
  purgeEveryMs: number;
  /** ...deleting at most this many (a full batch lets the next request sweep again at once). */
  purgeBatch: number;
}

export const IDEMPOTENCY_TIMINGS: IdempotencyTimings = {
  ttlMs: IDEMPOTENCY_KEY_TTL_HOURS * 3600_000,
  waitMs: 10_000,
  pollMs: 25,
  maxPollMs: 250,
  leaseMs: 5 * 60_000,
  purgeEveryMs: 60_000,
  purgeBatch: 1000,
};

export interface IdempotencyLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a run needs of the HTTP reply: the status the handler answered, and a replay's status and header. */
export interface IdempotencyReply {
  readonly statusCode: number;
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

// Visible ASCII and space (the header is an sf-string; a quoted one is taken without its quotes).
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * The key a request carries: undefined without the header, else its value (surrounding double quotes
 * dropped); 400 with a field error when it is empty, too long or not printable.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const raw = Array.isArray(header) ? header.join(', ') : header;
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!KEY_PATTERN.test(key)) {
    throw new FieldErrorsException(
      [{ field: IDEMPOTENCY_KEY_HEADER, error: IDEMPOTENCY_MESSAGES.invalidKeyField }],
      IDEMPOTENCY_MESSAGES.invalidKey,
    );
  }
  return key;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The rules of one service's Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header):
 * - the first request with a key inserts a pending row, runs, and stores its status and body;
 * - a repeat with the same fingerprint gets that answer again (Idempotent-Replayed: true), waiting up to
 *   waitMs while the first still runs, then 409; another fingerprint under the key is 422;
 * - a run that throws stores nothing and removes its row: errors wrote nothing (the handlers change rows in
 *   one transaction, and throw before its commit), and a 4xx may be fixed by a change elsewhere (a read
 *   copy arriving, a permission granted), so the retry really runs again. Only 2xx answers are replayed;
 * - rows older than ttlMs are ignored (taken over by the next use) and swept in bounded batches.
 */
export class IdempotentRunner {
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly timings: IdempotencyTimings = IDEMPOTENCY_TIMINGS,
    private readonly clock: { now(): number; sleep(ms: number): Promise<void> } = { now: Date.now, sleep },
  ) {}

  async run(
    scope: IdempotencyScope,
    fingerprint: string,
    reply: IdempotencyReply,
    log: IdempotencyLog,
    handler: () => Promise<unknown>,
  ): Promise<unknown> {
    this.maybePurge(log);
    const owner = randomUUID();
    const deadline = this.clock.now() + this.timings.waitMs;
    let pause = this.timings.pollMs;
    for (;;) {
      if (await this.store.claim(scope, fingerprint, owner)) return this.execute(scope, owner, reply, log, handler);
      const found = await this.store.find(scope);
      if (found) {
        const expired = found.ageMs >= this.timings.ttlMs;
        if (!expired && found.fingerprint !== fingerprint)
          throw new UnprocessableEntityException({ status: 'error', message: IDEMPOTENCY_MESSAGES.usedForAnotherRequest });
        if (!expired && found.statusCode !== null) {
          reply.status(found.statusCode);
          reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return found.body;
        }
        const abandoned = expired || found.ageMs >= this.timings.leaseMs;
        // One of several repeats wins the row (compare-and-set on its owner); the others look again.
        if (abandoned && (await this.store.replace(scope, found.owner, fingerprint, owner)))
          return this.execute(scope, owner, reply, log, handler);
      }
      // Pending (or just released, or just replaced by another repeat): look again shortly, within the bound.
      if (this.clock.now() >= deadline) throw new ConflictException({ status: 'error', message: IDEMPOTENCY_MESSAGES.stillProcessing });
      await this.clock.sleep(Math.min(pause, Math.max(0, deadline - this.clock.now())));
      pause = Math.min(pause * 2, this.timings.maxPollMs);
    }
  }

  private async execute(
    scope: IdempotencyScope,
    owner: string,
    reply: IdempotencyReply,
    log: IdempotencyLog,
    handler: () => Promise<unknown>,
  ): Promise<unknown> {
    let result: unknown;
    try {
      result = await handler();
    } catch (error) {
      await this.release(scope, owner, log);
      throw error;
    }
    if (result instanceof StreamableFile || Buffer.isBuffer(result)) {
      // Not a JSON answer: nothing to replay, so the key does not hold it.
      await this.release(scope, owner, log);
      return result;
    }
    try {
      // Awaited before answering: a retry that follows this answer finds it stored, never pending.
      await this.store.complete(scope, owner, reply.statusCode, result);
    } catch (error) {
      // The write happened; the client gets its answer. A retry finds the row pending and, after the lease, runs again.
      log.error({ err: error, operation: scope.operation }, 'idempotency answer not stored');
    }
    return result;
  }

  private async release(scope: IdempotencyScope, owner: string, log: IdempotencyLog): Promise<void> {
    try {
      await this.store.release(scope, owner);
    } catch (error) {
      // The row stays pending until its lease ends; retries answer 409 until then.
      log.warn({ err: error, operation: scope.operation }, 'idempotency key of a failed request not released');
    }
  }

  /** A bounded sweep of expired rows, at most every purgeEveryMs, never awaited by the request. */
  private maybePurge(log: IdempotencyLog): void {
    const now = this.clock.now();
    if (now - this.lastPurgeAt < this.timings.purgeEveryMs) return;
    this.lastPurgeAt = now;
    this.store.purgeExpired(this.timings.ttlMs, this.timings.purgeBatch).then(
      (purged) => {
        if (purged >= this.timings.purgeBatch) this.lastPurgeAt = Number.NEGATIVE_INFINITY;
      },
      (error) => log.warn({ err: error }, 'idempotency keys sweep failed'),
    );
  }
}
