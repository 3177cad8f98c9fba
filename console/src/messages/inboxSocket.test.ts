import type { InboxCounts, MessagePush } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createInboxConnection, retryDelay, type InboxSocket } from './inboxSocket';
import { buildDm } from './testing';

type Handler = (...args: unknown[]) => void;

/** A stand-in for socket.io's client socket: records handlers, lets the test play the server. */
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  connected = false;
  active = false;
  connects = 0;
  disconnected = false;
  constructor(readonly auth: (cb: (data: object) => void) => void) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    this.active = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  /** What the socket would send as its handshake. */
  handshake(): Promise<object> {
    return new Promise((resolve) => this.auth(resolve));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const getToken = vi.fn(async (failed?: string) => (failed ? 'fresh-token' : 'token-1'));
  const loadCounts = vi.fn(async (): Promise<InboxCounts> => ({ dms: 2, comments: 1, mentions: 0 }));
  const sut = createInboxConnection({
    getToken,
    loadCounts,
    createSocket: (auth) => {
      const socket = new FakeSocket(auth);
      sockets.push(socket);
      return socket as unknown as InboxSocket;
    },
    setTimer: (callback) => timers.push(callback),
    clearTimer: () => undefined,
  });
  return { sut, sockets, timers, getToken, loadCounts };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(createInboxConnection.name, () => {
  it('opens one socket for all its users, with the token in auth, and closes it after the last', async () => {
    const { sut, sockets } = setup();
    const releaseA = sut.retain();
    const releaseB = sut.retain();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].connects).toBe(1);
    expect(await sockets[0].handshake()).toEqual({ token: 'token-1' });
    releaseA();
    expect(sockets[0].disconnected).toBe(false);
    releaseB();
    expect(sockets[0].disconnected).toBe(true);
  });

  it('reads the counts on connect and follows inbox.counts pushes', async () => {
    const { sut, sockets, loadCounts } = setup();
    const changes = vi.fn();
    sut.subscribe(changes);
    sut.retain();
    sockets[0].connected = true;
    sockets[0].emit('connect');
    await flush();
    expect(loadCounts).toHaveBeenCalled();
    expect(sut.counts()).toEqual({ dms: 2, comments: 1, mentions: 0 });
    expect(sut.connected()).toBe(true);
    sockets[0].emit('inbox.counts', { dms: 0, comments: 4, mentions: 1 });
    expect(sut.counts()).toEqual({ dms: 0, comments: 4, mentions: 1 });
    expect(changes).toHaveBeenCalled();
  });

  it('hands message.created and message.updated to its listeners', () => {
    const { sut, sockets } = setup();
    const listener = vi.fn();
    sut.retain();
    const unlisten = sut.listen(listener);
    const push: MessagePush = { kind: 'dm', record: buildDm(5) };
    sockets[0].emit('message.created', push);
    sockets[0].emit('message.updated', push);
    expect(listener.mock.calls).toEqual([[{ type: 'created', push }], [{ type: 'updated', push }]]);
    unlisten();
    sockets[0].emit('message.created', push);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a fresh token after a refused handshake or a server disconnect (token expiry)', async () => {
    const { sut, sockets, timers, getToken } = setup();
    sut.retain();
    await sockets[0].handshake();
    sockets[0].active = false;
    sockets[0].emit('connect_error', new Error('unauthorized'));
    expect(timers).toHaveLength(1);
    timers[0]();
    expect(sockets[0].connects).toBe(2);
    expect(await sockets[0].handshake()).toEqual({ token: 'fresh-token' });
    expect(getToken).toHaveBeenLastCalledWith('token-1');

    sockets[0].emit('connect');
    sockets[0].active = false;
    sockets[0].emit('disconnect', 'io server disconnect');
    expect(timers).toHaveLength(2);
  });

  it('leaves transport failures to socket.io and backs off refused handshakes up to 30 s', () => {
    const { sut, sockets, timers } = setup();
    sut.retain();
    sockets[0].active = true;
    sockets[0].emit('connect_error', new Error('xhr poll error'));
    expect(timers).toHaveLength(0);
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});
