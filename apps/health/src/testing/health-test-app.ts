import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AcquireOptions, acquireTestApp, TestApp } from '@sports/common/testing';
import type { HealthConfig } from '../config';
import type { UserRole, UserTier } from '../modules/profiles/user.entity';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: UserRole;
  token: string;
  refreshToken: string;
  /** `Authorization` header value. */
  auth: string;
}

export interface HealthTestApp extends TestApp {
  config: HealthConfig;
  /** Registers an account over HTTP, gives it `role` and `tier` in the database, and signs it in. */
  newUser(options?: { role?: UserRole; tier?: UserTier }): Promise<TestUser>;
}

const FACTORY = { file: path.join(__dirname, 'health-app-factory.ts'), name: 'bootHealthTestApp' };

/**
 * The health service for a test file: the worker's shared application for these settings
 * (booted once, see docs/testing.md), with a database pool and accounts of the file's own.
 */
export async function startHealthTestApp(
  env: Record<string, string> = {},
  options: AcquireOptions = {},
): Promise<HealthTestApp> {
  const base = await acquireTestApp<HealthConfig>(FACTORY, env, options);
  const newUser = async (options: { role?: UserRole; tier?: UserTier } = {}): Promise<TestUser> => {
    const email = `u-${randomUUID()}@example.org`;
    const password = `secret-password-${randomUUID().slice(0, 8)}`;
    const reg = await base.http.post('/api/auth/register').send({ email, password });
    if (reg.status !== 201)
      throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    const role = options.role ?? 'user';
    await base.db.query('UPDATE users SET role = $2, tier = $3 WHERE id = $1', [
      reg.body.user.id,
      role,
      options.tier ?? 'free',
    ]);
    const login = await base.http.post('/api/auth/login').send({ email, password });
    return {
      id: reg.body.user.id,
      email,
      password,
      role,
      token: login.body.access_token,
      refreshToken: login.body.refresh_token,
      auth: `Bearer ${login.body.access_token}`,
    };
  };
  return { ...base, newUser };
}
