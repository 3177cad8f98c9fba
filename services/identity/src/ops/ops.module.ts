import { Module } from '@nestjs/common';
import { OpsQueuesBoard } from './ops-queues-board.service';

/** Operator tools of the API process: the queues board at /api/ops/queues. */
@Module({ providers: [OpsQueuesBoard] })
export class OpsModule {}
