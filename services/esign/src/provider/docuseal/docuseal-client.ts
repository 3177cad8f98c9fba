import { Logger } from '@nestjs/common';
import { OutboundHttpClient, OutboundTransportError, type OutboundAnswer, type OutboundFailure } from '@app/http';
import { PROVIDER_MESSAGES, ProviderRejectedError, ProviderRequestError, ProviderUnavailableError } from '../esign-provider';

export interface DocusealClientOptions {
  /** The API base, ending in /api for a self-hosted DocuSeal (DOCUSEAL_URL). */
  url: string;
  /** Sent as X-Auth-Token on API calls only (never to file URLs, never logged). */
  apiKey: string;
  /** Per try; a call that takes longer is abandoned. */
  timeoutMs?: number;
  /** Tries of a call answered 429 or 5xx (or, for a call that may be repeated, not answered at all). */
  tries?: number;
  /** First wait between tries; doubled each time. Retry-After, when DocuSeal sends it, is waited for at least. */
  baseDelayMs?: number;
  /** The longest wait between tries (a longer Retry-After is cut to it). */
  maxDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined>;

export const DOCUSEAL_TRIES = 3;
/** A call that changes nothing when repeated may be tried again after a timeout or a dropped connection. */
const REPEATABLE: readonly Method[] = ['GET', 'PUT', 'DELETE'];

/** DocuSeal's error words: {"error": "..."} (422, 401), else null ({"status": 404}). */
function errorText(body: unknown): string | null {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') return (body as { error: string }).error;
  return null;
}

/**
 * A small client of DocuSeal's REST API (fetch): the key in X-Auth-Token, a timeout per try, 429 and 5xx tried again
 * (3 tries through @app/http, waits doubling from baseDelayMs, at least what Retry-After says), and DocuSeal's refusals as the errors the esign
 * API answers with: 401/403 ProviderRejectedError (502 'E-sign provider rejected the request', logged), 404 and 422
 * ProviderRequestError (502 with DocuSeal's reason), no answer after the tries ProviderUnavailableError (503).
 * Logs name the method, path and status, never the key, a header or a body.
 */
export class DocusealClient {
  private readonly logger = new Logger('DocusealClient');
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly tries: number;
  private readonly http: OutboundHttpClient;

  constructor(private readonly options: DocusealClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.tries = Math.max(1, options.tries ?? DOCUSEAL_TRIES);
    this.http = new OutboundHttpClient({
      timeoutMs: this.timeoutMs,
      tries: this.tries,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      jitter: 'none',
      retryStatus: (status) => status === 429 || status >= 500,
      retryTransportFor: REPEATABLE,
      longRetryAfter: 'cap',
      fetch: options.fetch,
      sleep: options.sleep,
    });
  }

  /** The origin DocuSeal is served from (its builder script lives there). */
  get host(): string {
    return new URL(this.base).host;
  }

  get<T>(path: string, query?: Query): Promise<T> {
    return this.call<T>('GET', path, { query });
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('POST', path, { body });
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('PUT', path, { body });
  }

  delete<T>(path: string, query?: Query): Promise<T> {
    return this.call<T>('DELETE', path, { query });
  }

  /** A file DocuSeal linked to (signed documents, the audit log): its bytes. No key goes with it; the URL is the permission. */
  async download(url: string): Promise<Buffer> {
    const response = await this.send('GET', url, { label: 'file', withKey: false });
    const bytes = response.body;
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      this.logger.warn(`DocuSeal file download answered ${bytes.length} bytes that are not a PDF`);
      throw new ProviderRequestError(response.status, PROVIDER_MESSAGES.refused('the downloaded file is not a PDF'));
    }
    return bytes;
  }

  private async call<T>(method: Method, path: string, options: { query?: Query; body?: unknown }): Promise<T> {
    const url = new URL(`${this.base}${path.startsWith('/') ? path : `/${path}`}`);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const response = await this.send(method, url.toString(), { label: `${method} ${path}`, withKey: true, body: options.body });
    const text = response.body.toString('utf8');
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      this.logger.warn(`DocuSeal ${method} ${path} answered ${response.status} with a body that is not JSON`);
      throw new ProviderRequestError(response.status, PROVIDER_MESSAGES.refused('the answer was not JSON'));
    }
  }

  /** One call with its tries; answers an OK response, else throws the error the caller's API answers with. */
  private async send(method: Method, url: string, options: { label: string; withKey: boolean; body?: unknown }): Promise<OutboundAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.withKey) headers['x-auth-token'] = this.options.apiKey;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    let response: OutboundAnswer;
    try {
      response = await this.http.send(() => ({ method, url, headers, body, redirect: options.withKey ? 'manual' : 'follow' }), {
        onRetry: (retry) =>
          this.logger.warn(
            `DocuSeal ${options.label}${retry.status ? ` answered ${retry.status}` : `: ${this.reasonOf(retry.failure!)}`}; try ${retry.attempt + 1} of ${this.tries} in ${retry.waitMs} ms`,
          ),
      });
    } catch (error) {
      if (!(error instanceof OutboundTransportError)) throw error;
      this.logger.error(`DocuSeal ${options.label}: ${this.reasonOf(error.failure)} (try ${error.attempts} of ${this.tries}); giving up`);
      throw new ProviderUnavailableError();
    }
    if (response.status >= 200 && response.status < 300) return response;
    if (response.status >= 300 && response.status < 400) {
      // The key is never sent on to another address: DOCUSEAL_URL must be the API's own.
      this.logger.error(`DocuSeal ${options.label} answered a redirect (${response.status}): set DOCUSEAL_URL to the address it points to`);
      throw new ProviderRequestError(response.status, PROVIDER_MESSAGES.refused(`redirected (HTTP ${response.status})`));
    }
    if (response.exhausted) {
      this.logger.error(`DocuSeal ${options.label} answered ${response.status} (try ${response.attempts} of ${this.tries}); giving up`);
      throw new ProviderUnavailableError();
    }
    const answer = response.body.toString('utf8');
    let parsed: unknown = null;
    try {
      parsed = answer ? JSON.parse(answer) : null;
    } catch {
      parsed = null;
    }
    if (response.status === 401 || response.status === 403) {
      this.logger.error(
        `DocuSeal rejected ${options.label} (${response.status}${errorText(parsed) ? `: ${errorText(parsed)}` : ''}): check DOCUSEAL_URL and DOCUSEAL_API_KEY`,
      );
      throw new ProviderRejectedError();
    }
    if (response.status === 404) {
      this.logger.warn(`DocuSeal ${options.label} answered 404`);
      throw new ProviderRequestError(404, PROVIDER_MESSAGES.notFound);
    }
    const reason = errorText(parsed) ?? `HTTP ${response.status}`;
    this.logger.warn(`DocuSeal ${options.label} answered ${response.status}: ${reason}`);
    throw new ProviderRequestError(response.status, PROVIDER_MESSAGES.refused(reason));
  }

  private reasonOf(failure: OutboundFailure): string {
    return failure === 'timeout' ? `no answer within ${this.timeoutMs} ms` : 'the connection failed';
  }
}
