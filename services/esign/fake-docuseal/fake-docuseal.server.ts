import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { fastify, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  DOCUSEAL_ERRORS,
  FAKE_DOCUSEAL_API_KEY,
  FAKE_DOCUSEAL_DEFAULT_FOLDER,
  FAKE_DOCUSEAL_DEFAULT_ROLE,
  FAKE_DOCUSEAL_LINK_LIFETIME_SECONDS,
  FAKE_DOCUSEAL_USER,
} from './fake-docuseal.data';
import {
  TINY_PNG,
  auditLogPdf,
  inspectPdf,
  mergePdfs,
  stampPdf,
  type AuditEntry,
  type PdfPageSize,
  type PdfStamp,
} from './fake-docuseal.pdf';

// A local stand-in for DocuSeal's REST API (the Pro/Cloud API as docs/openapi.json in docusealco/docuseal
// describes it, answered the way the Rails app's controllers and serializers answer), plus a control API
// under /__control that tests and developers use to play the signers. State lives in memory.
//
// Where this copies DocuSeal on purpose (read before building on it):
// - every /api call needs X-Auth-Token, else 401 {"error":"Not authenticated"}; validation errors are
//   422 {"error":"<message> in `path`."}; unknown records 404 {"status":404};
// - @docuseal/api's createSubmission POSTs /submissions/init and gets {id, submitters, expire_at,
//   created_at}; POST /submissions answers the bare array of submitters;
// - submission_events[].data carries only DocuSeal's API slice (reason, firstname, lastname, method,
//   country, idcode): no ip and no ua (lib/submitters/serialize_for_api.rb). `eventTrackingData` adds them,
//   which the real API never does;
// - combined_document_url stays null unless the account combines results (`combinePdfResult`) or the
//   call asks `include=combined_document_url`;
// - field areas are stored as DocuSeal stores them: x, y, w, h as shares of the page and page from 0
//   (the create calls take page from 1).

export interface FakeDocusealBehaviour {
  /** Added before every answer (except /__control). */
  latencyMs: number;
  /** 0..1: share of /api calls answered with failureStatus. */
  failureRate: number;
  failureStatus: 429 | 500 | 502 | 503;
  /** Lifetime of the file URLs in answers; 0: they never expire (DocuSeal's "links never expire"). */
  linkLifetimeSeconds: number;
  /** The account setting "combine completed documents and audit log": combined_document_url without include. */
  combinePdfResult: boolean;
  /** Not DocuSeal: also show ip and ua in submission_events[].data. */
  eventTrackingData: boolean;
}

export interface FakeDocusealOptions extends Partial<FakeDocusealBehaviour> {
  /** startFakeDocuseal only. */
  port?: number;
  host?: string;
  /** X-Auth-Token values accepted; default [FAKE_DOCUSEAL_API_KEY]. */
  apiKeys?: string[];
  /** Origin of the file and embed URLs in answers; default the Host the call came to. */
  publicUrl?: string;
  now?: () => number;
  random?: () => number;
  /** Requests kept for GET /__control/requests (oldest dropped first). */
  maxRecordedRequests?: number;
}

export type FakeDocusealSubmitterStatus = 'completed' | 'declined' | 'opened' | 'sent' | 'awaiting';
export type FakeDocusealSubmissionStatus = 'completed' | 'declined' | 'expired' | 'pending';

export interface FakeDocusealRecordedRequest {
  id: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** As received, except X-Auth-Token, which is never kept: see `auth`. */
  headers: Record<string, string>;
  /** What the X-Auth-Token was: none for /file, accepted, rejected or missing for /api. */
  auth: 'accepted' | 'rejected' | 'missing' | 'none';
  body: unknown;
  status?: number;
  /** Answered by an injected failure. */
  injected?: boolean;
}

export interface FakeDocusealFailure {
  status: number;
  /** How many calls in a row (default 1). */
  count?: number;
  /** Only calls whose path starts with it (e.g. '/api/submissions', '/file'); default every /api call. */
  pathPrefix?: string;
  method?: string;
  retryAfterSeconds?: number;
  body?: unknown;
}

export interface FakeDocusealActor {
  ip?: string;
  ua?: string;
}

export interface FakeDocusealEvent {
  id: number;
  submitter_id: number;
  event_type: string;
  event_timestamp: string;
  /** Everything the fake knows (ip, ua, reason), whatever the API shows. */
  data: Record<string, unknown>;
}

export interface FakeDocusealControl {
  behaviour(): FakeDocusealBehaviour;
  set(patch: Partial<FakeDocusealBehaviour>): FakeDocusealBehaviour;
  /** The next `count` matching calls answer `status` (default bodies: DocuSeal's). */
  failNext(failure: FakeDocusealFailure): void;
  requests(filter?: { method?: string; pathPrefix?: string }): FakeDocusealRecordedRequest[];
  clearRequests(): void;
  /** The signer opens the form: opened_at, a view_form event. */
  open(submitterId: number, actor?: FakeDocusealActor): Promise<Record<string, unknown>>;
  /** The signer signs: opens first when needed, start_form and complete_form events, documents; the next party is invited (preserved order). */
  complete(submitterId: number, actor?: FakeDocusealActor & { values?: Record<string, unknown> }): Promise<Record<string, unknown>>;
  decline(submitterId: number, actor?: FakeDocusealActor & { reason?: string }): Promise<Record<string, unknown>>;
  /** The invitation email bounced: a bounce_email event. */
  bounce(submitterId: number, details?: { reason?: string }): Promise<Record<string, unknown>>;
  /** expire_at becomes now: status expired unless completed. */
  expire(submissionId: number): Promise<Record<string, unknown>>;
  /** Every party signs, in their order. */
  completeAll(submissionId: number, actor?: FakeDocusealActor): Promise<Record<string, unknown>>;
  /** A submission as GET /api/submissions/{id} shows it, with events' full data. */
  submission(submissionId: number): Promise<Record<string, unknown>>;
  /** The submitter of a submission by role name, email or id. */
  submitterId(submissionId: number, ref: string): number;
  counts(): { templates: number; submissions: number; submitters: number; requests: number };
  /** Data, behaviour, failures and recorded requests back to how the server started. */
  reset(): void;
}

export type FakeDocusealApp = FastifyInstance & { docuseal: FakeDocusealControl };

export interface FakeDocuseal {
  /** Origin, e.g. http://127.0.0.1:4011. */
  url: string;
  /** What DocusealApi's `url` and DOCUSEAL_URL take: url + '/api' (a self-hosted DocuSeal's API base). */
  apiUrl: string;
  close(): Promise<void>;
  control: FakeDocusealControl;
  app: FakeDocusealApp;
}

/** A DocuSeal answer other than 200, raised anywhere in a handler. */
export class FakeDocusealError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'error' in body ? String((body as { error: unknown }).error) : `HTTP ${status}`);
  }
}

const DEFAULT_BEHAVIOUR: FakeDocusealBehaviour = {
  latencyMs: 0,
  failureRate: 0,
  failureStatus: 503,
  linkLifetimeSeconds: FAKE_DOCUSEAL_LINK_LIFETIME_SECONDS,
  combinePdfResult: false,
  eventTrackingData: false,
};
const FAILURE_STATUSES = [429, 500, 502, 503] as const;
/** submission_events[].data keys the real API shows. */
const API_EVENT_DATA_KEYS = ['reason', 'firstname', 'lastname', 'method', 'country', 'idcode'];
const FIELD_TYPES = [
  'heading',
  'text',
  'signature',
  'initials',
  'date',
  'number',
  'image',
  'checkbox',
  'multiple',
  'file',
  'radio',
  'select',
  'cells',
  'stamp',
  'payment',
  'phone',
  'verification',
  'kba',
  'strikethrough',
];
const ATTACHMENT_TYPES = ['signature', 'initials', 'image', 'stamp'];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

type Json = Record<string, unknown>;

interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
  page: number;
  attachment_uuid: string;
  [key: string]: unknown;
}

interface TemplateField {
  uuid: string;
  submitter_uuid: string;
  name: string;
  type: string;
  required: boolean;
  preferences: Json;
  areas: Area[];
  [key: string]: unknown;
}

interface TemplateSubmitter {
  name: string;
  uuid: string;
  [key: string]: unknown;
}

interface StoredFile {
  id: number;
  uuid: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  pages?: PdfPageSize[];
  previewUuid?: string;
}

interface TemplateRecord {
  id: number;
  slug: string;
  name: string;
  external_id: string | null;
  folder_name: string;
  shared_link: boolean;
  preferences: Json;
  schema: { attachment_uuid: string; name: string }[];
  fields: TemplateField[];
  submitters: TemplateSubmitter[];
  created_at: number;
  updated_at: number;
  archived_at: number | null;
}

interface SubmissionRecord {
  id: number;
  slug: string;
  name: string | null;
  submitters_order: 'preserved' | 'random';
  template_id: number;
  template_name: string;
  template_submitters: TemplateSubmitter[];
  template_fields: TemplateField[];
  template_schema: { attachment_uuid: string; name: string }[];
  variables: Json;
  preferences: Json;
  expire_at: number | null;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
  completed_at: number | null;
  submitterIds: number[];
  events: { id: number; submitter_id: number; event_type: string; at: number; data: Json }[];
  auditUuid?: string;
  combinedUuid?: string;
  mergedUuid?: string;
  preview?: { key: string; uuids: string[]; mergedUuid?: string };
}

