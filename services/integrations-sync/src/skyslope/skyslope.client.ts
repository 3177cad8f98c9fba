import { createHash } from 'node:crypto';
import { OutboundHttpClient, OutboundTransportError, type HttpMethod, type OutboundAnswer } from '@app/http';
import { skySlopeLoginRequest, type SkySlopeAccessKeys, type SkySlopeIntegrator } from './skyslope-signature';
import { SkySlopeErrorCode, SkySlopeException, skySlopeErrorCodeOfStatus, skySlopePingCodeOf } from './skyslope.exception';

// A typed client of SkySlope's Files API: login with the signed header, a session cached per team,
// the {value, links} envelopes, lists followed through their `next` links, retries of 429 and 503.

export interface SkySlopeLink {
  href: string;
  method: string;
  rel: string;
}

export interface SkySlopeEnvelope<T> {
  value: T;
  links: SkySlopeLink[];
}

export interface SkySlopeOffice {
  officeGuid: string;
  officeName: string;
  [field: string]: unknown;
}

export interface SkySlopeUser {
  userGuid: string;
  firstName: string;
  lastName: string;
  email: string;
  publicId?: string;
  userType?: string;
  [field: string]: unknown;
}

export interface SkySlopeChecklistType {
  checklistTypeId: number;
  checklistTypeName: string;
  [field: string]: unknown;
}

export type SkySlopeFileKind = 'sale' | 'listing';

const FILE_PATHS: Record<SkySlopeFileKind, 'sales' | 'listings'> = { sale: 'sales', listing: 'listings' };
const GUID_FIELDS: Record<SkySlopeFileKind, 'saleGuid' | 'listingGuid'> = { sale: 'saleGuid', listing: 'listingGuid' };

export interface SkySlopeProperty {
  streetNumber: string;
  streetAddress: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

export interface SkySlopeContact {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
}

export interface SkySlopeCommissionSplit {
  agentGuid: string;
  splitPercent: number;
  amount: number | null;
}

/** What we send for a sale or a listing (SkySlope's Files API names). */
export interface SkySlopeFileBody {
  /** Our transaction id: how a retry recognises a file it created. */
  fileId: string;
  agentGuid: string;
  officeGuid: string;
  checklistTypeId: number;
  property: SkySlopeProperty;
  /** A sale's salePrice; a listing's listingPrice. */
  salePrice?: number | null;
  listingPrice?: number | null;
  contractAcceptanceDate: string | null;
  escrowClosingDate: string | null;
  actualClosingDate: string | null;
  commissionAmount?: number | null;
  commissionPercent?: number | null;
  commissionSplits?: SkySlopeCommissionSplit[];
  referral?: { referralPercent: number | null };
}

/** A file as SkySlope answers it: what we sent, its guid, and what SkySlope adds. */
export interface SkySlopeFile extends Partial<SkySlopeFileBody> {
  saleGuid?: string;
  listingGuid?: string;
  createdOn?: string;
  [field: string]: unknown;
}

/** A team's own keys; the session cache is per team id (and per key, so new keys log in afresh). */
export interface SkySlopeTeamCredentials extends SkySlopeAccessKeys {
  teamId: string;
}

export interface SkySlopeSession {
  session: string;
  /** Epoch milliseconds of SkySlope's Expiration. */
  expiresAt: number;
}

export interface SkySlopeClientLogger {
  warn(fields: object, message: string): void;
}

export interface SkySlopeClientOptions extends SkySlopeIntegrator {
  /** e.g. https://api.skyslope.com (no trailing path); login is {baseUrl}/auth/login. */
  baseUrl: string;
  /** Per HTTP call, body included. Default 10 s. */
  timeoutMs?: number;
  /** Attempts of one call when SkySlope answers 429 or 503 (the first included). Default 4. */
  maxAttempts?: number;
  /** First backoff; doubles each attempt, with jitter. Default 500 ms. */
  retryBaseMs?: number;
  /** Longest backoff; a Retry-After longer than this is not waited for (the error carries it). Default 30 s. */
  retryMaxMs?: number;
  /** A cached session is used until this long before its Expiration. Default 5 minutes. */
  sessionRefreshMarginMs?: number;
  /** Upper bound of pages of one list, against a `next` link that never ends. Default 10,000. */
  maxPages?: number;
  logger?: SkySlopeClientLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

export interface ListUsersOptions {
  includeDeactivated?: boolean;
  officeGuid?: string;
  /**
   * 1 (default): follow each page's `next` link. More: read pages by pageNumber that many at a time,
   * up to the first page without `next` (for large brokerages; each page is still one call).
   */
  concurrency?: number;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

const DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 4,
  retryBaseMs: 500,
  retryMaxMs: 30_000,
  sessionRefreshMarginMs: 5 * 60_000,
  maxPages: 10_000,
};

export class SkySlopeClient {
  private readonly baseUrl: URL;
  private readonly settings: typeof DEFAULTS;
  private readonly now: () => number;
  private readonly http: OutboundHttpClient;
  private readonly sessions = new Map<string, SkySlopeSession>();
  private readonly logins = new Map<string, Promise<SkySlopeSession>>();
  private calls = 0;

