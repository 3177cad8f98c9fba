import { io, type Socket } from 'socket.io-client';
import { DISPLAY_NAMESPACE, SOCKET_RECONNECTION, socketPathOf, type DisplayClientEvents, type DisplayServerEvents } from '@app/contracts';

/** The Display Mode socket, typed by the contract's event maps. */
export type DisplaySocket = Socket<DisplayServerEvents, DisplayClientEvents>;

/** Supplies the token for every (re)connect, so a reconnect never presents a stale one. */
export type TokenSource = () => Promise<string>;

export function createDisplaySocket(origin: string, getToken: TokenSource, onTokenSent?: (token: string) => void): DisplaySocket {
  return io(origin + DISPLAY_NAMESPACE, {
    path: socketPathOf('transactions'),
    autoConnect: false,
    // Each mount gets its own manager: an old socket's close never takes the new one down.
    forceNew: true,
    // Transport failures: socket.io retries by itself, forever, with jittered backoff capped at 2 s.
    ...SOCKET_RECONNECTION,
    auth: (cb) => {
      getToken().then(
        (token) => {
          onTokenSent?.(token);
          cb({ token });
        },
        // No token (session over): the server answers 'unauthorized' and the app shows sign-in.
        () => cb({ token: '' }),
      );
    },
  });
}
