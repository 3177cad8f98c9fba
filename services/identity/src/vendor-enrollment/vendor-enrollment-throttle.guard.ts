import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RecoveryThrottleService } from '../password/recovery-throttle.service';

/**
 * Counts each public enrollment call of an IP before anything else runs (a guard runs before the
 * validation pipe, so malformed bodies count too): 429 past the per-IP limit of the public recovery calls.
 */
@Injectable()
export class VendorEnrollmentThrottleGuard implements CanActivate {
  constructor(private readonly throttle: RecoveryThrottleService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.throttle.hitEnrollmentFromIp(context.switchToHttp().getRequest<FastifyRequest>().ip);
    return true;
  }
}
