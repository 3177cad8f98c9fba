import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { requestFingerprint } from './canonical-json';
import { IdempotencyKeysRepository, type IdempotencyStore } from './idempotency-keys.repository';
import { IDEMPOTENCY_TIMINGS, idempotencyKeyOf, IdempotentRunner, type IdempotencyTimings } from './idempotent-run';

/** What @Idempotent() says of its route. */
export const IDEMPOTENT_ROUTE = 'platform:idempotent';
export interface IdempotentRouteOptions {
  /** A request this says true of runs without its key (one that writes nothing, such as an e-sign preview). */
  skipWhen?: (body: unknown) => boolean;
}

/** Tests may give other timings or another store (a DataSource-less app). */
export const IDEMPOTENCY_OPTIONS = Symbol('IDEMPOTENCY_OPTIONS');
export interface IdempotencyOptions {
  timings?: Partial<IdempotencyTimings>;
  store?: IdempotencyStore;
}

/**
 * @Idempotent()'s interceptor: a request with an Idempotency-Key runs through IdempotentRunner on the
 * service's idempotency_keys table; one without runs as before. It runs after the guards, so the key is
 * the signed-in user's (request.user), and a refused caller learns nothing of it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly runner: IdempotentRunner;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    private readonly reflector: Reflector,
    @Optional() @Inject(IDEMPOTENCY_OPTIONS) options?: IdempotencyOptions,
  ) {
    this.runner = new IdempotentRunner(options?.store ?? new IdempotencyKeysRepository(dataSource), {
      ...IDEMPOTENCY_TIMINGS,
      ...options?.timings,
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const user = request.user;
    // No key: as before. No user: a public route has no one to scope a key to.
    if (key === undefined || !user) return next.handle();
    if (this.reflector.get<IdempotentRouteOptions | undefined>(IDEMPOTENT_ROUTE, context.getHandler())?.skipWhen?.(request.body))
      return next.handle();
    const reply = http.getResponse<FastifyReply>();
    const route = request.routeOptions?.url ?? `${context.getClass().name}.${context.getHandler().name}`;
    const scope = { teamId: user.team_id, agentId: user.agent_id, operation: `${request.method} ${route}`, key };
    const fingerprint = requestFingerprint({ path: request.url.split('?')[0], query: request.query, body: request.body });
    return from(this.runner.run(scope, fingerprint, reply, request.log, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
