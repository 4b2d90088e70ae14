import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { MetricsService } from '../../observability/metrics';
import { requireRedis, TEST_REDIS_URL } from '../../testing/redis';
import { waitFor } from '../../testing/wait-for';
import { RateLimitedError } from '../../errors/domain-error';
import { clientAddressKey } from './client-address';
import { LoginCounterStore, LoginLimits, MemoryLoginCounters } from './login-counters';
import { LoginProtection, LoginProtectionOptions } from './login-protection.service';
import { RedisLoginCounters } from './redis-login-counters';

const LIMITS: LoginLimits = {
  rateLimit: 30,
  rateWindowMs: 60_000,
  accountThreshold: 5,
  addressThreshold: 10,
  maxLockMs: 16_000,
  memoryMs: 3_600_000,
  pendingTtlMs: 30_000,
};

type Keys = { address: string; account: string };

/** The same rules, checked against both stores. */
function describeStore(
  name: string,
  make: (limits: LoginLimits) => Promise<{ store: LoginCounterStore; close?: () => unknown }>,
) {
  describe(`${name} login counters`, () => {
    const now = 1_700_000_000_000;
    let n = 0;
    const fresh = (): Keys => {
      n += 1;
      return { address: `192.0.2.${n}`, account: `acct-${n}-${randomBytes(4).toString('hex')}` };
    };
    let store: LoginCounterStore;
    let close: (() => unknown) | undefined;
    beforeAll(async () => {
      ({ store, close } = await make(LIMITS));
    });
    afterAll(() => close?.());

    it('reserves at most threshold attempts in flight for a fresh account, before any is settled', async () => {
      const k = fresh();
      const results = [];
      for (let i = 0; i < 12; i++) results.push(await store.reserve(k, now));
      expect(results.filter((r) => r.granted)).toHaveLength(5);
      expect(results[5]).toEqual({ granted: false, reason: 'account_backoff', retryAfterMs: 1000 });
    });

    it('locks 2^(n−5) s from the 5th failure, caps the lock, and does not count refused attempts', async () => {
      const k = fresh();
      for (let i = 0; i < 5; i++) {
        expect((await store.reserve(k, now)).granted).toBe(true);
        await store.settle(k, 'failure', now);
      }
      expect(await store.reserve(k, now + 10)).toEqual({
        granted: false,
        reason: 'account_backoff',
        retryAfterMs: 990,
      });
      const locks = [];
      let t = now;
      for (let i = 0; i < 5; i++) {
        t += 20_000; // after any lock
        expect((await store.reserve(k, t)).granted).toBe(true);
        // only one attempt at a time once past the threshold
        expect((await store.reserve(k, t)).granted).toBe(false);
        await store.settle(k, 'failure', t);
        const refused = await store.reserve(k, t);
        locks.push(refused.granted ? 0 : refused.retryAfterMs);
      }
      expect(locks).toEqual([2000, 4000, 8000, 16000, 16000]);
    });

    it('resets the account on success, but not the address', async () => {
      const k = fresh();
      for (let i = 0; i < 4; i++) {
        await store.reserve(k, now);
        await store.settle(k, 'failure', now);
      }
      await store.reserve(k, now);
      await store.settle(k, 'success', now);
      for (let i = 0; i < 4; i++) {
        expect((await store.reserve(k, now)).granted).toBe(true);
        await store.settle(k, 'failure', now);
      }
      // the address has 8 failures: two more attempts, then its threshold of 10 is reached
      const other = { ...k, account: `${k.account}-x` };
      expect((await store.reserve(other, now)).granted).toBe(true);
      await store.settle(other, 'failure', now);
      expect((await store.reserve(other, now)).granted).toBe(true);
      await store.settle(other, 'failure', now);
      expect(await store.reserve({ ...k, account: `${k.account}-y` }, now)).toEqual({
        granted: false,
        reason: 'address_backoff',
        retryAfterMs: 1000,
      });
    });

    it('releases a reservation uncounted', async () => {
      const k = fresh();
      for (let i = 0; i < 20; i++) {
        expect((await store.reserve(k, now)).granted).toBe(true);
        await store.settle(k, 'release', now);
      }
    });

    it('slows password spraying: one address failing on many accounts is locked from its threshold on', async () => {
      const address = fresh().address;
      const statuses = [];
      for (let i = 0; i < 20; i++) {
        const k = { address, account: `spray-${i}-${randomBytes(4).toString('hex')}` };
        const r = await store.reserve(k, now);
        statuses.push(r.granted ? 'checked' : r.reason);
        if (r.granted) await store.settle(k, 'failure', now);
      }
      expect(statuses.filter((s) => s === 'checked')).toHaveLength(10);
      expect(statuses.slice(10)).toEqual(Array(10).fill('address_backoff'));
    });

    it('refuses attempts over the window limit until the window ends', async () => {
      const address = fresh().address;
      for (let i = 0; i < 30; i++) {
        const k = { address, account: `w-${i}-${randomBytes(4).toString('hex')}` };
        expect((await store.reserve(k, now)).granted).toBe(true);
        await store.settle(k, 'success', now);
      }
      const refused = await store.reserve({ address, account: 'w-last' }, now);
      expect(refused).toMatchObject({ granted: false, reason: 'address_rate' });
      expect(refused.granted || refused.retryAfterMs).toBeGreaterThan(55_000);
    });
  });
}