  constructor(private readonly options: SkySlopeClientOptions) {
    this.baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULTS.maxAttempts),
      retryBaseMs: options.retryBaseMs ?? DEFAULTS.retryBaseMs,
      retryMaxMs: options.retryMaxMs ?? DEFAULTS.retryMaxMs,
      sessionRefreshMarginMs: options.sessionRefreshMarginMs ?? DEFAULTS.sessionRefreshMarginMs,
      maxPages: options.maxPages ?? DEFAULTS.maxPages,
    };
    this.now = options.now ?? Date.now;
    this.http = new OutboundHttpClient({
      timeoutMs: this.settings.timeoutMs,
      tries: this.settings.maxAttempts,
      baseDelayMs: this.settings.retryBaseMs,
      maxDelayMs: this.settings.retryMaxMs,
      jitter: 'equal',
      retryStatus: (status) => status === 429 || status === 503,
      // Only 429 and 503 are tried again here; a timeout or a dropped connection ends the call.
      retryTransportFor: [],
      // A Retry-After longer than we wait ends the call; the error carries it.
      longRetryAfter: 'give-up',
      fetch: options.fetch,
      sleep: options.sleep,
      random: options.random,
      now: this.now,
    });
  }

  /** HTTP calls made so far (every attempt, logins included): for the bench and tests. */
  get callCount(): number {
    return this.calls;
  }

  /** Logs in (POST {base}/auth/login) and caches the session for the team. */
  async login(team: SkySlopeTeamCredentials): Promise<SkySlopeSession> {
    const key = cacheKey(team);
    const running = this.logins.get(key);
    if (running) return running;
    // Cached before the in-flight entry goes, so no caller in between starts a second login.
    const login = this.doLogin(team)
      .then((session) => {
        this.sessions.set(key, session);
        return session;
      })
      .finally(() => this.logins.delete(key));
    this.logins.set(key, login);
    return login;
  }

  /** The team's cached session while it has more than the margin left, else a new login. */
  async session(team: SkySlopeTeamCredentials): Promise<SkySlopeSession> {
    const cached = this.sessions.get(cacheKey(team));
    if (cached && this.now() < cached.expiresAt - this.settings.sessionRefreshMarginMs) return cached;
    return this.login(team);
  }

  /** Drops the team's cached sessions (e.g. when its keys change). */
  forgetTeam(teamId: string): void {
    for (const key of this.sessions.keys()) if (key.startsWith(`${teamId}\u0000`)) this.sessions.delete(key);
  }

  /**
   * Tests the team's keys as GET /skyslope/ping does: a fresh login and the first page of offices.
   * 0 success, 2 credentials refused, 3 unreachable or timed out (or any other failure), 4 rate limited.
   */
  async ping(team: SkySlopeTeamCredentials): Promise<0 | 2 | 3 | 4> {
    try {
      await this.login(team);
      await this.get(team, 'api/offices');
      return 0;
    } catch (error) {
      this.options.logger?.warn(
        { teamId: team.teamId, code: (error as SkySlopeException)?.code, status: (error as SkySlopeException)?.status },
        'SkySlope ping failed',
      );
      return skySlopePingCodeOf(error);
    }
  }

  async getOffices(team: SkySlopeTeamCredentials): Promise<SkySlopeOffice[]> {
    return this.collect<SkySlopeOffice>(team, 'api/offices', {}, 'offices');
  }

