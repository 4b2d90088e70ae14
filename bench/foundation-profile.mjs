// Where the CPU of GET /api/version goes (issue 20): the health service and the minimal NestJS
// application of the foundation benchmark, each under node --cpu-prof during the same load
// (autocannon, 50 connections), summarised by package (share of busy samples whose innermost
// frame is in it) and by function. Writes bench/results/foundation-profile.{md,json}; the
// profiles themselves stay in .data/profiles/ (open them in Chrome DevTools).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { summarise } from './lib/cpu-profile-summary.mjs';
import {
  freshDatabase,
  load,
  ROOT,
  startNodeServer,
  startService,
  writeResults,
} from './lib/harness.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const DIR = path.join(ROOT, '.data', 'profiles');
rmSync(DIR, { recursive: true, force: true });

const profileIn = (dir) => {
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  // The load's window: the last DURATION seconds before the shutdown, less half a second.
  return summarise(
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
    15,
    (DURATION - 0.5) * 1000,
  );
};

const serviceDir = path.join(DIR, 'health');
mkdirSync(serviceDir, { recursive: true });
process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${serviceDir}`;
const service = await startService('health', {
  databaseUrl: await freshDatabase('bench_foundation_health'),
});
const body = await (await fetch(`${service.base}/api/version`)).text();
await load(`${service.base}/api/version`, { connections: 50, duration: 2 });
await load(`${service.base}/api/version`, { connections: 50, duration: DURATION });
await service.stop();

const minimalDir = path.join(DIR, 'minimal');
mkdirSync(minimalDir, { recursive: true });
const minimal = await startNodeServer(
  path.join(ROOT, 'bench', 'lib', 'minimal-nest-app.cjs'),
  { ROUTE: '/api/version', BODY: body },
  ['--cpu-prof', `--cpu-prof-dir=${minimalDir}`],
);
await load(`${minimal.base}/api/version`, { connections: 50, duration: 2 });
await load(`${minimal.base}/api/version`, { connections: 50, duration: DURATION });
await minimal.stop();

const health = profileIn(serviceDir);
const base = profileIn(minimalDir);
const table = (rows, key) =>
  ['| | busy % |', '|---|---|', ...rows.map((r) => `| ${r[key]} | ${r.busy_pct} |`)].join('\n');
const md = `# Where the CPU of GET /api/version goes

\`node --cpu-prof\` of each server during ${DURATION} s of autocannon at 50 connections (after 2 s of warm-up; only the samples of that window count). Self time by the package of the innermost frame (V8 attributes inlined callees to their caller), as a share of the busy (non-idle) samples. Compare the absolute CPU per request in foundation.md.

## health service

${table(health.packages.slice(0, 15), 'package')}

Top functions:

${table(health.functions, 'function')}

## minimal NestJS 11 + Express 5 application

${table(base.packages.slice(0, 10), 'package')}

Top functions:

${table(base.functions, 'function')}
`;
writeResults('foundation-profile', { duration_s: DURATION, health, minimal: base }, md);
process.stdout.write(md);
