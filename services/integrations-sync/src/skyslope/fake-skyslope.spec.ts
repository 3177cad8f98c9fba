import { createHmac } from 'node:crypto';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_CLIENT_ID,
  FAKE_SKYSLOPE_CLIENT_SECRET,
  FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID,
  fakeSkySlopeOptionsFromEnv,
  generatedFakeUsers,
  startFakeSkySlope,
  type FakeSkySlope,
} from '../../fake-skyslope';

interface Page {
  value: Record<string, Record<string, unknown>[]>;
  links: { rel: string; href: string; method: string }[];
}
const page = async (response: Response) => (await response.json()) as Page;

// What SkySlope's example client (getAuth.js) sends, byte for byte: moment().utc().format(),
// "ss " + accessKey + ":" + hmac, JSON.stringify({ClientId, ClientSecret}).
function exampleClientLogin(
  url: string,
  at: Date,
  overrides: { accessSecret?: string; timestampHeader?: string; scheme?: string; body?: string } = {},
) {
  const timestamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const hmac = createHmac('sha256', overrides.accessSecret ?? FAKE_SKYSLOPE_ACCESS_SECRET)
    .update(FAKE_SKYSLOPE_CLIENT_ID + ':' + FAKE_SKYSLOPE_CLIENT_SECRET + ':' + timestamp)
    .digest('base64');
  const authHeader = (overrides.scheme ?? 'ss') + ' ' + FAKE_SKYSLOPE_ACCESS_KEY + ':' + hmac;
  const data = overrides.body ?? JSON.stringify({ ClientId: FAKE_SKYSLOPE_CLIENT_ID, ClientSecret: FAKE_SKYSLOPE_CLIENT_SECRET });
  return fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authHeader, Timestamp: overrides.timestampHeader ?? timestamp },
    body: data,
  });
}