describeStore('memory', (limits) => Promise.resolve({ store: new MemoryLoginCounters(limits) }));

describe('memory login counters over time', () => {
  it('forgets an unsettled reservation after pendingTtlMs and failures after memoryMs', async () => {
    const store = new MemoryLoginCounters(LIMITS);
    const k = { address: '198.51.100.1', account: 'a' };
    for (let i = 0; i < 5; i++) await store.reserve(k, 0);
    expect((await store.reserve(k, 1000)).granted).toBe(false);
    expect((await store.reserve(k, 30_001)).granted).toBe(true);
    for (let i = 0; i < 4; i++) {
      await store.reserve(k, 30_001);
      await store.settle(k, 'failure', 30_001);
    }
    // 5 failures (the first settle also ended the expired reservation): locked
    await store.settle(k, 'failure', 30_001);
    expect((await store.reserve(k, 31_002)).granted).toBe(true);
    await store.settle(k, 'release', 31_002);
    const later = 31_002 + LIMITS.memoryMs + 2000;
    for (let i = 0; i < 5; i++) expect((await store.reserve(k, later)).granted).toBe(true);
  });
});

// Real Redis at REDIS_URL (skipped with a warning when unreachable and REDIS_URL is unset).
describeStore('redis', async (limits) => {
  if (!(await requireRedis('the Redis login counters'))) {
    return { store: new MemoryLoginCounters(limits) };
  }
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0 });
  const prefix = `test-login:${randomBytes(6).toString('hex')}`;
  return { store: new RedisLoginCounters(client, limits, prefix), close: () => client.quit() };
});

describe('client address keys', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s → %s', (ip, key) => expect(clientAddressKey(ip)).toBe(key));
});

/** A port with nothing listening on it (connections are refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('LoginProtection with Redis unreachable', () => {
  let protection: LoginProtection;
  let metrics: MetricsService;

  beforeAll(async () => {
    metrics = new MetricsService();
    const options: LoginProtectionOptions = {
      ...LIMITS,
      redisUrl: `redis://127.0.0.1:${await closedPort()}`,
      keyPrefix: 'unreachable',
      // Waiting for Redis would take these 60 s: an attempt well below them did not wait.
      redisConnectTimeoutMs: 60_000,
      redisCommandTimeoutMs: 60_000,
    };
    protection = new LoginProtection(options, metrics);
  });
  afterAll(() => protection.onApplicationShutdown());

  it('counts in memory without waiting, reports the fallback and still limits', async () => {
    const started = performance.now();
    const result = await protection.attempt(
      { address: '192.0.2.1', account: 'x@example.org' },
      () => Promise.resolve('signed in'),
    );
    const ms = performance.now() - started;
    expect(result).toBe('signed in');
    expect(ms).toBeLessThan(10_000);

    // once the refused connection has been reported
    await waitFor(() => protection.status().redis === 'unreachable');
    expect(protection.status()).toEqual({ store: 'memory', redis: 'unreachable', degraded: true });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^login_protection_degraded 1$/m);
    expect(text).toMatch(/^login_protection_memory_fallbacks_total 1$/m);

    // 12 attempts at once: each reserves (or is refused) as it is made, and the checks of the
    // reserved ones end (wrong secret) only once all 12 have been made.
    let endChecks = () => {};
    const checksMayEnd = new Promise<void>((resolve) => (endChecks = resolve));
    const attempts = Array.from({ length: 12 }, () =>
      protection.attempt({ address: '192.0.2.1', account: 'y@example.org' }, async () => {
        await checksMayEnd;
        return null;
      }),
    );
    endChecks();
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof RateLimitedError,
    );
    expect(refused).toHaveLength(7);
  });
});

describe('LoginProtection without REDIS_URL', () => {
  it('counts in memory and is not degraded', async () => {
    const protection = new LoginProtection(
      { ...LIMITS, keyPrefix: 'x', redisConnectTimeoutMs: 500, redisCommandTimeoutMs: 150 },
      new MetricsService(),
    );
    expect(protection.status()).toEqual({
      store: 'memory',
      redis: 'not_configured',
      degraded: false,
    });
    await protection.onApplicationShutdown();
  });
});
