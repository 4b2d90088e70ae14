import type Redis from 'ioredis';
import type {
  AttemptKeys,
  LoginCounterStore,
  LoginLimits,
  Outcome,
  RefusalReason,
  Reservation,
} from './login-counters';

// The rules of MemoryLoginCounters (see login-counters.ts), as Lua so that each step is atomic
// across every replica that shares the Redis server.
const RESERVE = `
local now = tonumber(ARGV[1])
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
if n > tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    ttl = tonumber(ARGV[3])
  end
  return {0, 'address_rate', ttl}
end
local function check(hash, pending, threshold, reason)
  local v = redis.call('HMGET', hash, 'f', 'l')
  local f = tonumber(v[1]) or 0
  local l = tonumber(v[2]) or 0
  if l > now then return {0, reason, l - now} end
  local p = tonumber(redis.call('GET', pending)) or 0
  local cap = threshold - f
  if f >= threshold then cap = 1 end
  if p >= cap then return {0, reason, 1000} end
  return false
end
local r = check(KEYS[2], KEYS[3], tonumber(ARGV[4]), 'account_backoff')
if r then return r end
r = check(KEYS[4], KEYS[5], tonumber(ARGV[5]), 'address_backoff')
if r then return r end
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
redis.call('INCR', KEYS[5])
redis.call('PEXPIRE', KEYS[5], ARGV[6])
return {1, '', 0}
`;

const SETTLE = `
local now = tonumber(ARGV[2])
local function release(pending)
  local p = tonumber(redis.call('GET', pending)) or 0
  if p > 0 then redis.call('DECR', pending) end
end
local function fail(hash, threshold)
  local f = redis.call('HINCRBY', hash, 'f', 1)
  local lock = 0
  if f >= threshold then
    lock = math.min(tonumber(ARGV[5]), 1000 * 2 ^ math.min(f - threshold, 30))
    redis.call('HSET', hash, 'l', string.format('%d', now + lock))
  end
  redis.call('PEXPIRE', hash, string.format('%d', lock + tonumber(ARGV[6])))
end
release(KEYS[2])
release(KEYS[4])
if ARGV[1] == 'failure' then
  fail(KEYS[1], tonumber(ARGV[3]))
  fail(KEYS[3], tonumber(ARGV[4]))
elseif ARGV[1] == 'success' then
  redis.call('DEL', KEYS[1], KEYS[2])
end
return 1
`;

type ScriptedRedis = Redis & {
  loginReserve(...args: (string | number)[]): Promise<[number, string, number]>;
  loginSettle(...args: (string | number)[]): Promise<number>;
};

/** Counters in Redis, shared by every replica; keys start with `prefix`. */
export class RedisLoginCounters implements LoginCounterStore {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly limits: LoginLimits,
    private readonly prefix: string,
  ) {
    redis.defineCommand('loginReserve', { numberOfKeys: 5, lua: RESERVE });
    redis.defineCommand('loginSettle', { numberOfKeys: 4, lua: SETTLE });
    this.redis = redis as ScriptedRedis;
  }

  async reserve(keys: AttemptKeys, now: number): Promise<Reservation> {
    const l = this.limits;
    const k = this.keys(keys);
    const [granted, reason, retryAfterMs] = await this.redis.loginReserve(
      `${this.prefix}:w:${keys.address}`,
      k.account,
      `${k.account}:p`,
      k.address,
      `${k.address}:p`,
      now,
      l.rateLimit,
      l.rateWindowMs,
      l.accountThreshold,
      l.addressThreshold,
      l.pendingTtlMs,
    );
    return granted === 1
      ? { granted: true }
      : { granted: false, reason: reason as RefusalReason, retryAfterMs: Number(retryAfterMs) };
  }

  async settle(keys: AttemptKeys, outcome: Outcome, now: number): Promise<void> {
    const l = this.limits;
    const k = this.keys(keys);
    await this.redis.loginSettle(
      k.account,
      `${k.account}:p`,
      k.address,
      `${k.address}:p`,
      outcome,
      now,
      l.accountThreshold,
      l.addressThreshold,
      l.maxLockMs,
      l.memoryMs,
    );
  }

  private keys(keys: AttemptKeys): { account: string; address: string } {
    return {
      account: `${this.prefix}:a:${keys.account}`,
      address: `${this.prefix}:i:${keys.address}`,
    };
  }
}
