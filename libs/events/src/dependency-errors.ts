// What a request or a job learns when Postgres or Redis cannot serve it in time: shared by the
// HTTP error filter (503 with Retry-After) and the event consumer (wait, without spending an attempt).

// SQLSTATE codes of a Postgres that is away or cut the statement: 08 connection exceptions,
// 57014 statement timeout, 57P01-57P03 shutdown and start-up, 25P03 idle-in-transaction timeout,
// 53300 too many connections, 55P03 lock not available (lock_timeout).
const UNAVAILABLE_SQLSTATES = /^(08|57014|57P0[1-3]|25P03|53300|55P03)/;
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no free connection within the acquire timeout
  'Connection terminated',
  'Client has encountered a connection error and is not queryable', // pg: a client whose connection died
  'Client was closed and is not queryable',
  'Query runner already released', // TypeORM: the runner dropped with its dead connection mid-transaction
  'Command timed out', // ioredis commandTimeout
  'Reached the max retries per request limit', // ioredis maxRetriesPerRequest
  "Stream isn't writeable",
  'Connection is closed',
];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** Whether an error means Postgres or Redis could not serve in time (not a fault of the request or the code). */
export function isDependencyUnavailable(exception: unknown): boolean {
  for (
    let error = exception as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null, depth = 0;
    error && depth < 4;
    depth++
  ) {
    if (typeof error.code === 'string' && (UNAVAILABLE_SQLSTATES.test(error.code) || UNAVAILABLE_ERRNOS.has(error.code))) return true;
    if (typeof error.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (error!.message as string).includes(m))) return true;
    if (error.constructor?.name === 'MaxRetriesPerRequestError') return true;
    error = (error.driverError ?? error.cause ?? null) as typeof error;
  }
  return false;
}
