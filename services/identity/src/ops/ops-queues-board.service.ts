import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { QUEUE_CATALOGUE } from '@app/contracts';
import { createBlockingRedis, metricsRegistryOf, RATE_LIMITS, RateLimiter, SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';
import { opsCredentialMatches } from './ops-credential';

/** Where the board is served, behind the edge and the Ingress (ROUTE_TABLE: /api/ops -> identity). */
export const OPS_QUEUES_PATH = '/api/ops/queues';

/** Job states counted in identity's /metrics as bullmq_queue_jobs{queue, state}. */
export const QUEUE_METRIC_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

// The board's page loads its own scripts and styles (and IBM Plex from Google Fonts); nothing inline runs.
const BOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * One Bull Board over every queue of every service (QUEUE_CATALOGUE in libs/contracts), read through
 * Redis under QUEUE_PREFIX: identity hosts it but imports no other service's code. Operators sign in with
 * HTTP Basic (OPS_USERNAME, OPS_PASSWORD); anyone else gets 401, in development too.
 */
@Injectable()
export class OpsQueuesBoard implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(OpsQueuesBoard.name);
  private connection?: Redis;
  private queues: Queue[] = [];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly limits: RateLimiter,
  ) {}

  onModuleInit() {
    const credential = { username: this.config.OPS_USERNAME, password: this.config.OPS_PASSWORD };
    if (!credential.password) this.logger.warn(`OPS_PASSWORD is not set: ${OPS_QUEUES_PATH} refuses everyone`);
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'identity:ops-board');
    this.queues = QUEUE_CATALOGUE.map(({ name }) => new Queue(name, { connection: this.connection!, prefix: this.config.QUEUE_PREFIX }));
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(OPS_QUEUES_PATH);
    createBullBoard({
      queues: this.queues.map(
        (queue, i) =>
          new BullMQAdapter(queue, {
            allowRetries: true,
            readOnlyMode: false,
            description: `${QUEUE_CATALOGUE[i].carries}; processed by ${QUEUE_CATALOGUE[i].processedBy}`,
          }),
      ),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Realty queues' } },
    });
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    this.exposeQueueMetrics(fastify);
    // An encapsulated scope: the credential check and the page's content policy apply to the board only.
    void fastify.register(async (scope) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        // Guessing is throttled per address across replicas (RATE_LIMITS['ops-board']): past the limit even the right credential waits.
        const refused = await this.limits.refusal(['ops-board'], { ip: request.ip });
        if (refused) {
          return reply
            .code(429)
            .header('retry-after', String(refused.seconds))
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send({ status: 'error', message: RATE_LIMITS['ops-board'].message() });
        }
        if (opsCredentialMatches(request.headers.authorization, credential)) return;
        if (request.headers.authorization) {
          this.logger.warn(`refused operator credentials from ${request.ip}`);
          await this.limits.recordFailure(['ops-board'], { ip: request.ip });
        }
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="Realty operations", charset="UTF-8"')
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send({ status: 'error', message: 'Operator credentials required' });
      });
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', BOARD_CSP);
      });
      await scope.register(serverAdapter.registerPlugin(), { prefix: OPS_QUEUES_PATH });
    });
  }

  /** Every queue's job counts by state on this process's /metrics (read from Redis at each scrape). */
  private exposeQueueMetrics(fastify: FastifyInstance) {
    const registry = metricsRegistryOf(fastify);
    if (!registry) return;
    const gauge: Gauge<'queue' | 'state'> = new Gauge({
      name: 'bullmq_queue_jobs',
      help: 'Jobs of each BullMQ queue of the platform by state (the same for every identity replica)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      collect: async () => {
        try {
          const counts = await Promise.all(this.queues.map((queue) => queue.getJobCounts(...QUEUE_METRIC_STATES)));
          counts.forEach((byState, i) => {
            for (const state of QUEUE_METRIC_STATES) gauge.set({ queue: this.queues[i].name, state }, byState[state] ?? 0);
          });
        } catch (error) {
          // Redis away: the scrape still answers, without fresh queue counts.
          this.logger.warn(`queue metrics: ${(error as Error).message}`);
        }
      },
    });
  }

  async onApplicationShutdown() {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