interface SubmitterRecord {
  id: number;
  submission_id: number;
  uuid: string;
  slug: string;
  name: string | null;
  email: string | null;
  phone: string;
  external_id: string | null;
  metadata: Json;
  preferences: Json;
  values: Json;
  sent_at: number | null;
  opened_at: number | null;
  completed_at: number | null;
  declined_at: number | null;
  created_at: number;
  updated_at: number;
  ip: string | null;
  ua: string | null;
  documentUuids: string[];
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Rails' present?: false, '', '  ', [] and {} are blank. */
const present = (value: unknown) =>
  !(
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    (isObject(value) && Object.keys(value).length === 0)
  );
const TRUE_VALUES = [true, 'true', '1', 1, 'TRUE', 'True', 'yes', 'Yes', 'YES'];
const FALSE_VALUES = [false, 'false', '0', 0, 'FALSE', 'False', 'no', 'No', 'NO'];
const titleize = (text: string) => text.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Behaviour from FAKE_DOCUSEAL_* variables (the CLI passes process.env). */
export function fakeDocusealOptionsFromEnv(env: NodeJS.ProcessEnv): FakeDocusealOptions {
  const num = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more, got '${raw}'`);
    return value;
  };
  const flag = (name: string): boolean | undefined =>
    env[name] === undefined || env[name] === '' ? undefined : env[name] === '1' || env[name] === 'true';
  const options: FakeDocusealOptions = {
    port: num('FAKE_DOCUSEAL_PORT'),
    host: env.FAKE_DOCUSEAL_HOST || undefined,
    publicUrl: env.FAKE_DOCUSEAL_PUBLIC_URL || undefined,
    apiKeys: env.FAKE_DOCUSEAL_API_KEY ? [env.FAKE_DOCUSEAL_API_KEY] : undefined,
    latencyMs: num('FAKE_DOCUSEAL_LATENCY_MS'),
    failureRate: num('FAKE_DOCUSEAL_FAILURE_RATE'),
    failureStatus: num('FAKE_DOCUSEAL_FAILURE_STATUS') as FakeDocusealBehaviour['failureStatus'] | undefined,
    linkLifetimeSeconds: num('FAKE_DOCUSEAL_LINK_LIFETIME_SECONDS'),
    combinePdfResult: flag('FAKE_DOCUSEAL_COMBINE_PDF_RESULT'),
    eventTrackingData: flag('FAKE_DOCUSEAL_EVENT_TRACKING_DATA'),
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FakeDocusealOptions;
}

function checkedBehaviour(behaviour: FakeDocusealBehaviour): FakeDocusealBehaviour {
  if (!(FAILURE_STATUSES as readonly number[]).includes(behaviour.failureStatus))
    throw new Error(`failureStatus must be one of ${FAILURE_STATUSES.join(', ')}`);
  if (!(behaviour.failureRate >= 0 && behaviour.failureRate <= 1)) throw new Error('failureRate must be between 0 and 1');
  for (const key of ['latencyMs', 'linkLifetimeSeconds'] as const) {
    if (!Number.isFinite(behaviour[key]) || behaviour[key] < 0) throw new Error(`${key} must be a number of 0 or more`);
  }
  for (const key of ['combinePdfResult', 'eventTrackingData'] as const) {
    if (typeof behaviour[key] !== 'boolean') throw new Error(`${key} must be true or false`);
  }
  return behaviour;
}

/**
 * DocuSeal's request checks (lib/params/base_validator.rb) with its messages: "<what> in `<path>`.".
 */
class ParamsValidator {
  private path = '';

  fail(message: string): never {
    throw new FakeDocusealError(422, { error: this.path ? `${message} in \`${this.path}\`.` : message });
  }

  required(params: unknown, keys: string | string[], message?: string) {
    const list = Array.isArray(keys) ? keys : [keys];
    if (list.some((key) => isObject(params) && present(params[key]))) return;
    this.fail(message ?? `${list.join(' or ')} is required`);
  }

  type(params: unknown, key: string | number, type: 'String' | 'Array' | 'Object' | 'Integer', message?: string) {
    if (!present(params)) return;
    const value = (params as Record<string | number, unknown>)[key];
    if (!present(value)) return;
    const ok =
      type === 'String'
        ? typeof value === 'string'
        : type === 'Array'
          ? Array.isArray(value)
          : type === 'Object'
            ? isObject(value)
            : Number.isInteger(value);
    if (!ok) this.fail(message ?? `${key} must be a ${type}`);
  }

  boolean(params: unknown, key: string) {
    if (!isObject(params) || !(key in params) || params[key] === null) return;
    if (![...TRUE_VALUES, ...FALSE_VALUES, 't', 'f', 'on', 'off'].includes(params[key] as never)) this.fail(`${key} must be true or false`);
  }

  email(params: unknown, key: string, message?: string) {
    if (!isObject(params) || !present(params[key])) return;
    const text = String(params[key]);
    if (text.includes('<')) return;
    const emails = text
      .trim()
      .split(/\s*[;,/]\s*/)
      .filter(Boolean);
    if (emails.every((email) => EMAIL.test(email))) return;
    this.fail(message ?? `${key} must follow the email format: '${text}'`);
  }

  format(params: unknown, key: string, pattern: RegExp, message: string) {
    if (!isObject(params) || !present(params[key])) return;
    if (!pattern.test(String(params[key]))) this.fail(message);
  }

  valueIn(params: unknown, key: string, values: string[], allowNil = false) {
    if (!present(params)) return;
    const value = (params as Json)[key];
    if (allowNil && (value === null || value === undefined)) return;
    if (!values.includes(value as string)) this.fail(`${key} must be one of ${values.join(', ')}`);
  }

  unique(list: unknown, key: string) {
    if (!Array.isArray(list) || list.length === 0) return;
    const values = list.map((item) => (isObject(item) ? item[key] : undefined)).filter(present);
    if (new Set(values).size !== values.length) this.fail(`${key} must be unique`);
  }

  inPath(params: unknown, key: string, fn: (value: unknown) => void, skipBlank = false) {
    const old = this.path;
    this.path = [old, key].filter(Boolean).join('.');
    const value = isObject(params) ? params[key] : undefined;
    if (value !== undefined && value !== null && value !== false && !(skipBlank && !present(value))) fn(value);
    this.path = old;
  }

  inPathEach(params: unknown, key: string, fn: (value: unknown) => void) {
    const old = this.path;
    const list = isObject(params) ? params[key] : undefined;
    if (Array.isArray(list)) {
      list.forEach((item, index) => {
        this.path = [old, `${key}[${index}]`].filter(Boolean).join('.');
        if (item !== null && item !== undefined) fn(item);
      });
    }
    this.path = old;
  }
}

/** POST /submissions: Params::SubmissionCreateValidator#validate_creation_from_submitters. */
function validateSubmissionParams(params: Json) {
  const v: ParamsValidator = new ParamsValidator();
  v.required(params, 'template_id');
  v.required(params, 'submitters');
  v.boolean(params, 'send_email');
  v.boolean(params, 'send_sms');
  v.type(params, 'order', 'String');
  v.type(params, 'completed_redirect_url', 'String');
  v.type(params, 'bcc_completed', 'String');
  v.type(params, 'reply_to', 'String');
  v.email(params, 'bcc_completed', 'bcc_completed email is invalid');
  v.email(params, 'reply_to', 'reply_to email is invalid');
  v.type(params, 'message', 'Object');
  v.type(params, 'variables', 'Object');
  v.type(params, 'submitters', 'Array');
  v.inPath(
    params,
    'message',
    (message) => {
      v.type(message, 'subject', 'String');
      v.type(message, 'body', 'String');
      v.required(message, 'body');
    },
    true,
  );
  v.valueIn(params, 'order', ['preserved', 'random'], true);
  if (present(params.submitters)) {
    v.inPath(params, 'submitters', (submitters) => {
      v.type(submitters, 0, 'Object');
      v.unique(submitters, 'role');
    });
  }
  v.inPathEach(params, 'submitters', (submitter) => {
    if (isObject(submitter) && present(submitter.invite_by)) v.required(submitter, 'role');
    else v.required(submitter, ['email', 'phone', 'name']);
    v.type(submitter, 'name', 'String');
    v.type(submitter, 'reply_to', 'String');
    v.type(submitter, 'email', 'String');
    v.type(submitter, 'order', 'Integer');
    v.email(submitter, 'email', 'email is invalid');
    v.email(submitter, 'reply_to', 'reply_to email is invalid');
    v.type(submitter, 'phone', 'String');
    v.format(submitter, 'phone', /^\+\d+$/, 'phone should start with +<country code> and contain only digits');
    v.type(submitter, 'values', 'Object');
    v.type(submitter, 'metadata', 'Object');
    v.boolean(submitter, 'send_email');
    v.boolean(submitter, 'send_sms');
    v.type(submitter, 'completed_redirect_url', 'String');
    v.type(submitter, 'fields', 'Array');
    v.inPathEach(submitter, 'fields', (field) => {
      v.required(field, ['name', 'uuid']);
      v.type(field, 'name', 'String');
      v.type(field, 'validation_pattern', 'String');
      v.type(field, 'invalid_message', 'String');
      v.boolean(field, 'readonly');
    });
  });
}

