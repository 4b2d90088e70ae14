/**
 * The error catalogue: every `code` a service can answer, with its HTTP status and meaning.
 *
 * Codes are declared, not invented where they are thrown: `DomainError` takes an `ErrorCode`,
 * the union of the keys of `ErrorCodes`. This library declares the codes both services share
 * (one code for one failure, decided here); each service adds its own with `defineErrors` and a
 * module augmentation of `ErrorCodes`, so a code missing from the catalogue does not compile.
 * The same catalogue builds the `ProblemDetails` schemas of the OpenAPI document and the
 * README's table.
 */
export interface ErrorCodeEntry {
  status: number;
  /** Short, human title (the problem's `title`). */
  title: string;
  /** When the code is answered and what the client should do. */
  description: string;
}

export type ErrorCatalogue = Readonly<Record<string, ErrorCodeEntry>>;

/** Keeps the literal keys of a catalogue (for `ErrorCodes` augmentations). */
export function defineErrors<const C extends Record<string, ErrorCodeEntry>>(catalogue: C): C {
  for (const [code, entry] of Object.entries(catalogue)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new Error(`Error code ${code} is not UPPER_SNAKE`);
    if (!Number.isInteger(entry.status) || entry.status < 400 || entry.status > 599)
      throw new Error(`Error code ${code} has status ${entry.status}, not a 4xx/5xx`);
  }
  return catalogue;
}

/** Codes both services answer, with the same meaning. */
export const COMMON_ERRORS = defineErrors({
  VALIDATION_FAILED: {
    status: 400,
    title: 'Validation failed',
    description:
      'A path parameter, query parameter, header or body field is invalid (also a malformed JSON body or a non-UUID path id); `errors[]` names each field. Fix the request; retrying it unchanged fails again.',
  },
  MALFORMED_REQUEST: {
    status: 400,
    title: 'Bad request',
    description:
      'The request is not valid HTTP (answered before any route, the connection is closed).',
  },
  UNAUTHENTICATED: {
    status: 401,
    title: 'Unauthenticated',
    description:
      'The access token is missing, malformed, expired, or its session was ended. Refresh the token (or sign in again) and retry.',
  },
  CURRENT_SECRET_INVALID: {
    status: 403,
    title: 'Current secret invalid',
    description:
      'The current password or PIN sent to confirm a sensitive change is wrong. Repeated failures are rate limited like sign-in.',
  },
  FORBIDDEN: {
    status: 403,
    title: 'Forbidden',
    description:
      'The caller is signed in but its role or relation to the resource does not allow this.',
  },
  SIGNED_URL_INVALID: {
    status: 403,
    title: 'Signed URL invalid',
    description:
      'The signature of a file URL is missing, malformed, tampered, for another variant, or the resource changed since signing (trashed, hidden, moved). Fetch the resource again for a fresh URL.',
  },
  SIGNED_URL_EXPIRED: {
    status: 403,
    title: 'Signed URL expired',
    description:
      'The file URL was signed correctly but its lifetime has passed (`expired_at`). Fetch the resource again for a fresh URL.',
  },
  FEATURE_REQUIRED: {
    status: 403,
    title: 'Feature required',
    description:
      "The caller's membership lacks a feature the operation needs; `missing_features` names them. Upgrade the membership tier.",
  },
  NOT_FOUND: {
    status: 404,
    title: 'Not found',
    description:
      'The resource does not exist or the caller may not know that it does (resources of other users and clubs answer this too).',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method not allowed',
    description: 'The path exists but not with this HTTP method.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    title: 'Not acceptable',
    description: 'The `Accept` header names no media type the route can answer with.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    title: 'Request timeout',
    description: 'The request (headers or body) did not arrive in time; the connection is closed.',
  },
  CONFLICT: {
    status: 409,
    title: 'Conflict',
    description: 'The request conflicts with the current state of the resource.',
  },
  EMAIL_TAKEN: {
    status: 409,
    title: 'Email taken',
    description:
      'An account with this email exists already (registration, or an email change). Sign in, or use another email.',
  },
  RESOURCE_IN_USE: {
    status: 409,
    title: 'Resource in use',
    description:
      'The resource is referenced by others and cannot be deleted or changed this way; the problem names the references where it can.',
  },
  PRECONDITION_FAILED: {
    status: 412,
    title: 'Precondition failed',
    description:
      'The `If-Match` entity tag does not match the current version: someone else changed the resource. Reload it (the problem carries the current ETag) and apply the change again.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    title: 'Payload too large',
    description: 'The request body or an uploaded file exceeds its documented size limit.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported media type',
    description:
      'The request body has a `Content-Type` the route does not accept (JSON routes take application/json), or an uploaded file has a type the route does not accept.',
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    title: 'Range not satisfiable',
    description:
      'The `Range` header asks for bytes outside the file; `Content-Range` gives its size.',
  },
  UNPROCESSABLE: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The request is well-formed but refers to something that cannot be used for it.',
  },
  RATE_LIMITED: {
    status: 429,
    title: 'Too many requests',
    description:
      'Too many attempts; wait the `Retry-After` seconds (also in `retry_after_seconds`).',
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    title: 'Request header fields too large',
    description: 'The request headers exceed the server limit; the connection is closed.',
  },
  INTERNAL_ERROR: {
    status: 500,
    title: 'Internal server error',
    description:
      'An unexpected error; the detail names the request id to quote when reporting it, and nothing of the cause.',
  },
  NOT_IMPLEMENTED: {
    status: 501,
    title: 'Not implemented',
    description: 'The operation is declared but this deployment cannot perform it.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    title: 'Service unavailable',
    description:
      'A dependency (database, cache, storage, job queue) cannot serve now, or the service is shutting down. Retry after `Retry-After` seconds; nothing was changed.',
  },
});

/**
 * The codes a service may answer. Each service augments this interface with its own
 * catalogue (`declare module '@sports/common' { interface ErrorCodes extends ... {} }`).
 */
export interface ErrorCodes extends Record<keyof typeof COMMON_ERRORS, true> {}

export type ErrorCode = keyof ErrorCodes & string;

/** The common codes merged with a service's own; a service code may not redefine a common one. */
export function serviceErrorCatalogue(own: ErrorCatalogue): ErrorCatalogue {
  for (const code of Object.keys(own)) {
    if (code in COMMON_ERRORS)
      throw new Error(`Error code ${code} is common; do not redeclare it in a service catalogue`);
  }
  return { ...COMMON_ERRORS, ...own };
}

/** The README table of a catalogue (markdown). */
export function errorCatalogueMarkdown(catalogue: ErrorCatalogue): string {
  const rows = Object.entries(catalogue)
    .sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b))
    .map(([code, e]) => `| \`${code}\` | ${e.status} | ${e.description.replace(/\|/g, '\\|')} |`);
  return ['| Code | Status | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** Injection token of the service's whole catalogue (common and own codes). */
export const ERROR_CATALOGUE = Symbol('ERROR_CATALOGUE');
