import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_CLIENT_ID,
  FAKE_SKYSLOPE_CLIENT_SECRET,
  FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
  FAKE_SKYSLOPE_USERS,
  generatedFakeUsers,
  startFakeSkySlope,
  type FakeSkySlope,
} from '../../fake-skyslope';
import { SkySlopeClient, type SkySlopeClientOptions, type SkySlopeFileBody, type SkySlopeTeamCredentials } from './skyslope.client';
import { SkySlopeErrorCode, SkySlopeException, skySlopePingCodeOf } from './skyslope.exception';

describe(SkySlopeClient.name, () => {
  let fake: FakeSkySlope;
  let clock: number;
  let delays: number[];
  const team: SkySlopeTeamCredentials = {
    teamId: 'team-1',
    accessKey: FAKE_SKYSLOPE_ACCESS_KEY,
    accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET,
  };

  beforeAll(async () => {
    fake = await startFakeSkySlope({ now: () => clock });
  });
  beforeEach(() => {
    clock = Date.parse('2026-03-04T05:06:07.000Z');
    delays = [];
    fake.control.reset();
  });
  afterAll(() => fake.close());

  // The fake and the client share one clock; waits are recorded, not slept.
  const client = (options: Partial<SkySlopeClientOptions> = {}) =>
    new SkySlopeClient({
      baseUrl: fake.url,
      clientId: FAKE_SKYSLOPE_CLIENT_ID,
      clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET,
      now: () => clock,
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      ...options,
    });
  const failure = async (call: Promise<unknown>): Promise<SkySlopeException> => {
    try {
      await call;
    } catch (error) {
      if (error instanceof SkySlopeException) return error;
      throw error;
    }
    throw new Error('expected a SkySlopeException');
  };

  it('logs in and reads the offices', async () => {
    const sut = client();

    const offices = await sut.getOffices(team);

    expect(offices.map((office) => office.officeName)).toEqual(['Demo Realty Downtown', 'Demo Realty Westside']);
    expect(offices[0].officeGuid).toEqual(expect.any(String));
    expect(fake.control.stats().logins).toBe(1);
  });

  it('reuses the session of a team and logs in once per team', async () => {
    const sut = client();

    await sut.getOffices(team);
    await sut.getOffices(team);
    await Promise.all([sut.listUsers(team), sut.getChecklistTypes(team, 'sale')]);
    await sut.getOffices({ ...team, teamId: 'team-2' });

    expect(fake.control.stats().logins).toBe(2);
  });

  it('logs in again within 5 minutes of the Expiration', async () => {
    const sut = client();
    const first = await sut.session(team);

    clock += 3600_000 - 5 * 60_000 - 1000;
    expect(await sut.session(team)).toBe(first);
    clock += 2000;
    await sut.getOffices(team);

    expect(fake.control.stats().logins).toBe(2);
    expect((await sut.session(team)).session).not.toBe(first.session);
  });

  it('logs in again once after a 401 and succeeds', async () => {
    const sut = client();
    await sut.getOffices(team);
    fake.control.revokeSessions();

    const offices = await sut.getOffices(team);

    expect(offices).toHaveLength(2);
    expect(fake.control.stats().logins).toBe(2);
    expect(fake.control.stats().byPath['/api/offices']).toBe(3);
  });

  it('gives up with Unauthorized when the fresh session is refused too', async () => {
    const sut = client();
    fake.control.failNext(401, { count: 2, pathPrefix: '/api/offices', body: { Error: 'Unauthorized' } });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(SkySlopeErrorCode.Unauthorized);
    expect(fake.control.stats().logins).toBe(2);
    expect(fake.control.stats().byPath['/api/offices']).toBe(2);
  });

  it('refuses wrong keys with Unauthorized, without retrying', async () => {
    const sut = client();

    const error = await failure(sut.getOffices({ ...team, accessSecret: 'wrong' }));

    expect(error.code).toBe(SkySlopeErrorCode.Unauthorized);
    expect(skySlopePingCodeOf(error)).toBe(2);
    expect(fake.control.stats().byPath['/auth/login']).toBe(1);
  });

  it('follows next through three pages of users', async () => {
    // 7 active seeded users and 18 more: 25, pages of 10, 10 and 5.
    fake.control.addUsers(generatedFakeUsers(18));
    const sut = client();

    const users = await sut.listUsers(team);

    expect(users).toHaveLength(25);
    expect(new Set(users.map((user) => user.userGuid)).size).toBe(25);
    expect(fake.control.stats().byPath['/api/users']).toBe(3);
    expect(await sut.listUsers(team, { includeDeactivated: true })).toHaveLength(26);
  });

  it('follows a next link to another host on the configured origin only', async () => {
    fake.control.addUsers(generatedFakeUsers(18));
    const seen: string[] = [];
    const sut = client({
      fetch: async (input, init) => {
        seen.push(String(input));
        const response = await fetch(input, init);
        if (!String(input).includes('/api/users')) return response;
        const body = (await response.json()) as { links: { href: string }[] };
        for (const link of body.links) link.href = link.href.replace(fake.url, 'https://elsewhere.example');
        return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
      },
    });

    expect(await sut.listUsers(team)).toHaveLength(25);
    expect(seen.every((url) => url.startsWith(fake.url))).toBe(true);
  });

  it('reads the same users by page number with bounded concurrency', async () => {
    fake.control.addUsers(generatedFakeUsers(18));
    const sut = client();

    const users = await sut.listUsers(team, { concurrency: 2 });

    expect(users.map((user) => user.userGuid)).toEqual((await sut.listUsers(team)).map((user) => user.userGuid));
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    const sut = client();
    await sut.session(team);
    fake.control.failNext(429, { retryAfterSeconds: 2, pathPrefix: '/api/offices' });

    const offices = await sut.getOffices(team);

    expect(offices).toHaveLength(2);
    expect(delays).toEqual([2000]);
    expect(fake.control.stats().byPath['/api/offices']).toBe(2);
  });

  it('backs off exponentially on 503 and stops after the last attempt', async () => {
    const sut = client({ maxAttempts: 3, retryBaseMs: 100 });
    await sut.session(team);
    fake.control.failNext(503, { count: 5, pathPrefix: '/api/offices' });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(SkySlopeErrorCode.Unavailable);
    expect(error.details.attempts).toBe(3);
    // Equal jitter with random() = 0.5: three quarters of 100, then of 200.
    expect(delays).toEqual([75, 150]);
    expect(skySlopePingCodeOf(error)).toBe(3);
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    const sut = client({ retryMaxMs: 5000 });
    await sut.session(team);
    fake.control.failNext(429, { retryAfterSeconds: 60, pathPrefix: '/api/offices' });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(SkySlopeErrorCode.RateLimited);
    expect(error.details.retryAfterMs).toBe(60_000);
    expect(delays).toEqual([]);
    expect(skySlopePingCodeOf(error)).toBe(4);
  });

  it('does not retry a 422', async () => {
    const sut = client();

    const error = await failure(sut.getChecklistTypes(team, 'boat'));

    expect(error.code).toBe(SkySlopeErrorCode.Unprocessable);
    expect(error.status).toBe(422);
    expect(fake.control.stats().byPath['/api/checklistTypes']).toBe(1);
    expect(delays).toEqual([]);
  });

  it.each([
    [403, SkySlopeErrorCode.Forbidden],
    [404, SkySlopeErrorCode.NotFound],
    [500, SkySlopeErrorCode.ServerError],
  ])('answers %s with a typed error, not retried', async (status, code) => {
    const sut = client();
    await sut.session(team);
    fake.control.failNext(status, { pathPrefix: '/api/offices' });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(code);
    expect(fake.control.stats().byPath['/api/offices']).toBe(1);
  });

  it('reads the checklist types of a transaction type', async () => {
    const types = await client().getChecklistTypes(team, 'listing');

    expect(types).toEqual([
      { checklistTypeId: 201, checklistTypeName: 'Residential Listing' },
      { checklistTypeId: 202, checklistTypeName: 'Lease Listing' },
    ]);
  });

  it('times a slow call out', async () => {
    const sut = client({ timeoutMs: 100 });
    fake.control.set({ latencyMs: 1000 });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(SkySlopeErrorCode.Timeout);
    expect(skySlopePingCodeOf(error)).toBe(3);
  });

  it('answers the ping codes: 0 success, 2 refused, 3 unreachable, 4 rate limited', async () => {
    const sut = client({ maxAttempts: 2 });

    expect(await sut.ping(team)).toBe(0);
    expect(await sut.ping({ ...team, accessKey: 'unknown' })).toBe(2);
    fake.control.failNext(429, { count: 2, retryAfterSeconds: 1, pathPrefix: '/api/offices' });
    expect(await sut.ping(team)).toBe(4);
    expect(await client({ baseUrl: 'http://127.0.0.1:9' }).ping(team)).toBe(3);
  });

  it('logs in once when concurrent calls all meet a revoked session', async () => {
    const sut = client();
    await sut.session(team);
    fake.control.revokeSessions();

    await Promise.all([sut.getOffices(team), sut.getOffices(team), sut.getOffices(team)]);

    expect(fake.control.stats().logins).toBe(2);
  });

  it('reports an unreachable SkySlope as a network error', async () => {
    const sut = client({ baseUrl: 'http://127.0.0.1:9' });

    const error = await failure(sut.getOffices(team));

    expect(error.code).toBe(SkySlopeErrorCode.Network);
    expect(skySlopePingCodeOf(error)).toBe(3);
  });

  describe('sales and listings', () => {
    const [agent, other] = FAKE_SKYSLOPE_USERS.map((user) => user.userGuid);
    const fileBody = (fileId: string, overrides: Partial<SkySlopeFileBody> = {}): SkySlopeFileBody => ({
      fileId,
      agentGuid: agent,
      officeGuid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
      checklistTypeId: 101,
      property: { streetNumber: '12', streetAddress: 'Elm St', unit: '', city: 'Reno', state: 'NV', zip: '89501' },
      salePrice: 400000,
      contractAcceptanceDate: '2026-03-01',
      escrowClosingDate: null,
      actualClosingDate: null,
      ...overrides,
    });

    it('creates a sale and a listing, reads and updates them, and adds buyer and seller contacts', async () => {
      const sut = client();

      const saleGuid = await sut.createFile(team, 'sale', fileBody('101'));
      const listingGuid = await sut.createFile(
        team,
        'listing',
        fileBody('102', { checklistTypeId: 201, salePrice: undefined, listingPrice: 525000 }),
      );
      await sut.updateFile(team, 'sale', saleGuid, fileBody('101', { salePrice: 410000 }));
      await sut.addContact(team, 'sale', saleGuid, { firstName: 'Brianna', lastName: 'Buyer', email: 'brianna@mail.test' });
      await sut.addContact(team, 'listing', listingGuid, { firstName: 'Sam', lastName: 'Seller' });

      expect(await sut.getFile(team, 'sale', saleGuid)).toMatchObject({ saleGuid, fileId: '101', salePrice: 410000 });
      expect(await sut.getFile(team, 'listing', listingGuid)).toMatchObject({ listingGuid, fileId: '102', listingPrice: 525000 });
      const [sale, listing] = fake.control.files();
      expect(sale).toMatchObject({
        kind: 'sale',
        guid: saleGuid,
        updates: 1,
        contacts: [{ firstName: 'Brianna', lastName: 'Buyer', email: 'brianna@mail.test' }],
      });
      expect(listing).toMatchObject({
        kind: 'listing',
        guid: listingGuid,
        updates: 0,
        contacts: [{ firstName: 'Sam', lastName: 'Seller' }],
      });
      const paths = fake.control.stats().byPath;
      expect(paths[`/api/files/sales/${saleGuid}/buyerContact`]).toBe(1);
      expect(paths[`/api/files/listings/${listingGuid}/sellerContact`]).toBe(1);
    });

    it("lists an agent's files of a kind between two dates, across pages", async () => {
      const sut = client();
      const start = clock;
      for (let i = 0; i < 12; i += 1) await sut.createFile(team, 'sale', fileBody(`a${i}`));
      await sut.createFile(team, 'sale', fileBody('b0', { agentGuid: other }));
      await sut.createFile(team, 'listing', fileBody('l0', { checklistTypeId: 201 }));
      clock = start + 3_600_000;
      await sut.createFile(team, 'sale', fileBody('a-later'));
      const gets = () => fake.control.stats().byPath['/api/files/sales'] ?? 0;
      const before = gets();

      const all = await sut.listFiles(team, 'sale', { agentGuid: agent });
      const early = await sut.listFiles(team, 'sale', { agentGuid: agent, latestDate: new Date(start + 60_000).toISOString() });
      const late = await sut.listFiles(team, 'sale', { agentGuid: agent, earliestDate: new Date(start + 60_000).toISOString() });

      expect(all.map((file) => file.fileId)).toEqual([...Array.from({ length: 12 }, (_, i) => `a${i}`), 'a-later']);
      expect(all.every((file) => typeof file.saleGuid === 'string')).toBe(true);
      expect(early).toHaveLength(12);
      expect(late.map((file) => file.fileId)).toEqual(['a-later']);
      // 13 and 12 files are two pages of 10 each; one file one page.
      expect(gets() - before).toBe(5);
      expect((await sut.listFiles(team, 'listing', { agentGuid: agent })).map((file) => file.fileId)).toEqual(['l0']);
    });

    it("refuses a file SkySlope cannot take with Unprocessable and SkySlope's words, without retrying", async () => {
      const sut = client();

      const error = await failure(sut.createFile(team, 'sale', fileBody('9', { agentGuid: 'not-a-user' })));

      expect(error.code).toBe(SkySlopeErrorCode.Unprocessable);
      expect(error.details.body).toEqual({ Error: 'agentGuid is not a SkySlope user' });
      expect(fake.control.files()).toHaveLength(0);
      expect(delays).toEqual([]);
    });
  });
});
