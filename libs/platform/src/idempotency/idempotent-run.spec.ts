import { ConflictException, HttpException, UnprocessableEntityException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { DataSource } from 'typeorm';
import { IDEMPOTENCY_MESSAGES } from '@app/contracts';
import { canonicalJson, requestFingerprint } from './canonical-json';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import type { IdempotencyRecord, IdempotencyScope, IdempotencyStore } from './idempotency-keys.repository';
import { IDEMPOTENCY_TIMINGS, idempotencyKeyOf, IdempotentRunner, type IdempotencyReply } from './idempotent-run';

/** The table's rules in memory, on the test's clock. */
class MemoryStore implements IdempotencyStore {
  readonly rows = new Map<string, Omit<IdempotencyRecord, 'ageMs'> & { createdAt: number }>();
  purges: number[] = [];
  purgeAnswer = 0;
  constructor(private readonly clock: { now(): number }) {}
  private id = (scope: IdempotencyScope) => JSON.stringify([scope.teamId, scope.agentId, scope.operation, scope.key]);
  async claim(scope: IdempotencyScope, fingerprint: string, owner: string) {
    if (this.rows.has(this.id(scope))) return false;
    this.rows.set(this.id(scope), { fingerprint, owner, statusCode: null, body: undefined, createdAt: this.clock.now() });
    return true;
  }
  async find(scope: IdempotencyScope) {
    const row = this.rows.get(this.id(scope));
    return row
      ? {
          fingerprint: row.fingerprint,
          owner: row.owner,
          statusCode: row.statusCode,
          body: row.body,
          ageMs: this.clock.now() - row.createdAt,
        }
      : null;
  }
  async replace(scope: IdempotencyScope, previousOwner: string, fingerprint: string, owner: string) {
    const row = this.rows.get(this.id(scope));
    if (row?.owner !== previousOwner) return false;
    this.rows.set(this.id(scope), { fingerprint, owner, statusCode: null, body: undefined, createdAt: this.clock.now() });
    return true;
  }
  async complete(scope: IdempotencyScope, owner: string, statusCode: number, body: unknown) {
    const row = this.rows.get(this.id(scope));
    if (row?.owner !== owner || row.statusCode !== null) return false;
    Object.assign(row, { statusCode, body: body === undefined ? undefined : JSON.parse(JSON.stringify(body)) });
    return true;
  }
  async release(scope: IdempotencyScope, owner: string) {
    const row = this.rows.get(this.id(scope));
    if (row?.owner === owner && row.statusCode === null) this.rows.delete(this.id(scope));
  }
  async purgeExpired(ttlMs: number, limit: number) {
    this.purges.push(limit);
    return this.purgeAnswer;
  }
}

/** A clock that moves only when told to (sleep moves it). */
function testClock() {
  let now = 1_000_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      now += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function testReply(statusCode = 201) {
  const headers: Record<string, string> = {};
  const reply: IdempotencyReply & { statusCode: number } = {
    statusCode,
    status(code: number) {
      reply.statusCode = code;
      return reply;
    },
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply, headers };
}

const log = { warn: jest.fn(), error: jest.fn() };
const scope = (key = 'key-1', agentId = 7): IdempotencyScope => ({ teamId: 3, agentId, operation: 'POST /api/transactions', key });

describe(IdempotentRunner.name, () => {
  let clock: ReturnType<typeof testClock>;
  let store: MemoryStore;
  let sut: IdempotentRunner;
  beforeEach(() => {
    clock = testClock();
    store = new MemoryStore(clock);
    sut = new IdempotentRunner(store, IDEMPOTENCY_TIMINGS, clock);
  });

  it('runs the first request and answers a repeat with its stored status and body, marked replayed', async () => {
    const handler = jest.fn(async () => ({ client_id: 41, extra: { b: 1, a: 2 } }));
    const first = testReply(201);
    expect(await sut.run(scope(), 'fp', first.reply, log, handler)).toEqual({ client_id: 41, extra: { b: 1, a: 2 } });
    expect(first.headers).toEqual({});
    const again = testReply(200);
    const replayed = await sut.run(scope(), 'fp', again.reply, log, handler);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(replayed)).toBe('{"client_id":41,"extra":{"b":1,"a":2}}');
    expect(again.reply.statusCode).toBe(201);
    expect(again.headers).toEqual({ 'Idempotent-Replayed': 'true' });
  });

  it("refuses the key with another fingerprint: 422 in the draft's words", async () => {
    await sut.run(scope(), 'fp', testReply().reply, log, async () => ({ ok: 1 }));
    const refused = sut.run(scope(), 'other', testReply().reply, log, async () => ({ ok: 2 }));
    await expect(refused).rejects.toBeInstanceOf(UnprocessableEntityException);
    await expect(refused).rejects.toMatchObject({ response: { status: 'error', message: IDEMPOTENCY_MESSAGES.usedForAnotherRequest } });
  });

  it('keeps keys apart by user, team and operation', async () => {
    let calls = 0;
    const handler = jest.fn(async () => ({ n: ++calls }));
    await sut.run(scope('k', 7), 'fp', testReply().reply, log, handler);
    await sut.run(scope('k', 8), 'fp', testReply().reply, log, handler);
    await sut.run({ ...scope('k', 7), teamId: 4 }, 'fp', testReply().reply, log, handler);
    await sut.run({ ...scope('k', 7), operation: 'POST /api/tasks' }, 'fp', testReply().reply, log, handler);
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it('makes a repeat that comes while the first still runs wait for its answer', async () => {
    let finish!: (value: unknown) => void;
    const handler = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const first = sut.run(scope(), 'fp', testReply().reply, log, handler);
    await new Promise((resolve) => setImmediate(resolve));
    const repeat = testReply(200);
    const second = sut.run(scope(), 'fp', repeat.reply, log, handler);
    await clock.sleep(1000);
    finish({ dm_id: 5 });
    expect(await first).toEqual({ dm_id: 5 });
    expect(await second).toEqual({ dm_id: 5 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(repeat.reply.statusCode).toBe(201);
  });

  it('answers 409 when the first is still running after the wait', async () => {
    const handler = jest.fn(() => new Promise(() => undefined));
    void sut.run(scope(), 'fp', testReply().reply, log, handler);
    await new Promise((resolve) => setImmediate(resolve));
    const waited = sut.run(scope(), 'fp', testReply().reply, log, handler);
    await expect(waited).rejects.toBeInstanceOf(ConflictException);
    await expect(waited).rejects.toMatchObject({ response: { message: IDEMPOTENCY_MESSAGES.stillProcessing } });
    expect(clock.now() - 1_000_000).toBeGreaterThanOrEqual(IDEMPOTENCY_TIMINGS.waitMs);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('stores nothing for a failed request, so its retry runs again', async () => {
    const failing = jest.fn(async () => {
      throw new HttpException({ status: 'error', message: 'Transaction data is unavailable. Please try again.' }, 503);
    });
    await expect(sut.run(scope(), 'fp', testReply().reply, log, failing)).rejects.toBeInstanceOf(HttpException);
    expect(store.rows.size).toBe(0);
    expect(await sut.run(scope(), 'fp', testReply().reply, log, async () => ({ draft_id: 'd' }))).toEqual({ draft_id: 'd' });
  });

  it('ignores an answer older than 24 hours: the key runs again, with any body', async () => {
    let calls = 0;
    const handler = jest.fn(async () => ({ n: ++calls }));
    await sut.run(scope(), 'fp', testReply().reply, log, handler);
    clock.advance(IDEMPOTENCY_TIMINGS.ttlMs);
    expect(await sut.run(scope(), 'another', testReply().reply, log, handler)).toEqual({ n: 2 });
    expect(await sut.run(scope(), 'another', testReply().reply, log, handler)).toEqual({ n: 2 });
  });

  it('takes over a pending row past its lease (a run that died), and the dead run can no longer touch it', async () => {
    await store.claim(scope(), 'fp', 'dead-run');
    clock.advance(IDEMPOTENCY_TIMINGS.leaseMs);
    expect(await sut.run(scope(), 'fp', testReply().reply, log, async () => ({ n: 1 }))).toEqual({ n: 1 });
    expect(await store.complete(scope(), 'dead-run', 201, { n: 0 })).toBe(false);
    await store.release(scope(), 'dead-run');
    expect((await store.find(scope()))?.body).toEqual({ n: 1 });
  });

  it('sweeps expired rows at most once a minute, at once again after a full batch', async () => {
    const run = () => sut.run(scope(`k${clock.now()}`), 'fp', testReply().reply, log, async () => ({}));
    await run();
    await run();
    expect(store.purges).toEqual([IDEMPOTENCY_TIMINGS.purgeBatch]);
    clock.advance(IDEMPOTENCY_TIMINGS.purgeEveryMs);
    store.purgeAnswer = IDEMPOTENCY_TIMINGS.purgeBatch;
    await run();
    await new Promise((resolve) => setImmediate(resolve));
    await run();
    expect(store.purges).toHaveLength(3);
  });
});

describe('idempotencyKeyOf', () => {
  it('takes 1 to 255 printable characters, quoted or not; no header is no key', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"abc def"')).toBe('abc def');
    expect(idempotencyKeyOf('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it.each([[''], ['""'], ['x'.repeat(256)], ['tab\there'], ['caf\u00e9']])('refuses %j with a field error in the house shape', (header) => {
    try {
      idempotencyKeyOf(header);
      throw new Error('accepted');
    } catch (error) {
      expect((error as HttpException).getStatus()).toBe(400);
      expect((error as HttpException).getResponse()).toEqual({
        status: 'error',
        message: IDEMPOTENCY_MESSAGES.invalidKey,
        errors: [{ field: 'Idempotency-Key', error: IDEMPOTENCY_MESSAGES.invalidKeyField }],
      });
    }
  });
});

describe('requestFingerprint', () => {
  it('is the same whatever the key order, different for another body, path or query', () => {
    const base = requestFingerprint({
      path: '/api/transactions',
      query: {},
      body: { type: 'b', contact: { first_name: 'A', last_name: 'B' } },
    });
    expect(
      requestFingerprint({ path: '/api/transactions', query: {}, body: { contact: { last_name: 'B', first_name: 'A' }, type: 'b' } }),
    ).toBe(base);
    expect(
      requestFingerprint({ path: '/api/transactions', query: {}, body: { type: 's', contact: { first_name: 'A', last_name: 'B' } } }),
    ).not.toBe(base);
    expect(
      requestFingerprint({ path: '/api/transaction/2', query: {}, body: { type: 'b', contact: { first_name: 'A', last_name: 'B' } } }),
    ).not.toBe(base);
    expect(
      requestFingerprint({
        path: '/api/transactions',
        query: { agent_id: '9' },
        body: { type: 'b', contact: { first_name: 'A', last_name: 'B' } },
      }),
    ).not.toBe(base);
    expect(canonicalJson({ b: [3, { d: 1, c: undefined }], a: null })).toBe('{"a":null,"b":[3,{"d":1}]}');
  });
});

describe(IdempotencyInterceptor.name, () => {
  const contextOf = (headers: Record<string, string>, user: object | null = { agent_id: 7, team_id: 3 }) => {
    const request = {
      headers,
      user: user ?? undefined,
      method: 'POST',
      url: '/api/tasks?x=1',
      query: { x: '1' },
      body: { name: 'Call' },
      routeOptions: { url: '/api/tasks' },
      log,
    };
    const handler = function create() {};
    return {
      getType: () => 'http',
      getClass: () => class TasksController {},
      getHandler: () => handler,
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => testReply().reply }),
    } as unknown as ExecutionContext;
  };
  const handlerOf = (value: unknown): CallHandler & { calls: number } => {
    const handler = { calls: 0, handle: () => (handler.calls++, of(value)) };
    return handler;
  };
  let store: MemoryStore;
  let sut: IdempotencyInterceptor;
  beforeEach(() => {
    store = new MemoryStore({ now: Date.now });
    sut = new IdempotencyInterceptor({} as DataSource, new Reflector(), { store });
  });

  it('lets a request without the header (or without a user) through untouched', async () => {
    const handler = handlerOf({ task_id: 1 });
    expect(await lastValueFrom(sut.intercept(contextOf({}), handler))).toEqual({ task_id: 1 });
    expect(await lastValueFrom(sut.intercept(contextOf({ 'idempotency-key': 'k' }, null), handler))).toEqual({ task_id: 1 });
    expect(store.rows.size).toBe(0);
  });

  it('keys the row on the caller, the route and the key, and replays', async () => {
    const handler = handlerOf({ task_id: 2 });
    await lastValueFrom(sut.intercept(contextOf({ 'idempotency-key': 'k' }), handler));
    await lastValueFrom(sut.intercept(contextOf({ 'idempotency-key': 'k' }), handler));
    expect(handler.calls).toBe(1);
    expect([...store.rows.keys()]).toEqual([JSON.stringify([3, 7, 'POST /api/tasks', 'k'])]);
  });

  it('lets a request its route skips (writes nothing) through without its key', async () => {
    const skipping = new IdempotencyInterceptor({} as DataSource, new Reflector(), { store });
    const context = contextOf({ 'idempotency-key': 'k' });
    Reflect.defineMetadata('platform:idempotent', { skipWhen: (body: { name?: string }) => body.name === 'Call' }, context.getHandler());
    const handler = handlerOf({ url: 'data:' });
    await lastValueFrom(skipping.intercept(context, handler));
    await lastValueFrom(skipping.intercept(context, handler));
    expect(handler.calls).toBe(2);
    expect(store.rows.size).toBe(0);
  });

  it('refuses a malformed key before the handler runs', () => {
    const handler = handlerOf({});
    expect(() => sut.intercept(contextOf({ 'idempotency-key': '' }), handler)).toThrow(HttpException);
    expect(handler.calls).toBe(0);
  });

  it("passes the handler's error on and keeps no row", async () => {
    const failing: CallHandler = { handle: () => throwError(() => new UnprocessableEntityException('no')) };
    await expect(lastValueFrom(sut.intercept(contextOf({ 'idempotency-key': 'k' }), failing))).rejects.toBeInstanceOf(
      UnprocessableEntityException,
    );
    expect(store.rows.size).toBe(0);
  });
});
