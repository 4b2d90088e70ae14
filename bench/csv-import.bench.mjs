// Issue 8 benchmark: POST /api/csv/import of a 100 000-row weight file and a 100 000-row
// nutrition file (4 rows per day → 25 000 day totals), each against a COPY FROM STDIN of the
// same final rows into a scratch table shaped like the target (same unique index), in the same
// run. Peak RSS growth of the service process is sampled from /proc every 50 ms.
//
// Weight is one row per day, so 100 000 weight rows need 100 000 distinct days: the file
// starts on 1750-01-01 and runs for 100 000 consecutive days (to 2023-10-16). The date type
// and the import accept any past calendar day, so this is a valid file, just a long history.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ROOT,
  ratio,
  requireFromWorkspace,
  rssOf,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const rootRequire = createRequire(path.join(ROOT, 'package.json'));
let copyFrom = null;
try {
  copyFrom = rootRequire('pg-copy-streams').from;
} catch {
  // fall back to a multi-row INSERT baseline below
}

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'csv-bench-'));

/** Each service run gets its own database on DATABASE_URL's server (or the embedded one). */
let databaseUrl;
let dropDatabase = async () => undefined;
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `health_bench_csv_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const day = (i, start) => new Date(Date.UTC(start, 0, 1) + i * 86400000).toISOString().slice(0, 10);

function weightFile() {
  const lines = ['date,weight'];
  for (let i = 0; i < ROWS; i += 1)
    lines.push(`${day(i, 1750)},${(60 + (i % 400) / 10).toFixed(1)}`);
  const file = path.join(dir, 'weight.csv');
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

const service = await startService('health', { databaseUrl, fresh: true });
const db = new pg.Client({ connectionString: service.databaseUrl });
await db.connect();

const email = `bench-${Date.now()}@example.org`;
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
const auth = { Authorization: `Bearer ${login.access_token}` };
const [{ id: userId }] = (
  await db.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])
).rows;
const mappings = (await (await fetch(`${service.base}/api/csv/mappings`, { headers: auth })).json())
  .items;
const mappingId = (name) => mappings.find((m) => m.name === name).id;

async function importFile(file, mapping) {
  const form = new FormData();
  form.set('mapping_id', mapping);
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
  const res = await fetch(`${service.base}/api/csv/import`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, service.rssBytes());
  if (res.status !== 200)
    throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return {
    ms: Math.round(ms),
    server_ms: body.duration_ms,
    rss_growth_mb: Math.round(((peak - baseline) / 2 ** 20) * 10) / 10,
    body,
  };
}

/** COPY (or, without pg-copy-streams, a 1000-row multi-row INSERT) of `rows` into a fresh scratch table like `table`. */
async function baseline(table, columns, rows) {
  const scratch = `bench_scratch_${table}`;
  await db.query(`DROP TABLE IF EXISTS ${scratch}`);
  await db.query(`CREATE TABLE ${scratch} (LIKE ${table} INCLUDING ALL)`);
  const text = rows.map((r) => r.join('\t')).join('\n') + '\n';
  const t0 = performance.now();
  if (copyFrom) {
    await pipeline(
      Readable.from([text]),
      db.query(copyFrom(`COPY ${scratch} (${columns.join(', ')}) FROM STDIN`)),
    );
  } else {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const params = chunk.flat();
      const values = chunk
        .map((r, j) => `(${r.map((_, k) => `$${j * r.length + k + 1}`).join(', ')})`)
        .join(', ');
      await db.query(`INSERT INTO ${scratch} (${columns.join(', ')}) VALUES ${values}`, params);
    }
  }
  const ms = performance.now() - t0;
  await db.query(`DROP TABLE ${scratch}`);
  return Math.round(ms);
}

const results = [];

// Warm-up: a small import so that JIT and connection set-up are not measured.
const warm = path.join(dir, 'warm.csv');
writeFileSync(warm, 'date,weight\n1700-01-01,70\n');
await importFile(warm, mappingId('Generic date,weight'));
await db.query(`DELETE FROM weight_entries WHERE user_id = $1`, [userId]);

{
  const file = weightFile();
  const run = await importFile(file, mappingId('Generic date,weight'));
  const again = await importFile(file, mappingId('Generic date,weight'));
  const finalRows = (
    await db.query(
      `SELECT user_id, to_char(date, 'YYYY-MM-DD') AS d, weight_kg::text AS w, source FROM weight_entries WHERE user_id = $1`,
      [userId],
    )
  ).rows.map((r) => [r.user_id, r.d, r.w, r.source]);
  const copyMs = await baseline(
    'weight_entries',
    ['user_id', 'date', 'weight_kg', 'source'],
    finalRows,
  );
  results.push({
    file: 'weight',
    rows: ROWS,
    records: finalRows.length,
    file_mb: Math.round((readFileSync(file).length / 2 ** 20) * 10) / 10,
    import_ms: run.ms,
    import_server_ms: run.server_ms,
    reimport_ms: again.ms,
    reimport_unchanged: again.body.unchanged,
    baseline_ms: copyMs,
    ratio: ratio(run.ms, copyMs),
    rss_growth_mb: Math.max(run.rss_growth_mb, again.rss_growth_mb),
    created: run.body.created,
  });
}

{
  const file = nutritionFile();
  const run = await importFile(file, mappingId('Cronometer daily nutrition (dailysummary.csv)'));
  const finalRows = (
    await db.query(
      `SELECT user_id, to_char(date, 'YYYY-MM-DD') AS d, meal, kcal::text AS k, protein_g::text AS p,
              carbohydrate_g::text AS c, fat_g::text AS f, fibre_g::text AS fi, source
         FROM nutrition_entries WHERE user_id = $1`,
      [userId],
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

await db.end();
await service.stop();
await dropDatabase();
rmSync(dir, { recursive: true, force: true });

const baselineName = copyFrom
  ? 'COPY FROM STDIN (pg-copy-streams)'
  : 'multi-row INSERT (pg-copy-streams missing)';
const table = [
  `| file | CSV rows | stored records | file MB | import ms (HTTP) | import ms (server) | ${baselineName} ms | import / baseline | peak RSS growth MB | re-import ms |`,
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.file} | ${r.rows} | ${r.records} | ${r.file_mb} | ${r.import_ms} | ${r.import_server_ms} | ${r.baseline_ms} | ${r.ratio}× | ${r.rss_growth_mb} | ${r.reimport_ms ?? '—'} |`,
  ),
].join('\n');
const md = `# CSV import benchmark\n\nOne service process, same machine and run. Import = \`POST /api/csv/import\` (multipart upload, streaming parse, validation, batched upserts in one transaction, import log). Baseline = ${baselineName} of the same final rows into a scratch table created \`LIKE <target> INCLUDING ALL\` (same unique index). Weight dates run over 100 000 consecutive days from 1750-01-01 (one weight per day). Goals: weight import under 3× the baseline; peak RSS growth under 150 MB.\n\n${table}\n`;
writeResults('csv-import', { baseline: baselineName, results }, md);
process.stdout.write(md);
