import { startTestApp, TestApp } from '@sports/common/testing';
import { AppModule } from '../app.module';
import { HealthConfig, loadHealthConfig } from '../config';
import type { UserRole, UserTier } from '../modules/profiles/user.entity';
import { RELEASE, SERVICE_DESCRIPTION } from '../release';

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

let counter = 0;

export async function startHealthTestApp(env: Record<string, string> = {}): Promise<HealthTestApp> {
  const config = loadHealthConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Tests sign in many accounts from one address: the per-address limits are raised here and
    // have their own tests that lower them (the per-account backoff keeps its default).
    LOGIN_RATE_LIMIT: '10000',
    LOGIN_ADDRESS_BACKOFF_THRESHOLD: '10000',
    // Off: a test database references none of the files in a developer's PHOTO_ROOT, which the
    // sweep would take for orphans. The sweep tests run it by hand.
    STORAGE_SWEEP_INTERVAL_MINUTES: '0',
    ...env,
  });
  const base = await startTestApp({
    release: RELEASE,
    description: SERVICE_DESCRIPTION,
    config,
    createModule: (c, url) => AppModule.forRoot(c, url),
  });
  const newUser = async (options: { role?: UserRole; tier?: UserTier } = {}): Promise<TestUser> => {
    counter += 1;
    const email = `u${counter}-${Date.now()}@example.org`;
    const password = `secret-password-${counter}`;
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
  return { ...base, config, newUser };
}
