import type { AuthStateDetail } from './auth-state-detail';

/** The caller as every service sees it after authentication. */
export interface AuthUser {
  id: string;
  email: string;
  role: string;
  /**
   * The session the request's access token belongs to (its `sid`: the family of refresh tokens
   * issued at sign-in). Set by the JWT strategy; absent for a caller built otherwise.
   */
  sessionId?: string;
}

/** Claims of an access token. `typ` keeps refresh or other tokens from passing as access tokens. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: string;
  typ: 'access';
  /** The session (refresh token family); logout, a secret change or a reset ends it at once. */
  sid: string;
  /** Expiry (seconds since the epoch): required, a token without it is refused. */
  exp?: number;
}

/**
 * Loads the current state of a token's subject on every request, so that a deleted or
 * deactivated account, a changed role or an ended session takes effect at once, not when the
 * token expires.
 */
export interface AuthUserResolver {
  /**
   * The active account, or null. With `sessionId`, also null unless that session of the
   * account is live: check it in the same statement with `liveSessionSql`. With `detail` (the
   * route's `@ReadWithAuthState`), the same statement also reads what it names, when the
   * resolver knows it.
   */
  resolve(
    subjectId: string,
    sessionId?: string,
    detail?: AuthStateDetail,
  ): Promise<AuthUser | null>;
}

export const AUTH_USER_RESOLVER = Symbol('AUTH_USER_RESOLVER');
export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

export interface AuthOptions {
  jwtSecret: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** Rank of each role; a route's role requirement is met by that role or any ranked higher. */
  roleRanks: Record<string, number>;
  issuer: string;
  /** argon2id cost of new password and PIN hashes; default OWASP_ARGON2ID. */
  passwordHashCost?: PasswordHashCost;
}

export interface PasswordHashCost {
  /** Memory in KiB. */
  memoryKib: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes (threads per hash). */
  parallelism: number;
}
