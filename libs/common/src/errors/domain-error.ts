import type { ErrorCode } from './error-catalogue';

/** One bad field of a request, as reported in `errors[]` of a problem body. */
export interface FieldError {
  path: string;
  message: string;
}

export interface DomainErrorOptions {
  errors?: FieldError[];
  hint?: string;
  /** Extra members merged into the problem body (e.g. `asset_id`, `missing_features`). */
  extensions?: Record<string, unknown>;
  /** Response headers to set (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/**
 * Base of every error a service raises on purpose. `code` is the stable machine code
 * clients switch on; `status` the HTTP status the global filter answers with.
 */
export class DomainError extends Error {
  readonly errors?: FieldError[];
  readonly hint?: string;
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly title: string,
    detail: string,
    options: DomainErrorOptions = {},
  ) {
    super(detail);
    this.name = new.target.name;
    this.errors = options.errors;
    this.hint = options.hint;
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

export class ValidationFailedError extends DomainError {
  constructor(detail: string, errors: FieldError[] = [], options: DomainErrorOptions = {}) {
    super(400, 'VALIDATION_FAILED', 'Validation failed', detail, { ...options, errors });
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(detail = 'Authentication is required.', options: DomainErrorOptions = {}) {
    super(401, 'UNAUTHENTICATED', 'Unauthenticated', detail, options);
  }
}

export class ForbiddenError extends DomainError {
  constructor(
    detail = 'You are not allowed to do this.',
    code: ErrorCode = 'FORBIDDEN',
    options: DomainErrorOptions = {},
  ) {
    super(403, code, 'Forbidden', detail, options);
  }
}

export class NotFoundError extends DomainError {
  constructor(resource: string, id?: string, options: DomainErrorOptions = {}) {
    super(
      404,
      'NOT_FOUND',
      'Not found',
      id ? `${resource} ${id} was not found.` : `${resource} was not found.`,
      options,
    );
  }
}

export class ConflictError extends DomainError {
  constructor(detail: string, code: ErrorCode = 'CONFLICT', options: DomainErrorOptions = {}) {
    super(409, code, 'Conflict', detail, options);
  }
}

export class ResourceInUseError extends DomainError {
  constructor(detail: string, options: DomainErrorOptions = {}) {
    super(409, 'RESOURCE_IN_USE', 'Resource in use', detail, options);
  }
}

/**
 * 412: the request's `If-Match` names no current version of the resource. The problem body's
 * `current_etag` and the `ETag` header carry the version the resource has now, so a client can
 * re-read, merge and retry; nothing was written.
 */
export class PreconditionFailedError extends DomainError {
  constructor(currentEtag: string, detail = 'The resource has changed since you read it.') {
    super(412, 'PRECONDITION_FAILED', 'Precondition failed', detail, {
      hint: 'Read the resource again (GET), apply your change to it and send it with the new ETag in If-Match.',
      extensions: { current_etag: currentEtag },
      headers: { ETag: currentEtag },
    });
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(detail: string, options: DomainErrorOptions = {}) {
    super(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', detail, options);
  }
}

export class UnprocessableError extends DomainError {
  constructor(detail: string, code: ErrorCode = 'UNPROCESSABLE', options: DomainErrorOptions = {}) {
    super(422, code, 'Unprocessable content', detail, options);
  }
}

export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number, detail = 'Too many requests; try again later.') {
    const retry = String(Math.max(1, Math.ceil(retryAfterSeconds)));
    super(429, 'RATE_LIMITED', 'Too many requests', detail, {
      headers: { 'Retry-After': retry },
      extensions: { retry_after_seconds: Number(retry) },
    });
  }
}

export class NotImplementedError extends DomainError {
  constructor(detail: string, options: DomainErrorOptions = {}) {
    super(501, 'NOT_IMPLEMENTED', 'Not implemented', detail, options);
  }
}

/** Seconds a client should wait before retrying after a 503 (sent as `Retry-After`). */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A dependency (database, cache, storage) cannot serve now; the request may be retried. */
export class ServiceUnavailableError extends DomainError {
  constructor(detail: string, options: DomainErrorOptions & { retryAfterSeconds?: number } = {}) {
    const retry = String(
      Math.max(1, Math.ceil(options.retryAfterSeconds ?? SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS)),
    );
    super(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', detail, {
      ...options,
      headers: { 'Retry-After': retry, ...options.headers },
      extensions: { retry_after_seconds: Number(retry), ...options.extensions },
    });
  }
}

/** The database is unreachable, overloaded or timed out (see `isDatabaseUnavailable`). */
export class DatabaseUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('The database is temporarily unavailable. Try again shortly.');
  }
}
