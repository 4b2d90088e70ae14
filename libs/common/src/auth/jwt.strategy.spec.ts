import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { UnauthenticatedError } from '../errors';
import type { AuthOptions, AuthUser, AuthUserResolver } from './auth-user';
import { JwtStrategy } from './jwt.strategy';
import { VerifiedTokenCache } from './verified-token-cache';

const OPTIONS: AuthOptions = {
  jwtSecret: 'a-test-secret-of-enough-length-for-hs256',
  accessTtlSeconds: 900,
  refreshTtlDays: 30,
  roleRanks: { user: 1, admin: 2 },
  issuer: 'strategy-test',
};
const SUB = '0b1e6b9e-58a6-4d53-9a43-0c8d1c2f3a41';
const SID = '5f0c1a8e-2b7d-4c6e-9f3a-1d2e3f4a5b6c';

/** Accounts with their live sessions, in memory; counts the lookups. */
class SessionTable implements AuthUserResolver {
  readonly live = new Set<string>([SID]);
  lookups = 0;
  async resolve(subjectId: string, sessionId?: string): Promise<AuthUser | null> {
    this.lookups += 1;
    if (subjectId !== SUB || !sessionId || !this.live.has(sessionId)) return null;
    return { id: SUB, email: 'kim@example.test', role: 'user' };
  }
}

type Outcome = { user: AuthUser } | { failed: unknown } | { error: unknown };

/** Runs the strategy the way passport does: on an object made from it, with its own callbacks. */
function authenticate(strategy: JwtStrategy, token: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const run = Object.create(strategy) as JwtStrategy;
    run.success = (user: AuthUser) => resolve({ user });
    run.fail = (info: unknown) => resolve({ failed: info ?? true });
    run.error = (error: unknown) => resolve({ error });
    run.authenticate({ headers: { authorization: `Bearer ${token}` } } as Request, {});
  });
}

const sign = (claims: Record<string, unknown>, expiresIn = OPTIONS.accessTtlSeconds): string =>
  new JwtService({ secret: OPTIONS.jwtSecret }).sign(claims, {
    expiresIn,
    issuer: OPTIONS.issuer,
    algorithm: 'HS256',
  });

const accessClaims = { sub: SUB, email: 'kim@example.test', role: 'user', typ: 'access', sid: SID };

