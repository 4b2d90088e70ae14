// Issues 2 and 20 benchmark, in one run: GET /api/version of each service against a minimal
// NestJS 11 + Express 5 application answering the same JSON (bench/lib/minimal-nest-app.cjs),
// with the CPU time per request of each server process (/proc/<pid>/stat before and after the
// load; goal of issue 20: at most 1.3× the minimal application's); GET /api/health/ready against
// a bare Node http server; the cold start time and idle RSS of each service.
//
// DATABASE_URL set: databases `bench_foundation_<service>` are (re)created on that server.
// Unset: each service starts its embedded PostgreSQL. BENCH_LOG_LEVEL (default warn) is the
// services' LOG_LEVEL.
import path from 'node:path';
import {
  alternatingRounds,
  freshDatabase,
  loadWithCpu,
  ratio,
  ROOT,
  startBareServer,
  startNodeServer,
  startService,
  writeResults,
} from './lib/harness.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const services = [
  { name: 'health', env: { EMBEDDED_PG_PORT: '54461' } },
  { name: 'training', env: { EMBEDDED_PG_PORT: '54462' } },
];
const MINIMAL_APP = path.join(ROOT, 'bench', 'lib', 'minimal-nest-app.cjs');

const rows = [];
const startup = [];
for (const svc of services) {
  const databaseUrl = await freshDatabase(`bench_foundation_${svc.name}`);
  const env = { ...svc.env, LOG_LEVEL };
  // First start initialises the database (folder or migrations); the second is the cold start.
  const warm = await startService(svc.name, { databaseUrl, env });
  await warm.stop();
  const service = await startService(svc.name, { databaseUrl, env });
  await new Promise((r) => setTimeout(r, 3000));
  startup.push({
    service: svc.name,
    cold_start_ms: service.readyMs,
    idle_rss_mb: Math.round(service.rssBytes() / 2 ** 20),
  });

  // ---- /api/version against the minimal NestJS application ----
  const version = await (await fetch(`${service.base}/api/version`)).json();
  const minimal = await startNodeServer(MINIMAL_APP, {
    ROUTE: '/api/version',
    BODY: JSON.stringify(version),
  });
  const options = { connections: CONNECTIONS, duration: DURATION };
  // A short warm-up of each (JIT), then the measured loads.
  await loadWithCpu(minimal.pid, `${minimal.base}/api/version`, { ...options, duration: 2 });
  await loadWithCpu(service.pid, `${service.base}/api/version`, { ...options, duration: 2 });
  // Rounds of both, in alternating order, so that a change in the machine's other load hits
  // both alike; the round with the median CPU ratio is reported, every round's ratio kept.
  const { rounds, median } = await alternatingRounds(
    ROUNDS,
    () => loadWithCpu(minimal.pid, `${minimal.base}/api/version`, options),
    () => loadWithCpu(service.pid, `${service.base}/api/version`, options),
    (m, n) => ratio(m.cpu_ms_per_request, n.cpu_ms_per_request),
  );
  const { baseline: nest, measured } = median;
  await minimal.stop();
  rows.push({
    service: svc.name,
    route: '/api/version',
    baseline: 'minimal NestJS 11 + Express 5',
    service_rps: measured.requests_per_s,
    baseline_rps: nest.requests_per_s,
    service_cpu_ms_per_request: measured.cpu_ms_per_request,
    baseline_cpu_ms_per_request: nest.cpu_ms_per_request,
    cpu_ratio: ratio(measured.cpu_ms_per_request, nest.cpu_ms_per_request),
    cpu_ratio_rounds: rounds.map((r) => r.ratio),
    service_p50_ms: measured.latency_ms.p50,
    service_p99_ms: measured.latency_ms.p99,
    baseline_p50_ms: nest.latency_ms.p50,
    non_2xx: measured.non_2xx,
    raw: { service: measured, baseline: nest, rounds },
  });

  // ---- /api/health/ready against a bare http server ----
  const ready = await (await fetch(`${service.base}/api/health/ready`)).json();
  const bare = await startBareServer(ready);
  const bareLoad = await loadWithCpu(process.pid, `${bare.base}/api/health/ready`, options);
  const readyLoad = await loadWithCpu(service.pid, `${service.base}/api/health/ready`, options);
  await bare.stop();
  rows.push({
    service: svc.name,
    route: '/api/health/ready',
    baseline: 'bare Node http (in the load generator process)',
    service_rps: readyLoad.requests_per_s,
    baseline_rps: bareLoad.requests_per_s,
    service_cpu_ms_per_request: readyLoad.cpu_ms_per_request,
    baseline_cpu_ms_per_request: null,
    cpu_ratio: null,
    service_p50_ms: readyLoad.latency_ms.p50,
    service_p99_ms: readyLoad.latency_ms.p99,
    baseline_p50_ms: bareLoad.latency_ms.p50,
    non_2xx: readyLoad.non_2xx,
    raw: { service: readyLoad, baseline: bareLoad },
  });
  await service.stop();
}

const cell = (v, unit = '') => (v === null || v === undefined ? '–' : `${v}${unit}`);
const table = [
  '| service | route | baseline | service req/s | baseline req/s | service CPU ms/req | baseline CPU ms/req | CPU ratio | ratio of each round | p50 ms | p99 ms | baseline p50 ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.service} | ${r.route} | ${r.baseline} | ${r.service_rps} | ${r.baseline_rps} | ${r.service_cpu_ms_per_request} | ${cell(r.baseline_cpu_ms_per_request)} | ${cell(r.cpu_ratio, '×')} | ${r.cpu_ratio_rounds ? r.cpu_ratio_rounds.map((x) => `${x}×`).join(', ') : '–'} | ${r.service_p50_ms} | ${r.service_p99_ms} | ${r.baseline_p50_ms} |`,
  ),
].join('\n');
const startTable = [
  '| service | cold start (ms, database initialised) | idle RSS (MB) |',
  '|---|---|---|',
  ...startup.map((s) => `| ${s.service} | ${s.cold_start_ms} | ${s.idle_rss_mb} |`),
].join('\n');
const md = `# Foundation benchmark

autocannon, ${CONNECTIONS} connections, ${DURATION} s per route (after 2 s of warm-up), same machine and run; services at LOG_LEVEL=${LOG_LEVEL}. CPU ms/req: user + system time of the server process during the load (/proc/<pid>/stat, 10 ms ticks) divided by the requests answered. \`/api/version\` is compared with a minimal NestJS 11 + Express 5 application answering the same JSON (bench/lib/minimal-nest-app.cjs, its own process; goal of issue 20: CPU ratio ≤ 1.3×); \`/api/health/ready\` with a bare Node \`http\` server answering the same JSON (it runs in the load generator, so only its throughput is shown).

${table}

## Start-up

${startTable}
`;
writeResults('foundation', { rows, startup }, md);
process.stdout.write(md);
