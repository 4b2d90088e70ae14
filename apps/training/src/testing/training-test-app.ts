import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { AcquireOptions, acquireTestApp, TestApp } from '@sports/common/testing';
import type { TrainingConfig } from '../config';
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

const FACTORY = {
  file: path.join(__dirname, 'training-app-factory.ts'),
  name: 'bootTrainingTestApp',
};

let counter = 0;

/**
 * The training service for a test file: the worker's shared application for these settings
 * (booted once, see docs/testing.md), with a database pool and profiles of the file's own.
 */
export async function startTrainingTestApp(
  env: Record<string, string> = {},
  options: AcquireOptions = {},
): Promise<TrainingTestApp> {
  const base = await acquireTestApp<TrainingConfig>(FACTORY, env, options);
  const newProfile = async (
    options: { role?: ProfileRole; name?: string } = {},
  ): Promise<TestProfile> => {
    counter += 1;
    const email = `p-${randomUUID()}@example.org`;
    const pin = String(randomInt(1000, 10000));
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
  return { ...base, newProfile };
}