  async listUsers(team: SkySlopeTeamCredentials, options: ListUsersOptions = {}): Promise<SkySlopeUser[]> {
    const query: Record<string, string> = {};
    if (options.includeDeactivated !== undefined) query.includeDeactivated = String(options.includeDeactivated);
    if (options.officeGuid) query.officeGuid = options.officeGuid;
    if ((options.concurrency ?? 1) > 1)
      return this.collectByPageNumber<SkySlopeUser>(team, 'api/users', query, 'users', options.concurrency!);
    return this.collect<SkySlopeUser>(team, 'api/users', query, 'users');
  }

  async getChecklistTypes(team: SkySlopeTeamCredentials, transactionType: string): Promise<SkySlopeChecklistType[]> {
    return this.collect<SkySlopeChecklistType>(team, 'api/checklistTypes', { transactionType }, 'checklistTypes');
  }

  /** One GET of the Files API with the team's session: the whole envelope. */
  async get<T>(team: SkySlopeTeamCredentials, pathOrUrl: string, query: Record<string, string> = {}): Promise<SkySlopeEnvelope<T>> {
    return this.call<T>(team, 'GET', pathOrUrl, query);
  }

  /** One call of the Files API with the team's session (a refused session logs in once more): the whole envelope. */
  private async call<T>(
    team: SkySlopeTeamCredentials,
    method: HttpMethod,
    pathOrUrl: string,
    query: Record<string, string> = {},
    body?: unknown,
  ): Promise<SkySlopeEnvelope<T>> {
    const url = this.resolve(pathOrUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headersOf = (session: SkySlopeSession) => ({
      headers: {
        Session: session.session,
        Accept: 'application/json',
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload,
    });
    let session = await this.session(team);
    let answer = await this.withRetries(method, url, () => headersOf(session));
    if (answer.status === 401) {
      // The session expired or was revoked early: one fresh login, one more try. Another call may have
      // logged in already; only the refused session is dropped.
      const key = cacheKey(team);
      if (this.sessions.get(key)?.session === session.session) this.sessions.delete(key);
      session = await this.session(team);
      answer = await this.withRetries(method, url, () => headersOf(session));
    }
    this.throwUnlessOk(method, url, answer);
    return envelopeOf<T>(answer.body, method, url);
  }

  /** POST /api/files/sales or /listings: SkySlope's new guid (value.saleGuid or value.listingGuid). */
  async createFile(team: SkySlopeTeamCredentials, kind: SkySlopeFileKind, file: SkySlopeFileBody): Promise<string> {
    const path = FILE_PATHS[kind];
    const envelope = await this.call<Record<string, unknown>>(team, 'POST', `api/files/${path}`, {}, file);
    const guid = envelope.value?.[GUID_FIELDS[kind]];
    if (typeof guid !== 'string' || !guid) {
      throw new SkySlopeException(
        SkySlopeErrorCode.BadResponse,
        `SkySlope answered POST /api/files/${path} without value.${GUID_FIELDS[kind]}`,
        { method: 'POST', path: `/api/files/${path}` },
      );
    }
    return guid;
  }

  /** PUT /api/files/sales/{guid} or /listings/{guid}: the whole file. */
  async updateFile(team: SkySlopeTeamCredentials, kind: SkySlopeFileKind, guid: string, file: SkySlopeFileBody): Promise<void> {
    await this.call(team, 'PUT', `api/files/${FILE_PATHS[kind]}/${encodeURIComponent(guid)}`, {}, file);
  }

  /** GET /api/files/sales/{guid} or /listings/{guid}: value.sale or value.listing. */
  async getFile(team: SkySlopeTeamCredentials, kind: SkySlopeFileKind, guid: string): Promise<SkySlopeFile> {
    const envelope = await this.call<Record<string, unknown>>(team, 'GET', `api/files/${FILE_PATHS[kind]}/${encodeURIComponent(guid)}`);
    return (envelope.value?.[kind] ?? envelope.value) as SkySlopeFile;
  }

  /** GET /api/files/sales or /listings, every page: the files of an agent (and between dates, ISO), as SkySlope filters them. */
  async listFiles(
    team: SkySlopeTeamCredentials,
    kind: SkySlopeFileKind,
    filter: { agentGuid?: string; earliestDate?: string; latestDate?: string } = {},
  ): Promise<SkySlopeFile[]> {
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(filter)) if (value) query[name] = value;
    return this.collect<SkySlopeFile>(team, `api/files/${FILE_PATHS[kind]}`, query, FILE_PATHS[kind]);
  }

  /** POST /api/files/sales/{guid}/buyerContact (a sale) or /api/files/listings/{guid}/sellerContact (a listing). */
  async addContact(team: SkySlopeTeamCredentials, kind: SkySlopeFileKind, guid: string, contact: SkySlopeContact): Promise<void> {
    await this.call(
      team,
      'POST',
      `api/files/${FILE_PATHS[kind]}/${encodeURIComponent(guid)}/${kind === 'sale' ? 'buyerContact' : 'sellerContact'}`,
      {},
      contact,
    );
  }

  private async doLogin(team: SkySlopeTeamCredentials): Promise<SkySlopeSession> {
    const url = this.resolve('auth/login');
    // Signed anew for each attempt: the Timestamp must be the moment it is sent.
    const answer = await this.withRetries('POST', url, () => {
      const request = skySlopeLoginRequest(team, this.options, new Date(this.now()));
      return { headers: { ...request.headers, Accept: 'application/json' }, body: JSON.stringify(request.body) };
    });
    this.throwUnlessOk('POST', url, answer);
    const body = answer.body as { Session?: unknown; Expiration?: unknown } | null;
    if (!body || typeof body.Session !== 'string' || !body.Session) {
      throw new SkySlopeException(SkySlopeErrorCode.BadResponse, 'SkySlope login answered without a Session', {
        status: answer.status,
        method: 'POST',
        path: url.pathname,
      });
    }
    return { session: body.Session, expiresAt: expirationOf(body.Expiration, this.now()) };
  }

  /** Every item of a list, page after page through the `next` links. */
  private async collect<T>(team: SkySlopeTeamCredentials, path: string, query: Record<string, string>, field: string): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let next: string | undefined = path;
    let nextQuery = query;
    for (let page = 0; next; page += 1) {
      if (page >= this.settings.maxPages)
        throw new SkySlopeException(SkySlopeErrorCode.BadResponse, `SkySlope list ${path} has more than ${this.settings.maxPages} pages`, {
          path,
        });
      const envelope: SkySlopeEnvelope<Record<string, unknown>> = await this.get<Record<string, unknown>>(team, next, nextQuery);
      items.push(...listOf<T>(envelope, field, path));
      next = nextLink(envelope);
      nextQuery = {};
      if (next) {
        const href = this.resolve(next).href;
        if (seen.has(href))
          throw new SkySlopeException(SkySlopeErrorCode.BadResponse, `SkySlope list ${path} links back to a page already read`, { path });
        seen.add(href);
      }
    }
    return items;
  }

