// Issue 20 benchmark: sign-in against the hashing it must do, and the event loop during a
// sign-in storm, measured in one run on the health service (training's PIN sign-in is the
// same code in libs/common):
// - POST /api/auth/login at 10 connections against a bare script verifying the same argon2id
//   hash (the service's parameters) from 10 concurrent loops (goal ≤ 1.3× p50, throughput);
// - GET /api/version from one connection while the storm runs (goal p99 < 50 ms: argon2 runs
//   on the thread pool, never on the event loop).
// The ratio compares the route alone with the bare verify (the probe of the storm phase would
// take CPU from the route only); the storm runs after both. Both processes use libuv's thread
// pool at the same size (UV_THREADPOOL_SIZE of this process, passed on; default 4). The
// service's CPU per sign-in is split into its event loop (main thread) and its other threads (the
// hashing, V8's helpers), from /proc/<pid>/task.
import { readdirSync, readFileSync } from 'node:fs';
import {
  alternatingRounds,
  freshDatabase,
  load,
  loadFn,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const argon2 = requireFromWorkspace('argon2');
const { Pool } = requireFromWorkspace('pg');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const THREADPOOL = process.env.UV_THREADPOOL_SIZE ?? 'default (4)';

/**
 * CPU ms of the main thread of `pid` (the event loop) and of its other threads (libuv's pool,
 * where argon2 runs, and V8's helpers; on Node 20 all of them are called "node").
 */
const threadCpu = (pid) => {
  const cpu = { main: 0, other: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu[tid === String(pid) ? 'main' : 'other'] += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the thread ended meanwhile
    }
  }
  return cpu;
};

