import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@app/contracts';
import { ApiErrors } from '../openapi';
import { IDEMPOTENT_ROUTE, IdempotencyInterceptor, type IdempotentRouteOptions } from './idempotency.interceptor';

/**
 * A creating POST that honours an `Idempotency-Key` header (docs/idempotency.md): a retry with the same key
 * and body within 24 hours answers the first answer again instead of writing twice. Its operation must be
 * listed in IDEMPOTENT_OPERATIONS (libs/contracts), which the console retries by.
 */
export function Idempotent(options: IdempotentRouteOptions = {}) {
  return applyDecorators(
    SetMetadata(IDEMPOTENT_ROUTE, options),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        `Optional, 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters (a fresh UUID per submit). The same key and body from the same user within ` +
        `${IDEMPOTENCY_KEY_TTL_HOURS} hours answers the first answer again, status and body, with ${IDEMPOTENT_REPLAYED_HEADER}: true; a failed request ` +
        'stores nothing, so its retry runs again. A key that is not 1 to 255 printable characters: 400 naming the Idempotency-Key field.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
    // 400 is every such operation's own already (the header's description says when the key is refused).
    ApiErrors(
      [409, `${IDEMPOTENCY_MESSAGES.stillProcessing} (the first request with the key did not answer within 10 s)`],
      [422, `${IDEMPOTENCY_MESSAGES.usedForAnotherRequest} (the key came with another body, path or query)`],
    ),
  );
}