/** The fake as a Fastify instance (not listening): `app.inject` in-process, or `listen` (startFakeDocuseal). */
export function buildFakeDocuseal(options: FakeDocusealOptions = {}): FakeDocusealApp {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const apiKeys = (options.apiKeys ?? [FAKE_DOCUSEAL_API_KEY]).map((key) => Buffer.from(key));
  const initialBehaviour = checkedBehaviour({
    ...DEFAULT_BEHAVIOUR,
    ...Object.fromEntries(Object.entries(options).filter(([key, value]) => key in DEFAULT_BEHAVIOUR && value !== undefined)),
  });
  const maxRecorded = options.maxRecordedRequests ?? 1000;
  // Signs file URLs as Rails signs blob ids ("<base64 json>--<digest>"); a fresh secret per server.
  const linkSecret = randomBytes(32);

  let behaviour = { ...initialBehaviour };
  let scripted: (FakeDocusealFailure & { count: number })[] = [];
  let recorded: FakeDocusealRecordedRequest[] = [];
  let templates = new Map<number, TemplateRecord>();
  let submissions = new Map<number, SubmissionRecord>();
  let submitters = new Map<number, SubmitterRecord>();
  let files = new Map<string, StoredFile>();
  let folders = new Map<string, number>([[FAKE_DOCUSEAL_DEFAULT_FOLDER, 1]]);
  let ids = { template: 0, submission: 0, submitter: 0, event: 0, file: 0, request: 0 };
  // Origin for URLs in answers built outside a call (control called in-process): the last Host called, else the listening address.
  let lastOrigin: string | undefined;
  const recordOf = new WeakMap<FastifyRequest, FakeDocusealRecordedRequest>();

  const slug = () => Array.from(randomBytes(14), (byte) => BASE58[byte % BASE58.length]).join('');
  const folderId = (name: string) => {
    if (!folders.has(name)) folders.set(name, folders.size + 1);
    return folders.get(name)!;
  };
  const storeFile = (filename: string, contentType: string, bytes: Buffer, extra: Partial<StoredFile> = {}): StoredFile => {
    const file: StoredFile = { id: ++ids.file, uuid: randomUUID(), filename, contentType, bytes, ...extra };
    files.set(file.uuid, file);
    return file;
  };

  // ---- file URLs ------------------------------------------------------------------------------------
  const digest = (payload: string) => createHmac('sha256', linkSecret).update(payload).digest('hex');
  const fileUrl = (base: string, uuid: string | undefined): string | null => {
    const file = uuid ? files.get(uuid) : undefined;
    if (!file) return null;
    const exp = behaviour.linkLifetimeSeconds > 0 ? Math.floor(now() / 1000) + behaviour.linkLifetimeSeconds : undefined;
    const payload = Buffer.from(JSON.stringify(exp === undefined ? [file.uuid, 'blob'] : [file.uuid, 'blob', exp])).toString('base64url');
    return `${base}/file/${payload}--${digest(payload)}/${encodeURIComponent(file.filename)}`;
  };
  const readToken = (token: string): { uuid: string; exp?: number } | undefined => {
    // base64url may hold '--' itself; the hex digest never does.
    const cut = token.lastIndexOf('--');
    const [payload, signature] = cut > 0 ? [token.slice(0, cut), token.slice(cut + 2)] : [];
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(digest(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const [uuid, purpose, exp] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, string, number?];
      return purpose === 'blob' ? { uuid, exp } : undefined;
    } catch {
      return undefined;
    }
  };

  // ---- templates ------------------------------------------------------------------------------------
  const findTemplate = (raw: unknown): TemplateRecord => {
    const template = /^\d+$/.test(String(raw)) ? templates.get(Number(raw)) : undefined;
    if (!template) throw new FakeDocusealError(404, DOCUSEAL_ERRORS.notFound);
    return template;
  };

  const serializeTemplate = (template: TemplateRecord, base: string) => ({
    id: template.id,
    slug: template.slug,
    name: template.name,
    schema: clone(template.schema),
    fields: clone(template.fields),
    submitters: clone(template.submitters),
    variables_schema: {},
    preferences: clone(template.preferences),
    source: 'api',
    created_at: iso(template.created_at),
    updated_at: iso(template.updated_at),
    archived_at: iso(template.archived_at),
    author_id: FAKE_DOCUSEAL_USER.id,
    external_id: template.external_id,
    folder_id: folderId(template.folder_name),
    shared_link: template.shared_link,
    application_key: template.external_id,
    folder_name: template.folder_name,
    author: { ...FAKE_DOCUSEAL_USER },
    documents: template.schema.flatMap((item) => {
      const file = files.get(item.attachment_uuid);
      if (!file) return [];
      return [
        {
          id: file.id,
          uuid: file.uuid,
          url: fileUrl(base, file.uuid),
          preview_image_url: fileUrl(base, file.previewUuid),
          filename: file.filename,
        },
      ];
    }),
  });

  /** A document's file param: base64 (optionally a data: URL) or a URL the fake downloads, as DocuSeal does. */
  const loadDocument = async (file: string, where: string): Promise<Buffer> => {
    if (/^https?:\/\//i.test(file)) {
      const response = await fetch(file).catch(() => undefined);
      if (!response || !response.ok) throw new FakeDocusealError(422, { error: `Unable to download file ${file}` });
      return Buffer.from(await response.arrayBuffer());
    }
    const base64 = file.replace(/^data:[^;,]*;base64,/, '');
    if (!/^[A-Za-z0-9+/=_\-\s]+$/.test(base64))
      throw new FakeDocusealError(422, { error: `file must be base64 or a URL in \`${where}\`.` });
    return Buffer.from(base64, 'base64');
  };

  /** Field params of a create call (page from 1, areas as shares or in PDF points) as DocuSeal stores fields. */
  const buildFields = (raw: unknown, attachment: StoredFile, roles: TemplateSubmitter[], where: string): TemplateField[] => {
    if (raw === undefined || raw === null) return [];
    const v: ParamsValidator = new ParamsValidator();
    if (!Array.isArray(raw)) v.fail(`fields must be a Array in \`${where}\`.`);
    const pages = attachment.pages ?? [];
    return raw.map((item, index) => {
      const at = `${where}.fields[${index}]`;
      if (!isObject(item)) return v.fail(`fields[${index}] must be a Object in \`${where}\`.`);
      const type = item.type === undefined || item.type === null ? 'text' : item.type;
      if (typeof type !== 'string' || !FIELD_TYPES.includes(type)) v.fail(`type must be one of ${FIELD_TYPES.join(', ')} in \`${at}\`.`);
      const roleName = typeof item.role === 'string' && item.role.trim() ? item.role.trim() : undefined;
      let role = roleName ? roles.find((r) => r.name.toLowerCase() === roleName.toLowerCase()) : roles[0];
      if (!role) {
        role = { name: roleName ?? FAKE_DOCUSEAL_DEFAULT_ROLE, uuid: randomUUID() };
        roles.push(role);
      }
      const options = Array.isArray(item.options) ? item.options.map((value) => ({ value: String(value), uuid: randomUUID() })) : undefined;
      const areasRaw = item.areas ?? [];
      if (!Array.isArray(areasRaw)) v.fail(`areas must be a Array in \`${at}\`.`);
      const areas = areasRaw.map((area, areaIndex) => {
        const areaAt = `${at}.areas[${areaIndex}]`;
        if (!isObject(area)) return v.fail(`must be a Object in \`${areaAt}\`.`);
        for (const key of ['x', 'y', 'w', 'h', 'page']) {
          if (typeof area[key] !== 'number' || !Number.isFinite(area[key])) v.fail(`${key} is required in \`${areaAt}\`.`);
        }
        const page = area.page as number;
        if (!Number.isInteger(page) || page < 1 || page > pages.length)
          v.fail(`page must be between 1 and ${pages.length} in \`${areaAt}\`.`);
        const size = pages[page - 1];
        const [x, y, w, h] = [area.x, area.y, area.w, area.h] as number[];
        // Shares of the page pass as they are; larger numbers are PDF points of that page.
        const points = Math.max(x, y, w, h) > 1;
        const stored: Area = {
          x: points ? x / size.width : x,
          y: points ? y / size.height : y,
          w: points ? w / size.width : w,
          h: points ? h / size.height : h,
          attachment_uuid: attachment.uuid,
          page: page - 1,
        };
        const option = typeof area.option === 'string' ? options?.find((o) => o.value === area.option) : undefined;
        if (option) stored.option_uuid = option.uuid;
        return stored;
      });
      const field: TemplateField = {
        uuid: randomUUID(),
        submitter_uuid: role.uuid,
        name: typeof item.name === 'string' ? item.name : '',
        type,
        required: item.required === undefined ? true : TRUE_VALUES.includes(item.required as never),
        preferences: isObject(item.preferences) ? clone(item.preferences) : {},
        areas,
      };
      for (const key of ['title', 'description', 'readonly', 'default_value', 'validation'] as const)
        if (item[key] !== undefined) field[key] = clone(item[key]);
      if (options) field.options = options;
      return field;
    });
  };

  const createTemplateFromPdf = async (body: Json): Promise<TemplateRecord> => {
    const documents = body.documents;
    if (!Array.isArray(documents) || documents.length === 0) throw new FakeDocusealError(422, { error: 'documents is required' });
    const roles: TemplateSubmitter[] = [];
    const schema: TemplateRecord['schema'] = [];
    const fields: TemplateField[] = [];
    for (const [index, document] of documents.entries()) {
      const where = `documents[${index}]`;
      if (!isObject(document)) throw new FakeDocusealError(422, { error: `${where} must be a Object` });
      const source =
        typeof document.file === 'string' && document.file ? document.file : typeof document.url === 'string' ? document.url : undefined;
      if (!source) throw new FakeDocusealError(422, { error: `file is required in \`${where}\`.` });
      const bytes = await loadDocument(source, where);
      let pages: PdfPageSize[];
      try {
        pages = await inspectPdf(bytes);
      } catch {
        throw new FakeDocusealError(422, { error: `Invalid PDF file in \`${where}\`.` });
      }
      const name =
        typeof document.name === 'string' && document.name.trim()
          ? document.name.trim()
          : typeof body.name === 'string' && body.name
            ? body.name
            : `Document ${index + 1}`;
      const preview = storeFile('0.png', 'image/png', TINY_PNG);
      const attachment = storeFile(`${name}.pdf`, 'application/pdf', bytes, { pages, previewUuid: preview.uuid });
      schema.push({ attachment_uuid: attachment.uuid, name });
      fields.push(...buildFields(document.fields, attachment, roles, where));
    }
    if (roles.length === 0) roles.push({ name: FAKE_DOCUSEAL_DEFAULT_ROLE, uuid: randomUUID() });
    const at = now();
    const externalId = typeof body.external_id === 'string' && body.external_id ? body.external_id : null;
    // "Existing template with specified external_id will be updated with a new PDF."
    const existing = externalId ? [...templates.values()].find((t) => t.external_id === externalId && t.archived_at === null) : undefined;
    const template: TemplateRecord = existing ?? {
      id: ++ids.template,
      slug: slug(),
      name: '',
      external_id: externalId,
      folder_name: FAKE_DOCUSEAL_DEFAULT_FOLDER,
      shared_link: false,
      preferences: {},
      schema: [],
      fields: [],
      submitters: [],
      created_at: at,
      updated_at: at,
      archived_at: null,
    };
    Object.assign(template, {
      name: typeof body.name === 'string' && body.name.trim() ? body.name.trim() : existing?.name || schema[0].name,
      folder_name: typeof body.folder_name === 'string' && body.folder_name.trim() ? body.folder_name.trim() : template.folder_name,
      shared_link: body.shared_link === undefined ? template.shared_link : TRUE_VALUES.includes(body.shared_link as never),
      schema,
      fields,
      submitters: roles,
      updated_at: at,
    });
    templates.set(template.id, template);
    return template;
  };

  /** A copy with new attachment, party and field uuids, everything pointing at the new ones. */
  const copyTemplateParts = (source: TemplateRecord) => {
    const attachmentMap = new Map<string, string>();
    const schema = source.schema.map((item) => {
      const file = files.get(item.attachment_uuid)!;
      const preview = storeFile('0.png', 'image/png', TINY_PNG);
      const copy = storeFile(file.filename, file.contentType, file.bytes, { pages: file.pages, previewUuid: preview.uuid });
      attachmentMap.set(item.attachment_uuid, copy.uuid);
      return { attachment_uuid: copy.uuid, name: item.name };
    });
    const submitterMap = new Map<string, string>();
    const roles = source.submitters.map((s) => {
      const uuid = randomUUID();
      submitterMap.set(s.uuid, uuid);
      return { ...clone(s), uuid };
    });
    const fields = source.fields.map((f) => ({
      ...clone(f),
      uuid: randomUUID(),
      submitter_uuid: submitterMap.get(f.submitter_uuid) ?? f.submitter_uuid,
      areas: f.areas.map((a) => ({ ...a, attachment_uuid: attachmentMap.get(a.attachment_uuid) ?? a.attachment_uuid })),
    }));
    return { schema, roles, fields };
  };

  const newTemplate = (
    parts: Pick<TemplateRecord, 'name' | 'schema' | 'fields' | 'submitters'> & Partial<TemplateRecord>,
  ): TemplateRecord => {
    const at = now();
    const template: TemplateRecord = {
      id: ++ids.template,
      slug: slug(),
      external_id: null,
      folder_name: FAKE_DOCUSEAL_DEFAULT_FOLDER,
      shared_link: false,
      preferences: {},
      created_at: at,
      updated_at: at,
      archived_at: null,
      ...parts,
    };
    templates.set(template.id, template);
    return template;
  };

  const updateTemplate = (template: TemplateRecord, body: Json) => {
    const v: ParamsValidator = new ParamsValidator();
    const params = isObject(body.template) ? body.template : body;
    if (params.name !== undefined && typeof params.name !== 'string') v.fail('name must be a String');
    if (params.folder_name !== undefined && typeof params.folder_name !== 'string') v.fail('folder_name must be a String');
    if (params.roles !== undefined && !(Array.isArray(params.roles) && params.roles.every((r) => typeof r === 'string')))
      v.fail('roles must be a Array');
    if (params.submitters !== undefined && !(Array.isArray(params.submitters) && params.submitters.every(isObject)))
      v.fail('submitters must be a Array');
    if (params.fields !== undefined && !(Array.isArray(params.fields) && params.fields.every(isObject))) v.fail('fields must be a Array');
    if (typeof params.folder_name === 'string' && params.folder_name.trim()) template.folder_name = params.folder_name.trim();
    // Api::TemplatesController#update: roles rename parties by position (adding missing ones) first,
    // then submitters and fields, when given, replace the template's.
    (Array.isArray(params.roles) ? (params.roles as string[]) : []).forEach((role, index) => {
      if (template.submitters[index]) template.submitters[index].name = role;
      else template.submitters.push({ name: role, uuid: randomUUID() });
    });
    if (params.archived === true) template.archived_at = now();
    if (params.archived === false) template.archived_at = null;
    if (typeof params.name === 'string') template.name = params.name;
    if (params.external_id !== undefined) template.external_id = params.external_id === null ? null : String(params.external_id);
    if (params.shared_link !== undefined) template.shared_link = TRUE_VALUES.includes(params.shared_link as never);
    if (Array.isArray(params.submitters)) {
      const keys = [
        'name',
        'uuid',
        'is_requester',
        'invite_by_uuid',
        'invite_via_field_uuid',
        'optional_invite_by_uuid',
        'linked_to_uuid',
        'email',
        'order',
      ];
      template.submitters = (params.submitters as Json[]).map((s) => {
        const picked = Object.fromEntries(Object.entries(s).filter(([key]) => keys.includes(key)));
        return {
          ...picked,
          name: String(s.name ?? ''),
          uuid: typeof s.uuid === 'string' && s.uuid ? s.uuid : randomUUID(),
        } as TemplateSubmitter;
      });
    }
    if (Array.isArray(params.fields)) {
      const keys = [
        'uuid',
        'submitter_uuid',
        'name',
        'type',
        'required',
        'readonly',
        'default_value',
        'title',
        'description',
        'prefillable',
        'preferences',
        'conditions',
        'options',
        'validation',
        'areas',
      ];
      template.fields = (params.fields as Json[]).map((f) => {
        const picked = clone(Object.fromEntries(Object.entries(f).filter(([key]) => keys.includes(key))));
        return {
          ...picked,
          uuid: typeof f.uuid === 'string' && f.uuid ? f.uuid : randomUUID(),
          submitter_uuid: String(f.submitter_uuid ?? template.submitters[0]?.uuid ?? ''),
          name: typeof f.name === 'string' ? f.name : '',
          type: typeof f.type === 'string' ? f.type : 'text',
          required: f.required === undefined ? true : TRUE_VALUES.includes(f.required as never),
          preferences: isObject(f.preferences) ? clone(f.preferences) : {},
          areas: Array.isArray(f.areas) ? (clone(f.areas) as Area[]) : [],
        } as TemplateField;
      });
    }
    template.updated_at = now();
  };

  const mergeTemplates = (body: Json): TemplateRecord => {
    const v: ParamsValidator = new ParamsValidator();
    v.required(body, 'template_ids');
    v.type(body, 'template_ids', 'Array');
    const sources = (body.template_ids as unknown[]).map(findTemplate);
    const schema: TemplateRecord['schema'] = [];
    const fields: TemplateField[] = [];
    const roles: TemplateSubmitter[] = [];
    for (const source of sources) {
      const parts = copyTemplateParts(source);
      schema.push(...parts.schema);
      // Parties with the same name across the templates become one party of the merged template.
      const roleMap = new Map<string, string>();
      for (const role of parts.roles) {
        const same = roles.find((r) => r.name.toLowerCase() === role.name.toLowerCase());
        if (same) roleMap.set(role.uuid, same.uuid);
        else roles.push(role);
      }
      fields.push(...parts.fields.map((f) => ({ ...f, submitter_uuid: roleMap.get(f.submitter_uuid) ?? f.submitter_uuid })));
    }
    (Array.isArray(body.roles) ? body.roles : []).forEach((name, index) => {
      if (roles[index] && typeof name === 'string') roles[index].name = name;
    });
    return newTemplate({
      name: typeof body.name === 'string' && body.name.trim() ? body.name.trim() : `${sources[0].name} (Merged)`,
      folder_name: typeof body.folder_name === 'string' && body.folder_name.trim() ? body.folder_name.trim() : FAKE_DOCUSEAL_DEFAULT_FOLDER,
      external_id: typeof body.external_id === 'string' && body.external_id ? body.external_id : null,
      shared_link: TRUE_VALUES.includes(body.shared_link as never),
      schema,
      fields,
      submitters: roles,
    });
  };

  // ---- submissions ----------------------------------------------------------------------------------
  const findSubmission = (raw: unknown): SubmissionRecord => {
    const submission = /^\d+$/.test(String(raw)) ? submissions.get(Number(raw)) : undefined;
    if (!submission) throw new FakeDocusealError(404, DOCUSEAL_ERRORS.notFound);
    return submission;
  };
  const findSubmitter = (raw: unknown): SubmitterRecord => {
    const submitter = /^\d+$/.test(String(raw)) ? submitters.get(Number(raw)) : undefined;
    if (!submitter) throw new FakeDocusealError(404, { error: `Submitter ${String(raw)} not found` });
    return submitter;
  };
  const submittersOf = (submission: SubmissionRecord) => submission.submitterIds.map((id) => submitters.get(id)!);
  const roleOf = (submission: SubmissionRecord, submitter: SubmitterRecord) =>
    submission.template_submitters.find((s) => s.uuid === submitter.uuid);
  const isViewer = (submission: SubmissionRecord, submitter: SubmitterRecord) => roleOf(submission, submitter)?.is_viewer === true;
  const isExpired = (submission: SubmissionRecord) => submission.expire_at !== null && submission.expire_at <= now();
  const submitterStatus = (s: SubmitterRecord): FakeDocusealSubmitterStatus =>
    s.declined_at !== null
      ? 'declined'
      : s.completed_at !== null
        ? 'completed'
        : s.opened_at !== null
          ? 'opened'
          : s.sent_at !== null
            ? 'sent'
            : 'awaiting';
  const submissionStatus = (submission: SubmissionRecord): FakeDocusealSubmissionStatus => {
    if (submission.completed_at !== null) return 'completed';
    if (submittersOf(submission).some((s) => s.declined_at !== null)) return 'declined';
    return isExpired(submission) ? 'expired' : 'pending';
  };
  const addEvent = (submission: SubmissionRecord, submitter: SubmitterRecord, eventType: string, data: Json = {}) => {
    const at = now();
    submission.events.push({
      id: ++ids.event,
      submitter_id: submitter.id,
      event_type: eventType,
      at,
      data: Object.fromEntries(Object.entries(data).filter(([, value]) => present(value))),
    });
    submission.updated_at = at;
  };

  /** Order groups as DocuSeal builds them: explicit `order` values, else one party after another (preserved) or all at once. */
  const orderGroups = (submission: SubmissionRecord): TemplateSubmitter[][] => {
    const items = submission.template_submitters;
    if (items.some((s) => s.order !== undefined && s.order !== null)) {
      const groups = new Map<number, TemplateSubmitter[]>();
      items.forEach((s, index) => {
        const key = typeof s.order === 'number' ? s.order : index;
        groups.set(key, [...(groups.get(key) ?? []), s]);
      });
      return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
    }
    if (submission.submitters_order === 'preserved') return items.filter((s) => !s.is_viewer).map((s) => [s]);
    return [items];
  };
  /** Submitters.current_submitter_order?: everyone in earlier groups has signed. */
  const isTurnOf = (submission: SubmissionRecord, submitter: SubmitterRecord) => {
    if (isViewer(submission, submitter)) return true;
    const groups = orderGroups(submission);
    const index = groups.findIndex((group) => group.some((s) => s.uuid === submitter.uuid));
    const byUuid = new Map(submittersOf(submission).map((s) => [s.uuid, s]));
    return groups
      .slice(0, Math.max(index, 0))
      .every((group) => group.every((s) => !byUuid.get(s.uuid) || byUuid.get(s.uuid)!.completed_at !== null));
  };
  /** SendSubmitterInvitationEmailJob: a send_email event and sent_at, for parties with an email who get emails. */
  const invite = (submission: SubmissionRecord, list: SubmitterRecord[]) => {
    for (const submitter of list) {
      if (!submitter.email || submitter.declined_at !== null || submitter.completed_at !== null) continue;
      if (submitter.preferences.send_email === false) continue;
      if (submission.archived_at !== null || isExpired(submission)) continue;
      addEvent(submission, submitter, 'send_email');
      submitter.sent_at ??= now();
      submitter.updated_at = now();
    }
  };

  const fieldValueForApi = (field: TemplateField, value: unknown, base: string) => {
    if (ATTACHMENT_TYPES.includes(field.type) || field.type === 'payment' || field.type === 'kba')
      return typeof value === 'string' ? fileUrl(base, value) : null;
    if (field.type === 'file')
      return (Array.isArray(value) ? value : [value])
        .filter(present)
        .map((uuid) => fileUrl(base, String(uuid)))
        .filter(Boolean);
    return value === undefined ? null : value;
  };

  /** SerializeForWebhook.build_values_array: the party's fields with a value (all of them once signed). */
  const valuesArray = (submission: SubmissionRecord, submitter: SubmitterRecord, base: string) => {
    const counters: Record<string, number> = {};
    return submission.template_fields.flatMap((field) => {
      counters[field.type] = (counters[field.type] ?? 0) + 1;
      if (field.submitter_uuid !== submitter.uuid || field.type === 'heading') return [];
      if (!(field.uuid in submitter.values) && submitter.completed_at === null) return [];
      const name = field.name || `${titleize(field.type)} Field ${counters[field.type]}`;
      return [{ field: name, value: fieldValueForApi(field, submitter.values[field.uuid], base) }];
    });
  };

  const serializeSubmitter = (
    submission: SubmissionRecord,
    submitter: SubmitterRecord,
    base: string,
    opts: { withDocuments?: boolean; withValues?: boolean; withUrls?: boolean; withEvents?: boolean } = {},
  ) => {
    const { default_values: _defaults, ...preferences } = submitter.preferences;
    const json: Json = {
      id: submitter.id,
      submission_id: submitter.submission_id,
      uuid: submitter.uuid,
      email: submitter.email,
      slug: submitter.slug,
      sent_at: iso(submitter.sent_at),
      opened_at: iso(submitter.opened_at),
      completed_at: iso(submitter.completed_at),
      declined_at: iso(submitter.declined_at),
      created_at: iso(submitter.created_at),
      updated_at: iso(submitter.updated_at),
      name: submitter.name,
      phone: submitter.phone,
      external_id: submitter.external_id,
      metadata: clone(submitter.metadata),
      status: submitterStatus(submitter),
      application_key: submitter.external_id,
      preferences: clone(preferences),
      role: roleOf(submission, submitter)?.name ?? null,
    };
    if (opts.withValues !== false) json.values = valuesArray(submission, submitter, base);
    if (opts.withDocuments !== false)
      json.documents = submitter.documentUuids.map((uuid) => ({
        name: files.get(uuid)!.filename.replace(/\.pdf$/i, ''),
        url: fileUrl(base, uuid),
      }));
    if (opts.withEvents)
      json.submission_events = serializeEvents(
        submission.events.filter((e) => e.submitter_id === submitter.id),
        false,
      );
    if (opts.withUrls) json.embed_src = `${base}/s/${submitter.slug}`;
    return json;
  };

  const serializeEvents = (events: SubmissionRecord['events'], full: boolean) =>
    events.map((event) => ({
      id: event.id,
      submitter_id: event.submitter_id,
      event_type: event.event_type,
      event_timestamp: iso(event.at),
      data: full
        ? clone(event.data)
        : Object.fromEntries(
            Object.entries(event.data).filter(
              ([key]) => API_EVENT_DATA_KEYS.includes(key) || (behaviour.eventTrackingData && (key === 'ip' || key === 'ua')),
            ),
          ),
    }));

  const lastCompleted = (submission: SubmissionRecord) =>
    submittersOf(submission)
      .filter((s) => s.completed_at !== null)
      .sort((a, b) => a.completed_at! - b.completed_at! || a.id - b.id)
      .pop();

  /** Submissions::SerializeForApi. */
  const serializeSubmission = async (
    submission: SubmissionRecord,
    base: string,
    opts: { include?: string; withEvents?: boolean; withDocuments?: boolean; withValues?: boolean; fullEvents?: boolean } = {},
  ) => {
    const template = templates.get(submission.template_id);
    const include = opts.include ?? '';
    const list = submittersOf(submission);
    const json: Json = {
      id: submission.id,
      name: submission.name,
      slug: submission.slug,
      source: 'api',
      submitters_order: submission.submitters_order,
      expire_at: iso(submission.expire_at),
      created_at: iso(submission.created_at),
      updated_at: iso(submission.updated_at),
      archived_at: iso(submission.archived_at),
      template: template
        ? {
            id: template.id,
            name: template.name,
            external_id: template.external_id,
            created_at: iso(template.created_at),
            updated_at: iso(template.updated_at),
            folder_name: template.folder_name,
          }
        : null,
      created_by_user: { ...FAKE_DOCUSEAL_USER },
      variables: clone(submission.variables),
    };
    if (opts.withEvents !== false) json.submission_events = serializeEvents(submission.events, opts.fullEvents === true);
    if (include.includes('fields')) json.fields = clone(submission.template_fields);
    if (submission.completed_at !== null) {
      const last = lastCompleted(submission)!;
      if (opts.withDocuments !== false)
        json.documents = last.documentUuids.map((uuid) => ({
          name: files.get(uuid)!.filename.replace(/\.pdf$/i, ''),
          url: fileUrl(base, uuid),
        }));
      json.audit_log_url = fileUrl(base, submission.auditUuid);
      if (!submission.combinedUuid && include.includes('combined_document_url')) await ensureCombined(submission);
      json.combined_document_url = fileUrl(base, submission.combinedUuid);
      json.status = 'completed';
      json.completed_at = iso(submission.completed_at);
    } else {
      if (opts.withDocuments !== false) json.documents = [];
      json.audit_log_url = null;
      json.combined_document_url = null;
      json.status = submissionStatus(submission);
      json.completed_at = null;
    }
    json.submitters = list.map((s) =>
      serializeSubmitter(submission, s, base, { withDocuments: opts.withDocuments, withValues: opts.withValues }),
    );
    return json;
  };

  const createSubmission = (body: Json) => {
    if (!present(body.template_id)) throw new FakeDocusealError(422, DOCUSEAL_ERRORS.templateNotFound);
    const template = findTemplate(body.template_id);
    if (template.archived_at !== null) throw new FakeDocusealError(422, DOCUSEAL_ERRORS.templateArchived);
    if (template.fields.length === 0) throw new FakeDocusealError(422, DOCUSEAL_ERRORS.templateWithoutFields);
    validateSubmissionParams(body);

    const at = now();
    const order = (body.submitters_order ?? body.order ?? 'preserved') as 'preserved' | 'random';
    const expireAt = typeof body.expire_at === 'string' && !Number.isNaN(Date.parse(body.expire_at)) ? Date.parse(body.expire_at) : null;
    const submissionPreferences: Json = {};
    if ('send_email' in body) submissionPreferences.send_email = TRUE_VALUES.includes(body.send_email as never);
    if (isObject(body.message)) submissionPreferences.email_message = clone(body.message);
    const submission: SubmissionRecord = {
      id: 0,
      slug: slug(),
      name: typeof body.name === 'string' ? body.name : null,
      submitters_order: order,
      template_id: template.id,
      template_name: template.name,
      template_submitters: [],
      template_fields: clone(template.fields),
      template_schema: clone(template.schema),
      variables: isObject(body.variables) ? clone(body.variables) : {},
      preferences: submissionPreferences,
      expire_at: expireAt,
      created_at: at,
      updated_at: at,
      archived_at: null,
      completed_at: null,
      submitterIds: [],
      events: [],
    };
    const templateParties = clone(template.submitters);
    const built: SubmitterRecord[] = [];
    for (const [index, params] of (body.submitters as Json[]).entries()) {
      if (Array.isArray(params.roles) && params.roles.length > 1)
        throw new FakeDocusealError(422, { error: 'The fake does not merge several roles into one submitter' });
      const roleName =
        Array.isArray(params.roles) && params.roles.length === 1
          ? String(params.roles[0])
          : typeof params.role === 'string'
            ? params.role
            : '';
      // Submissions::CreateFromSubmitters.find_submitter_uuid: uuid, else the role by name (any case), else the position.
      const uuid =
        (typeof params.uuid === 'string' && params.uuid) ||
        templateParties.find((p) => p.name.toLowerCase() === roleName.toLowerCase())?.uuid ||
        templateParties[index]?.uuid;
      if (!uuid) continue;
      if (![params.email, params.phone, params.name].some(present)) continue;
      const party = templateParties.find((p) => p.uuid === uuid);
      if (!party) throw new FakeDocusealError(422, { error: 'Invalid submitter params' });
      const { invite_by_uuid: _a, optional_invite_by_uuid: _b, invite_via_field_uuid: _c, ...kept } = party;
      const stored: TemplateSubmitter = { ...kept };
      if (typeof params.order === 'number') stored.order = params.order;
      submission.template_submitters.push(stored);

      const preferences: Json = { ...submissionPreferences };
      if ('send_email' in params) preferences.send_email = TRUE_VALUES.includes(params.send_email as never);
      if ('send_sms' in params) preferences.send_sms = TRUE_VALUES.includes(params.send_sms as never);
      if (isObject(params.message)) preferences.email_message = clone(params.message);
      for (const key of ['reply_to', 'completed_redirect_url']) if (params[key] !== undefined) preferences[key] = params[key];
      if (isObject(params.values)) preferences.default_values = clone(params.values);

      // values by field name (any case) or uuid, among this party's fields; unknown names are dropped.
      const ownFields = submission.template_fields.filter((f) => f.submitter_uuid === uuid);
      const byKey = (key: string) =>
        ownFields.filter((f) => f.uuid === key || f.name === key || f.name.toLowerCase() === key.toLowerCase());
      const values: Json = {};
      for (const [key, value] of Object.entries(isObject(params.values) ? params.values : {})) {
        // A signature or image given as base64 or URL becomes a stored image (always the fake's tiny PNG).
        for (const field of byKey(key))
          values[field.uuid] =
            ATTACHMENT_TYPES.includes(field.type) && present(value)
              ? storeFile(`${field.type}.png`, 'image/png', TINY_PNG).uuid
              : clone(value);
      }
      // fields [{name, default_value, readonly, ...}] change this submission's copy of the template's fields.
      for (const fieldParams of (Array.isArray(params.fields) ? params.fields : []) as Json[]) {
        for (const field of byKey(String(fieldParams.uuid ?? fieldParams.name ?? ''))) {
          for (const key of ['default_value', 'readonly', 'required', 'title', 'description', 'validation', 'preferences']) {
            if (fieldParams[key] !== undefined) field[key] = clone(fieldParams[key]);
          }
          if (fieldParams.value !== undefined) field.default_value = clone(fieldParams.value);
        }
      }
      const email = typeof params.email === 'string' && params.email.trim() ? params.email.trim().toLowerCase() : null;
      built.push({
        id: 0,
        submission_id: 0,
        uuid,
        slug: slug(),
        name: typeof params.name === 'string' ? params.name : null,
        email,
        phone: typeof params.phone === 'string' ? params.phone.replace(/[^0-9+]/g, '') : '',
        external_id:
          typeof params.external_id === 'string' && params.external_id
            ? params.external_id
            : typeof params.application_key === 'string'
              ? params.application_key
              : null,
        metadata: isObject(params.metadata) ? clone(params.metadata) : {},
        preferences,
        values,
        sent_at: null,
        opened_at: null,
        completed_at: null,
        declined_at: null,
        created_at: at,
        updated_at: at,
        ip: null,
        ua: null,
        documentUuids: [],
      });
    }
    if (built.length > template.submitters.length) throw new FakeDocusealError(422, DOCUSEAL_ERRORS.tooManyParties);
    if (built.length === 0) return undefined;

    submission.id = ++ids.submission;
    submissions.set(submission.id, submission);
    for (const submitter of built) {
      submitter.id = ++ids.submitter;
      submitter.submission_id = submission.id;
      submitters.set(submitter.id, submitter);
      submission.submitterIds.push(submitter.id);
    }
    // Parties without fields only watch (is_viewer): they never sign and the submission completes without them.
    const withFields = new Set(submission.template_fields.map((f) => f.submitter_uuid));
    for (const party of submission.template_submitters) if (!withFields.has(party.uuid)) party.is_viewer = true;
    // Submissions.send_signature_requests: the first order group (or everyone, order random) is invited now.
    const first = orderGroups(submission)[0] ?? [];
    const firstUuids = new Set(first.map((s) => s.uuid));
    invite(
      submission,
      built.filter(
        (s) =>
          firstUuids.has(s.uuid) || (submission.submitters_order === 'preserved' && isViewer(submission, s) && isTurnOf(submission, s)),
      ),
    );
    return submission;
  };

  // ---- the signers (control) --------------------------------------------------------------------------
  const stampsFor = (submission: SubmissionRecord, attachmentUuid: string): PdfStamp[] =>
    submittersOf(submission)
      .filter((s) => s.completed_at !== null)
      .flatMap((s) =>
        submission.template_fields
          .filter((f) => f.submitter_uuid === s.uuid)
          .flatMap((field) => {
            const value = s.values[field.uuid];
            if (!present(value) && value !== false) return [];
            const who = s.name || s.email || roleOf(submission, s)?.name || 'Signer';
            const signature = field.type === 'signature' || field.type === 'initials';
            const text =
              field.type === 'signature'
                ? `Signed: ${who}`
                : field.type === 'initials'
                  ? who
                      .split(/\s+/)
                      .map((w) => w[0]?.toUpperCase() ?? '')
                      .join('')
                  : ATTACHMENT_TYPES.includes(field.type)
                    ? '[image]'
                    : field.type === 'checkbox'
                      ? TRUE_VALUES.includes(value as never)
                        ? 'X'
                        : ''
                      : Array.isArray(value)
                        ? value.join(', ')
                        : String(value);
            return field.areas
              .filter((a) => a.attachment_uuid === attachmentUuid)
              .map((a) => ({ page: a.page, x: a.x, y: a.y, w: a.w, h: a.h, text, signature }));
          }),
      );

  /** The template's documents with every completed party's values drawn in (a party's result, a preview). */
  const renderDocuments = async (submission: SubmissionRecord, footer: string) => {
    const rendered: StoredFile[] = [];
    for (const item of submission.template_schema) {
      const source = files.get(item.attachment_uuid);
      if (!source) continue;
      const bytes = await stampPdf(source.bytes, stampsFor(submission, item.attachment_uuid), footer, item.name);
      rendered.push(storeFile(`${item.name}.pdf`, 'application/pdf', bytes));
    }
    return rendered;
  };

  const eventWords: Record<string, string> = {
    send_email: 'Invitation email sent',
    bounce_email: 'Invitation email bounced',
    view_form: 'Form viewed',
    start_form: 'Form started',
    complete_form: 'Form completed',
    decline_form: 'Form declined',
  };
  const ensureAudit = async (submission: SubmissionRecord) => {
    if (submission.auditUuid) return;
    const list = submittersOf(submission);
    const who = (id: number) => {
      const s = list.find((x) => x.id === id);
      return s ? `${s.name ?? ''} <${s.email ?? s.phone}> (${roleOf(submission, s)?.name ?? ''})`.trim() : '';
    };
    const entries: AuditEntry[] = submission.events.map((event) => ({
      at: iso(event.at)!,
      what: `${eventWords[event.event_type] ?? event.event_type}${event.data.reason ? `: ${String(event.data.reason)}` : ''}`,
      who: who(event.submitter_id),
      ip: event.data.ip as string | undefined,
      ua: event.data.ua as string | undefined,
    }));
    const bytes = await auditLogPdf(
      submission.template_name,
      list.map((s) => who(s.id)),
      entries,
    );
    submission.auditUuid = storeFile(`Audit Log - ${submission.template_name}.pdf`, 'application/pdf', bytes).uuid;
  };
  /** Submissions::EnsureCombinedGenerated: the signed documents and the audit log in one PDF. */
  const ensureCombined = async (submission: SubmissionRecord) => {
    if (submission.combinedUuid || submission.completed_at === null) return;
    await ensureAudit(submission);
    const last = lastCompleted(submission)!;
    const parts = [...last.documentUuids, submission.auditUuid!].map((uuid) => files.get(uuid)!.bytes);
    submission.combinedUuid = storeFile(
      `${submission.template_name}.pdf`,
      'application/pdf',
      await mergePdfs(parts, submission.template_name),
    ).uuid;
  };

  const conflict = (error: string): never => {
    throw new FakeDocusealError(409, { error });
  };
  /** What stops a signer in DocuSeal's form: a finished party, an archived or expired submission, not their turn yet. */
  const checkCanAct = (submission: SubmissionRecord, submitter: SubmitterRecord, action: string) => {
    if (submitter.completed_at !== null) conflict(`Submitter ${submitter.id} has already completed the form`);
    if (submitter.declined_at !== null) conflict(`Submitter ${submitter.id} has declined the form`);
    if (submission.archived_at !== null) conflict(`Submission ${submission.id} is archived`);
    if (isExpired(submission)) conflict(`Submission ${submission.id} has expired`);
    if (submittersOf(submission).some((s) => s.declined_at !== null)) conflict(`Submission ${submission.id} was declined`);
    if (!isTurnOf(submission, submitter))
      conflict(`Submitter ${submitter.id} cannot ${action} yet: earlier parties have not completed (order ${submission.submitters_order})`);
  };

  const open = (submission: SubmissionRecord, submitter: SubmitterRecord, actor: FakeDocusealActor) => {
    submitter.opened_at = now();
    submitter.updated_at = now();
    addEvent(submission, submitter, 'view_form', { ip: actor.ip, ua: actor.ua });
  };

  const defaultValue = (submission: SubmissionRecord, submitter: SubmitterRecord, field: TemplateField): unknown => {
    if (field.default_value !== undefined && field.default_value !== null) return clone(field.default_value);
    const options = Array.isArray(field.options) ? (field.options as { value: string }[]).map((o) => o.value) : [];
    switch (field.type) {
      case 'signature':
      case 'initials':
        return storeFile(`${field.type}.png`, 'image/png', TINY_PNG).uuid;
      case 'date':
        return new Date(now()).toISOString().slice(0, 10);
      case 'checkbox':
        return true;
      case 'number':
        return 1;
      case 'select':
      case 'radio':
        return options[0] ?? null;
      case 'multiple':
        return options.slice(0, 1);
      case 'text':
        return submitter.name || submitter.email || roleOf(submission, submitter)?.name || 'Text';
      default:
        return undefined;
    }
  };

  const control: FakeDocusealControl = {
    behaviour: () => ({ ...behaviour }),
    set(patch) {
      const defined = Object.fromEntries(Object.entries(patch).filter(([key, value]) => key in DEFAULT_BEHAVIOUR && value !== undefined));
      behaviour = checkedBehaviour({ ...behaviour, ...defined });
      return { ...behaviour };
    },
    failNext(failure) {
      const count = failure.count ?? 1;
      if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599) throw new Error('status must be a 4xx or 5xx');
      if (!Number.isInteger(count) || count < 1) throw new Error('count must be a whole number from 1');
      scripted.push({ ...failure, count });
    },
    requests: (filter = {}) =>
      recorded
        .filter(
          (r) =>
            (!filter.method || r.method === filter.method.toUpperCase()) && (!filter.pathPrefix || r.path.startsWith(filter.pathPrefix)),
        )
        .map((r) => clone(r)),
    clearRequests() {
      recorded = [];
    },
    async open(submitterId, actor = {}) {
      const submitter = findSubmitter(submitterId);
      const submission = submissions.get(submitter.submission_id)!;
      checkCanAct(submission, submitter, 'open the form');
      open(submission, submitter, actor);
      return control.submission(submission.id);
    },
    async complete(submitterId, actor = {}) {
      const submitter = findSubmitter(submitterId);
      const submission = submissions.get(submitter.submission_id)!;
      checkCanAct(submission, submitter, 'complete the form');
      if (isViewer(submission, submitter)) conflict(`Submitter ${submitter.id} only views the documents (no fields to sign)`);
      if (submitter.opened_at === null) open(submission, submitter, actor);
      if (!submission.events.some((e) => e.submitter_id === submitter.id && e.event_type === 'start_form'))
        addEvent(submission, submitter, 'start_form', { ip: actor.ip, ua: actor.ua });
      const given = actor.values ?? {};
      for (const field of submission.template_fields.filter((f) => f.submitter_uuid === submitter.uuid && f.type !== 'heading')) {
        const byName = Object.keys(given).find(
          (key) => key === field.uuid || (field.name && key.toLowerCase() === field.name.toLowerCase()),
        );
        const value =
          byName !== undefined
            ? given[byName]
            : field.uuid in submitter.values
              ? submitter.values[field.uuid]
              : defaultValue(submission, submitter, field);
        if (value !== undefined)
          submitter.values[field.uuid] =
            ATTACHMENT_TYPES.includes(field.type) && byName !== undefined
              ? storeFile(`${field.type}.png`, 'image/png', TINY_PNG).uuid
              : value;
      }
      const at = now();
      Object.assign(submitter, { completed_at: at, updated_at: at, ip: actor.ip ?? null, ua: actor.ua ?? null });
      addEvent(submission, submitter, 'complete_form', { ip: actor.ip, ua: actor.ua });
      // Submissions::EnsureResultGenerated: the party's copy holds every signature so far.
      submitter.documentUuids = (
        await renderDocuments(
          submission,
          `Fake DocuSeal - submission ${submission.id} - signed by ${submitter.email ?? submitter.name ?? submitter.id} at ${iso(at)}`,
        )
      ).map((f) => f.uuid);
      const remaining = submittersOf(submission).filter((s) => s.completed_at === null && !isViewer(submission, s));
      if (remaining.length === 0) {
        submission.completed_at = Math.max(...submittersOf(submission).map((s) => s.completed_at ?? 0));
        submission.updated_at = at;
        await ensureAudit(submission);
        if (behaviour.combinePdfResult) await ensureCombined(submission);
      } else if (submission.submitters_order === 'preserved' || submission.template_submitters.some((s) => typeof s.order === 'number')) {
        // ProcessSubmitterCompletionJob: once a group has signed, the next parties get their invitation.
        invite(
          submission,
          remaining.filter((s) => s.sent_at === null && isTurnOf(submission, s)),
        );
      }
      return control.submission(submission.id);
    },
    async decline(submitterId, actor = {}) {
      const submitter = findSubmitter(submitterId);
      const submission = submissions.get(submitter.submission_id)!;
      checkCanAct(submission, submitter, 'decline');
      if (isViewer(submission, submitter)) conflict(`Submitter ${submitter.id} only views the documents (no fields to sign)`);
      submitter.declined_at = now();
      submitter.updated_at = now();
      addEvent(submission, submitter, 'decline_form', { ip: actor.ip, ua: actor.ua, reason: actor.reason });
      return control.submission(submission.id);
    },
    async bounce(submitterId, details = {}) {
      const submitter = findSubmitter(submitterId);
      const submission = submissions.get(submitter.submission_id)!;
      if (submitter.sent_at === null || !submitter.email) conflict(`Submitter ${submitter.id} was sent no email to bounce`);
      addEvent(submission, submitter, 'bounce_email', { reason: details.reason });
      return control.submission(submission.id);
    },
    async expire(submissionId) {
      const submission = findSubmission(submissionId);
      if (submission.completed_at !== null) conflict(`Submission ${submission.id} is completed`);
      submission.expire_at = now();
      submission.updated_at = now();
      return control.submission(submission.id);
    },
    async completeAll(submissionId, actor = {}) {
      const submission = findSubmission(submissionId);
      for (let guard = 0; guard < submission.submitterIds.length; guard++) {
        const next = submittersOf(submission).find((s) => s.completed_at === null && !isViewer(submission, s) && isTurnOf(submission, s));
        if (!next) break;
        await control.complete(next.id, actor);
      }
      return control.submission(submission.id);
    },
    async submission(submissionId) {
      return serializeSubmission(findSubmission(submissionId), currentOrigin(), { fullEvents: true });
    },
    submitterId(submissionId, ref) {
      const submission = findSubmission(submissionId);
      const wanted = ref.toLowerCase();
      const found = submittersOf(submission).find(
        (s) => String(s.id) === ref || s.email === wanted || roleOf(submission, s)?.name.toLowerCase() === wanted,
      );
      if (!found) throw new FakeDocusealError(404, { error: `Submission ${submission.id} has no submitter '${ref}' (role, email or id)` });
      return found.id;
    },
    counts: () => ({ templates: templates.size, submissions: submissions.size, submitters: submitters.size, requests: recorded.length }),
    reset() {
      behaviour = { ...initialBehaviour };
      scripted = [];
      recorded = [];
      templates = new Map();
      submissions = new Map();
      submitters = new Map();
      files = new Map();
      folders = new Map([[FAKE_DOCUSEAL_DEFAULT_FOLDER, 1]]);
      ids = { template: 0, submission: 0, submitter: 0, event: 0, file: 0, request: 0 };
    },
  };

  // ---- HTTP ---------------------------------------------------------------------------------------------
  // Base64 PDFs travel in JSON bodies; signed file ids are longer than Fastify's 100-character params.
  const app = fastify({
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
  }) as unknown as FakeDocusealApp;
  app.decorate('docuseal', control);
  const baseOf = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  // The client sends Content-Type: application/json on every call, bodiless GETs and DELETEs included,
  // and Rails reads an empty body as no params: do the same rather than Fastify's 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Error occurred while parsing request parameters'), { statusCode: 400 }), undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // errors_controller.rb: {status, error} with the message only for parameter parse errors.
    return reply.code(status).send(status === 400 ? { status, error: error.message } : { status });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(DOCUSEAL_ERRORS.notFound));

  const isControlPath = (path: string) => path === '/__control' || path.startsWith('/__control/');
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

  const currentOrigin = () => {
    if (options.publicUrl) return options.publicUrl;
    if (lastOrigin) return lastOrigin;
    const address = app.server.address();
    if (address && typeof address === 'object')
      return `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;
    return 'http://localhost';
  };

  app.addHook('onRequest', async (request) => {
    lastOrigin = baseOf(request);
    const path = pathOf(request);
    if (isControlPath(path)) return;
    // The API key is never kept: the record says only whether it was right.
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name !== 'x-auth-token')
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    );
    const entry: FakeDocusealRecordedRequest = {
      id: ++ids.request,
      at: new Date(now()).toISOString(),
      method: request.method,
      path,
      query: Object.fromEntries(new URL(request.url, 'http://fake').searchParams),
      headers,
      auth: path.startsWith('/api/') ? authOf(request) : 'none',
      body: undefined,
    };
    recorded.push(entry);
    if (recorded.length > maxRecorded) recorded.splice(0, recorded.length - maxRecorded);
    recordOf.set(request, entry);
  });

  const authOf = (request: FastifyRequest): FakeDocusealRecordedRequest['auth'] => {
    const token = request.headers['x-auth-token'];
    if (typeof token !== 'string' || token.trim() === '') return 'missing';
    const given = Buffer.from(token);
    return apiKeys.some((key) => key.length === given.length && timingSafeEqual(key, given)) ? 'accepted' : 'rejected';
  };

  // A development stack uploads real PDFs: the record keeps long strings (base64 files) as their length and digest.
  const forRecord = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.length > 65_536 ? `<${value.length} characters, sha256 ${createHash('sha256').update(value).digest('hex')}>` : value;
    if (Array.isArray(value)) return value.map(forRecord);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, forRecord(item)]));
    return value;
  };

  const failureBody = (status: number) =>
    status === 429
      ? DOCUSEAL_ERRORS.tooManyRequests
      : status === 401
        ? DOCUSEAL_ERRORS.notAuthenticated
        : status === 403
          ? DOCUSEAL_ERRORS.notAuthorized
          : { status };

  // After the body is parsed (so the record has it): latency, scripted failures, random failures, then the key.
  app.addHook('preHandler', async (request, reply) => {
    const path = pathOf(request);
    if (isControlPath(path)) return;
    const entry = recordOf.get(request);
    if (entry) entry.body = forRecord(request.body);
    if (behaviour.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.latencyMs));
    const next = scripted.find(
      (f) =>
        (f.pathPrefix ? path.startsWith(f.pathPrefix) : path.startsWith('/api/')) &&
        (!f.method || f.method.toUpperCase() === request.method),
    );
    if (next) {
      next.count -= 1;
      if (next.count <= 0) scripted = scripted.filter((f) => f !== next);
      if (entry) entry.injected = true;
      if (next.retryAfterSeconds !== undefined) reply.header('retry-after', String(next.retryAfterSeconds));
      return reply.code(next.status).send(next.body ?? failureBody(next.status));
    }
    if (!path.startsWith('/api/')) return;
    if (behaviour.failureRate > 0 && random() < behaviour.failureRate) {
      if (entry) entry.injected = true;
      return reply.code(behaviour.failureStatus).send(failureBody(behaviour.failureStatus));
    }
    if (authOf(request) !== 'accepted') return reply.code(401).send(DOCUSEAL_ERRORS.notAuthenticated);
  });

  app.addHook('onResponse', async (request, reply) => {
    const entry = recordOf.get(request);
    if (entry) entry.status = reply.statusCode;
  });

  type Handler = (request: FastifyRequest, base: string) => Promise<unknown> | unknown;
  const route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, handler: Handler) =>
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          const result = await handler(request, baseOf(request));
          return reply.code(200).send(result);
        } catch (error) {
          if (error instanceof FakeDocusealError) return reply.code(error.status).send(error.body);
          throw error;
        }
      },
    });
  const bodyOf = (request: FastifyRequest): Json => (isObject(request.body) ? request.body : {});
  const queryOf = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
  const truthy = (value: unknown) => value === 'true' || value === true;

  /** Api::ApiBaseController#paginate: newest first, after/before by id, limit 10 (at most 100). */
  const page = <T extends { id: number }>(items: T[], query: Record<string, string | undefined>) => {
    const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
    let list = [...items].sort((a, b) => b.id - a.id);
    if (query.after) list = list.filter((item) => item.id < Number(query.after));
    if (query.before) list = list.filter((item) => item.id > Number(query.before));
    list = list.slice(0, limit);
    return { list, pagination: { count: list.length, next: list.at(-1)?.id ?? null, prev: list[0]?.id ?? null } };
  };

  // Templates
  route('GET', '/api/templates', (request, base) => {
    const query = queryOf(request);
    const list = [...templates.values()].filter(
      (t) =>
        (truthy(query.archived) ? t.archived_at !== null : t.archived_at === null) &&
        (!query.external_id || t.external_id === query.external_id) &&
        (!query.application_key || t.external_id === query.application_key) &&
        (!query.slug || t.slug === query.slug) &&
        (!query.folder || t.folder_name === query.folder) &&
        (!query.q || t.name.toLowerCase().includes(query.q.toLowerCase())),
    );
    const { list: shown, pagination } = page(list, query);
    return { data: shown.map((t) => serializeTemplate(t, base)), pagination };
  });
  route('GET', '/api/templates/:id', (request, base) => serializeTemplate(findTemplate(param(request, 'id')), base));
  route('POST', '/api/templates/pdf', async (request, base) => serializeTemplate(await createTemplateFromPdf(bodyOf(request)), base));
  route('POST', '/api/templates/merge', (request, base) => serializeTemplate(mergeTemplates(bodyOf(request)), base));
  route('POST', '/api/templates/:id/clone', (request, base) => {
    const source = findTemplate(param(request, 'id'));
    const body = bodyOf(request);
    const parts = copyTemplateParts(source);
    const clone = newTemplate({
      name: typeof body.name === 'string' && body.name.trim() ? body.name.trim() : `${source.name} (Clone)`,
      folder_name: typeof body.folder_name === 'string' && body.folder_name.trim() ? body.folder_name.trim() : source.folder_name,
      external_id:
        typeof body.external_id === 'string' && body.external_id
          ? body.external_id
          : typeof body.application_key === 'string'
            ? body.application_key
            : null,
      shared_link: source.shared_link,
      preferences: { ...source.preferences },
      schema: parts.schema,
      fields: parts.fields,
      submitters: parts.roles,
    });
    return serializeTemplate(clone, base);
  });
  route('PUT', '/api/templates/:id', (request) => {
    const template = findTemplate(param(request, 'id'));
    updateTemplate(template, bodyOf(request));
    return { id: template.id, updated_at: iso(template.updated_at) };
  });
  route('DELETE', '/api/templates/:id', (request) => {
    const template = findTemplate(param(request, 'id'));
    if (truthy(queryOf(request).permanently)) templates.delete(template.id);
    else {
      template.archived_at = now();
      template.updated_at = now();
    }
    return { id: template.id, archived_at: iso(template.archived_at) };
  });

  // Submissions
  route('POST', '/api/submissions', async (request, base) => {
    const submission = createSubmission(bodyOf(request));
    return submission
      ? submittersOf(submission).map((s) => serializeSubmitter(submission, s, base, { withDocuments: false, withUrls: true }))
      : [];
  });
  route('POST', '/api/submissions/init', async (request, base) => {
    const submission = createSubmission(bodyOf(request));
    if (!submission) return { submitters: [] };
    return {
      id: submission.id,
      submitters: submittersOf(submission).map((s) => serializeSubmitter(submission, s, base, { withDocuments: false, withUrls: true })),
      expire_at: iso(submission.expire_at),
      created_at: iso(submission.created_at),
    };
  });
  route('GET', '/api/submissions', async (request, base) => {
    const query = queryOf(request);
    const list = [...submissions.values()].filter(
      (s) =>
        (query.archived === undefined || (truthy(query.archived) ? s.archived_at !== null : s.archived_at === null)) &&
        (!query.template_id || String(s.template_id) === query.template_id) &&
        (!query.slug || s.slug === query.slug) &&
        (!query.status || submissionStatus(s) === query.status) &&
        (!query.q ||
          submittersOf(s).some((x) => [x.name, x.email, x.phone].some((v) => v && v.toLowerCase().includes(query.q!.toLowerCase())))),
    );
    const { list: shown, pagination } = page(list, query);
    const data = [];
    for (const s of shown)
      data.push(await serializeSubmission(s, base, { include: query.include, withEvents: false, withDocuments: false, withValues: false }));
    return { data, pagination };
  });
  route('GET', '/api/submissions/:id', (request, base) =>
    serializeSubmission(findSubmission(param(request, 'id')), base, { include: queryOf(request).include }),
  );
  route('GET', '/api/submissions/:id/documents', async (request, base) => {
    const submission = findSubmission(param(request, 'id'));
    const merge = queryOf(request).merge === 'true' && submission.template_schema.length > 1;
    let uuids: string[];
    if (submission.completed_at !== null) {
      const last = lastCompleted(submission)!;
      if (merge) {
        if (!submission.mergedUuid) {
          const bytes = await mergePdfs(
            last.documentUuids.map((uuid) => files.get(uuid)!.bytes),
            submission.template_name,
          );
          submission.mergedUuid = storeFile(`${submission.template_name}.pdf`, 'application/pdf', bytes).uuid;
        }
        uuids = [submission.mergedUuid];
      } else uuids = last.documentUuids;
    } else {
      // Submissions::GeneratePreviewAttachments: the documents as filled so far, rebuilt when values change.
      const key = submittersOf(submission)
        .map((s) => `${s.id}:${s.completed_at ?? ''}`)
        .join(',');
      if (submission.preview?.key !== key) {
        const rendered = await renderDocuments(submission, `Fake DocuSeal - submission ${submission.id} - preview, not signed`);
        submission.preview = { key, uuids: rendered.map((f) => f.uuid) };
      }
      if (merge) {
        if (!submission.preview.mergedUuid) {
          const bytes = await mergePdfs(
            submission.preview.uuids.map((uuid) => files.get(uuid)!.bytes),
            submission.template_name,
          );
          submission.preview.mergedUuid = storeFile(`${submission.template_name}.pdf`, 'application/pdf', bytes).uuid;
        }
        uuids = [submission.preview.mergedUuid];
      } else uuids = submission.preview.uuids;
    }
    return {
      id: submission.id,
      documents: uuids.map((uuid) => ({ name: files.get(uuid)!.filename.replace(/\.pdf$/i, ''), url: fileUrl(base, uuid) })),
    };
  });
  route('DELETE', '/api/submissions/:id', (request) => {
    const submission = findSubmission(param(request, 'id'));
    if (truthy(queryOf(request).permanently)) {
      for (const id of submission.submitterIds) submitters.delete(id);
      submissions.delete(submission.id);
    } else {
      submission.archived_at = now();
      submission.updated_at = now();
    }
    return { id: submission.id, archived_at: iso(submission.archived_at) };
  });

  // Files: /file/<signed id>/<filename>, no key needed (the signed, expiring id is the permission).
  app.get('/file/:token/*', async (request, reply) => {
    const token = readToken(param(request, 'token'));
    const file = token ? files.get(token.uuid) : undefined;
    if (!token || !file) return reply.code(404).send();
    if (token.exp !== undefined && token.exp < Math.floor(now() / 1000)) return reply.code(403).send(DOCUSEAL_ERRORS.notAuthorized);
    return reply
      .code(200)
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"`)
      .header('accept-ranges', 'bytes')
      .send(file.bytes);
  });

  // ---- control (not DocuSeal) ---------------------------------------------------------------------------
  const controlRoute = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: (request: FastifyRequest) => Promise<unknown> | unknown) =>
    app.route({
      method,
      url: `/__control${url}`,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          return reply.code(200).send(await handler(request));
        } catch (error) {
          if (error instanceof FakeDocusealError) return reply.code(error.status).send(error.body);
          return reply.code(400).send({ error: (error as Error).message });
        }
      },
    });
  const actor = (body: Json) => ({
    ip: typeof body.ip === 'string' ? body.ip : undefined,
    ua: typeof body.ua === 'string' ? body.ua : undefined,
    reason: typeof body.reason === 'string' ? body.reason : undefined,
    values: isObject(body.values) ? body.values : undefined,
  });
  const act = (action: string, submitterId: number, body: Json) => {
    switch (action) {
      case 'open':
        return control.open(submitterId, actor(body));
      case 'complete':
        return control.complete(submitterId, actor(body));
      case 'decline':
        return control.decline(submitterId, actor(body));
      case 'bounce':
        return control.bounce(submitterId, actor(body));
      default:
        throw new FakeDocusealError(404, { error: `Unknown action '${action}': open, complete, decline or bounce` });
    }
  };

  controlRoute('GET', '', () => ({ behaviour, failures: scripted, counts: control.counts() }));
  // POST /__control {latencyMs?, failureRate?, failureStatus?, linkLifetimeSeconds?, combinePdfResult?, eventTrackingData?}
  controlRoute('POST', '', (request) => ({ behaviour: control.set(bodyOf(request) as Partial<FakeDocusealBehaviour>) }));
  controlRoute('POST', '/latency', (request) => ({ behaviour: control.set({ latencyMs: Number(bodyOf(request).ms) }) }));
  // POST /__control/fail {status, count?, pathPrefix?, method?, retryAfterSeconds?, body?}
  controlRoute('POST', '/fail', (request) => {
    control.failNext(bodyOf(request) as unknown as FakeDocusealFailure);
    return { failures: scripted };
  });
  controlRoute('POST', '/reset', () => {
    control.reset();
    return { behaviour };
  });
  controlRoute('GET', '/requests', (request) => {
    const query = queryOf(request);
    return { requests: control.requests({ method: query.method, pathPrefix: query.path }) };
  });
  controlRoute('DELETE', '/requests', () => {
    control.clearRequests();
    return { requests: [] };
  });
  controlRoute('GET', '/submissions', async () => ({
    submissions: [...submissions.values()].map((s) => ({
      id: s.id,
      template_id: s.template_id,
      status: submissionStatus(s),
      archived_at: iso(s.archived_at),
      submitters: submittersOf(s).map((x) => ({ id: x.id, role: roleOf(s, x)?.name, email: x.email, status: submitterStatus(x) })),
    })),
  }));
  controlRoute('GET', '/submissions/:id', (request) => control.submission(Number(param(request, 'id'))));
  controlRoute('POST', '/submissions/:id/expire', (request) => control.expire(Number(param(request, 'id'))));
  controlRoute('POST', '/submissions/:id/complete', (request) => control.completeAll(Number(param(request, 'id')), actor(bodyOf(request))));
  // A party by role name, email or id: POST /__control/submissions/7/submitters/Buyer/complete
  controlRoute('POST', '/submissions/:id/submitters/:ref/:action', (request) =>
    act(
      param(request, 'action'),
      control.submitterId(Number(param(request, 'id')), decodeURIComponent(param(request, 'ref'))),
      bodyOf(request),
    ),
  );
  controlRoute('POST', '/submitters/:id/:action', (request) =>
    act(param(request, 'action'), Number(param(request, 'id')), bodyOf(request)),
  );

  return app;
}

/** The fake listening (port 0: any free one); what tests start in-process and main.ts runs alone. */
export async function startFakeDocuseal(options: FakeDocusealOptions = {}): Promise<FakeDocuseal> {
  const app = buildFakeDocuseal(options);
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const url = address.replace('://[::1]', '://localhost');
  return { url, apiUrl: `${url}/api`, close: () => app.close(), control: app.docuseal, app };
}
