import { describe, expect, it } from 'vitest';
import {
  CONNECTION_LABELS,
  OFFLINE_AFTER_FAILED_ATTEMPTS,
  connectionReducer,
  connectionStatusOf,
  initialConnectionState,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-state';

function run(events: ConnectionEvent[], start: ConnectionState = initialConnectionState()): ConnectionState {
  return events.reduce(connectionReducer, start);
}

function statusAfter(events: ConnectionEvent[], start?: ConnectionState) {
  return connectionStatusOf(run(events, start));
}

const failures = (n: number): ConnectionEvent[] =>
  Array.from({ length: n }, () => ({ type: 'connect_error', message: 'xhr poll error' }) as const);

describe(connectionReducer.name, () => {
  it('is Connecting until the first connect', () => {
    expect(statusAfter([])).toBe('connecting');
    expect(statusAfter([{ type: 'connect_start' }])).toBe('connecting');
    expect(statusAfter([{ type: 'connect_start' }, ...failures(2)])).toBe('connecting');
  });

  it('is Connected after connect', () => {
    expect(statusAfter([{ type: 'connect_start' }, { type: 'connect' }])).toBe('connected');
  });

  it('is Reconnecting after a connection was lost and while retrying', () => {
    const connected = run([{ type: 'connect_start' }, { type: 'connect' }]);
    expect(statusAfter([{ type: 'disconnect', reason: 'transport close' }], connected)).toBe('reconnecting');
    expect(
      statusAfter(
        [
          { type: 'disconnect', reason: 'ping timeout' },
          { type: 'reconnect_attempt', attempt: 1 },
        ],
        connected,
      ),
    ).toBe('reconnecting');
    expect(statusAfter([{ type: 'disconnect', reason: 'io server disconnect' }], connected)).toBe('reconnecting');
  });

  it('is Connected again after a successful reconnect, with the failure count reset', () => {
    const state = run([{ type: 'connect' }, { type: 'disconnect', reason: 'transport close' }, ...failures(3), { type: 'connect' }]);
    expect(connectionStatusOf(state)).toBe('connected');
    expect(state.failedAttempts).toBe(0);
  });

  it(`is Offline after ${OFFLINE_AFTER_FAILED_ATTEMPTS} failed attempts in a row, and back once connected`, () => {
    const connected = run([{ type: 'connect' }, { type: 'disconnect', reason: 'transport close' }]);
    expect(statusAfter(failures(OFFLINE_AFTER_FAILED_ATTEMPTS - 1), connected)).toBe('reconnecting');
    const down = run(failures(OFFLINE_AFTER_FAILED_ATTEMPTS), connected);
    expect(connectionStatusOf(down)).toBe('offline');
    expect(statusAfter([{ type: 'reconnect_attempt', attempt: 9 }], down)).toBe('offline');
    expect(statusAfter([{ type: 'connect' }], down)).toBe('connected');
    expect(statusAfter(failures(OFFLINE_AFTER_FAILED_ATTEMPTS))).toBe('offline');
  });

  it('is Offline while the browser has no network, whatever the socket says', () => {
    const connected = run([{ type: 'connect' }]);
    expect(statusAfter([{ type: 'browser_offline' }], connected)).toBe('offline');
    expect(statusAfter([{ type: 'browser_offline' }, { type: 'disconnect', reason: 'transport error' }], connected)).toBe('offline');
    expect(
      statusAfter([{ type: 'browser_offline' }, { type: 'disconnect', reason: 'transport error' }, { type: 'browser_online' }], connected),
    ).toBe('reconnecting');
    expect(connectionStatusOf(initialConnectionState(false))).toBe('offline');
  });

  it('is Offline after our own disconnect until we start connecting again', () => {
    const closed = run([{ type: 'connect' }, { type: 'disconnect', reason: 'io client disconnect' }]);
    expect(connectionStatusOf(closed)).toBe('offline');
    expect(statusAfter([{ type: 'connect_start' }], closed)).toBe('reconnecting');
  });

  it('does not change state on events that carry no news', () => {
    const state = run([{ type: 'connect' }]);
    expect(connectionReducer(state, { type: 'connect_start' })).toBe(state);
  });

  it('labels the four states with the exact badge texts', () => {
    expect(CONNECTION_LABELS).toEqual({
      connected: 'Connected',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
      offline: 'Offline',
    });
  });
});
