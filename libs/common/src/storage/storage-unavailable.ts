import { ServiceUnavailableError } from '../errors/domain-error';

/** The file system or object store cannot serve now (full, read-only, unreachable, failing). */
export class StorageUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('The file storage is temporarily unavailable. Try again shortly.');
  }
}

/** File system errors of the storage itself, never of a request: disk full, no access, I/O. */
const FILE_SYSTEM_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EACCES',
  'EPERM',
  'EROFS',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ESTALE',
]);

/** Socket errors when an object store cannot be reached or drops the connection. */
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

const SDK_WRAPPER = 'AWS SDK error wrapper for ';

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** True when `error` means the storage cannot serve now, not that the request was wrong. */
export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  if (typeof e.code === 'string' && (FILE_SYSTEM_CODES.has(e.code) || NETWORK_CODES.has(e.code)))
    return true;
  if (e.$metadata) {
    // An S3 client error: without an HTTP status the object store never answered.
    const status = e.$metadata.httpStatusCode;
    if (status === undefined || status >= 500 || status === 429) return true;
  }
  if (e.name === 'TimeoutError' || e.name === 'SlowDown') return true;
  // The S3 client's retry layer keeps only the text of an error it cannot recognise as an Error
  // (one from another realm, e.g. a vm context): "AWS SDK error wrapper for Error: connect …".
  if (typeof e.message === 'string' && e.message.startsWith(SDK_WRAPPER))
    return [...NETWORK_CODES].some((code) => (e.message as string).includes(code));
  return isStorageUnavailable(e.cause, depth + 1);
}

/** True when `error` is a file system failure of the disk (full, read-only, no access, I/O). */
export function isDiskUnavailable(error: unknown): boolean {
  const code = (error as ErrorLike | undefined)?.code;
  return typeof code === 'string' && FILE_SYSTEM_CODES.has(code);
}

/** Runs a storage operation, turning infrastructure failures into a 503 with Retry-After. */
export async function storageCall<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    throw isStorageUnavailable(err) ? new StorageUnavailableError() : err;
  }
}
