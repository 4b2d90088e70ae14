// Issue 24 benchmark: the FHIR R4 export (GET /api/fhir/Bundle) of 5 years of one user's data
// against the JSON export (GET /api/export) of the same data, in the same run: time per request
// (median and p90 of sequential requests after a warm-up) and body size (raw and gzip), plus one
// searchset page (_count=100) and the FHIR import of the whole bundle into a second account.
//
// DATABASE_URL set: a database `bench_fhir` is (re)created on that server. Unset: the service
// starts its embedded PostgreSQL under .data/bench-health.
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  freshDatabase,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const YEARS = Number(process.env.BENCH_YEARS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = 3111;

const dbUrl = await freshDatabase('bench_fhir');
const service = await startService('health', { port: PORT, databaseUrl: dbUrl, fresh: true });
const pool = new pg.Pool({ connectionString: service.databaseUrl, max: 4 });

const account = async (email) => {
  const password = 'bench-password-0001';
  const send = (url, body) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await send('/api/auth/register', { email, password });
  await pool.query(`UPDATE users SET tier = 'plus' WHERE id = $1`, [reg.user.id]);
  const login = await send('/api/auth/login', { email, password });
  return { id: reg.user.id, auth: `Bearer ${login.access_token}` };
};

/** Median and p90 of `RUNS` sequential requests, after two warm-up requests. */
async function timed(url, auth) {
  const get = () => fetch(service.base + url, { headers: { Authorization: auth } });
  for (let i = 0; i < 2; i += 1) await (await get()).arrayBuffer();
  const ms = [];
  let body;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    const res = await get();
    body = Buffer.from(await res.arrayBuffer());
    ms.push(performance.now() - t0);
    if (res.status !== 200)
      throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  }
  ms.sort((a, b) => a - b);
  const at = (p) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] * 10) / 10;
  return {
    p50_ms: at(0.5),
    p90_ms: at(0.9),
    bytes: body.length,
    gzip_bytes: gzipSync(body).length,
    body,
  };
}

