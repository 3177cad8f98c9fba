import { useEffect, useReducer, useState } from 'react';
import { SessionExpiredError, type SessionManager } from '../session/session-manager';
import { backoffDelay } from './backoff';
import { connectionReducer, connectionStatusOf, initialConnectionState, type ConnectionStatus } from './connection-state';
import { createDisplaySocket, type DisplaySocket } from './display-socket';

export interface DisplayConnection {
  socket: DisplaySocket | null;
  status: ConnectionStatus;
}

/**
 * Opens the Display Mode socket for the signed-in session and keeps it open: socket.io retries
 * transport failures itself; a server-side disconnect or a refused handshake (which socket.io
 * does not retry) is retried here with backoff, after refreshing the token when it was refused.
 */
export function useDisplaySocket(session: SessionManager): DisplayConnection {
  const [state, dispatch] = useReducer(connectionReducer, undefined, () =>
    initialConnectionState(typeof navigator === 'undefined' ? true : navigator.onLine),
  );
  const [socket, setSocket] = useState<DisplaySocket | null>(null);

  // Create the socket first and connect in the next effect, once the subscription hooks below
  // this one have attached their listeners (child effects run before parent effects).
  useEffect(() => {
    let lastToken: string | undefined;
    const created = createDisplaySocket(
      window.location.origin,
      () => session.getAccessToken(),
      (token) => {
        lastToken = token;
      },
    );
    let disposed = false;
    let retries = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const connectNow = () => {
      if (disposed || created.connected || created.active) return;
      dispatch({ type: 'connect_start' });
      created.connect();
    };
    const retryLater = () => {
      if (disposed || retryTimer !== undefined) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connectNow();
      }, backoffDelay(retries++));
    };

    created.on('connect', () => {
      retries = 0;
      dispatch({ type: 'connect' });
    });
    created.on('disconnect', (reason) => {
      dispatch({ type: 'disconnect', reason });
      // The server closed us on purpose (restart, token expiry): socket.io will not retry this one.
      if (reason === 'io server disconnect') retryLater();
    });
    created.on('connect_error', (error) => {
      dispatch({ type: 'connect_error', message: error.message });
      // Still active: a transport failure the manager is already retrying.
      if (created.active) return;
      if (error.message === 'unauthorized') {
        session.refresh(lastToken).then(retryLater, (refreshError: unknown) => {
          // Session over: the app goes back to sign-in and unmounts this socket.
          if (!(refreshError instanceof SessionExpiredError)) retryLater();
        });
        return;
      }
      retryLater();
    });
    const onReconnectAttempt = (attempt: number) => dispatch({ type: 'reconnect_attempt', attempt });
    created.io.on('reconnect_attempt', onReconnectAttempt);

    const onOffline = () => dispatch({ type: 'browser_offline' });
    const onOnline = () => {
      dispatch({ type: 'browser_online' });
      // Don't wait out a long backoff once the network is back.
      if (retryTimer !== undefined) {
        clearTimeout(retryTimer);
        retryTimer = undefined;
      }
      connectNow();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);

    setSocket(created);
    return () => {
      disposed = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      created.removeAllListeners();
      created.io.off('reconnect_attempt', onReconnectAttempt);
      created.disconnect();
      setSocket(null);
    };
  }, [session]);

  useEffect(() => {
    if (!socket) return;
    dispatch({ type: 'connect_start' });
    socket.connect();
  }, [socket]);

  return { socket, status: connectionStatusOf(state) };
}
