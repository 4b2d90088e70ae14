// CSV benchmark (issues 8 and 22). Import: POST /api/csv/import of 100 000 weight rows and of a
// 100 000-row nutrition file (4 rows per day → 25 000 day totals), each against a COPY FROM
// STDIN of the same final rows into a scratch table shaped like the target (same unique index),
// in the same run; peak RSS growth of the service is sampled from /proc every 50 ms. Analyze:
// POST /api/csv/analyze of a 10 MiB export (server time, goal under 1 s) against a bare
// papaparse parse of the same file in this process.
//
// Weight is one row per day and dates start in 1900 (as everywhere in the API), so 100 000
// weight rows cannot belong to one person: they are four files of 25 000 consecutive days
// (1956–2024) for four users, imported one after the other; their times are summed.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  freshDatabase,
  ratio,
  requireFromWorkspace,
  ROOT,
  rssOf,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const healthRequire = createRequire(path.join(ROOT, 'apps', 'health', 'package.json'));
const { from: copyFrom } = healthRequire('pg-copy-streams');
const Papa = healthRequire('papaparse');

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100000);
const WEIGHT_FILES = 4;
const ANALYZE_BYTES = 10 * 1024 * 1024;
const dir = mkdtempSync(path.join(os.tmpdir(), 'csv-bench-'));

const day = (i, start) => new Date(Date.UTC(start, 0, 1) + i * 86400000).toISOString().slice(0, 10);

