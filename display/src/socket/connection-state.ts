import { messages } from '../messages';

/** What the connection badge shows. */
export type ConnectionStatus = 'connected' | 'connecting' | 'reconnecting' | 'offline';

export interface ConnectionState {
  socketConnected: boolean;
  everConnected: boolean;
  browserOnline: boolean;
  /** Failed attempts since the last successful connect. */
  failedAttempts: number;
  /** We closed the socket ourselves and are not trying any more. */
  stopped: boolean;
}

/** Socket (and browser) happenings the badge follows. */
export type ConnectionEvent =
  | { type: 'connect_start' }
  | { type: 'connect' }
  | { type: 'disconnect'; reason: string }
  | { type: 'connect_error'; message: string }
  | { type: 'reconnect_attempt'; attempt: number }
  | { type: 'browser_offline' }
  | { type: 'browser_online' };

// After this many failed attempts in a row the server is as good as unreachable: say Offline
// (the socket keeps trying in the background).
export const OFFLINE_AFTER_FAILED_ATTEMPTS = 5;

export function initialConnectionState(browserOnline = true): ConnectionState {
  return { socketConnected: false, everConnected: false, browserOnline, failedAttempts: 0, stopped: false };
}

export function connectionReducer(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'connect_start':
    case 'reconnect_attempt':
      return state.stopped ? { ...state, stopped: false } : state;
    case 'connect':
      return { ...state, socketConnected: true, everConnected: true, failedAttempts: 0, stopped: false };
    case 'disconnect':
      return {
        ...state,
        socketConnected: false,
        // 'io client disconnect' is our own close(); every other reason is followed by a retry.
        stopped: event.reason === 'io client disconnect',
      };
    case 'connect_error':
      return { ...state, socketConnected: false, failedAttempts: state.failedAttempts + 1 };
    case 'browser_offline':
      return { ...state, browserOnline: false };
    case 'browser_online':
      return { ...state, browserOnline: true };
    default:
      return state;
  }
}

export function connectionStatusOf(state: ConnectionState): ConnectionStatus {
  if (!state.browserOnline) return 'offline';
  if (state.socketConnected) return 'connected';
  if (state.stopped || state.failedAttempts >= OFFLINE_AFTER_FAILED_ATTEMPTS) return 'offline';
  return state.everConnected ? 'reconnecting' : 'connecting';
}

export const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connected: messages.connection.connected,
  connecting: messages.connection.connecting,
  reconnecting: messages.connection.reconnecting,
  offline: messages.connection.offline,
};
