import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootTestApp, BootedTestApp } from '@sports/common/testing';
import { AppModule } from '../app.module';
import { loadTrainingConfig, TrainingConfig } from '../config';
import { RELEASE, SERVICE_DESCRIPTION } from '../release';

/**
 * Boots the training service for tests (called by the worker's app pool, outside the test
 * files' module registries; see libs/common/src/testing/app-pool-host.ts).
 */
export async function bootTrainingTestApp(
  env: Record<string, string>,
): Promise<BootedTestApp<TrainingConfig>> {
  // Media go to a folder of this application's own unless the file names one.
  const mediaRoot = env.MEDIA_ROOT
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), 'training-media-'));
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
    ...(mediaRoot ? { MEDIA_ROOT: mediaRoot } : {}),
    ...env,
  });
  const booted = await bootTestApp({
    release: RELEASE,
    description: SERVICE_DESCRIPTION,
    config,
    createModule: (c, url) => AppModule.forRoot(c, url),
  }).catch((error: unknown) => {
    if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
    throw error;
  });
  return {
    ...booted,
    close: async () => {
      await booted.close();
      if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
    },
  };
}