try {
  const kim = await account(`bench-fhir-${Date.now()}@example.org`);
  const seedStart = performance.now();
  const days = YEARS * 365;
  const q = (sql) => pool.query(sql, [kim.id, days]);
  await q(`UPDATE users SET sex = 'female', birth_date = '1985-04-02', height_cm = 168, goal_weight_kg = 62,
                  display_name = 'Bench', activity_level = 'active' WHERE id = $1 AND $2::int > 0`);
  await q(`INSERT INTO weight_entries (user_id, date, weight_kg, body_fat_pct, source)
           SELECT $1, current_date - d, 65 + sin(d / 30.0) * 2, CASE WHEN d % 7 = 0 THEN 24.5 END, 'manual'
             FROM generate_series(1, $2) d`);
  await q(`INSERT INTO circumference_entries (user_id, date, site, value_cm)
           SELECT $1, current_date - d, s, CASE s WHEN 'waist' THEN 74 ELSE 98 END
             FROM generate_series(7, $2, 7) d, unnest(ARRAY['waist', 'hip']) s`);
  await q(`INSERT INTO caliper_entries (user_id, date, formula, sites, body_fat_pct, density, age_years, sex)
           SELECT $1, current_date - d, 'jp3', '{"triceps": 18, "suprailiac": 14, "thigh": 25}', 24.8, 1.0424, 38, 'female'
             FROM generate_series(30, $2, 30) d`);
  await q(`INSERT INTO activity_entries (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe)
           SELECT $1, 'run', (current_date - d) + time '06:30', 45, 8.2, 520, 148, 176, 6
             FROM generate_series(1, $2) d WHERE d % 7 IN (1, 3, 5, 6)`);
  await q(`INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g)
           SELECT $1, current_date - d, m, 650, 30, 80, 20, 8
             FROM generate_series(1, $2) d, unnest(ARRAY['breakfast', 'lunch', 'dinner']) m`);
  await q(`INSERT INTO reference_values (user_id, type_key, measured_on, value)
           SELECT $1, t, current_date - d, CASE t WHEN 'resting_hr' THEN 52 WHEN 'hrv_rmssd' THEN 61 ELSE 7.5 END
             FROM generate_series(1, $2) d, unnest(ARRAY['resting_hr', 'hrv_rmssd', 'sleep_duration']) t`);
  await q(`INSERT INTO reference_values (user_id, type_key, measured_on, measured_at, value)
           SELECT $1, t, current_date - d, (current_date - d) + time '07:00', CASE t WHEN 'bp_systolic' THEN 121 ELSE 78 END
             FROM generate_series(7, $2, 7) d, unnest(ARRAY['bp_systolic', 'bp_diastolic']) t`);
  await pool.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);
  const {
    rows: [{ n: rows }],
  } = await pool.query(
    `SELECT (SELECT count(*) FROM weight_entries) + (SELECT count(*) FROM circumference_entries)
          + (SELECT count(*) FROM caliper_entries) + (SELECT count(*) FROM activity_entries)
          + (SELECT count(*) FROM nutrition_entries) + (SELECT count(*) FROM reference_values) AS n`,
  );

  const json = await timed('/api/export', kim.auth);
  const fhir = await timed('/api/fhir/Bundle', kim.auth);
  const page = await timed('/api/fhir/Bundle?_count=100', kim.auth);
  const bundle = JSON.parse(fhir.body.toString());
  const observations = bundle.entry.length - 1;

  const lou = await account(`bench-fhir-import-${Date.now()}@example.org`);
  const importOnce = async () => {
    const t0 = performance.now();
    const res = await fetch(`${service.base}/api/fhir/Bundle`, {
      method: 'POST',
      headers: { Authorization: lou.auth, 'Content-Type': 'application/fhir+json' },
      body: fhir.body,
    });
    const answer = await res.json();
    if (res.status !== 200)
      throw new Error(`import: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return Math.round(performance.now() - t0);
  };
  const importMs = await importOnce();
  const reimportMs = await importOnce();

  const row = {
    years: YEARS,
    stored_rows: Number(rows),
    observations,
    seed_ms: seedMs,
    json_p50_ms: json.p50_ms,
    json_p90_ms: json.p90_ms,
    json_bytes: json.bytes,
    json_gzip_bytes: json.gzip_bytes,
    fhir_p50_ms: fhir.p50_ms,
    fhir_p90_ms: fhir.p90_ms,
    fhir_bytes: fhir.bytes,
    fhir_gzip_bytes: fhir.gzip_bytes,
    time_ratio: ratio(fhir.p50_ms, json.p50_ms),
    size_ratio: ratio(fhir.bytes, json.bytes),
    gzip_size_ratio: ratio(fhir.gzip_bytes, json.gzip_bytes),
    page100_p50_ms: page.p50_ms,
    page100_bytes: page.bytes,
    fhir_import_ms: importMs,
    fhir_reimport_ms: reimportMs,
  };
  const mb = (b) => (b / 1048576).toFixed(2);
  const md = `# FHIR R4 export benchmark

One user with ${YEARS} years of data: daily weight (body fat weekly), weekly waist and hip, monthly
caliper, 4 runs a week, 3 meals a day, daily resting HR, HRV and sleep, weekly blood pressure:
${row.stored_rows} stored rows, ${observations} Observations (BMI and height included), seeded in
${seedMs} ms. ${RUNS} sequential requests each after two warm-ups; the JSON export of the same data
is the baseline.

| | p50 ms | p90 ms | body | gzip |
|---|---|---|---|---|
| \`GET /api/export\` (JSON) | ${json.p50_ms} | ${json.p90_ms} | ${mb(json.bytes)} MB | ${mb(json.gzip_bytes)} MB |
| \`GET /api/fhir/Bundle\` | ${fhir.p50_ms} | ${fhir.p90_ms} | ${mb(fhir.bytes)} MB | ${mb(fhir.gzip_bytes)} MB |
| \`GET /api/fhir/Bundle?_count=100\` | ${page.p50_ms} | ${page.p90_ms} | ${mb(page.bytes)} MB | |

FHIR / JSON: time **${row.time_ratio}×**, size **${row.size_ratio}×** (gzip ${row.gzip_size_ratio}×).
A page re-reads and maps all data before slicing it, so it costs about as much time as the whole
bundle. Importing the whole bundle into a second account: ${importMs} ms; the same again (nothing
changes): ${reimportMs} ms.
`;
  writeResults('fhir-export', row, md);
  process.stdout.write(md);
} finally {
  await pool.end();
  await service.stop();
}
