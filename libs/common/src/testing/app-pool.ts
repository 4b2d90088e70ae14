import type { AppHandle, AppRequest } from './app-pool-host';
import { BootedTestApp, connectTestApp, TestApp } from './test-app';

/** A module and export that boots a test application: `(env) => Promise<BootedTestApp>`. */
export interface TestAppFactory {
  file: string;
  name: string;
}

export interface AcquireOptions {
  /**
   * An application for this file alone, closed when the file ends: for a file that stops the
   * application or its database, or that runs two replicas of one configuration.
   */
  own?: boolean;
}

interface PoolGlobal {
  __testAppPool?: { acquire(request: AppRequest): Promise<AppHandle> };
}

/**
 * The test file's connection to an application booted with `env`: the worker's shared one for
 * that configuration (jest.app-environment.js), or, without that environment, one booted here.
 */
export async function acquireTestApp<C>(
  factory: TestAppFactory,
  env: Record<string, string>,
  options: AcquireOptions = {},
): Promise<TestApp & { config: C }> {
  const pool = (globalThis as PoolGlobal).__testAppPool;
  let booted: BootedTestApp;
  let release: () => Promise<void>;
  if (pool) {
    const handle = await pool.acquire({ ...factory, env, own: options.own });
    booted = handle.booted;
    release = () => handle.release();
  } else {
    type Factories = Record<string, (e: typeof env) => Promise<BootedTestApp>>;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the factory named by the file
    const factories = require(factory.file) as Factories;
    const boot = factories[factory.name];
    booted = await boot(env);
    release = () => booted.close();
  }
  const t = await connectTestApp(booted, release).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  return { ...t, config: booted.config as C };
}