describe('JwtStrategy with verified tokens cached', () => {
  let sessions: SessionTable;
  let strategy: JwtStrategy;
  let verifications: jest.SpyInstance;

  beforeEach(() => {
    sessions = new SessionTable();
    strategy = new JwtStrategy(OPTIONS, sessions);
    const withVerifier = Strategy as unknown as { JwtVerifier: (...args: unknown[]) => unknown };
    verifications = jest.spyOn(withVerifier, 'JwtVerifier');
  });
  afterEach(() => jest.restoreAllMocks());

  it('verifies a repeated token once but looks the session up on every request', async () => {
    const token = sign(accessClaims);
    for (let i = 0; i < 3; i++) {
      expect(await authenticate(strategy, token)).toEqual({
        user: { id: SUB, email: 'kim@example.test', role: 'user', sessionId: SID },
      });
    }
    expect(verifications).toHaveBeenCalledTimes(1);
    expect(sessions.lookups).toBe(3);
  });

  it('refuses a cached token at once when its session ends', async () => {
    const token = sign(accessClaims);
    expect(await authenticate(strategy, token)).toHaveProperty('user');
    sessions.live.delete(SID);
    const after = await authenticate(strategy, token);
    expect(after).toEqual({ error: expect.any(UnauthenticatedError) });
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('refuses an expired token even when it is cached, through the full verification', async () => {
    const token = sign(accessClaims, 60);
    expect(await authenticate(strategy, token)).toHaveProperty('user');
    const later = Date.now() + 61_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const outcome = await authenticate(strategy, token);
    expect(outcome).toEqual({ failed: expect.objectContaining({ name: 'TokenExpiredError' }) });
    expect(verifications).toHaveBeenCalledTimes(2);
    expect(sessions.lookups).toBe(1);
  });

  it('never serves a tampered token from the cache', async () => {
    const token = sign(accessClaims);
    expect(await authenticate(strategy, token)).toHaveProperty('user');
    const [header, payload, signature] = token.split('.');
    const asAdmin = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    for (const tampered of [
      `${header}.${asAdmin}.${signature}`,
      `${header}.${payload}.${flipped}`,
    ]) {
      expect(await authenticate(strategy, tampered)).toEqual({
        failed: expect.objectContaining({ name: 'JsonWebTokenError' }),
      });
    }
    expect(verifications).toHaveBeenCalledTimes(3);
    expect(sessions.lookups).toBe(1);
  });

  it('refuses a signed token whose sub or sid is not a UUID string, without a lookup', async () => {
    for (const claims of [
      { sub: 123 },
      { sub: { a: 1 } },
      { sub: [SUB] },
      { sub: 'not-a-uuid' },
      { sub: null },
      { sid: [] },
      { sid: [SID] },
      { sid: 7 },
      { sid: 'not-a-uuid' },
    ]) {
      const token = sign({ ...accessClaims, ...claims });
      expect(await authenticate(strategy, token)).toEqual({
        error: expect.any(UnauthenticatedError),
      });
    }
    expect(sessions.lookups).toBe(0);
  });

  it('does not cache a verified token that is no access token', async () => {
    const refreshLike = sign({ ...accessClaims, typ: 'refresh' });
    for (let i = 0; i < 2; i++) {
      expect(await authenticate(strategy, refreshLike)).toEqual({
        error: expect.any(UnauthenticatedError),
      });
    }
    expect(verifications).toHaveBeenCalledTimes(2);
    expect(sessions.lookups).toBe(0);
  });
});

describe('JwtStrategy.callerOf (the access guard without passport middleware)', () => {
  const request = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as Request;

  it('answers the caller, false for a missing, bad or expired token, and rejects with what the lookup threw', async () => {
    const sessions = new SessionTable();
    const strategy = new JwtStrategy(OPTIONS, sessions);
    const token = sign(accessClaims);
    const caller = { id: SUB, email: 'kim@example.test', role: 'user', sessionId: SID };
    expect(await strategy.callerOf(request(token))).toEqual(caller);
    expect(await strategy.callerOf(request(token))).toEqual(caller);
    expect(await strategy.callerOf({ headers: {} } as Request)).toBe(false);
    expect(await strategy.callerOf(request(`${token}x`))).toBe(false);
    expect(await strategy.callerOf(request(sign(accessClaims, -10)))).toBe(false);
    sessions.live.delete(SID);
    await expect(strategy.callerOf(request(token))).rejects.toBeInstanceOf(UnauthenticatedError);
    const failing = new JwtStrategy(OPTIONS, {
      resolve: () => Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' })),
    });
    await expect(failing.callerOf(request(token))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('VerifiedTokenCache', () => {
  const at = (seconds: number) => () => seconds * 1000;

  it('keeps at most its bound, dropping the least recently used entry', () => {
    const cache = new VerifiedTokenCache<{ exp: number }>(2, at(100));
    cache.set('a', { exp: 200 });
    cache.set('b', { exp: 200 });
    expect(cache.get('a')).toEqual({ exp: 200 });
    cache.set('c', { exp: 200 });
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ exp: 200 });
    expect(cache.get('c')).toEqual({ exp: 200 });
  });

  it('ends an entry in the second of its exp and keeps none without exp', () => {
    let now = 199.999;
    const cache = new VerifiedTokenCache<{ exp?: number }>(10, () => now * 1000);
    cache.set('a', { exp: 200 });
    cache.set('forever', {});
    expect(cache.get('a')).toEqual({ exp: 200 });
    expect(cache.get('forever')).toBeUndefined();
    now = 200;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keys entries by the whole token: one differing byte is another token', () => {
    const cache = new VerifiedTokenCache<{ exp: number }>(10, at(100));
    cache.set('header.payload.signature', { exp: 200 });
    expect(cache.get('header.payload.signaturf')).toBeUndefined();
    expect(cache.get('header.payload.signature ')).toBeUndefined();
  });
});
