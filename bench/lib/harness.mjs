// Shared benchmark plumbing: start a built service as a child process, wait until it is
// ready, load it with autocannon, and write results as JSON and Markdown to bench/results/.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS = path.join(ROOT, 'bench', 'results');

/** Packages of the workspace (pg, argon2, …) resolved from libs/common, which depends on them. */
export const requireFromWorkspace = createRequire(
  path.join(ROOT, 'libs', 'common', 'package.json'),
);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * With DATABASE_URL: drops and creates the database `name` on that server and answers its URL,
 * so that the benchmark starts from an empty database. Without: undefined; the service then
 * starts its embedded PostgreSQL, and `service.databaseUrl` names the database it uses.
 */
export async function freshDatabase(name) {
  if (!process.env.DATABASE_URL) return undefined;
  const pg = requireFromWorkspace('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until `url` answers 200, or fails after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

// Services started by this process; a benchmark that fails must not leave them running.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

/**
 * Starts `apps/<service>/dist/main.js` on `port`. Without `databaseUrl` the service starts its
 * own embedded PostgreSQL in `.data/bench-<service>`; `fresh` empties that folder first, so a
 * benchmark that seeds data starts from an empty database, as `freshDatabase` does on a server.
 */
export async function startService(service, { port, databaseUrl, env = {}, fresh = false } = {}) {
  port ??= await freePort();
  const childEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0001',
    DATA_DIR: `.data/bench-${service}`,
    EMBEDDED_PG_PORT: String(await freePort()),
    ...env,
  };
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  if (fresh && !databaseUrl)
    rmSync(path.join(ROOT, childEnv.DATA_DIR), { recursive: true, force: true });
  const started = Date.now();
  // BENCH_NODE_ARGS: extra Node flags for the service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(ROOT, 'apps', service, 'dist', 'main.js');
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`${service} exited with code ${code} before it was ready`)),
    ),
  );
  exited.catch(() => undefined);
  await Promise.race([waitFor(`${base}/api/health/ready`), exited]);
  const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${childEnv.EMBEDDED_PG_PORT}/${service}`;
  return {
    base,
    databaseUrl: databaseUrl ?? embeddedUrl,
    pid: child.pid,
    readyMs: Date.now() - started,
    rssBytes: () => rssOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process from /proc (Linux). */
export function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** A bare Node http server answering `body` as JSON on every request: the baseline. */
export async function startBareServer(body) {
  const payload = JSON.stringify(body);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(payload);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

/** Runs autocannon and returns the figures we report. */
export async function load(
  url,
  { connections = 50, duration = 10, headers = {}, method = 'GET', body } = {},
) {
  const result = await autocannon({ url, connections, duration, headers, method, body });
  return {
    url,
    connections,
    duration_s: duration,
    requests_per_s: Math.round(result.requests.average),
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: Math.round(result.latency.average * 100) / 100,
    },
    requests_total: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (Linux). */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}

/** Clock ticks per second of /proc figures (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * `load()` with the CPU time the server process `pid` spent meanwhile: `cpu_ms` in all and
 * `cpu_ms_per_request`.
 */
export async function loadWithCpu(pid, url, options) {
  const before = cpuMsOf(pid);
  const result = await load(url, options);
  const cpuMs = cpuMsOf(pid) - before;
  return {
    ...result,
    cpu_ms: cpuMs,
    cpu_ms_per_request: Math.round((cpuMs / Math.max(1, result.requests_total)) * 10000) / 10000,
  };
}

/** Starts a Node script as a server on a free port; it prints `ready` once it listens. */
export async function startNodeServer(script, env = {}, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    database: process.env.DATABASE_URL ? 'external' : 'embedded',
  };
}

/** Writes `<name>.json` and `<name>.md` into bench/results/. */
export function writeResults(name, data, markdown) {
  mkdirSync(RESULTS, { recursive: true });
  const stamped = { name, measured_at: new Date().toISOString(), machine: machine(), ...data };
  writeFileSync(path.join(RESULTS, `${name}.json`), JSON.stringify(stamped, null, 2) + '\n');
  writeFileSync(path.join(RESULTS, `${name}.md`), markdown + '\n');
  return stamped;
}

export const ratio = (a, b) => Math.round((a / b) * 100) / 100;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The baseline counterpart of `load()`: runs `fn` from `connections` concurrent loops for
 * `duration` seconds (e.g. the bare SQL a route needs, through a pg Pool of that size) and
 * reports the same figures.
 */
export async function loadFn(label, fn, { connections = 20, duration = 10 } = {}) {
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const t0 = process.hrtime.bigint();
        try {
          await fn();
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const round = (v) => Math.round(v * 100) / 100;
  return {
    url: label,
    connections,
    duration_s: duration,
    requests_per_s: Math.round(latencies.length / duration),
    latency_ms: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    },
    non_2xx: 0,
    errors,
    timeouts: 0,
  };
}

/**
 * Runs a baseline and the measured case `rounds` times, the order swapped every round (the
 * shared machine's other load changes within a run), and answers every round with its ratio
 * (measured over baseline, by `ratioOf`) and the round with the median ratio.
 */
export async function alternatingRounds(rounds, runBaseline, runMeasured, ratioOf) {
  const all = [];
  for (let i = 0; i < rounds; i++) {
    let baseline;
    let measured;
    if (i % 2 === 0) {
      baseline = await runBaseline();
      measured = await runMeasured();
    } else {
      measured = await runMeasured();
      baseline = await runBaseline();
    }
    all.push({ baseline, measured, ratio: ratioOf(measured, baseline) });
  }
  const median = [...all].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)];
  return { rounds: all, median };
}
