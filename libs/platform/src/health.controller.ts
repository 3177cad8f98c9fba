import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { schemaIsReady } from '@app/database';
import { Public } from '@app/auth';
import { REDIS } from './redis';
import { ApiAnswer } from './openapi';

/** Each check's bound: readiness answers within a second whatever is down (a probe's timeout is longer). */
export const HEALTH_CHECK_TIMEOUT_MS = 800;

async function check(probe: () => Promise<boolean>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS)));
    return (await Promise.race([probe().catch(() => false), timedOut])) ? 'up' : 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Mounted at /api/<service>/health by PlatformModule. */
export function createHealthController(service: string) {
  @ApiTags('health')
  @Controller(`${service}/health`)
  class HealthController {
    constructor(
      @Inject(DataSource) readonly dataSource: DataSource,
      @Inject(REDIS) readonly redis: Redis,
    ) {}

    @Public()
    @Get()
    @ApiOperation({ summary: 'Readiness: the service schema is migrated and Redis answers' })
    @ApiAnswer(200, 'Readiness', 'Ready')
    @ApiAnswer(503, 'Readiness', 'Not ready: the check that is down')
    async readiness(@Res({ passthrough: true }) reply: FastifyReply) {
      const [database, redis] = await Promise.all([
        check(() => schemaIsReady(this.dataSource)),
        check(async () => (await this.redis.ping()) === 'PONG'),
      ]);
      const ok = database === 'up' && redis === 'up';
      reply.status(ok ? 200 : 503);
      return { status: ok ? 'ok' : 'error', service, checks: { database, redis } };
    }

    @Public()
    @Get('live')
    @ApiOperation({ summary: 'Liveness: the process answers' })
    @ApiAnswer(200, 'Liveness')
    liveness() {
      return { status: 'ok', service };
    }
  }
  return HealthController;
}