const service = await startService('health', {
  databaseUrl: process.env.DATABASE_URL
    ? await freshDatabase(process.env.BENCH_DB ?? 'bench_health_login')
    : undefined,
  fresh: true,
  env: { LOGIN_RATE_LIMIT: '1000000', LOGIN_ADDRESS_BACKOFF_THRESHOLD: '1000000' },
});
// One account per connection: concurrent attempts on one account are held to the backoff
// threshold by design (issue 16), which is not what this measures.
const password = 'correct horse battery';
const json = { 'Content-Type': 'application/json' };
const run = Date.now();
const emails = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const email = `login-${run}-${i}@bench.test`;
  const registered = await fetch(`${service.base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, display_name: 'Bench' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  emails.push(email);
}
const pool = new Pool({ connectionString: service.databaseUrl, max: 2 });
const [{ password_hash: hash }] = (
  await pool.query('SELECT password_hash FROM users WHERE email = $1', [emails[0]])
).rows;
await pool.end();
const parameters = hash.split('$')[3];

let next = 0;
const signIn = async () => {
  const email = emails[next++ % emails.length];
  const res = await fetch(`${service.base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
};
// Warm-up, then the bare hashing and the route, one after the other.
await loadFn('warm-up', signIn, { connections: 2, duration: 2 });
// Rounds of the bare verify and the route alone, in alternating order, so that a change in the
// machine's other load hits both alike; the round with the median p50 ratio is reported.
const bareRun = async () => {
  const before = process.cpuUsage();
  const result = await loadFn(
    'argon2.verify of the same hash',
    () => argon2.verify(hash, password),
    {
      connections: CONNECTIONS,
      duration: DURATION,
    },
  );
  const used = process.cpuUsage(before);
  const verifies = Math.max(1, result.requests_per_s * DURATION);
  return {
    ...result,
    cpu_ms_per_op: Math.round(((used.user + used.system) / 1000 / verifies) * 100) / 100,
  };
};
const routeRun = async () => {
  const before = threadCpu(service.pid);
  const result = await loadFn('POST /api/auth/login', signIn, {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const after = threadCpu(service.pid);
  const signIns = Math.max(1, result.requests_per_s * DURATION);
  const per = (key) => Math.round(((after[key] - before[key]) / signIns) * 100) / 100;
  return { ...result, service_cpu: { event_loop_ms: per('main'), other_threads_ms: per('other') } };
};
const { rounds, median: medianRound } = await alternatingRounds(ROUNDS, bareRun, routeRun, (r, b) =>
  ratio(r.latency_ms.p50, b.latency_ms.p50),
);
const { baseline: bare, measured: route } = medianRound;
const serviceCpu = route.service_cpu;
const cpuBefore = process.cpuUsage();
const [storm, version] = await Promise.all([
  loadFn('POST /api/auth/login during the probe', signIn, {
    connections: CONNECTIONS,
    duration: DURATION,
  }),
  load(`${service.base}/api/version`, { connections: 1, duration: DURATION }),
]);
const quiet = await load(`${service.base}/api/version`, { connections: 1, duration: 3 });
await service.stop();

const results = {
  hash_parameters: parameters,
  uv_threadpool_size: THREADPOOL,
  bare,
  route,
  bare_cpu_ms_per_verify: bare.cpu_ms_per_op,
  route_service_cpu_per_sign_in: serviceCpu,
  ratio_p50_rounds: rounds.map((r) => r.ratio),
  // The service's CPU per sign-in over the bare script's per verify: less sensitive to the
  // machine's other load than latency (the client's fetch, PostgreSQL and Redis not counted).
  ratio_cpu: ratio(serviceCpu.event_loop_ms + serviceCpu.other_threads_ms, bare.cpu_ms_per_op),
  route_during_probe: storm,
  version_during_storm: version,
  version_quiet: quiet,
  ratio_p50: ratio(route.latency_ms.p50, bare.latency_ms.p50),
  ratio_throughput: ratio(bare.requests_per_s, route.requests_per_s),
  bench_cpu_ms: Math.round(
    (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000,
  ),
};
const row = (label, r) =>
  `| ${label} | ${r.requests_per_s} | ${r.latency_ms.p50} | ${r.latency_ms.p99} | ${r.non_2xx + r.errors} |`;
writeResults(
  'login',
  results,
  [
    '# Sign-in against its hashing (issue 20)',
    '',
    `argon2id ${parameters} (the service's default, OWASP). ${CONNECTIONS} connections, ${DURATION} s each; the bare`,
    'script verifies the same hash from as many concurrent loops, in the benchmark process; the route',
    `is called from the same kind of loops (fetch, one account per loop), first alone in ${ROUNDS} rounds`,
    'alternating with the bare verify (the ratio), then',
    `with GET /api/version from one connection beside it (the storm). libuv thread pool of both processes:`,
    `${THREADPOOL}.`,
    '',
    '| Case | req/s | p50 ms | p99 ms | errors / non-2xx |',
    '|---|---:|---:|---:|---:|',
    row('bare argon2.verify', bare),
    row('POST /api/auth/login', route),
    row('POST /api/auth/login during the storm', storm),
    row('GET /api/version during the storm (1 connection)', version),
    row('GET /api/version, quiet (1 connection)', quiet),
    '',
    `Login p50 over the bare verify: **${results.ratio_p50}×**; throughput ratio ${results.ratio_throughput}× (goal ≤ 1.3×).`,
    `/api/version p99 during the storm: **${version.latency_ms.p99} ms** (goal < 50 ms).`,
    '',
    `Service CPU per sign-in (route alone): event loop ${serviceCpu.event_loop_ms} ms, other threads ${serviceCpu.other_threads_ms} ms (the hashing on libuv's pool, V8's helpers); the bare verify used ${results.bare_cpu_ms_per_verify} ms of this process per verify: **${results.ratio_cpu}×** (the client, PostgreSQL and Redis not counted).`,
    `p50 ratio of each round: ${results.ratio_p50_rounds.map((x) => `${x}×`).join(', ')} (the median round is shown).`,
  ].join('\n'),
);
console.log(JSON.stringify(results, null, 2));
process.exit(0);
