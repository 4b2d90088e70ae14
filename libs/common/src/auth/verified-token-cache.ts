import { hash } from 'node:crypto';

/** Entries kept at most: a few thousand recent tokens, a few hundred bytes each. */
export const VERIFIED_TOKEN_CACHE_ENTRIES = 4096;

/** What the cache needs of a token's claims: its expiry, seconds since the epoch. */
export interface ExpiringClaims {
  exp?: number;
}

/**
 * The claims of access tokens whose signature, issuer and expiry were verified, so that a token
 * that repeats within its lifetime skips the HMAC and the claims parsing. Keyed by the SHA-256 of
 * the token: a token that differs in any byte (a tampered one) is a different key and goes
 * through the full verification. An entry ends with the token's `exp` (the rule of
 * jsonwebtoken: expired once the current second reaches `exp`); the least recently used entry
 * makes room when the cache is full. Only the signature check is cached: the account and
 * session lookup still runs on every request, so revocation takes effect at once.
 */
export class VerifiedTokenCache<Claims extends ExpiringClaims> {
  /** Map order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, Claims>();

  constructor(
    private readonly maxEntries = VERIFIED_TOKEN_CACHE_ENTRIES,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The verified claims of `token`, unless it is unknown or expired. */
  get(token: string): Claims | undefined {
    const key = keyOf(token);
    const claims = this.entries.get(key);
    if (claims === undefined) return undefined;
    this.entries.delete(key);
    if (this.expired(claims)) return undefined;
    this.entries.set(key, claims);
    return claims;
  }

  /** Keeps the claims of a token that just passed the full verification; none without `exp`. */
  set(token: string, claims: Claims): void {
    if (this.expired(claims)) return;
    const key = keyOf(token);
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, Object.freeze(claims));
  }

  private expired(claims: Claims): boolean {
    return typeof claims.exp !== 'number' || Math.floor(this.nowMs() / 1000) >= claims.exp;
  }
}

/** One-shot `crypto.hash`: the same digest as `createHash`, without a Hash object per request. */
function keyOf(token: string): string {
  return hash('sha256', token, 'base64');
}
