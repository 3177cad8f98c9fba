import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { INestApplicationContext, Type, DynamicModule } from '@nestjs/common';
import { LogController } from 'fastify';
import IORedis from 'ioredis';
import type { Logger } from 'pino';
import { rpcServerStrategy } from '@app/rpc';
import type { ServiceConfig } from './config';
import { rpcOptionsOf } from './service-module';
import { createLogger, PinoNestLogger } from './logger';
import { installJsonBodyParser } from './json-body.parser';
import { installMetrics } from './metrics';
import { addContractSchemas } from './openapi-schemas';

export interface HttpAppOptions {
  config: ServiceConfig;
  module: Type | DynamicModule;
  logger?: Logger;
  /** One line for the OpenAPI document. */
  description?: string;
  /** Runs before init: WebSocket adapters and the like. */
  configure?: (app: NestFastifyApplication) => void;
}

/**
 * Headers every API answer carries: never sniffed, never framed, no referrer; JSON is never cached
 * (it is per user) and may run nothing; HSTS outside development. Files and Swagger UI keep their own
 * content policy (they set theirs before this runs).
 */
export function applySecurityHeaders(
  reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown },
  nodeEnv: string,
): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('application/json')) {
    if (!reply.getHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!reply.getHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  }
  if (nodeEnv === 'production') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

/** Builds (but does not listen) the HTTP app: Fastify, pino with request ids, /api prefix, OpenAPI, metrics. */
export async function createHttpApp(options: HttpAppOptions): Promise<NestFastifyApplication> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.service, config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Only the configured proxies may name the client: anyone else's X-Forwarded-For is ignored, so it can
    // neither dodge the per-IP throttles nor write a made-up address into the login history.
    trustProxy: config.TRUSTED_PROXIES.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One line per request (the onResponse hook below), not Fastify's two with their serialised request and response.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(options.module, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    applySecurityHeaders(reply, config.NODE_ENV);
  });
  // The request log: one info line of a few flat fields once the answer is sent (never a body or headers).
  fastify.addHook('onResponse', (request, reply, done) => {
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          reqId: request.id,
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });
  installMetrics(fastify, config.service);
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  // The libs/contracts types the operations name (generated schemas, openapi-schemas.ts) become its components.
  const document = addContractSchemas(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(`${config.service} service`)
        .setDescription(options.description ?? `The ${config.service} service of the realty platform.`)
        .setVersion('0.1.0')
        .addBearerAuth()
        .build(),
    ),
  );
  SwaggerModule.setup(`api/${config.service}/docs`, app, document, {
    jsonDocumentUrl: `api/${config.service}/openapi.json`,
    // Swagger UI only for developers; the JSON document is always served.
    ui: config.NODE_ENV === 'development',
    raw: ['json'],
  });
  options.configure?.(app);
  await app.init();
  // After init: Nest registers its own JSON parser there, which this one replaces.
  installJsonBodyParser(fastify);
  await fastify.ready();
  return app;
}

/**
 * Waits until Redis answers a PING (0.5 s, 1 s, ... capped at 5 s, logging what it waits for), so a
 * process started while Redis is away waits for it instead of failing its boot (the RPC server's
 * first connect does not retry).
 */
export async function waitForRedis(url: string, logger: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const probe = new IORedis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
      connectTimeout: 2000,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      if (attempt > 1) logger.info(`Redis reached after ${attempt} attempts`);
      return;
    } catch (error) {
      const waitMs = Math.min(500 * attempt, 5000);
      logger.warn(`waiting for Redis (${(error as Error).message}); retrying in ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    } finally {
      probe.disconnect();
    }
  }
}

/** HTTP entry of a service: build, listen, log where. */
export async function runHttpService(options: HttpAppOptions): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(options.config.service, options.config.LOG_LEVEL);
  try {
    await waitForRedis(options.config.REDIS_URL, logger);
    const app = await createHttpApp({ ...options, logger });
    await app.listen({ port: options.config.PORT, host: options.config.HOST });
    logger.info({ port: options.config.PORT }, `${options.config.service} listening`);
    return app;
  } catch (error) {
    logger.fatal({ err: error }, `${options.config.service} failed to start`);
    process.exit(1);
  }
}

/**
 * Worker entry of a service, without HTTP: outbox relay, event consumers, jobs, and the answers to
 * the service's RPC patterns (its worker controllers), so that a busy HTTP process never delays them.
 */
export async function runWorker(config: ServiceConfig, module: Type | DynamicModule): Promise<INestApplicationContext> {
  const logger = createLogger(`${config.service}-worker`, config.LOG_LEVEL);
  try {
    await waitForRedis(config.REDIS_URL, logger);
    const app = await NestFactory.createMicroservice(module, {
      ...rpcServerStrategy(rpcOptionsOf(config)),
      logger: new PinoNestLogger(logger),
    });
    app.enableShutdownHooks();
    await app.listen();
    logger.info(`${config.service} worker started`);
    return app;
  } catch (error) {
    logger.fatal({ err: error }, `${config.service} worker failed to start`);
    process.exit(1);
  }
}
