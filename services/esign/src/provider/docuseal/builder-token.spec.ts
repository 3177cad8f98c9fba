import { createHmac } from 'node:crypto';
import { BUILDER_TOKEN_TTL_SECONDS, signBuilderToken } from './builder-token';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

describe('the DocuSeal builder token', () => {
  const claims = {
    user_email: 'owner@docuseal.test',
    integration_email: 'agent@realty.test',
    template_id: 42,
    external_id: 'esign-1',
    name: 'Purchase',
  };

  it('is an HS256 JWT of the claims signed with the API key, expiring within the hour', () => {
    const now = Date.parse('2026-11-20T10:00:00.000Z');
    const { token, expiresAt } = signBuilderToken(claims, 'the-key', BUILDER_TOKEN_TTL_SECONDS, now);
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(createHmac('sha256', 'the-key').update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    expect(createHmac('sha256', 'another-key').update(`${header}.${payload}`).digest('base64url')).not.toBe(signature);
    expect(decode(payload)).toEqual({ ...claims, iat: now / 1000, exp: now / 1000 + 3600, jti: expect.any(String) });
    expect(expiresAt.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(token).not.toContain('the-key');
  });

  it('is new each time, even within the same second', () => {
    const now = Date.now();
    expect(signBuilderToken(claims, 'k', 3600, now).token).not.toBe(signBuilderToken(claims, 'k', 3600, now).token);
  });
});
