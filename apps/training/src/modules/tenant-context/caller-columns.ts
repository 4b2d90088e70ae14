import type { AuthStateDetail } from '@sports/common';

/**
 * Columns of the caller's profile row (alias `p`) that a route reads with the auth state
 * (`@ReadWithAuthState(columns)`): the caller resolver adds `select` to the one statement that
 * checks the account and its session, and answers the values with the caller
 * (`AuthenticatedCaller.columns`). `key` names the prepared statement: one key, one `select`.
 */
export interface CallerColumns extends AuthStateDetail {
  /** Select-list items over `p`, each with a name other than the caller's own columns. */
  readonly select: string;
}

/** The values of a route's `CallerColumns`, read with the caller. */
export interface CallerColumnValues {
  key: string;
  values: Record<string, unknown>;
}

export function isCallerColumns(detail: AuthStateDetail | undefined): detail is CallerColumns {
  return typeof (detail as Partial<CallerColumns> | undefined)?.select === 'string';
}
