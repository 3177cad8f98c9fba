import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { fastify, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_CHECKLIST_TYPES,
  FAKE_SKYSLOPE_CLIENT_ID,
  FAKE_SKYSLOPE_CLIENT_SECRET,
  FAKE_SKYSLOPE_OFFICES,
  FAKE_SKYSLOPE_USERS,
  generatedFakeUsers,
  type FakeSkySlopeChecklistType,
  type FakeSkySlopeOffice,
  type FakeSkySlopeUser,
} from './fake-skyslope.data';

// A local stand-in for SkySlope's Files API, faithful where our client and the example client meet it:
// the signed login, sessions with an Expiration, {value, links} envelopes in 10-item pages, and the
// trouble a real API gives (latency, failures, rate limits), set from the environment or /_control.

export interface FakeSkySlopeBehaviour {
  /** Added before every answer. */
  latencyMs: number;
  /** 0..1: share of calls (login and /api) answered with failureStatus. */
  failureRate: number;
  failureStatus: 429 | 500 | 503;
  /** Calls allowed per window (0 = no limit); past it 429 with Retry-After. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /** Retry-After (seconds) sent with an injected 429 or 503. */
  retryAfterSeconds: number;
  /** Lifetime of a session, to its Expiration. */
  sessionLifetimeSeconds: number;
  /** Largest accepted difference between the Timestamp header and the fake's clock. */
  maxSkewSeconds: number;
  pageSize: number;
}

export interface FakeSkySlopeOptions extends Partial<FakeSkySlopeBehaviour> {
  port?: number;
  host?: string;
  accessKeys?: Record<string, string>;
  clients?: Record<string, string>;
  offices?: FakeSkySlopeOffice[];
  users?: FakeSkySlopeUser[];
  checklistTypes?: FakeSkySlopeChecklistType[];
  /** Users that match nobody, added after the seeded ones. */
  extraUsers?: number;
  now?: () => number;
  random?: () => number;
  /** Log each refused login's reason to stderr. */
  verbose?: boolean;
}

export interface FakeSkySlopeStats {
  logins: number;
  refusedLogins: number;
  apiCalls: number;
  injectedFailures: number;
  rateLimited: number;
  byPath: Record<string, number>;
}

export type FakeSkySlopeFileKind = 'sale' | 'listing';

/** A sale or listing as the fake keeps it: what was sent, its guid, timestamps and contacts. */
export interface FakeSkySlopeFile {
  kind: FakeSkySlopeFileKind;
  guid: string;
  fileId?: string;
  agentGuid?: string;
  officeGuid?: string;
  createdOn: string;
  modifiedOn: string;
  /** How many times it was updated with PUT. */
  updates: number;
  contacts: Record<string, unknown>[];
  body: Record<string, unknown>;
}

export interface FakeSkySlopeControl {
  behaviour(): FakeSkySlopeBehaviour;
  set(patch: Partial<FakeSkySlopeBehaviour>): FakeSkySlopeBehaviour;
  /** The next `count` calls (login or /api, or only those whose path starts with `pathPrefix`) answer `status`. */
  failNext(status: number, options?: { count?: number; retryAfterSeconds?: number; pathPrefix?: string; body?: unknown }): void;
  /** Every issued session stops working (as if SkySlope revoked them early). */
  revokeSessions(): void;
  setUsers(users: FakeSkySlopeUser[]): void;
  addUsers(users: FakeSkySlopeUser[]): void;
  users(): FakeSkySlopeUser[];
  setOffices(offices: FakeSkySlopeOffice[]): void;
  stats(): FakeSkySlopeStats;
  /** Every sale and listing created, in creation order (what tests read back). */
  files(kind?: FakeSkySlopeFileKind): FakeSkySlopeFile[];
  /**
   * Called when a create (POST /api/files/sales or /listings) has stored its file and before it answers:
   * a test stops the caller there (the worker killed between SkySlope's create and recording the guid).
   */
  onCreate(hook: ((file: FakeSkySlopeFile) => Promise<void> | void) | undefined): void;
  /** The next `count` creates store their file and then answer `status` (the caller never learns the guid). */
  failAfterCreate(status: number, count?: number): void;
  /** Behaviour, data and counters back to how the server started. */
  reset(): void;
}

