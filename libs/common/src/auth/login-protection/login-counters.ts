/**
 * The counting rules of login protection, the same for the in-memory and the Redis store.
 *
 * Three counters decide whether a sign-in attempt may check its secret:
 *
 * - the **window** of the client address: every attempt counts; more than `rateLimit` attempts
 *   within `rateWindowMs` are refused until the window ends;
 * - the **account** (keyed by the normalised e-mail, whether or not such an account exists):
 *   consecutive failures; from the `threshold`-th on, each failure locks the account for
 *   2^(failures − threshold) s, at most `maxLockMs`. A success resets it;
 * - the **address**: failures over all accounts (password spraying), with the same lock rule
 *   from its own threshold on. A success does not reset it; it is forgotten `memoryMs` after
 *   the last failure, like an account's.
 *
 * An attempt is **reserved** before the secret is verified: a subject (account or address)
 * that has `failures` recorded lets at most `threshold − failures` attempts be in flight at
 * once (one when already past the threshold), so parallel attempts cannot all be checked
 * before the first failures are counted. The reservation is settled as a success, a failure,
 * or released uncounted (the check could not be made).
 */
export interface LoginLimits {
  rateLimit: number;
  rateWindowMs: number;
  accountThreshold: number;
  addressThreshold: number;
  maxLockMs: number;
  memoryMs: number;
  /** A reservation that is never settled (its process died) stops counting after this. */
  pendingTtlMs: number;
}

export type RefusalReason = 'address_rate' | 'address_backoff' | 'account_backoff';

export type Reservation =
  { granted: true } | { granted: false; reason: RefusalReason; retryAfterMs: number };

export type Outcome = 'success' | 'failure' | 'release';

/** Keys of one attempt: the client address and the account, both already hashed/normalised. */
export interface AttemptKeys {
  address: string;
  account: string;
}

export interface LoginCounterStore {
  reserve(keys: AttemptKeys, now: number): Promise<Reservation>;
  settle(keys: AttemptKeys, outcome: Outcome, now: number): Promise<void>;
}

/** Length of the lock after `failures` consecutive failures (0 below the threshold). */
export function lockMs(failures: number, threshold: number, maxLockMs: number): number {
  if (failures < threshold) return 0;
  return Math.min(maxLockMs, 1000 * 2 ** Math.min(failures - threshold, 30));
}

/** How many attempts of a subject with `failures` recorded may be in flight at once. */
export function inFlightCap(failures: number, threshold: number): number {
  return failures < threshold ? threshold - failures : 1;
}

interface Subject {
  failures: number;
  lockedUntil: number;
  pending: number;
  pendingExpiresAt: number;
  expiresAt: number;
}

/**
 * Counters of this process. Every method runs synchronously to its end (no await inside), so
 * a reservation is atomic with respect to every other request of the process.
 */
export class MemoryLoginCounters implements LoginCounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly subjects = new Map<string, Subject>();
  private operations = 0;

  constructor(private readonly limits: LoginLimits) {}

  reserve(keys: AttemptKeys, now: number): Promise<Reservation> {
    return Promise.resolve(this.reserveNow(keys, now));
  }

  settle(keys: AttemptKeys, outcome: Outcome, now: number): Promise<void> {
    this.settleNow(keys, outcome, now);
    return Promise.resolve();
  }

  /** Entries held, for tests of the clean-up. */
  get size(): number {
    return this.windows.size + this.subjects.size;
  }

  private reserveNow(keys: AttemptKeys, now: number): Reservation {
    this.sweep(now);
    const l = this.limits;
    let window = this.windows.get(keys.address);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + l.rateWindowMs };
      this.windows.set(keys.address, window);
    }
    window.count += 1;
    if (window.count > l.rateLimit) {
      return { granted: false, reason: 'address_rate', retryAfterMs: window.endsAt - now };
    }
    const account = this.subject(`a:${keys.account}`, now);
    const address = this.subject(`i:${keys.address}`, now);
    const refusal =
      this.refusal(account, l.accountThreshold, now, 'account_backoff') ??
      this.refusal(address, l.addressThreshold, now, 'address_backoff');
    if (refusal) return refusal;
    for (const s of [account, address]) {
      s.pending += 1;
      s.pendingExpiresAt = now + l.pendingTtlMs;
      s.expiresAt = Math.max(s.expiresAt, s.pendingExpiresAt);
    }
    this.subjects.set(`a:${keys.account}`, account);
    this.subjects.set(`i:${keys.address}`, address);
    return { granted: true };
  }

  private settleNow(keys: AttemptKeys, outcome: Outcome, now: number): void {
    const l = this.limits;
    const pairs: [string, number][] = [
      [`a:${keys.account}`, l.accountThreshold],
      [`i:${keys.address}`, l.addressThreshold],
    ];
    for (const [key, threshold] of pairs) {
      const s = this.subjects.get(key);
      if (!s) continue;
      this.expirePending(s, now);
      if (s.pending > 0) s.pending -= 1;
      if (outcome === 'failure') {
        s.failures += 1;
        const lock = lockMs(s.failures, threshold, l.maxLockMs);
        if (lock > 0) s.lockedUntil = now + lock;
        s.expiresAt = Math.max(s.expiresAt, now + lock + l.memoryMs);
      }
    }
    if (outcome === 'success') this.subjects.delete(`a:${keys.account}`);
  }

  private subject(key: string, now: number): Subject {
    const s = this.subjects.get(key);
    if (!s || s.expiresAt <= now) {
      return { failures: 0, lockedUntil: 0, pending: 0, pendingExpiresAt: 0, expiresAt: 0 };
    }
    this.expirePending(s, now);
    return s;
  }

  private expirePending(s: Subject, now: number): void {
    if (s.pendingExpiresAt <= now) s.pending = 0;
  }

  private refusal(
    s: Subject,
    threshold: number,
    now: number,
    reason: RefusalReason,
  ): Reservation | undefined {
    if (s.lockedUntil > now) return { granted: false, reason, retryAfterMs: s.lockedUntil - now };
    if (s.pending >= inFlightCap(s.failures, threshold)) {
      return { granted: false, reason, retryAfterMs: 1000 };
    }
    return undefined;
  }

  /** Drops expired entries now and then, so that many distinct e-mails cannot grow the maps. */
  private sweep(now: number): void {
    this.operations += 1;
    if (this.operations % 256 !== 0) return;
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
    for (const [key, s] of this.subjects) if (s.expiresAt <= now) this.subjects.delete(key);
  }
}
