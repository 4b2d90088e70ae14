// Job queue overhead (libs/common/src/jobs, pg-boss): the same unit of work (one INSERT) called
// directly vs sent as a job and run by a worker of the same process, one at a time (latency
// from the send to the end of the handler; goal: median overhead ≤ 10 ms per job); then 1 000
// jobs sent at once and drained by one worker (concurrency 4) vs 1 000 direct calls.
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freshDatabase, ROOT, writeResults } from './lib/harness.mjs';

const require = createRequire(import.meta.url);
const common = require(path.join(ROOT, 'libs/common/dist/index.js'));
const { Registry } = require(
  require.resolve('prom-client', { paths: [path.join(ROOT, 'libs/common')] }),
);
const pg = require(require.resolve('pg', { paths: [path.join(ROOT, 'libs/common')] }));

const SEQUENTIAL = Number(process.env.BENCH_JOBS ?? 500);
const BURST = 1000;

let embedded;
let dataDir;
let url = await freshDatabase('bench_job_queue');
if (!url) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-pg-'));
  chmodSync(dataDir, 0o755);
  embedded = await common.startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'data'),
    port: 54471,
    fsync: false,
  });
  url = common.withDatabase(embedded.url, 'bench_job_queue');
  await common.ensureDatabase(url);
}
await common.runMigrations({ url, migrations: [] });
const pool = new pg.Pool({ connectionString: url, max: 4 });
await pool.query(
  'CREATE TABLE IF NOT EXISTS bench_work (id bigserial PRIMARY KEY, n int NOT NULL)',
);

/** The unit of work: one row written. */
const work = (n) => pool.query('INSERT INTO bench_work (n) VALUES ($1)', [n]);

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return {
    p50: r(percentile(sorted, 50)),
    p90: r(percentile(sorted, 90)),
    p99: r(percentile(sorted, 99)),
  };
};

// Direct calls.
for (let i = 0; i < 50; i++) await work(i); // warm-up
const direct = [];
for (let i = 0; i < SEQUENTIAL; i++) {
  const t = performance.now();
  await work(i);
  direct.push(performance.now() - t);
}

// The same work as jobs.
const single = common.defineQueue('bench-single');
const burst = common.defineQueue('bench-burst', { concurrency: 4 });
const waiting = new Map();
let burstDone = 0;
let burstAllDone;
const jobs = new common.JobsService(
  {
    service: 'bench',
    databaseUrl: url,
    runsWorkers: true,
    leaseSeconds: 60,
    maintenanceIntervalSeconds: 30,
    pollMs: 1000,
    poolSize: 4,
    shutdownTimeoutMs: 5000,
  },
  new Registry(),
);
jobs.work(single, async (job) => {
  await work(job.data.n);
  waiting.get(job.data.n)?.();
});
jobs.work(burst, async (job) => {
  await work(job.data.n);
  if (++burstDone === BURST) burstAllDone();
});
await jobs.onApplicationBootstrap();

const run = async (n) => {
  const done = new Promise((resolve) => waiting.set(n, resolve));
  const t = performance.now();
  await jobs.send(single, { n });
  await done;
  waiting.delete(n);
  return performance.now() - t;
};
for (let i = 0; i < 50; i++) await run(-i - 1); // warm-up
const queued = [];
for (let i = 0; i < SEQUENTIAL; i++) queued.push(await run(i));

// A burst: every job sent, the worker draining meanwhile.
let t = performance.now();
for (let i = 0; i < BURST; i++) await work(i);
const directBurstMs = performance.now() - t;
const drained = new Promise((resolve) => (burstAllDone = resolve));
t = performance.now();
for (let i = 0; i < BURST; i++) await jobs.send(burst, { n: i });
const sentMs = performance.now() - t;
await drained;
const burstMs = performance.now() - t;

await jobs.drain(5000);
await jobs.onModuleDestroy();
await pool.end();
if (embedded) {
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const d = summary(direct);
const q = summary(queued);
const overhead = Math.round((q.p50 - d.p50) * 100) / 100;
const result = {
  jobs_one_at_a_time: SEQUENTIAL,
  direct_ms: d,
  queued_ms: q,
  overhead_p50_ms: overhead,
  goal_overhead_p50_ms: 10,
  goal_met: overhead <= 10,
  burst: {
    jobs: BURST,
    worker_concurrency: 4,
    direct_sequential_ms: Math.round(directBurstMs),
    send_all_ms: Math.round(sentMs),
    send_and_drain_ms: Math.round(burstMs),
    jobs_per_s: Math.round((BURST / burstMs) * 1000),
  },
};
const markdown = `# Job queue overhead (pg-boss 10.4.2)

One unit of work (an INSERT of one row), ${SEQUENTIAL} times one after the other: called directly,
and sent as a job that a worker of the same process runs (latency from \`send\` to the end of
the handler: the insert of the job, the commit's notification waking the worker, the fetch).

| | p50 ms | p90 ms | p99 ms |
|---|---|---|---|
| direct call | ${d.p50} | ${d.p90} | ${d.p99} |
| as a job | ${q.p50} | ${q.p90} | ${q.p99} |

**Overhead per job at the median: ${overhead} ms** (goal ≤ 10 ms: ${overhead <= 10 ? 'met' : 'NOT met'}).

Burst: ${BURST} jobs sent one after the other (${Math.round(sentMs)} ms) and drained by one
worker with concurrency 4: ${Math.round(burstMs)} ms in all (${result.burst.jobs_per_s} jobs/s),
against ${Math.round(directBurstMs)} ms for ${BURST} direct calls in sequence.
`;
writeResults('job-queue', result, markdown);
process.stdout.write(markdown);
