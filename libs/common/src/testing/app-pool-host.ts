import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { BootedTestApp } from './test-app';

/**
 * The shared test applications of one Jest worker process (created by jest.app-environment.js,
 * outside any test file's module registry, so an application outlives the file that booted it).
 *
 * An application is keyed by its factory and the settings a file asks for: files that ask for
 * the same settings share one application and its database; each file brings its own accounts
 * and rows. At most `TEST_APPS_PER_WORKER` (3) idle applications are kept, the least recently
 * used one is closed first. `own: true` boots an application for the asking file alone (a file
 * that stops its database, or runs two replicas of one configuration), closed when it ends.
 */
export interface AppRequest {
  /** Module that exports the factory, and the factory's export name. */
  file: string;
  name: string;
  env: Record<string, string>;
  own?: boolean;
}

export interface AppHandle {
  booted: BootedTestApp;
  /** Ends the asking file's use (closes an `own` application); safe to call twice. */
  release(): Promise<void>;
}

export interface AppPool {
  acquire(request: AppRequest): Promise<AppHandle>;
  /** Boots the application of `request` unless the pool has it (no file uses it yet). */
  warm(request: AppRequest): Promise<void>;
  closeAll(): Promise<void>;
}

type Factory = (env: Record<string, string>) => Promise<BootedTestApp>;

interface Entry {
  booting: Promise<BootedTestApp>;
  users: number;
  lastUsed: number;
}

/** The key of a configuration: the factory and the settings, in a stable order. */
function keyOf(request: AppRequest): string {
  const env = Object.entries(request.env).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([request.file, request.name, env]);
}

/** One line per boot into `TEST_APP_BOOT_LOG` (global teardown counts them). */
function recordBoot(key: string, ms: number): void {
  const file = process.env.TEST_APP_BOOT_LOG;
  if (!file) return;
  const config = createHash('sha256').update(key).digest('hex').slice(0, 12);
  appendFileSync(file, `${process.env.JEST_WORKER_ID ?? '1'} ${config} ${Math.round(ms)}\n`);
}

export function createAppPool(limit = Number(process.env.TEST_APPS_PER_WORKER ?? 3)): AppPool {
  const entries = new Map<string, Entry>();

  const boot = async (request: AppRequest): Promise<BootedTestApp> => {
    const started = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the factory named by the file
    const factory = (require(request.file) as Record<string, Factory>)[request.name];
    if (typeof factory !== 'function')
      throw new Error(`${request.file} exports no test app factory ${request.name}`);
    const booted = await factory(request.env);
    recordBoot(keyOf(request), performance.now() - started);
    return booted;
  };

  const evictIdle = async (): Promise<void> => {
    const idle = [...entries.entries()]
      .filter(([, entry]) => entry.users === 0)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    while (entries.size > limit && idle.length) {
      const [key, entry] = idle.shift()!;
      entries.delete(key);
      await (await entry.booting).close().catch(() => undefined);
    }
  };

  const once = (work: () => Promise<void>): (() => Promise<void>) => {
    let done: Promise<void> | undefined;
    return () => (done ??= work());
  };

  // A worker asked to end exits at once: its applications hold database connections and
  // timers that would otherwise keep it alive until Jest kills it.
  if (process.send)
    process.on('message', (message: unknown) => {
      if (Array.isArray(message) && message[0] === 2) setImmediate(() => process.exit(0));
    });

  const shared = (request: AppRequest): Entry => {
    const key = keyOf(request);
    let entry = entries.get(key);
    if (!entry) {
      const booting = boot(request);
      entry = { booting, users: 0, lastUsed: performance.now() };
      entries.set(key, entry);
      booting.catch(() => entries.delete(key));
    }
    return entry;
  };

  return {
    async warm(request) {
      await shared(request).booting;
    },
    async acquire(request) {
      if (request.own) {
        const booted = await boot(request);
        return { booted, release: once(() => booted.close()) };
      }
      const current = shared(request);
      current.users += 1;
      const booted = await current.booting.catch((error: unknown) => {
        current.users -= 1;
        throw error;
      });
      return {
        booted,
        release: once(async () => {
          current.users -= 1;
          current.lastUsed = performance.now();
          await evictIdle();
        }),
      };
    },
    async closeAll() {
      const all = [...entries.values()];
      entries.clear();
      for (const entry of all) {
        const booted = await entry.booting.catch(() => undefined);
        await booted?.close().catch(() => undefined);
      }
    },
  };
}