function weightFile(part, rows) {
  const lines = ['date,weight'];
  for (let i = 0; i < rows; i += 1)
    lines.push(`${day(i, 1956)},${(60 + ((part + i) % 400) / 10).toFixed(1)}`);
  const file = path.join(dir, `weight-${part}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

function nutritionFile() {
  const lines = ['Date,Energy (kcal),Protein (g),Carbs (g),Fat (g),Fiber (g)'];
  for (let i = 0; i < ROWS; i += 1) {
    const d = day(Math.floor(i / 4), 1950);
    lines.push(
      `${d},${400 + (i % 7) * 50}.5,${20 + (i % 5)},${50 + (i % 9)},${15 + (i % 4)},${5 + (i % 3)}`,
    );
  }
  const file = path.join(dir, 'nutrition.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** A MyFitnessPal-shaped export (one row per meal, 20 columns) of 10 MiB. */
function analyzeFile() {
  const header =
    'Date,Meal,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note';
  const meals = ['Breakfast', 'Lunch', 'Dinner', 'Snacks'];
  const lines = [header];
  let size = header.length + 1;
  for (let i = 0; size < ANALYZE_BYTES - 200; i += 1) {
    const line = `${day(Math.floor(i / 4), 1950)},${meals[i % 4]},${(400 + (i % 7) * 50).toFixed(1)},${15 + (i % 4)}.0,5.0,1.0,1.0,0.0,50.0,600.0,0.0,${50 + (i % 9)}.0,3.0,20.0,${20 + (i % 5)}.0,0.0,0.0,0.0,2.0,`;
    lines.push(line);
    size += line.length + 1;
  }
  const file = path.join(dir, 'analyze.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const databaseUrl = await freshDatabase('health_bench_csv');
const service = await startService('health', { databaseUrl, fresh: true });
const db = new pg.Client({ connectionString: service.databaseUrl });
await db.connect();

/** Registers an account with the csv_import feature and answers its auth header and id. */
async function account(n) {
  const email = `bench-${n}-${Date.now()}@example.org`;
  const password = 'bench-password-123456';
  await fetch(`${service.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await db.query(`UPDATE users SET tier = 'plus' WHERE lower(email) = lower($1)`, [email]);
  const login = await (
    await fetch(`${service.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json();
  const [{ id }] = (await db.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email]))
    .rows;
  return { auth: { Authorization: `Bearer ${login.access_token}` }, id };
}

const users = [];
for (let n = 0; n < WEIGHT_FILES; n += 1) users.push(await account(n));
const mappings = (
  await (await fetch(`${service.base}/api/csv/mappings`, { headers: users[0].auth })).json()
).items;
const mappingId = (name) => mappings.find((m) => m.name === name).id;

/** POSTs `file` to `route` and samples the service's RSS meanwhile. */
async function post(route, user, file, fields = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([readFileSync(file)], { type: 'text/csv' }), path.basename(file));
  const baseline = service.rssBytes();
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(service.pid));
    } catch {
      // process gone
    }
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${service.base}${route}`, {
    method: 'POST',
    headers: user.auth,
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, service.rssBytes());
  if (res.status !== 200)
    throw new Error(`${route} failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return {
    ms: Math.round(ms),
    server_ms: body.duration_ms,
    rss_growth_mb: Math.round(((peak - baseline) / 2 ** 20) * 10) / 10,
    body,
  };
}
const importFile = (user, file, mapping) =>
  post('/api/csv/import', user, file, { mapping_id: mapping });

/** COPY of `rows` into a fresh scratch table like `table`. */
async function baseline(table, columns, rows) {
  const scratch = `bench_scratch_${table}`;
  await db.query(`DROP TABLE IF EXISTS ${scratch}`);
  await db.query(`CREATE TABLE ${scratch} (LIKE ${table} INCLUDING ALL)`);
  const text = rows.map((r) => r.join('\t')).join('\n') + '\n';
  const t0 = performance.now();
  await pipeline(
    Readable.from([text]),
    db.query(copyFrom(`COPY ${scratch} (${columns.join(', ')}) FROM STDIN`)),
  );
  const ms = performance.now() - t0;
  await db.query(`DROP TABLE ${scratch}`);
  return Math.round(ms);
}

const results = [];
const generic = mappingId('Generic date,weight');

// Warm-up: a small import so that JIT and connection set-up are not measured.
const warm = path.join(dir, 'warm.csv');
writeFileSync(warm, 'date,weight\n1990-01-01,70\n');
await importFile(users[0], warm, generic);
await db.query(`DELETE FROM weight_entries WHERE user_id = $1`, [users[0].id]);

{
  const per = ROWS / WEIGHT_FILES;
  const files = users.map((_, n) => weightFile(n, per));
  const runs = [];
  for (let n = 0; n < WEIGHT_FILES; n += 1)
    runs.push(await importFile(users[n], files[n], generic));
  const again = await importFile(users[0], files[0], generic);
  const finalRows = (
    await db.query(
      `SELECT user_id, to_char(date, 'YYYY-MM-DD') AS d, weight_kg::text AS w, source
         FROM weight_entries WHERE user_id = ANY($1)`,
      [users.map((u) => u.id)],
    )
  ).rows.map((r) => [r.user_id, r.d, r.w, r.source]);
  const copyMs = await baseline(
    'weight_entries',
    ['user_id', 'date', 'weight_kg', 'source'],
    finalRows,
  );
  const sum = (k) => runs.reduce((s, r) => s + r[k], 0);
  results.push({
    file: `weight (${WEIGHT_FILES} files of ${per} days)`,
    rows: ROWS,
    records: finalRows.length,
    file_mb:
      Math.round((files.reduce((s, f) => s + readFileSync(f).length, 0) / 2 ** 20) * 10) / 10,
    import_ms: sum('ms'),
    import_server_ms: sum('server_ms'),
    reimport_ms: again.ms,
    reimport_unchanged: again.body.unchanged,
    baseline_ms: copyMs,
    ratio: ratio(sum('ms'), copyMs),
    rss_growth_mb: Math.max(...runs.map((r) => r.rss_growth_mb), again.rss_growth_mb),
    created: runs.reduce((s, r) => s + r.body.created, 0),
  });
}

{
  const file = nutritionFile();
  const run = await importFile(
    users[1],
    file,
    mappingId('Cronometer daily nutrition (dailysummary.csv)'),
  );
  const finalRows = (
    await db.query(
      `SELECT user_id, to_char(date, 'YYYY-MM-DD') AS d, meal, kcal::text AS k, protein_g::text AS p,
              carbohydrate_g::text AS c, fat_g::text AS f, fibre_g::text AS fi, source
         FROM nutrition_entries WHERE user_id = $1`,
      [users[1].id],
    )
  ).rows.map((r) => [r.user_id, r.d, r.meal, r.k, r.p, r.c, r.f, r.fi, r.source]);
  const copyMs = await baseline(
    'nutrition_entries',
    [
      'user_id',
      'date',
      'meal',
      'kcal',
      'protein_g',
      'carbohydrate_g',
      'fat_g',
      'fibre_g',
      'source',
    ],
    finalRows,
  );
  results.push({
    file: 'nutrition (4 rows per day)',
    rows: ROWS,
    records: finalRows.length,
    file_mb: Math.round((readFileSync(file).length / 2 ** 20) * 10) / 10,
    import_ms: run.ms,
    import_server_ms: run.server_ms,
    reimport_ms: null,
    reimport_unchanged: null,
    baseline_ms: copyMs,
    ratio: ratio(run.ms, copyMs),
    rss_growth_mb: run.rss_growth_mb,
    created: run.body.created,
  });
}

let analysis;
{
  const file = analyzeFile();
  const runs = [];
  for (let k = 0; k < 5; k += 1) runs.push(await post('/api/csv/analyze', users[2], file));
  const parses = [];
  for (let k = 0; k < 5; k += 1) {
    const t0 = performance.now();
    Papa.parse(readFileSync(file, 'utf8'), { delimiter: ',' });
    parses.push(performance.now() - t0);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const server = median(runs.map((r) => r.server_ms));
  const parse = Math.round(median(parses));
  analysis = {
    file_mb: Math.round((readFileSync(file).length / 2 ** 20) * 10) / 10,
    rows: runs[0].body.rows_total,
    http_ms: median(runs.map((r) => r.ms)),
    server_ms: server,
    baseline_ms: parse,
    ratio: ratio(server, parse),
    rss_growth_mb: Math.max(...runs.map((r) => r.rss_growth_mb)),
    best: runs[0].body.candidates[0]?.name ?? null,
  };
}

await db.end();
await service.stop();
rmSync(dir, { recursive: true, force: true });

const table = [
  '| file | CSV rows | stored records | file MB | import ms (HTTP) | import ms (server) | COPY FROM STDIN ms | import / COPY | peak RSS growth MB | re-import ms |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.file} | ${r.rows} | ${r.records} | ${r.file_mb} | ${r.import_ms} | ${r.import_server_ms} | ${r.baseline_ms} | ${r.ratio}× | ${r.rss_growth_mb} | ${r.reimport_ms ?? '—'} |`,
  ),
].join('\n');
const analyzeTable = [
  '| file | MB | data rows | analyze ms (HTTP, median of 5) | analyze ms (server) | papaparse of the whole file ms | analyze / parse | peak RSS growth MB | first candidate |',
  '|---|---|---|---|---|---|---|---|---|',
  `| MyFitnessPal-shaped, 20 columns | ${analysis.file_mb} | ${analysis.rows} | ${analysis.http_ms} | ${analysis.server_ms} | ${analysis.baseline_ms} | ${analysis.ratio}× | ${analysis.rss_growth_mb} | ${analysis.best} |`,
].join('\n');
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const md = `# CSV import benchmark

One service process, same machine and run (\`node bench/csv-import.bench.mjs\`); load average at
the end ${load} on ${os.cpus().length} CPUs (a shared machine: absolute times are inflated, the
ratios against the baseline of the same run are what to compare).

## Import

Import = \`POST /api/csv/import\` (multipart upload, encoding check over every byte, streaming
parse, validation, batched upserts in one transaction, import log). Baseline = COPY FROM STDIN
(pg-copy-streams) of the same final rows into a scratch table created \`LIKE <target> INCLUDING
ALL\` (same unique index). Dates start in 1900 as everywhere in the API, so the 100 000 weight rows
are four files of 25 000 consecutive days for four users, imported one after the other (times
summed, per-request costs included). Goals: import at most 2.4× the baseline; peak RSS growth
under 150 MB.

${table}

## Analyze

Analyze = \`POST /api/csv/analyze\` (encoding and record count over every byte, delimiter,
header, column profiles on the first 512 KiB and eight windows spread over the rest, every
stored template tried, a proposal per module, previews). Baseline = one \`Papa.parse\` of the
whole file in the benchmark process. Goal: under 1 s of server time for 10 MiB.

${analyzeTable}
`;
writeResults('csv-import', { load_average: os.loadavg(), results, analyze: analysis }, md);
process.stdout.write(md);
