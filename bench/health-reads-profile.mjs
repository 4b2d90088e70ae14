// Where the CPU of the health read paths goes (issue 20): the health service under node
// --cpu-prof while autocannon loads one route at 20 connections (after a warm-up; only the
// samples of the load's window count), for the weight list, the activity list and chart R2,
// summarised by package and by function, with the CPU per request of the process (measured in
// a run without the profiler, which costs CPU of its own). Needs the database the
// health-tracking benchmark seeded (same DATABASE_URL and BENCH_DB, run it first).
//
// PROFILE_LABEL names the build measured (e.g. `before`, `after`): its figures are merged into
// bench/results/health-reads-profile.json under that label, and the Markdown shows every label
// side by side, so two builds can be profiled one after the other with the same script.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { summarise } from './lib/cpu-profile-summary.mjs';
import { loadWithCpu, load, RESULTS, ROOT, startService, writeResults } from './lib/harness.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = 3;
const CONNECTIONS = 20;
const LABEL = process.env.PROFILE_LABEL ?? 'current';
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(SERVER);
url.pathname = `/${process.env.BENCH_DB ?? 'bench_health'}`;
const DIR = path.join(ROOT, '.data', 'profiles', 'health-reads');

const day = (n) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
const ROUTES = {
  'GET /api/weight (90 days)': `/api/weight?from=${day(89)}&to=${day(0)}&limit=500`,
  'GET /api/activity?days=90': '/api/activity?days=90',
  'GET /api/charts/R2 (365 days)': `/api/charts/R2?from=${day(364)}&to=${day(0)}`,
};

async function signIn(service) {
  const res = await fetch(`${service.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-main@example.org', password: 'bench-password-0001' }),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return { Authorization: `Bearer ${body.access_token}` };
}

/** The service with `nodeArgs`, loaded on `route`: the load's figures (CPU per request too). */
async function measure(route, nodeArgs) {
  process.env.BENCH_NODE_ARGS = nodeArgs;
  const service = await startService('health', {
    databaseUrl: url.toString(),
    env: { LOGIN_RATE_LIMIT: '100000' },
  });
  try {
    const headers = await signIn(service);
    const target = service.base + route;
    await load(target, { connections: CONNECTIONS, duration: WARMUP, headers });
    return await loadWithCpu(service.pid, target, {
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
    });
  } finally {
    await service.stop();
  }
}

const figures = {};
for (const [name, route] of Object.entries(ROUTES)) {
  const plain = await measure(route, '');
  const dir = path.join(DIR, LABEL, name.replace(/[^A-Za-z0-9]+/g, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await measure(route, `--cpu-prof --cpu-prof-dir=${dir}`);
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const profile = summarise(
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
    15,
    (DURATION - 0.5) * 1000,
  );
  figures[name] = {
    requests_per_s: plain.requests_per_s,
    p50_ms: plain.latency_ms.p50,
    cpu_ms_per_request: plain.cpu_ms_per_request,
    packages: profile.packages.slice(0, 15),
    functions: profile.functions,
  };
}

const file = path.join(RESULTS, 'health-reads-profile.json');
const all = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).builds : {};
all[LABEL] = { measured_at: new Date().toISOString(), routes: figures };
const labels = Object.keys(all);

const sections = Object.keys(ROUTES).map((name) => {
  const of = (label) => all[label].routes[name];
  const packages = [...new Set(labels.flatMap((l) => of(l)?.packages.map((p) => p.package) ?? []))];
  const pct = (label, pkg) => of(label)?.packages.find((p) => p.package === pkg)?.busy_pct ?? '';
  return [
    `## ${name}`,
    '',
    `| | ${labels.join(' | ')} |`,
    `|---|${labels.map(() => '---:').join('|')}|`,
    `| req/s (no profiler) | ${labels.map((l) => of(l)?.requests_per_s ?? '').join(' | ')} |`,
    `| p50 ms | ${labels.map((l) => of(l)?.p50_ms ?? '').join(' | ')} |`,
    `| CPU ms/request | ${labels.map((l) => of(l)?.cpu_ms_per_request ?? '').join(' | ')} |`,
    ...packages.map((p) => `| ${p} (busy %) | ${labels.map((l) => pct(l, p)).join(' | ')} |`),
    '',
    ...labels.flatMap((l) => [
      `Top functions, ${l}: ${(of(l)?.functions ?? [])
        .slice(0, 10)
        .map((f) => `${f.function} ${f.busy_pct} %`)
        .join('; ')}.`,
      '',
    ]),
  ].join('\n');
});

const md = `# Where the CPU of the health read paths goes

\`node --cpu-prof\` of the health service during ${DURATION} s of autocannon at ${CONNECTIONS}
connections on one route (after ${WARMUP} s of warm-up; only the samples of that window count),
on the health-tracking benchmark's data (the user with 5 years of data). Self time by the
package of the innermost frame (V8 attributes inlined callees to their caller), as a share of
the busy (non-idle) samples. req/s, p50 and CPU per request come from a run of the same load
without the profiler. Builds: ${labels.map((l) => `**${l}** (${all[l].measured_at})`).join(', ')},
measured one after the other on a shared machine: compare within a table with care.

${sections.join('\n')}`;
writeResults('health-reads-profile', { builds: all }, md);
console.log(md);
