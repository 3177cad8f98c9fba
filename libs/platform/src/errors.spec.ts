import type { ArgumentsHost } from '@nestjs/common';
import { ForbiddenException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { lastValueFrom, type Observable } from 'rxjs';
import { applySecurityHeaders } from './bootstrap';
import { AllExceptionsFilter, INVALID_VALUE_MESSAGE } from './errors';

/** Runs the filter on one exception and answers what the reply got. */
function reply(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const fastifyReply = {
    headers: {} as Record<string, string>,
    header(name: string, value: string) {
      this.headers[name] = value;
      return this;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    send(body: unknown) {
      sent.body = body;
    },
  };
  const request = { log: { error: jest.fn(), warn: jest.fn(), info: jest.fn() } };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => fastifyReply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return { ...sent, headers: fastifyReply.headers, request };
}

describe('AllExceptionsFilter', () => {
  it('answers a Postgres data exception (SQLSTATE class 22) with 400, without the SQL', () => {
    const error = Object.assign(new Error('value "3000000000" is out of range for type integer'), {
      driverError: { code: '22003' },
      query: 'SELECT * FROM identity.users WHERE agent_id = $1',
    });
    const { status, body } = reply(error);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 'error', message: INVALID_VALUE_MESSAGE });
  });

  it.each([
    ['a pool with no free connection within its acquire timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a statement cut by statement_timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } }),
    ],
    ['Postgres shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['Postgres starting up', Object.assign(new Error('the database system is starting up'), { driverError: { code: '57P03' } })],
    [
      'an idle-in-transaction timeout',
      Object.assign(new Error('terminating connection due to idle-in-transaction timeout'), { code: '25P03' }),
    ],
    ['Postgres unreachable', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a client whose connection died', new Error('Client has encountered a connection error and is not queryable')],
    ['a Redis command past its timeout', new Error('Command timed out')],
    [
      'Redis away past its retries',
      Object.assign(
        new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'),
        { name: 'MaxRetriesPerRequestError' },
      ),
    ],
  ])('answers 503 busy with Retry-After for %s', (_, error) => {
    const { status, body, headers, request } = reply(error);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'error', message: 'The service is busy. Try again.' });
    expect(headers['retry-after']).toBe('2');
    expect(request.log.warn).toHaveBeenCalled();
    expect(request.log.error).not.toHaveBeenCalled();
  });

  it('keeps 500 for other database failures, and logs them', () => {
    const { status, body, request } = reply(Object.assign(new Error('deadlock detected'), { driverError: { code: '40P01' } }));
    expect(status).toBe(500);
    expect(body).toEqual({ status: 'error', message: 'Internal server error' });
    expect(request.log.error).toHaveBeenCalled();
  });

  it("passes an exception's detail on next to its message", () => {
    const { status, body } = reply(
      new ForbiddenException({ status: 'error', message: 'No Available User Licenses', detail: 'Add more licences.' }),
    );
    expect(status).toBe(403);
    expect(body).toEqual({ status: 'error', message: 'No Available User Licenses', detail: 'Add more licences.' });
  });

  describe('in an RPC answer', () => {
    const answer = (exception: unknown) => {
      const host = { getType: () => 'rpc' } as unknown as ArgumentsHost;
      return lastValueFrom(new AllExceptionsFilter().catch(exception, host) as unknown as Observable<never>);
    };

    it("passes the owner's RpcException words to the caller", async () => {
      await expect(answer(new RpcException('team_id must be an id'))).rejects.toEqual({
        status: 'error',
        message: 'team_id must be an id',
      });
    });

    it('tells the caller nothing internal of any other failure, and never throws (the worker stays up)', async () => {
      await expect(answer(new Error('relation "identity.users" does not exist'))).rejects.toEqual({
        status: 'error',
        message: 'Internal error',
      });
    });
  });
});

describe('applySecurityHeaders', () => {
  const replyWith = (contentType?: string, cacheControl?: string) => {
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (cacheControl) headers['cache-control'] = cacheControl;
    return { headers, getHeader: (name: string) => headers[name], header: (name: string, value: string) => (headers[name] = value) };
  };

  it('adds HSTS in production only', () => {
    const production = replyWith('application/json');
    applySecurityHeaders(production, 'production');
    expect(production.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const development = replyWith('application/json');
    applySecurityHeaders(development, 'development');
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });

  it("keeps a file's own caching and gives it no JSON policy", () => {
    const file = replyWith('image/png', 'private, max-age=300');
    applySecurityHeaders(file, 'production');
    expect(file.headers).toMatchObject({ 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
    expect(file.headers['content-security-policy']).toBeUndefined();
  });
});
