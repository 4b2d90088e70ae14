import type { Redis, RedisOptions } from 'ioredis';

/** ioredis, loaded on first use: most test files never talk to Redis. */
function redisClient(url: string, options: RedisOptions): Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  const { default: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}

/** The Redis the tests use: REDIS_URL, else the default local server. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at `url` within a second. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const client = redisClient(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * True when the Redis tests can run. Unreachable Redis skips them with a warning, unless
 * REDIS_URL is set: then the environment promised a Redis and the test fails.
 */
export async function requireRedis(what: string): Promise<boolean> {
  if (await redisReachable()) return true;
  if (process.env.REDIS_URL)
    throw new Error(`REDIS_URL=${TEST_REDIS_URL} is unreachable (${what})`);
  console.warn(`SKIPPED: Redis at ${TEST_REDIS_URL} is unreachable; ${what} was not tested.`);
  return false;
}
