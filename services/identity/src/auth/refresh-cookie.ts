import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_CLIENT_HEADER,
  CONSOLE_CLIENT_VALUE,
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@app/contracts';

/** Whether the caller is the console or Display Mode, whose refresh token travels only as the HttpOnly cookie. */
export function isConsoleClient(request: FastifyRequest): boolean {
  return request.headers[CONSOLE_CLIENT_HEADER.toLowerCase()] === CONSOLE_CLIENT_VALUE;
}

/** The refresh token of the request's cookie, if any. */
export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE_NAME) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Sets (or, with null, clears) the refresh cookie: HttpOnly (no script reads it), SameSite=Strict (no other
 * site sends it), only to /api/auth, Secure outside development.
 */
export function setRefreshCookie(reply: FastifyReply, token: string | null, nodeEnv: string): void {
  const attributes = [
    `${REFRESH_COOKIE_NAME}=${token === null ? '' : encodeURIComponent(token)}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${token === null ? 0 : REFRESH_TOKEN_TTL_SECONDS}`,
    ...(nodeEnv === 'production' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
