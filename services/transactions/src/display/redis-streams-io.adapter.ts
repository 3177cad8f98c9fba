import type { INestApplicationContext } from '@nestjs/common';
import { realtimeSocketOptions, RedisStreamsIoAdapter as ServiceStreamsIoAdapter } from '@app/realtime';

/** Display Mode's socket.io options (libs/realtime): socketPathOf('transactions'); a TV that drops off for up to two minutes gets the packets it missed on reconnect. */
export const SOCKET_OPTIONS = realtimeSocketOptions('transactions');

/** socket.io on the transactions HTTP server, fanned out across replicas through Redis Streams (libs/realtime). */
export class RedisStreamsIoAdapter extends ServiceStreamsIoAdapter {
  constructor(app: INestApplicationContext, redisUrl: string, prefix: string) {
    super(app, redisUrl, prefix, 'transactions');
  }
}
