import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AuthModule, RedisTokenRevocations, TOKEN_REVOCATIONS } from '@app/auth';
import { SERVICE_CONFIG, type ServiceConfig } from './config';
import { AllExceptionsFilter, validationExceptionFactory } from './errors';
import { createHealthController } from './health.controller';
import { RateLimiter, throttlerOptions } from './rate-limits';
import { createRedis, REDIS } from './redis';

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** What every service process has: config, Redis, JWT guard, error shape, validation, rate limits. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: ServiceConfig, options: { http?: boolean } = { http: true }): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        AuthModule.forRoot(config.JWT_PUBLIC_KEY),
        // Every named limit (RATE_LIMITS) counts in Redis on the request-path client.
        ThrottlerModule.forRootAsync({ useFactory: (redis: Redis) => throttlerOptions(config, redis), inject: [REDIS] }),
      ],
      controllers: options.http === false ? [] : [createHealthController(config.service)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL, `${config.service}:main`, config.REDIS_COMMAND_TIMEOUT_MS) },
        RedisCloser,
        RateLimiter,
        // Guards honour identity's "valid after" marks; identity sets them.
        {
          provide: TOKEN_REVOCATIONS,
          useFactory: (redis: Redis) => new RedisTokenRevocations(redis, config.QUEUE_PREFIX),
          inject: [REDIS],
        },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        {
          provide: APP_PIPE,
          useFactory: () =>
            new ValidationPipe({
              whitelist: true,
              forbidNonWhitelisted: true,
              transform: true,
              exceptionFactory: validationExceptionFactory,
            }),
        },
      ],
      exports: [SERVICE_CONFIG, REDIS, TOKEN_REVOCATIONS, RateLimiter],
    };
  }
}
