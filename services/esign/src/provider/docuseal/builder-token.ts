import { createHmac, randomUUID } from 'node:crypto';

/** How long a builder token works: an hour (DocuSeal's builder is opened with a fresh one each time). */
export const BUILDER_TOKEN_TTL_SECONDS = 3600;

/** The claims DocuSeal's embedded builder reads (docuseal.com/docs/embedded, @docuseal/react's README). */
export interface DocusealBuilderClaims {
  /** The DocuSeal user the API key belongs to. */
  user_email: string;
  /** Our user who opens the builder. */
  integration_email?: string;
  /** The template to open (DocuSeal's id), and its external id: chosen by the server, never by the client. */
  template_id: number;
  external_id: string;
  name?: string;
  folder_name?: string;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** An HS256 JWT of the claims, signed with the DocuSeal API key, issued now and expiring ttlSeconds later (a new one each call). */
export function signBuilderToken(
  claims: DocusealBuilderClaims,
  apiKey: string,
  ttlSeconds = BUILDER_TOKEN_TTL_SECONDS,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now / 1000);
  const exp = iat + ttlSeconds;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  // jti: two tokens asked for in the same second still differ.
  const payload = base64url(JSON.stringify({ ...claims, iat, exp, jti: randomUUID() }));
  const signature = createHmac('sha256', apiKey).update(`${header}.${payload}`).digest('base64url');
  return { token: `${header}.${payload}.${signature}`, expiresAt: new Date(exp * 1000) };
}
