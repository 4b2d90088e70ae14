// What the fault tests share: a PostgreSQL server of their own (so that they may stop and
// freeze it), service processes started from the built dist/main.js, and small HTTP helpers.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  startProcess,
  terminate,
  waitForReady,
} from '../../scripts/lib/service-process.mjs';

export { freePort, startProcess, terminate, waitForReady };
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
export const database = require(path.join(root, 'libs/common/dist/database/index.js'));
const { Client } = require(require.resolve('pg', { paths: [path.join(root, 'libs/common')] }));

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `faults-${prefix}-`));
  // As root, the embedded server runs as `postgres`, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  return dir;
}

/** Pids of the postmaster's children (backends, checkpointer, ...), read from /proc. */
function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        out.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** A connected `pg` client (the caller ends it). */
export async function openClient(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Rows of `sql` run on the database of `url`. */
export async function queryDatabase(url, sql, params) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Every file below `dir` (recursively) with its size. */
export function filesBelow(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = path.join(e.parentPath ?? e.path, e.name);
      return { path: path.relative(dir, full), size: statSync(full).size };
    });
}

/** A PostgreSQL server of the test's own, which it may stop, restart, freeze and thaw. */
export async function startDatabaseServer() {
  const dir = tempDir('pg');
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let server = await database.startEmbeddedPostgres({ dataDir, port, fsync: false });
  const signalAll = (signal) => {
    const pid = server.postmasterPid();
    const pids = [pid, ...childrenOf(pid)];
    for (const p of signal === 'SIGCONT' ? pids : pids.reverse()) process.kill(p, signal);
  };
  return {
    url: server.url,
    /** A URL of a new, not yet existing database on this server. */
    newDatabaseUrl: (prefix) =>
      database.withDatabase(server.url, `${prefix}_${randomBytes(4).toString('hex')}`),
    query: queryDatabase,
    stop: () => server.stop(),
    restart: async () => {
      server = await database.startEmbeddedPostgres({ dataDir, port, fsync: false });
    },
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    close: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts `apps/<service>/dist/main.js` on a free port and waits until it is ready. */
export async function startService(service, env = {}) {
  const port = env.PORT ?? (await freePort());
  const proc = startProcess({
    command: process.execPath,
    args: [path.join(root, 'apps', service, 'dist', 'main.js')],
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ADDRESS_BACKOFF_THRESHOLD: '100000',
      ...env,
      PORT: String(port),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitForReady(`${url}/api/health/ready`, { proc, timeoutMs: 90_000 });
  return { url, port, proc, readyMs };
}

/**
 * One HTTP request; resolves with status, headers, body and milliseconds, or with the error
 * code when the connection fails. `body` may be a Buffer or a function writing the body.
 */
export function send(url, { method = 'GET', headers = {}, body, agent } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: json,
          text,
          ms: Date.now() - started,
        });
      });
    });
    req.on('error', (error) =>
      resolve({ status: 0, error: error.code ?? error.message, ms: Date.now() - started }),
    );
    if (typeof body === 'function') body(req);
    else req.end(body);
  });
}

export const json = (payload, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(payload)),
});

export const keepAliveAgent = () => new Agent({ keepAlive: true, maxSockets: 1 });

/** Registers a training profile and returns its credentials and token. */
export async function trainingProfile(url, name = 'p') {
  const account = {
    name,
    email: `${name}-${randomBytes(3).toString('hex')}@example.org`,
    pin: '4711',
  };
  const res = await send(`${url}/api/auth/register`, json(account));
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { ...account, id: res.body.profile.id, token: res.body.access_token };
}

/** Registers a health account and returns its credentials and token. */
export async function healthAccount(url, name = 'u') {
  const account = {
    email: `${name}-${randomBytes(3).toString('hex')}@example.org`,
    password: 'long enough 1',
  };
  const res = await send(`${url}/api/auth/register`, json(account));
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { ...account, id: res.body.user.id, token: res.body.access_token };
}

/**
 * A multipart/form-data body with one file part, written in `chunk`-sized pieces every
 * `everyMs` so that the upload stays in flight for a while. `onProgress(sentBytes)` is called
 * after each piece.
 */
export function slowMultipart({
  field = 'file',
  filename,
  contentType,
  head,
  size,
  chunk = 1 << 20,
  everyMs = 20,
  fields = {},
  onProgress,
}) {
  const boundary = `----faults${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const trailer = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = preamble.length + size + trailer.length;
  const write = (req) => {
    let sent = 0;
    req.write(preamble);
    const next = () => {
      if (sent >= size) {
        req.end(trailer);
        return;
      }
      const n = Math.min(chunk, size - sent);
      const piece =
        sent === 0
          ? Buffer.concat([head, randomBytes(Math.max(0, n - head.length))])
          : Buffer.alloc(n, sent & 0xff);
      sent += n;
      req.write(piece, () => {
        onProgress?.(sent);
        setTimeout(next, everyMs);
      });
    };
    next();
  };
  return {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
    write,
  };
}

/** The head of an MP4 file: enough for the type sniffing. */
export const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom'),
  Buffer.alloc(12),
]);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
