import type { TokenResponse, UserProfile } from '@app/contracts';
import type { Session } from '../auth/session';

export function buildProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    agent_id: 7,
    status: 'active',
    roles: ['ADMIN'],
    permissions: ['team_esign'],
    team: { team_id: 1, name: 'Demo Realty', market_id: 0 },
    first_name: 'Dana',
    last_name: 'Admin',
    mobile_phone: '5555550100',
    email: 'admin@demo-realty.test',
    alternate_email: null,
    address_1: null,
    address_2: null,
    city: null,
    state: null,
    postal_code: null,
    timezone: 'America/New_York',
    default_landing_page: 'SNAPSHOT',
    business_entity: null,
    brokerage_cap_amt: null,
    royalty_cap_amt: null,
    brokerage_cap_anniversary_dt: null,
    royalty_cap_anniversary_dt: null,
    brokerage_pct: null,
    agent_pct: null,
    profile_image_path: null,
    ...overrides,
  };
}

let tokenCounter = 0;

export function buildTokenResponse(overrides: Partial<TokenResponse> = {}): TokenResponse {
  tokenCounter += 1;
  return {
    access_token: `access-${tokenCounter}`,
    refresh_token: `refresh-${tokenCounter}`,
    expires_in: 900,
    user: buildProfile(),
    ...overrides,
  };
}

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-old',
    expires_at: Date.now() + 15 * 60_000,
    user: buildProfile(),
    ...overrides,
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Headers of the n-th call of a fetch mock, as a Headers object. */
export function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}
