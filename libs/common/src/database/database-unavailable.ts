/**
 * SQLSTATE classes and codes that say the database cannot serve right now, not that the
 * request was wrong: connection exceptions (08), insufficient resources (53, e.g. too many
 * connections), system errors (58), refused credentials (28), operator intervention (57P01
 * admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57P04 database dropped,
 * 57P05 idle session timeout), a cancelled statement (57014, which is how `statement_timeout`
 * ends a query), a lock wait over `lock_timeout` (55P03), a missing database (3D000) and a
 * write sent to a read-only standby after a failover (25006).
 */
const UNAVAILABLE_CLASSES = ['08', '28', '53', '58'];
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '57014',
  '55P03',
  '3D000',
  '25006',
]);

/** Socket errors `pg` passes on unchanged when the server cannot be reached or drops the link. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Messages of `pg` and `pg-pool` errors that carry no code: the acquire timeout, a connect
 * that timed out, a link that broke, the client-side query timeout, a closed client or pool.
 */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * True when `error` (a `pg` error, a socket error, or TypeORM's wrapper of either, followed
 * through `driverError`, `cause` and `AggregateError.errors`) means the database is
 * unreachable, overloaded or timed out: a condition worth retrying, never the caller's fault.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || UNAVAILABLE_CODES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code) && UNAVAILABLE_CLASSES.includes(e.code.slice(0, 2)))
      return true;
  }
  if (
    typeof e.message === 'string' &&
    DRIVER_MESSAGES.some((m) => e.message === m || (e.message as string).startsWith(`${m} `))
  )
    return true;
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((n) => n !== error && isDatabaseUnavailable(n, depth + 1));
}
