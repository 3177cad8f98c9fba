import { socketPathOf } from '@app/contracts';
import { RECOVERY_WINDOW_MS, realtimeSocketOptions, realtimeStreamName } from './streams-io.adapter';

describe('libs/realtime', () => {
  it('names one stream per install prefix and service', () => {
    expect(realtimeStreamName('realty', 'messaging')).toBe('realty:socket.io:messaging');
    expect(realtimeStreamName('t-db1', 'transactions')).toBe('t-db1:socket.io:transactions');
  });

  it("serves each service's sockets at its edge path with a two-minute connection state recovery", () => {
    expect(realtimeSocketOptions('messaging')).toMatchObject({
      path: socketPathOf('messaging'),
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    });
    expect(realtimeSocketOptions('transactions').path).toBe('/api/transactions/socket.io');
    expect(RECOVERY_WINDOW_MS).toBe(120_000);
  });
});