  /** Pages read by pageNumber, `concurrency` at a time, up to the first page without `next`. */
  private async collectByPageNumber<T>(
    team: SkySlopeTeamCredentials,
    path: string,
    query: Record<string, string>,
    field: string,
    concurrency: number,
  ): Promise<T[]> {
    const items: T[] = [];
    for (let first = 1; first <= this.settings.maxPages; first += concurrency) {
      const numbers = Array.from({ length: Math.min(concurrency, this.settings.maxPages - first + 1) }, (_, i) => first + i);
      const pages = await Promise.all(
        numbers.map((pageNumber) => this.get<Record<string, unknown>>(team, path, { ...query, pageNumber: String(pageNumber) })),
      );
      for (const envelope of pages) {
        items.push(...listOf<T>(envelope, field, path));
        if (!nextLink(envelope)) return items;
      }
    }
    throw new SkySlopeException(SkySlopeErrorCode.BadResponse, `SkySlope list ${path} has more than ${this.settings.maxPages} pages`, {
      path,
    });
  }

  /** One call with retries of 429 and 503 (@app/http: exponential backoff with equal jitter, at least Retry-After). */
  private async withRetries(
    method: HttpMethod,
    url: URL,
    build: () => { headers: Record<string, string>; body?: string },
  ): Promise<RawAnswer> {
    let answer: OutboundAnswer;
    try {
      answer = await this.http.send(() => ({ method, url, ...build() }), {
        onAttempt: () => void (this.calls += 1),
        onRetry: (retry) =>
          this.options.logger?.warn(
            { status: retry.status, method, path: url.pathname, attempt: retry.attempt, delay: retry.waitMs },
            'SkySlope busy; retrying',
          ),
      });
    } catch (error) {
      if (!(error instanceof OutboundTransportError)) throw error;
      if (error.failure === 'timeout') {
        throw new SkySlopeException(
          SkySlopeErrorCode.Timeout,
          `SkySlope did not answer ${method} ${url.pathname} within ${this.settings.timeoutMs} ms`,
          { method, path: url.pathname },
        );
      }
      throw new SkySlopeException(
        SkySlopeErrorCode.Network,
        `SkySlope unreachable for ${method} ${url.pathname}: ${(error.cause as Error)?.message ?? error.cause}`,
        { method, path: url.pathname },
      );
    }
    const text = answer.body.toString('utf8');
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (answer.exhausted) {
      throw new SkySlopeException(
        skySlopeErrorCodeOfStatus(answer.status),
        `SkySlope answered ${answer.status} to ${method} ${url.pathname} after ${answer.attempts} attempt(s)`,
        {
          status: answer.status,
          method,
          path: url.pathname,
          retryAfterMs: answer.retryAfterMs ?? undefined,
          attempts: answer.attempts,
          body,
        },
      );
    }
    return { status: answer.status, headers: answer.headers, body };
  }

