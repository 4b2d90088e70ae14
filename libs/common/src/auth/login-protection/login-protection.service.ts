import { Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { Counter, Gauge } from 'prom-client';
import type { CommonEnv } from '../../config/common-env';
import { RateLimitedError } from '../../errors/domain-error';
import type { MetricsService } from '../../observability/metrics';
import { clientAddressKey } from './client-address';
import {
  AttemptKeys,
  LoginCounterStore,
  LoginLimits,
  MemoryLoginCounters,
  Outcome,
  RefusalReason,
  Reservation,
} from './login-counters';
import { RedisLoginCounters } from './redis-login-counters';

export interface LoginProtectionOptions extends LoginLimits {
  /** Counters in Redis (shared by replicas) when set; in this process's memory otherwise. */
  redisUrl?: string;
  keyPrefix: string;
  /** A connection attempt to Redis gives up after this; reconnects run in the background. */
  redisConnectTimeoutMs: number;
  /** A Redis command slower than this counts as Redis being unreachable for this attempt. */
  redisCommandTimeoutMs: number;
}

/** The login-protection settings of a service's configuration. */
export function loginProtectionOptions(config: CommonEnv, service: string): LoginProtectionOptions {
  return {
    redisUrl: config.REDIS_URL,
    keyPrefix: config.LOGIN_RATE_KEY_PREFIX ?? `${service}:login`,
    rateLimit: config.LOGIN_RATE_LIMIT,
    rateWindowMs: config.LOGIN_RATE_WINDOW_SECONDS * 1000,
    accountThreshold: config.LOGIN_BACKOFF_THRESHOLD,
    addressThreshold: config.LOGIN_ADDRESS_BACKOFF_THRESHOLD,
    maxLockMs: config.LOGIN_BACKOFF_MAX_SECONDS * 1000,
    memoryMs: config.LOGIN_FAILURE_MEMORY_SECONDS * 1000,
    pendingTtlMs: 30_000,
    redisConnectTimeoutMs: 500,
    redisCommandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
  };
}

/** Where the counters are kept right now, for the readiness details. */
export interface LoginProtectionStatus {
  /** `memory` while Redis is configured but unusable: each replica then counts on its own. */
  store: 'redis' | 'memory';
  redis: 'not_configured' | 'connecting' | 'connected' | 'unreachable';
  degraded: boolean;
}

const REFUSALS: Record<RefusalReason, string> = {
  address_rate: 'Too many sign-in attempts from this address; try again later.',
  address_backoff: 'Too many failed sign-ins from this address; try again later.',
  account_backoff:
    'This account is locked for a moment after repeated failed sign-ins; try again later.',
};

/**
 * Rate limit and failure backoff of sign-in, per client address and per account (see
 * login-counters.ts for the rules). Both services run their login check through `attempt`.
 *
 * With REDIS_URL the counters live in Redis. The client never waits for Redis in a request:
 * no offline queue, a short connect and command timeout, reconnects in the background. While
 * Redis is unusable every attempt is counted in this process's memory instead (one warning
 * per outage, the `login_protection_degraded` gauge, readiness details), which keeps the
 * limits per replica rather than failing open or refusing every login.
 */
export class LoginProtection implements OnApplicationShutdown {
  private readonly logger = new Logger(LoginProtection.name);
  private readonly memory: MemoryLoginCounters;
  private readonly redis?: Redis;
  private readonly redisCounters?: RedisLoginCounters;
  private redisState: LoginProtectionStatus['redis'];
  private closing = false;
  private readonly degradedGauge: Gauge;
  private readonly fallbacks: Counter;
  private readonly refusals: Counter<'reason'>;

  constructor(
    options: LoginProtectionOptions,
    metrics: MetricsService,
    private readonly clock: () => number = Date.now,
  ) {
    this.memory = new MemoryLoginCounters(options);
    this.degradedGauge = new Gauge({
      name: 'login_protection_degraded',
      help: '1 while sign-in attempts are counted in process memory because the configured Redis is unreachable',
      registers: [metrics.registry],
    });
    this.fallbacks = new Counter({
      name: 'login_protection_memory_fallbacks_total',
      help: 'Sign-in attempts counted in process memory because the configured Redis was unreachable',
      registers: [metrics.registry],
    });
    this.refusals = new Counter({
      name: 'login_protection_refusals_total',
      help: 'Sign-in attempts refused with 429, by reason (address_rate, address_backoff, account_backoff)',
      labelNames: ['reason'],
      registers: [metrics.registry],
    });
    if (!options.redisUrl) {
      this.redisState = 'not_configured';
      this.degradedGauge.set(0);
      return;
    }
    // Until the first connection is ready, attempts are counted in memory.
    this.redisState = 'connecting';
    this.degradedGauge.set(1);
    this.redis = new Redis(options.redisUrl, {
      connectTimeout: options.redisConnectTimeoutMs,
      commandTimeout: options.redisCommandTimeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(250 * times, 5000),
    });
    this.redis.on('ready', () => this.redisUsable());
    this.redis.on('error', (err: Error) => this.redisUnusable(err.message));
    this.redis.on('close', () => this.redisUnusable('connection closed'));
    this.redisCounters = new RedisLoginCounters(this.redis, options, options.keyPrefix);
  }

  status(): LoginProtectionStatus {
    const degraded = this.redisState === 'connecting' || this.redisState === 'unreachable';
    return {
      store: this.redisState === 'connected' ? 'redis' : 'memory',
      redis: this.redisState,
      degraded,
    };
  }

  /**
   * Runs one sign-in check under the limits. The attempt is reserved before `verify` runs
   * (429 RATE_LIMITED with Retry-After when refused, without calling it); `verify` resolves
   * to the signed-in result or null for wrong credentials (counted as a failure). When it
   * throws, the attempt is released uncounted and the error passes through.
   */
  async attempt<T>(
    who: { address: string | undefined; account: string },
    verify: () => Promise<T | null>,
  ): Promise<T | null> {
    const keys: AttemptKeys = {
      address: clientAddressKey(who.address),
      account: createHash('sha256').update(who.account.trim().toLowerCase()).digest('hex'),
    };
    const { store, reservation } = await this.reserve(keys);
    if (!reservation.granted) {
      this.refusals.inc({ reason: reservation.reason });
      throw new RateLimitedError(reservation.retryAfterMs / 1000, REFUSALS[reservation.reason]);
    }
    let outcome: Outcome = 'release';
    try {
      const result = await verify();
      outcome = result === null ? 'failure' : 'success';
      return result;
    } finally {
      await this.settle(store, keys, outcome);
    }
  }

  /** Ends the backoff of an account, e.g. after an administrator set a new secret. */
  async forgetAccount(account: string): Promise<void> {
    const keys: AttemptKeys = {
      address: '',
      account: createHash('sha256').update(account.trim().toLowerCase()).digest('hex'),
    };
    await this.settle(this.memory, keys, 'success');
    if (this.redisCounters && this.redis?.status === 'ready') {
      await this.settle(this.redisCounters, keys, 'success');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (!this.redis || this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect(false);
      return;
    }
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect(false);
    }
  }

  private async reserve(
    keys: AttemptKeys,
  ): Promise<{ store: LoginCounterStore; reservation: Reservation }> {
    if (this.redisCounters && this.redis?.status === 'ready') {
      try {
        const reservation = await this.redisCounters.reserve(keys, this.clock());
        this.redisUsable();
        return { store: this.redisCounters, reservation };
      } catch (err) {
        this.redisUnusable((err as Error).message);
      }
    }
    if (this.redisCounters) this.fallbacks.inc();
    return { store: this.memory, reservation: await this.memory.reserve(keys, this.clock()) };
  }

  private async settle(store: LoginCounterStore, keys: AttemptKeys, outcome: Outcome) {
    try {
      await store.settle(keys, outcome, this.clock());
    } catch (err) {
      // The reservation in Redis expires on its own (pendingTtlMs); the answer stands.
      this.redisUnusable((err as Error).message);
    }
  }

  private redisUsable(): void {
    if (this.redisState === 'connected') return;
    if (this.redisState === 'unreachable') {
      this.logger.log('Redis is reachable again: sign-in attempts are counted in Redis.');
    }
    this.redisState = 'connected';
    this.degradedGauge.set(0);
  }

  private redisUnusable(reason: string): void {
    if (this.closing || this.redisState === 'unreachable') return;
    this.redisState = 'unreachable';
    this.degradedGauge.set(1);
    this.logger.warn(
      `Redis is unreachable (${reason}): sign-in attempts are counted in this process's memory until it is back, so the limits hold per replica only.`,
    );
  }
}
