// Issue 2 benchmark: GET /api/version and GET /api/health/ready of each service against a
// bare Node http server answering the same JSON, in the same run. Also the cold start time
// (embedded database already initialised) and idle RSS of each service.
import { load, ratio, startBareServer, startService, writeResults } from './lib/harness.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const services = [
  { name: 'health', env: { EMBEDDED_PG_PORT: '54461' } },
  { name: 'training', env: { EMBEDDED_PG_PORT: '54462' } },
];
const routes = ['/api/version', '/api/health/ready'];

const rows = [];
const startup = [];
for (const svc of services) {
  // First start initialises the database folder; the second is the measured cold start.
  const warm = await startService(svc.name, {
    port: svc.port,
    databaseUrl: process.env.DATABASE_URL,
    env: svc.env,
  });
  await warm.stop();
  const service = await startService(svc.name, {
    port: svc.port,
    databaseUrl: process.env.DATABASE_URL,
    env: svc.env,
  });
  await new Promise((r) => setTimeout(r, 3000));
  startup.push({
    service: svc.name,
    cold_start_ms: service.readyMs,
    idle_rss_mb: Math.round(service.rssBytes() / 2 ** 20),
  });
  for (const route of routes) {
    const body = await (await fetch(service.base + route)).json();
    const bare = await startBareServer(body);
    const baseline = await load(bare.base + route, { duration: DURATION });
    const measured = await load(service.base + route, { duration: DURATION });
    await bare.stop();
    rows.push({
      service: svc.name,
      route,
      service_rps: measured.requests_per_s,
      bare_rps: baseline.requests_per_s,
      throughput_ratio: ratio(baseline.requests_per_s, measured.requests_per_s),
      service_p50_ms: measured.latency_ms.p50,
      service_p99_ms: measured.latency_ms.p99,
      bare_p50_ms: baseline.latency_ms.p50,
      latency_p50_ratio: ratio(
        Math.max(measured.latency_ms.p50, 0.5),
        Math.max(baseline.latency_ms.p50, 0.5),
      ),
      non_2xx: measured.non_2xx,
      raw: { service: measured, bare: baseline },
    });
  }
  await service.stop();
}

const table = [
  '| service | route | service req/s | bare req/s | bare/service | p50 ms | p99 ms | bare p50 ms |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.service} | ${r.route} | ${r.service_rps} | ${r.bare_rps} | ${r.throughput_ratio}× | ${r.service_p50_ms} | ${r.service_p99_ms} | ${r.bare_p50_ms} |`,
  ),
].join('\n');
const startTable = [
  '| service | cold start (ms, database initialised) | idle RSS (MB) |',
  '|---|---|---|',
  ...startup.map((s) => `| ${s.service} | ${s.cold_start_ms} | ${s.idle_rss_mb} |`),
].join('\n');
const md = `# Foundation benchmark\n\nautocannon, 50 connections, ${DURATION} s per route, same machine and run. "bare" is a plain Node \`http\` server answering the same JSON body; the ratio is how many times more requests per second it serves.\n\n${table}\n\n## Start-up\n\n${startTable}\n`;
writeResults('foundation', { rows, startup }, md);
process.stdout.write(md);