export interface FakeSkySlope {
  url: string;
  close(): Promise<void>;
  control: FakeSkySlopeControl;
  app: FastifyInstance;
}

const DEFAULT_BEHAVIOUR: FakeSkySlopeBehaviour = {
  latencyMs: 0,
  failureRate: 0,
  failureStatus: 503,
  rateLimit: 0,
  rateLimitWindowMs: 1000,
  retryAfterSeconds: 1,
  sessionLifetimeSeconds: 3600,
  maxSkewSeconds: 15 * 60,
  pageSize: 10,
};

const FAILURE_STATUSES = [429, 500, 503] as const;
// moment().utc().format() gives seconds and Z; toISOString() milliseconds and Z; accept an explicit offset too.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const AUTHORIZATION = /^ss\s+([^:\s]+):(\S+)$/i;
const UNAUTHORIZED = { Error: 'Unauthorized' };

/** Behaviour from FAKE_SKYSLOPE_* variables (the CLI and scripts pass process.env). */
export function fakeSkySlopeOptionsFromEnv(env: NodeJS.ProcessEnv): FakeSkySlopeOptions {
  const num = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more, got '${raw}'`);
    return value;
  };
  const options: FakeSkySlopeOptions = {
    port: num('FAKE_SKYSLOPE_PORT'),
    host: env.FAKE_SKYSLOPE_HOST || undefined,
    latencyMs: num('FAKE_SKYSLOPE_LATENCY_MS'),
    failureRate: num('FAKE_SKYSLOPE_FAILURE_RATE'),
    failureStatus: num('FAKE_SKYSLOPE_FAILURE_STATUS') as FakeSkySlopeBehaviour['failureStatus'] | undefined,
    rateLimit: num('FAKE_SKYSLOPE_RATE_LIMIT'),
    rateLimitWindowMs: num('FAKE_SKYSLOPE_RATE_LIMIT_WINDOW_MS'),
    retryAfterSeconds: num('FAKE_SKYSLOPE_RETRY_AFTER_SECONDS'),
    sessionLifetimeSeconds: num('FAKE_SKYSLOPE_SESSION_SECONDS'),
    extraUsers: num('FAKE_SKYSLOPE_EXTRA_USERS'),
    verbose: env.FAKE_SKYSLOPE_VERBOSE === '1' || undefined,
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FakeSkySlopeOptions;
}

function checkedBehaviour(behaviour: FakeSkySlopeBehaviour): FakeSkySlopeBehaviour {
  if (!(FAILURE_STATUSES as readonly number[]).includes(behaviour.failureStatus))
    throw new Error(`failureStatus must be one of ${FAILURE_STATUSES.join(', ')}`);
  if (behaviour.failureRate < 0 || behaviour.failureRate > 1) throw new Error('failureRate must be between 0 and 1');
  for (const key of [
    'latencyMs',
    'rateLimit',
    'rateLimitWindowMs',
    'retryAfterSeconds',
    'sessionLifetimeSeconds',
    'maxSkewSeconds',
    'pageSize',
  ] as const) {
    if (!Number.isFinite(behaviour[key]) || behaviour[key] < 0) throw new Error(`${key} must be a number of 0 or more`);
  }
  if (behaviour.pageSize < 1) throw new Error('pageSize must be at least 1');
  return behaviour;
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A body field by name in any letter case (SkySlope's examples send ClientId; some clients clientID). */
function field(body: unknown, name: string): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const entry = Object.entries(body).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry?.[1];
}

export async function startFakeSkySlope(options: FakeSkySlopeOptions = {}): Promise<FakeSkySlope> {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const accessKeys = options.accessKeys ?? { [FAKE_SKYSLOPE_ACCESS_KEY]: FAKE_SKYSLOPE_ACCESS_SECRET };
  const clients = options.clients ?? { [FAKE_SKYSLOPE_CLIENT_ID]: FAKE_SKYSLOPE_CLIENT_SECRET };
  const initialBehaviour = checkedBehaviour({
    ...DEFAULT_BEHAVIOUR,
    ...Object.fromEntries(Object.entries(options).filter(([key, value]) => key in DEFAULT_BEHAVIOUR && value !== undefined)),
  });
  const initialUsers = () => [...(options.users ?? FAKE_SKYSLOPE_USERS), ...generatedFakeUsers(options.extraUsers ?? 0)];
  const initialOffices = () => [...(options.offices ?? FAKE_SKYSLOPE_OFFICES)];
  const checklistTypes = options.checklistTypes ?? FAKE_SKYSLOPE_CHECKLIST_TYPES;

  let behaviour = { ...initialBehaviour };
  let users = initialUsers();
  let offices = initialOffices();
  let sessions = new Map<string, { accessKey: string; expiresAt: number }>();
  let scripted: { status: number; count: number; retryAfterSeconds?: number; pathPrefix?: string; body?: unknown }[] = [];
  let rateWindow = { start: 0, count: 0 };
  const freshStats = (): FakeSkySlopeStats => ({
    logins: 0,
    refusedLogins: 0,
    apiCalls: 0,
    injectedFailures: 0,
    rateLimited: 0,
    byPath: {},
  });
  let stats = freshStats();
  let files: FakeSkySlopeFile[] = [];
  let createHook: ((file: FakeSkySlopeFile) => Promise<void> | void) | undefined;
  let failAfterCreates: { status: number; count: number } | undefined;

  const app = fastify({ logger: false });
  let baseUrl = '';

  const refuse = (reply: FastifyReply, reason: string) => {
    stats.refusedLogins += 1;
    if (options.verbose) process.stderr.write(`fake-skyslope: login refused: ${reason}\n`);
    return reply.code(401).header('x-fake-skyslope-reason', reason).send(UNAUTHORIZED);
  };

  // Latency, scripted failures, the rate limit and random failures, in that order; /_control is exempt.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/_control')) return;
    if (behaviour.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.latencyMs));
    stats.byPath[path] = (stats.byPath[path] ?? 0) + 1;
    const next = scripted.find((entry) => !entry.pathPrefix || path.startsWith(entry.pathPrefix));
    if (next) {
      next.count -= 1;
      if (next.count <= 0) scripted = scripted.filter((entry) => entry !== next);
      stats.injectedFailures += 1;
      if (next.retryAfterSeconds !== undefined) reply.header('retry-after', String(next.retryAfterSeconds));
      return reply.code(next.status).send(next.body ?? { Error: `Injected ${next.status}` });
    }
    if (behaviour.rateLimit > 0) {
      const at = now();
      if (at - rateWindow.start >= behaviour.rateLimitWindowMs) rateWindow = { start: at, count: 0 };
      rateWindow.count += 1;
      if (rateWindow.count > behaviour.rateLimit) {
        stats.rateLimited += 1;
        const waitSeconds = Math.max(1, Math.ceil((rateWindow.start + behaviour.rateLimitWindowMs - at) / 1000));
        return reply.code(429).header('retry-after', String(waitSeconds)).send({ Error: 'Too Many Requests' });
      }
    }
    if (behaviour.failureRate > 0 && random() < behaviour.failureRate) {
      stats.injectedFailures += 1;
      if (behaviour.failureStatus !== 500) reply.header('retry-after', String(behaviour.retryAfterSeconds));
      return reply
        .code(behaviour.failureStatus)
        .send({ Error: behaviour.failureStatus === 429 ? 'Too Many Requests' : 'Service Unavailable' });
    }
  });

  app.post('/auth/login', async (request, reply) => {
    const authorization = request.headers.authorization;
    const timestamp = request.headers.timestamp;
    if (typeof authorization !== 'string') return refuse(reply, 'no Authorization header');
    if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return refuse(reply, 'no Timestamp header in ISO-8601');
    const sent = Date.parse(timestamp);
    if (Number.isNaN(sent) || Math.abs(now() - sent) > behaviour.maxSkewSeconds * 1000) return refuse(reply, 'Timestamp too far from now');
    const match = AUTHORIZATION.exec(authorization.trim());
    if (!match) return refuse(reply, 'Authorization is not "SS <accessKey>:<signature>"');
    const [, accessKey, signature] = match;
    const accessSecret = Object.prototype.hasOwnProperty.call(accessKeys, accessKey) ? accessKeys[accessKey] : undefined;
    if (accessSecret === undefined) return refuse(reply, 'unknown access key');
    const clientId = field(request.body, 'ClientId');
    const clientSecret = field(request.body, 'ClientSecret');
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string') return refuse(reply, 'body without ClientId and ClientSecret');
    const knownSecret = Object.prototype.hasOwnProperty.call(clients, clientId) ? clients[clientId] : undefined;
    if (knownSecret === undefined || !equalText(knownSecret, clientSecret)) return refuse(reply, 'unknown client');
    const expected = createHmac('sha256', accessSecret).update(`${clientId}:${clientSecret}:${timestamp}`).digest('base64');
    if (!equalText(expected, signature)) return refuse(reply, 'wrong signature');
    // Long runs (the bench, a dev stack left up) log in often: forget expired sessions now and then.
    if (sessions.size >= 1000) for (const [id, held] of sessions) if (held.expiresAt <= now()) sessions.delete(id);
    const session = randomUUID();
    const expiresAt = now() + behaviour.sessionLifetimeSeconds * 1000;
    sessions.set(session, { accessKey, expiresAt });
    stats.logins += 1;
    return reply.code(200).send({ Session: session, Expiration: new Date(expiresAt).toISOString() });
  });

  // Every /api route needs a live Session.
  const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const header = request.headers.session;
    const session = typeof header === 'string' ? sessions.get(header) : undefined;
    if (!session || session.expiresAt <= now()) {
      if (session) sessions.delete(header as string);
      void reply.code(401).send(UNAUTHORIZED);
      return false;
    }
    stats.apiCalls += 1;
    return true;
  };

  /** One page of `items` in the envelope, with self, prev and next links that keep the query. */
  const page = <T>(request: FastifyRequest, reply: FastifyReply, listField: string, items: readonly T[]) => {
    const url = new URL(request.url, baseUrl);
    const rawPage = url.searchParams.get('pageNumber');
    const pageNumber = rawPage === null ? 1 : Number(rawPage);
    if (!Number.isInteger(pageNumber) || pageNumber < 1) return reply.code(422).send({ Error: 'pageNumber must be a whole number from 1' });
    const size = behaviour.pageSize;
    const slice = items.slice((pageNumber - 1) * size, pageNumber * size);
    const link = (rel: string, n: number) => {
      const target = new URL(url.pathname, baseUrl);
      for (const [name, value] of url.searchParams) if (name !== 'pageNumber') target.searchParams.set(name, value);
      target.searchParams.set('pageNumber', String(n));
      return { href: target.href, method: 'GET', rel };
    };
    const links = [link('self', pageNumber)];
    if (pageNumber > 1) links.push(link('prev', pageNumber - 1));
    if (pageNumber * size < items.length) links.push(link('next', pageNumber + 1));
    return reply.code(200).send({ value: { [listField]: slice }, links });
  };

  app.get('/api/offices', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    return page(request, reply, 'offices', offices);
  });

  app.get('/api/users', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const includeDeactivated = (query.includeDeactivated ?? '').toLowerCase();
    if (includeDeactivated && includeDeactivated !== 'true' && includeDeactivated !== 'false') {
      return reply.code(422).send({ Error: 'includeDeactivated must be true or false' });
    }
    const officeGuid = query.officeGuid;
    if (officeGuid && !offices.some((office) => office.officeGuid.toLowerCase() === officeGuid.toLowerCase())) {
      return reply.code(404).send({ Error: 'Office not found' });
    }
    const listed = users
      .filter((user) => includeDeactivated === 'true' || user.isActive)
      .filter((user) => !officeGuid || user.officeGuid.toLowerCase() === officeGuid.toLowerCase());
    return page(request, reply, 'users', listed);
  });

  app.get('/api/checklistTypes', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const transactionType = ((request.query as Record<string, string | undefined>).transactionType ?? '').toLowerCase();
    if (transactionType && transactionType !== 'sale' && transactionType !== 'listing') {
      return reply.code(422).send({ Error: 'transactionType must be sale or listing' });
    }
    const listed = checklistTypes
      .filter((type) => !transactionType || type.transactionType === transactionType)
      .map(({ checklistTypeId, checklistTypeName }) => ({ checklistTypeId, checklistTypeName }));
    return page(request, reply, 'checklistTypes', listed);
  });

  // The Files API's sales and listings: create, read, update, list (by agentGuid, earliestDate, latestDate, paged), contacts.
  const FILE_KINDS: Record<string, FakeSkySlopeFileKind> = { sales: 'sale', listings: 'listing' };
  const GUID_FIELD: Record<FakeSkySlopeFileKind, string> = { sale: 'saleGuid', listing: 'listingGuid' };
  const answerOf = (file: FakeSkySlopeFile) => ({
    ...file.body,
    [GUID_FIELD[file.kind]]: file.guid,
    createdOn: file.createdOn,
    modifiedOn: file.modifiedOn,
    contacts: file.contacts,
  });
  const fileBodyProblem = (body: unknown): string | undefined => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'A JSON object is required';
    const b = body as Record<string, unknown>;
    if (typeof b.agentGuid !== 'string' || !users.some((u) => u.userGuid === b.agentGuid)) return 'agentGuid is not a SkySlope user';
    if (typeof b.officeGuid !== 'string' || !offices.some((o) => o.officeGuid === b.officeGuid))
      return 'officeGuid is not a SkySlope office';
    if (typeof b.checklistTypeId !== 'number' || !checklistTypes.some((t) => t.checklistTypeId === b.checklistTypeId))
      return 'checklistTypeId is not a checklist type';
    return undefined;
  };
  const findFile = (kind: FakeSkySlopeFileKind, guid: string) => files.find((file) => file.kind === kind && file.guid === guid);

  for (const [path, kind] of Object.entries(FILE_KINDS)) {
    app.post(`/api/files/${path}`, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const problem = fileBodyProblem(request.body);
      if (problem) return reply.code(422).send({ Error: problem });
      const body = request.body as Record<string, unknown>;
      const at = new Date(now()).toISOString();
      const file: FakeSkySlopeFile = {
        kind,
        guid: randomUUID(),
        fileId: typeof body.fileId === 'string' ? body.fileId : undefined,
        agentGuid: body.agentGuid as string,
        officeGuid: body.officeGuid as string,
        createdOn: at,
        modifiedOn: at,
        updates: 0,
        contacts: [],
        body: { ...body },
      };
      files.push(file);
      if (createHook) await createHook(file);
      if (failAfterCreates) {
        const { status } = failAfterCreates;
        failAfterCreates.count -= 1;
        if (failAfterCreates.count <= 0) failAfterCreates = undefined;
        stats.injectedFailures += 1;
        return reply.code(status).send({ Error: `Injected ${status} after the create` });
      }
      return reply.code(201).send({
        value: { [GUID_FIELD[kind]]: file.guid },
        links: [{ href: `${baseUrl}/api/files/${path}/${file.guid}`, method: 'GET', rel: 'self' }],
      });
    });

    app.get(`/api/files/${path}`, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const query = request.query as Record<string, string | undefined>;
      const earliest = query.earliestDate ? Date.parse(query.earliestDate) : undefined;
      const latest = query.latestDate ? Date.parse(query.latestDate) : undefined;
      if (Number.isNaN(earliest) || Number.isNaN(latest))
        return reply.code(422).send({ Error: 'earliestDate and latestDate must be dates' });
      const listed = files
        .filter((file) => file.kind === kind)
        .filter((file) => !query.agentGuid || file.agentGuid === query.agentGuid)
        .filter((file) => earliest === undefined || Date.parse(file.createdOn) >= earliest)
        .filter((file) => latest === undefined || Date.parse(file.createdOn) <= latest)
        .map(answerOf);
      return page(request, reply, path, listed);
    });

    app.get(`/api/files/${path}/:guid`, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const file = findFile(kind, (request.params as { guid: string }).guid);
      if (!file) return reply.code(404).send({ Error: 'Not Found' });
      return reply.code(200).send({ value: { [kind]: answerOf(file) }, links: [] });
    });

    app.put(`/api/files/${path}/:guid`, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const file = findFile(kind, (request.params as { guid: string }).guid);
      if (!file) return reply.code(404).send({ Error: 'Not Found' });
      const problem = fileBodyProblem(request.body);
      if (problem) return reply.code(422).send({ Error: problem });
      const body = request.body as Record<string, unknown>;
      file.body = { ...body };
      file.agentGuid = body.agentGuid as string;
      file.officeGuid = body.officeGuid as string;
      file.fileId = typeof body.fileId === 'string' ? body.fileId : file.fileId;
      file.modifiedOn = new Date(now()).toISOString();
      file.updates += 1;
      return reply.code(200).send({ value: { [GUID_FIELD[kind]]: file.guid }, links: [] });
    });

    const contactPath = kind === 'sale' ? 'buyerContact' : 'sellerContact';
    app.post(`/api/files/${path}/:guid/${contactPath}`, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const file = findFile(kind, (request.params as { guid: string }).guid);
      if (!file) return reply.code(404).send({ Error: 'Not Found' });
      const body = request.body as Record<string, unknown> | null;
      if (!body || typeof body.firstName !== 'string' || typeof body.lastName !== 'string')
        return reply.code(422).send({ Error: 'firstName and lastName are required' });
      file.contacts.push({ ...body });
      return reply.code(201).send({ value: { contactGuid: randomUUID() }, links: [] });
    });
  }

  app.get('/_control', async () => ({ behaviour, stats, users: users.length, offices: offices.length, sessions: sessions.size }));

  // POST /_control {latencyMs?, failureRate?, failureStatus?, rateLimit?, ..., extraUsers?, failNext?: {status, count?, retryAfterSeconds?, pathPrefix?}}
  app.post('/_control', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      const patch = Object.fromEntries(Object.entries(body).filter(([key]) => key in DEFAULT_BEHAVIOUR)) as Partial<FakeSkySlopeBehaviour>;
      control.set(patch);
      if (typeof body.extraUsers === 'number') control.addUsers(generatedFakeUsers(body.extraUsers, 1000 + users.length));
      const failNext = body.failNext as { status?: number; count?: number; retryAfterSeconds?: number; pathPrefix?: string } | undefined;
      if (failNext && typeof failNext.status === 'number') control.failNext(failNext.status, failNext);
      if (body.revokeSessions === true) control.revokeSessions();
    } catch (error) {
      return reply.code(400).send({ Error: (error as Error).message });
    }
    return { behaviour, users: users.length };
  });

  app.get('/_control/files', async () => ({ files: control.files() }));

  app.post('/_control/reset', async () => {
    control.reset();
    return { behaviour };
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ Error: 'Not Found' }));

  const control: FakeSkySlopeControl = {
    behaviour: () => ({ ...behaviour }),
    set(patch) {
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      behaviour = checkedBehaviour({ ...behaviour, ...defined });
      return { ...behaviour };
    },
    failNext(status, { count = 1, retryAfterSeconds, pathPrefix, body } = {}) {
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new Error('failNext status must be a 4xx or 5xx');
      scripted.push({ status, count, retryAfterSeconds, pathPrefix, body });
    },
    revokeSessions() {
      sessions = new Map();
    },
    setUsers(next) {
      users = [...next];
    },
    addUsers(more) {
      users = [...users, ...more];
    },
    users: () => [...users],
    setOffices(next) {
      offices = [...next];
    },
    stats: () => ({ ...stats, byPath: { ...stats.byPath } }),
    files: (kind) =>
      files
        .filter((file) => !kind || file.kind === kind)
        .map((file) => ({ ...file, contacts: [...file.contacts], body: { ...file.body } })),
    onCreate(hook) {
      createHook = hook;
    },
    failAfterCreate(status, count = 1) {
      failAfterCreates = { status, count };
    },
    reset() {
      files = [];
      createHook = undefined;
      failAfterCreates = undefined;
      behaviour = { ...initialBehaviour };
      users = initialUsers();
      offices = initialOffices();
      sessions = new Map();
      scripted = [];
      rateWindow = { start: 0, count: 0 };
      stats = freshStats();
    },
  };

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  baseUrl = address.replace('://[::1]', '://localhost');
  return { url: baseUrl, close: () => app.close(), control, app };
}
