/**
 * Idempotency-Key on creating POSTs (ARCHITECTURE.md section 3, docs/idempotency.md; IETF draft
 * draft-ietf-httpapi-idempotency-key-header): the same key and body from the same user within
 * IDEMPOTENCY_KEY_TTL_HOURS answers the first answer again; the same key with another body is 422.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is a stored earlier answer, not a new run of the request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Invalid Idempotency-Key header',
  invalidKeyField: `Use 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters`,
  usedForAnotherRequest: 'This Idempotency-Key was used for another request',
  stillProcessing: 'A request with this Idempotency-Key is still being processed',
} as const;

/**
 * The operations that honour the header (method and path under /api, `:name` a path parameter).
 * The console retries a lost or 503 answer of these (and only these) with the same key; the server
 * marks the same operations with @Idempotent(), and test/integration/openapi-answers.e2e-spec.ts
 * checks that the OpenAPI documents list exactly these.
 */
export const IDEMPOTENT_OPERATIONS = [
  'POST /transactions',
  'POST /tasks',
  'POST /contacts',
  'POST /transaction/filters',
  'POST /transaction/:client_id/documents/confirm',
  'POST /messages/dms',
  'POST /messages/comments',
  'POST /esign/requests',
  'POST /esign/drafts',
  'POST /esign/templates/upload/confirm',
  'POST /user/profile/image/confirm',
  'POST /admin/user/avatar/confirm',
  'POST /admin/team/logo/confirm',
] as const;

const OPERATION_PATTERNS = IDEMPOTENT_OPERATIONS.map((operation) => {
  const [method, path] = operation.split(' ');
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, path: new RegExp(`^${pattern}$`) };
});

/** Whether METHOD path (under /api, without the query) is one of IDEMPOTENT_OPERATIONS. */
export function isIdempotentOperation(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  const bare = path.split('?')[0].replace(/\/+$/, '') || '/';
  return OPERATION_PATTERNS.some((operation) => operation.method === upper && operation.path.test(bare));
}
