import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConsoleClient, refreshTokenFromCookie, setRefreshCookie } from './refresh-cookie';

const replyCapturing = () => {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply };
};
const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('refresh cookie', () => {
  it('is Secure in production, and only there', () => {
    const production = replyCapturing();
    setRefreshCookie(production.reply, 'abc', 'production');
    expect(production.headers['set-cookie']).toBe('realty_refresh=abc; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=2592000; Secure');
    const development = replyCapturing();
    setRefreshCookie(development.reply, 'abc', 'development');
    expect(development.headers['set-cookie']).not.toContain('Secure');
  });

  it('is cleared with an empty value and Max-Age=0', () => {
    const cleared = replyCapturing();
    setRefreshCookie(cleared.reply, null, 'production');
    expect(cleared.headers['set-cookie']).toBe('realty_refresh=; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=0; Secure');
  });

  it('is read from among other cookies, and absent when not sent', () => {
    expect(refreshTokenFromCookie(requestWith({ cookie: 'theme=dark; realty_refresh=t%2Bk=n; other=1' }))).toBe('t+k=n');
    expect(refreshTokenFromCookie(requestWith({ cookie: 'theme=dark' }))).toBeUndefined();
    expect(refreshTokenFromCookie(requestWith({}))).toBeUndefined();
  });

  it('applies to the console header only', () => {
    expect(isConsoleClient(requestWith({ 'x-requested-with': 'console' }))).toBe(true);
    expect(isConsoleClient(requestWith({ 'x-requested-with': 'XMLHttpRequest' }))).toBe(false);
    expect(isConsoleClient(requestWith({}))).toBe(false);
  });
});
