import { startTestApp, TestApp } from '@sports/common/testing';
import { AppModule } from '../app.module';
import { loadTrainingConfig, TrainingConfig } from '../config';
import { RELEASE, SERVICE_DESCRIPTION } from '../release';
import type { ProfileRole } from '../modules/profiles/profile.entity';

export interface TestProfile {
  id: string;
  email: string;
  pin: string;
  role: ProfileRole;
  token: string;
  refreshToken: string;
  /** `Authorization` header value. */
  auth: string;
}

export interface TrainingTestApp extends TestApp {
  config: TrainingConfig;
  /** Registers a profile over HTTP, gives it `role` in the database, and signs it in. */
  newProfile(options?: { role?: ProfileRole; name?: string }): Promise<TestProfile>;
}

let counter = 0;

export async function startTrainingTestApp(
  env: Record<string, string> = {},
): Promise<TrainingTestApp> {
  // Tests sign in many profiles from one IP: the per-address limits are raised here and have
  // their own tests that lower them (the per-account backoff keeps its default).
  const config = loadTrainingConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    LOGIN_RATE_LIMIT: '10000',
    LOGIN_ADDRESS_BACKOFF_THRESHOLD: '10000',
    // Off: a test database references none of the files in a developer's MEDIA_ROOT, which the
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
  const newProfile = async (
    options: { role?: ProfileRole; name?: string } = {},
  ): Promise<TestProfile> => {
    counter += 1;
    const email = `p${counter}-${Date.now()}@example.org`;
    const pin = String(1000 + (counter % 9000)).padStart(4, '0');
    const reg = await base.http
      .post('/api/auth/register')
      .send({ name: options.name ?? `Profile ${counter}`, email, pin });
    if (reg.status !== 201)
      throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    const role = options.role ?? 'user';
    await base.db.query('UPDATE profiles SET role = $2 WHERE id = $1', [reg.body.profile.id, role]);
    const login = await base.http.post('/api/auth/login').send({ email, pin });
    return {
      id: reg.body.profile.id,
      email,
      pin,
      role,
      token: login.body.access_token,
      refreshToken: login.body.refresh_token,
      auth: `Bearer ${login.body.access_token}`,
    };
  };
  return { ...base, config, newProfile };
}
