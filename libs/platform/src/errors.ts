import { ArgumentsHost, BadRequestException, Catch, ExceptionFilter, HttpException, HttpStatus, ValidationError } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError } from 'rxjs';
import type { ErrorResponse, FieldError } from '@app/contracts';
import { isDependencyUnavailable } from '@app/events';
import { JsonBodyError } from './json-body.parser';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A 4xx whose body carries field errors in the spec's words. */
export class FieldErrorsException extends HttpException {
  constructor(errors: FieldError[], message = 'Validation failed', status = HttpStatus.BAD_REQUEST) {
    super({ status: 'error', message, errors } satisfies ErrorResponse, status);
  }
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, error: Object.values(e.constraints)[0] }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** ValidationPipe factory: the first message of each field, as {field, error}. */
export function validationExceptionFactory(errors: ValidationError[]) {
  return new FieldErrorsException(flatten(errors));
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'You do not have permission to do this',
  404: 'Not found',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

/** Every error leaves as {status:'error', message, errors?}; never a stack trace or SQL. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    // An RPC answer: the caller gets the error (and answers 503); a rethrow here would take the worker down.
    if (host.getType() === 'rpc') return throwError(() => rpcErrorOf(exception));
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    if (!reply || typeof reply.status !== 'function') throw exception; // not HTTP (ws, rpc)

    let status = 500;
    let body: ErrorResponse = { status: 'error', message: 'Internal server error' };
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') body = { status: 'error', message: response };
      else {
        const r = response as { message?: unknown; errors?: FieldError[]; detail?: unknown; merged_into_contact_id?: unknown };
        const message = Array.isArray(r.message) ? r.message.join('; ') : r.message;
        body = {
          status: 'error',
          message: typeof message === 'string' && message ? message : (STATUS_MESSAGES[status] ?? 'Error'),
          ...(r.errors ? { errors: r.errors } : {}),
          ...(typeof r.detail === 'string' ? { detail: r.detail } : {}),
          // Where the row went (a merged contact's survivor), so a client can follow it.
          ...(typeof r.merged_into_contact_id === 'number' ? { merged_into_contact_id: r.merged_into_contact_id } : {}),
        };
      }
      if (exception instanceof BadRequestException && !body.errors && body.message === 'Bad Request Exception') {
        body.message = STATUS_MESSAGES[400];
      }
    } else if (isFastifyClientError(exception)) {
      status = exception.statusCode;
      body = { status: 'error', message: clientErrorMessage(exception) };
    } else if (isDependencyUnavailable(exception)) {
      // A full pool, a statement cut by its timeout, Postgres or Redis away: the client may retry.
      status = 503;
      body = { status: 'error', message: SERVICE_BUSY_MESSAGE };
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (isPostgresDataError(exception)) {
      // A value the DTOs let through but Postgres refuses (out of range, bad text): the caller's fault.
      status = 400;
      body = { status: 'error', message: INVALID_VALUE_MESSAGE };
    }
    // A dependency away is an outage to watch, not a fault of the code: one warn line each, no stack.
    if (status === 503 && !(exception instanceof HttpException))
      request.log.warn({ reason: (exception as Error)?.message }, 'request refused: dependency unavailable');
    else if (status >= 500) request.log.error({ err: exception }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    reply.status(status).send(body);
  }
}

/** What an RPC caller learns of a failure: the owner's own words for an RpcException, nothing internal otherwise. */
function rpcErrorOf(exception: unknown): { status: 'error'; message: string } {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    return { status: 'error', message: typeof error === 'string' ? error : 'Invalid request' };
  }
  return { status: 'error', message: 'Internal error' };
}

export const INVALID_VALUE_MESSAGE = 'A value in the request is out of range or malformed';

/** The answer (503, with Retry-After) when a dependency cannot serve the request in time. */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Try again.';
export const RETRY_AFTER_SECONDS = 2;

/** SQLSTATE class 22 (data exception), as TypeORM's QueryFailedError carries it in driverError. */
function isPostgresDataError(exception: unknown): boolean {
  const code = (exception as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return typeof code === 'string' && code.startsWith('22');
}

interface FastifyClientError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFastifyClientError(e: unknown): e is FastifyClientError {
  const code = (e as FastifyClientError)?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500;
}

function clientErrorMessage(e: FastifyClientError): string {
  if (e instanceof JsonBodyError) return e.message;
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty';
  if (e.statusCode === 400) return 'Request body is not valid JSON';
  return STATUS_MESSAGES[e.statusCode] ?? 'Bad request';
}