  private throwUnlessOk(method: string, url: URL, answer: RawAnswer): void {
    if (answer.status >= 200 && answer.status < 300) return;
    throw new SkySlopeException(
      skySlopeErrorCodeOfStatus(answer.status),
      `SkySlope answered ${answer.status} to ${method} ${url.pathname}`,
      {
        status: answer.status,
        method,
        path: url.pathname,
        body: answer.body,
      },
    );
  }

  /**
   * A path under the base, or a link's href. The Session header never leaves the configured origin: a
   * link to another host (SkySlope behind a proxy, say) is followed by its path and query on ours.
   */
  private resolve(pathOrUrl: string): URL {
    const url = new URL(pathOrUrl.replace(/^\/(?!\/)/, ''), this.baseUrl);
    if (url.origin === this.baseUrl.origin) return url;
    return new URL(`${url.pathname.replace(/^\//, '')}${url.search}`, this.baseUrl);
  }
}

function cacheKey(team: SkySlopeTeamCredentials): string {
  // The key's digest, not the key: nothing of the credentials sits in the map in clear.
  const digest = createHash('sha256').update(`${team.accessKey}\u0000${team.accessSecret}`).digest('base64url');
  return `${team.teamId}\u0000${digest}`;
}

function envelopeOf<T>(body: unknown, method: string, url: URL): SkySlopeEnvelope<T> {
  if (!body || typeof body !== 'object' || !('value' in body)) {
    throw new SkySlopeException(SkySlopeErrorCode.BadResponse, `SkySlope answered ${method} ${url.pathname} without a value`, {
      method,
      path: url.pathname,
    });
  }
  const { value, links } = body as { value: T; links?: unknown };
  return { value, links: Array.isArray(links) ? (links.filter((link) => link && typeof link === 'object') as SkySlopeLink[]) : [] };
}

function listOf<T>(envelope: SkySlopeEnvelope<Record<string, unknown>>, field: string, path: string): T[] {
  const list = envelope.value?.[field];
  if (!Array.isArray(list))
    throw new SkySlopeException(SkySlopeErrorCode.BadResponse, `SkySlope answered ${path} without value.${field}`, { path });
  return list as T[];
}

function nextLink(envelope: SkySlopeEnvelope<unknown>): string | undefined {
  const link = envelope.links.find((candidate) => typeof candidate.rel === 'string' && candidate.rel.toLowerCase() === 'next');
  return typeof link?.href === 'string' && link.href ? link.href : undefined;
}

/** Expiration as a date string, epoch seconds or epoch milliseconds; unreadable means use it once, cache nothing. */
function expirationOf(expiration: unknown, now: number): number {
  if (typeof expiration === 'number' && Number.isFinite(expiration)) return expiration < 1e12 ? expiration * 1000 : expiration;
  if (typeof expiration === 'string') {
    const at = Date.parse(expiration);
    if (!Number.isNaN(at)) return at;
  }
  return now;
}