describe('startFakeSkySlope', () => {
  let sut: FakeSkySlope;
  let clock: number;

  beforeAll(async () => {
    sut = await startFakeSkySlope({ now: () => clock });
  });
  beforeEach(() => {
    clock = Date.parse('2026-03-04T05:06:07.000Z');
    sut.control.reset();
  });
  afterAll(() => sut.close());

  const login = async () => (await (await exampleClientLogin(sut.url, new Date(clock))).json()) as { Session: string; Expiration: string };
  const get = (path: string, session?: string) => fetch(`${sut.url}${path}`, { headers: session ? { Session: session } : {} });
  const nextPath = (body: Page) => {
    const next = new URL(body.links.find((link) => link.rel === 'next')!.href);
    return next.pathname + next.search;
  };

  it('accepts a login built as the example client builds it', async () => {
    const response = await exampleClientLogin(sut.url, new Date(clock));

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ Session: expect.any(String), Expiration: '2026-03-04T06:06:07.000Z' });
  });

  it('accepts the SS scheme, a Timestamp with milliseconds and field names in other letter case', async () => {
    const at = new Date(clock);
    const timestamp = at.toISOString();
    const hmac = createHmac('sha256', FAKE_SKYSLOPE_ACCESS_SECRET)
      .update(`${FAKE_SKYSLOPE_CLIENT_ID}:${FAKE_SKYSLOPE_CLIENT_SECRET}:${timestamp}`)
      .digest('base64');

    const response = await fetch(`${sut.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `SS ${FAKE_SKYSLOPE_ACCESS_KEY}:${hmac}`, Timestamp: timestamp },
      body: JSON.stringify({ clientID: FAKE_SKYSLOPE_CLIENT_ID, clientsecret: FAKE_SKYSLOPE_CLIENT_SECRET }),
    });

    expect(response.status).toBe(200);
  });

  it('answers 401 to a wrong signature', async () => {
    const response = await exampleClientLogin(sut.url, new Date(clock), { accessSecret: 'not-the-secret' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ Error: 'Unauthorized' });
  });

  it('answers 401 when the Timestamp header is not the one signed', async () => {
    const response = await exampleClientLogin(sut.url, new Date(clock), {
      timestampHeader: new Date(clock + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });

    expect(response.status).toBe(401);
  });

  it('answers 401 to 16 minutes of skew, and accepts 14', async () => {
    expect((await exampleClientLogin(sut.url, new Date(clock - 16 * 60_000))).status).toBe(401);
    expect((await exampleClientLogin(sut.url, new Date(clock + 16 * 60_000))).status).toBe(401);
    expect((await exampleClientLogin(sut.url, new Date(clock - 14 * 60_000))).status).toBe(200);
  });

  it('answers 401 to an unknown access key', async () => {
    const response = await fetch(`${sut.url}/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'ss unknown-key:c2lnbmF0dXJl',
        Timestamp: new Date(clock).toISOString(),
      },
      body: JSON.stringify({ ClientId: FAKE_SKYSLOPE_CLIENT_ID, ClientSecret: FAKE_SKYSLOPE_CLIENT_SECRET }),
    });

    expect(response.status).toBe(401);
  });

  it('answers 401 to an unknown client', async () => {
    const response = await exampleClientLogin(sut.url, new Date(clock), {
      body: JSON.stringify({ ClientId: 'someone-else', ClientSecret: FAKE_SKYSLOPE_CLIENT_SECRET }),
    });

    expect(response.status).toBe(401);
  });

  it('answers 401 {"Error":"Unauthorized"} without a session, and once the session expired', async () => {
    sut.control.set({ sessionLifetimeSeconds: 60 });
    const { Session } = await login();

    expect((await get('/api/offices')).status).toBe(401);
    expect(await page(await get('/api/offices', 'made-up'))).toEqual({ Error: 'Unauthorized' });
    expect((await get('/api/offices', Session)).status).toBe(200);
    clock += 61_000;
    expect((await get('/api/offices', Session)).status).toBe(401);
  });

  it('answers the offices in the envelope', async () => {
    const { Session } = await login();

    const body = await page(await get('/api/offices', Session));

    expect(body.value.offices).toHaveLength(2);
    expect(body.value.offices[0]).toEqual(expect.objectContaining({ officeGuid: expect.any(String), officeName: expect.any(String) }));
    expect(body.links).toEqual([{ href: `${sut.url}/api/offices?pageNumber=1`, method: 'GET', rel: 'self' }]);
  });

  it('seeds users matching Demo Realty, one in other letter case, some matching nobody', async () => {
    const { Session } = await login();

    const body = await page(await get('/api/users', Session));
    const emails: string[] = body.value.users.map((user) => String(user.email));

    expect(emails).toEqual(
      expect.arrayContaining(['admin@demo-realty.test', 'tc@demo-realty.test', 'agent@demo-realty.test', 'Restricted@Demo-Realty.TEST']),
    );
    expect(emails.filter((email) => !email.toLowerCase().endsWith('@demo-realty.test')).length).toBeGreaterThan(0);
    expect(body.value.users[0]).toEqual(
      expect.objectContaining({
        userGuid: expect.any(String),
        firstName: 'Avery',
        lastName: 'Admin',
        publicId: expect.any(String),
        userType: expect.any(String),
      }),
    );
  });

  it('pages users by 10 with next links that keep the filters, and filters by office and deactivation', async () => {
    sut.control.addUsers(generatedFakeUsers(20, 500, FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID));
    const { Session } = await login();

    const first = await page(await get(`/api/users?includeDeactivated=true&officeGuid=${FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID}`, Session));
    const second = await page(await get(nextPath(first), Session));
    const third = await page(await get(nextPath(second), Session));

    expect(first.value.users).toHaveLength(10);
    expect(nextPath(first)).toBe(`/api/users?includeDeactivated=true&officeGuid=${FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID}&pageNumber=2`);
    expect(second.value.users).toHaveLength(10);
    expect(third.value.users).toHaveLength(3);
    expect(third.links.map((link) => link.rel)).toEqual(['self', 'prev']);
    const active = await page(await get('/api/users', Session));
    expect(active.value.users.some((user) => !user.isActive)).toBe(false);
  });

  it('answers checklist types by transaction type, 422 for an unknown one', async () => {
    const { Session } = await login();

    const sale = await page(await get('/api/checklistTypes?transactionType=sale', Session));

    expect(sale.value.checklistTypes).toEqual(
      expect.arrayContaining([{ checklistTypeId: 101, checklistTypeName: 'Residential Purchase' }]),
    );
    expect((await get('/api/checklistTypes?transactionType=boat', Session)).status).toBe(422);
  });

  it('injects failures, a failure rate and a rate limit, also through /_control', async () => {
    const { Session } = await login();
    sut.control.failNext(429, { retryAfterSeconds: 2 });

    const limited = await get('/api/offices', Session);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await get('/api/offices', Session)).status).toBe(200);

    await fetch(`${sut.url}/_control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failureRate: 1, failureStatus: 500 }),
    });
    expect((await get('/api/offices', Session)).status).toBe(500);

    await fetch(`${sut.url}/_control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failureRate: 0, rateLimit: 2, rateLimitWindowMs: 60_000 }),
    });
    expect((await get('/api/offices', Session)).status).toBe(200);
    expect((await get('/api/offices', Session)).status).toBe(200);
    const overLimit = await get('/api/offices', Session);
    expect(overLimit.status).toBe(429);
    expect(Number(overLimit.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (
        await fetch(`${sut.url}/_control`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ failureStatus: 418 }),
        })
      ).status,
    ).toBe(400);
  });
});

describe('fakeSkySlopeOptionsFromEnv', () => {
  it('reads the behaviour from FAKE_SKYSLOPE_* variables', () => {
    const sut = fakeSkySlopeOptionsFromEnv({
      FAKE_SKYSLOPE_PORT: '4011',
      FAKE_SKYSLOPE_LATENCY_MS: '50',
      FAKE_SKYSLOPE_FAILURE_RATE: '0.1',
      FAKE_SKYSLOPE_FAILURE_STATUS: '429',
      FAKE_SKYSLOPE_RATE_LIMIT: '20',
      FAKE_SKYSLOPE_SESSION_SECONDS: '600',
      FAKE_SKYSLOPE_EXTRA_USERS: '10000',
    });

    expect(sut).toEqual({
      port: 4011,
      latencyMs: 50,
      failureRate: 0.1,
      failureStatus: 429,
      rateLimit: 20,
      sessionLifetimeSeconds: 600,
      extraUsers: 10000,
    });
  });

  it('refuses a value that is not a number', () => {
    expect(() => fakeSkySlopeOptionsFromEnv({ FAKE_SKYSLOPE_LATENCY_MS: 'slow' })).toThrow('FAKE_SKYSLOPE_LATENCY_MS');
  });

  it('refuses a failure status other than 429, 500 or 503 at start', async () => {
    await expect(startFakeSkySlope({ failureStatus: 404 as 503 })).rejects.toThrow('failureStatus');
  });
});
