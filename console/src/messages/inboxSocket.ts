import {
  MESSAGING_NAMESPACE,
  MESSAGING_SOCKET_EVENTS,
  SOCKET_RECONNECTION,
  socketPathOf,
  type InboxCounts,
  type MessagePush,
  type MessagingServerEvents,
} from '@app/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { authClient } from '../auth';
import { messagesApi } from './index';

// The console's real-time inbox (spec 001): one socket.io connection per tab on socketPathOf('messaging'),
// namespace MESSAGING_NAMESPACE, the access token in `auth.token` asked afresh for every (re)connect (as
// Display Mode does). It carries message.created / message.updated ({kind, record}) and inbox.counts.
// Open while anything listens (the menu's badge, the message center, a comments panel); closed after.

export type InboxSocket = Socket<MessagingServerEvents, Record<string, never>>;

/** A pushed message: created (new thread or reply) or updated (an edit). */
export interface InboxPush {
  type: 'created' | 'updated';
  push: MessagePush;
}
export type InboxListener = (event: InboxPush) => void;

export interface InboxConnectionOptions {
  /** The access token for a (re)connect; `failed` is the one the server refused (refresh past it). */
  getToken: (failed?: string) => Promise<string>;
  /** GET /messages/unread-counts: the counts at each (re)connect, since pushes may have been missed. */
  loadCounts: () => Promise<InboxCounts>;
  createSocket?: (auth: (cb: (data: object) => void) => void) => InboxSocket;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const defaultSocket = (auth: (cb: (data: object) => void) => void): InboxSocket =>
  io(`${window.location.origin}${MESSAGING_NAMESPACE}`, {
    path: socketPathOf('messaging'),
    autoConnect: false,
    forceNew: true,
    ...SOCKET_RECONNECTION,
    auth,
  });

/** Delay before retry `attempt` of a refused handshake: doubling from 1 s, at most 30 s. */
export const retryDelay = (attempt: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));

/** The connection and its state, shared by every hook of the tab; see inboxConnection below. */
export function createInboxConnection(options: InboxConnectionOptions) {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const listeners = new Set<InboxListener>();
  const stateListeners = new Set<() => void>();
  let counts: InboxCounts | null = null;
  let connected = false;
  let users = 0;
  let socket: InboxSocket | null = null;
  let lastToken: string | undefined;
  let refused: string | undefined;
  let retries = 0;
  let retryTimer: unknown;

  const changed = () => stateListeners.forEach((listener) => listener());
  const setCounts = (next: InboxCounts) => {
    counts = { dms: next.dms ?? 0, comments: next.comments ?? 0, mentions: next.mentions ?? 0 };
    changed();
  };
  const refreshCounts = () =>
    options.loadCounts().then(setCounts, () => {
      // The badge keeps what it had; the next push or reconnect brings the counts.
    });

  const retryLater = () => {
    if (!socket || retryTimer !== undefined) return;
    retryTimer = setTimer(() => {
      retryTimer = undefined;
      if (socket && !socket.connected && !socket.active) socket.connect();
    }, retryDelay(retries++));
  };

  const open = () => {
    const created = (options.createSocket ?? defaultSocket)((cb) => {
      const failed = refused;
      refused = undefined;
      options.getToken(failed).then(
        (token) => {
          lastToken = token;
          cb({ token });
        },
        () => cb({ token: '' }),
      );
    });
    created.on('connect', () => {
      retries = 0;
      connected = true;
      changed();
      void refreshCounts();
    });
    created.on('disconnect', (reason) => {
      connected = false;
      changed();
      // The server closed us on purpose (token expiry, restart): socket.io leaves that one to us.
      if (reason === 'io server disconnect') {
        refused = lastToken;
        retryLater();
      }
    });
    created.on('connect_error', () => {
      // Still active: a transport failure socket.io is retrying itself. Otherwise the handshake was
      // refused (an expired token): the next attempt asks for a fresh one.
      if (created.active) return;
      refused = lastToken;
      retryLater();
    });
    created.on(MESSAGING_SOCKET_EVENTS.messageCreated, (push) => listeners.forEach((listener) => listener({ type: 'created', push })));
    created.on(MESSAGING_SOCKET_EVENTS.messageUpdated, (push) => listeners.forEach((listener) => listener({ type: 'updated', push })));
    created.on(MESSAGING_SOCKET_EVENTS.inboxCounts, setCounts);
    socket = created;
    created.connect();
  };

  const close = () => {
    if (retryTimer !== undefined) clearTimer(retryTimer);
    retryTimer = undefined;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    connected = false;
    counts = null;
  };

  return {
    /** Keeps the connection open until the returned release is called (reference counted). */
    retain(): () => void {
      users += 1;
      if (users === 1) {
        open();
        void refreshCounts();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users === 0) close();
      };
    },
    /** Listens to pushed messages; returns the unsubscribe. */
    listen(listener: InboxListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribe(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    counts: () => counts,
    connected: () => connected,
    /** Reads the counts again (after this tab changed statuses, in case the push is slow). */
    refreshCounts,
  };
}

export type InboxConnection = ReturnType<typeof createInboxConnection>;

const REFRESH_MARGIN_MS = 60_000;

/** The session's access token, refreshed when it is about to expire or was refused. */
async function freshToken(failed?: string): Promise<string> {
  const session = authClient.getSession();
  if (!session) throw new Error('signed out');
  if (failed === session.access_token || session.expires_at - Date.now() < REFRESH_MARGIN_MS) {
    return (await authClient.refresh(failed ?? session.access_token)).access_token;
  }
  return session.access_token;
}

/** The tab's one inbox connection. */
export const inboxConnection: InboxConnection = createInboxConnection({
  getToken: freshToken,
  loadCounts: () => messagesApi.getUnreadCounts(),
});

/**
 * Keeps the inbox socket open while the component is mounted and calls `onPush` for each pushed message
 * (the latest `onPush`, without reconnecting when it changes). For the message center and the comments
 * panels.
 */
export function useInboxSocket(onPush?: InboxListener, connection: InboxConnection = inboxConnection): void {
  const latest = useRef(onPush);
  latest.current = onPush;
  useEffect(() => {
    const release = connection.retain();
    const unlisten = connection.listen((event) => latest.current?.(event));
    return () => {
      unlisten();
      release();
    };
  }, [connection]);
}

/** The unread counts {dms, comments, mentions} (null until first known), live; keeps the socket open. */
export function useInboxCounts(connection: InboxConnection = inboxConnection): InboxCounts | null {
  useInboxSocket(undefined, connection);
  return useSyncExternalStore(connection.subscribe, connection.counts, connection.counts);
}

/** Whether the inbox socket is connected (live updates flowing). */
export function useInboxConnected(connection: InboxConnection = inboxConnection): boolean {
  return useSyncExternalStore(connection.subscribe, connection.connected, connection.connected);
}
