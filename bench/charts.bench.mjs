// Issue 9 benchmark: the chart endpoints (all of ../shared/spec/charts.md: E1–E5, A1–A8, R1–R5, C1–C4) for a
// 365-day window, for one user with 5 years of daily data among 1 000 users (the other 999
// hold a year of data each, so every index has neighbours to skip). Per chart: p50 of the
// HTTP request (one connection, sequential) against the bare SQL of the data layer's series
// that chart reads (the compiled DataLayerRepository over a plain pg Pool), in the same run.
// Goal: every chart p50 < 30 ms, all charts together < 300 ms. Then the same at 20 connections
// (autocannon against 20 concurrent loops of the bare SQL over a pg Pool of 20), with the service
// process's CPU per request (/proc/<pid>/stat); issue 20's goal: p50 ≤ 2× the bare SQL's.
//
// DATABASE_URL set: a database `bench_charts` (BENCH_DB: another name, for helpers sharing one
// server) is (re)created on that server. Unset: the service starts its embedded PostgreSQL under
// .data/bench-health. BENCH_CHARTS=R1,R2 measures only those charts. Run `pnpm build` first.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  ROOT,
  startService,
  writeResults,
  freshDatabase,
  load,
  loadFn,
  ratio,
} from './lib/harness.mjs';
import { chartSeries } from './lib/chart-series.mjs';
import { preparedReads } from './lib/prepared.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'health', 'node_modules', 'pg'));
const dist = (p) => path.join(ROOT, 'apps', 'health', 'dist', 'modules', p);
const { DataLayerRepository } = require(dist('data-layer/data-layer.repository.js'));
const { CHART_CODES: ALL_CHART_CODES } = require(dist('charts/chart-catalog.js'));
const CHART_CODES = process.env.BENCH_CHARTS
  ? ALL_CHART_CODES.filter((c) => process.env.BENCH_CHARTS.split(',').includes(c))
  : ALL_CHART_CODES;

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
const CONNECTIONS = 20;
const WARMUP = 5;
const USERS = 1000;
const YEARS = 5;
const PORT = 3109;
const EMBEDDED_PG_PORT = 54469;
const TO = '2026-10-31';
const FROM = '2025-11-01'; // 365 days

const p50 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] * 100) / 100;
};
const round = (v) => Math.round(v * 100) / 100;
// CPU time (user + system) a process has used so far, in ms (Linux, clock ticks of 10 ms).
const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const dbUrl = await freshDatabase(process.env.BENCH_DB ?? 'bench_charts');
const service = await startService('health', {
  port: PORT,
  databaseUrl: dbUrl,
  fresh: true,
  env: { EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT), LOGIN_RATE_LIMIT: '100000' },
});
const connectionString = service.databaseUrl;
const pool = new pg.Pool({ connectionString, max: CONNECTIONS });

try {
  // ---- the measured user, signed in over HTTP ----
  const email = `bench-charts-${Date.now()}@example.org`;
  const password = 'bench-password-0001';
  const post = (url, body) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await post('/api/auth/register', { email, password });
  const me = reg.user.id;
  await pool.query(
    `UPDATE users SET tier = 'pro', sex = 'male', birth_date = '1990-05-01', height_cm = 180,
            goal_weight_kg = 75, activity_level = 'moderate' WHERE id = $1`,
    [me],
  );
  const login = await post('/api/auth/login', { email, password });
  const auth = `Bearer ${login.access_token}`;

  // ---- seed: set-based SQL ----
  const seedStart = performance.now();
  await pool.query(
    `INSERT INTO users (email, password_hash, tier, sex, birth_date, height_cm)
     SELECT 'bench-other-' || i || '@example.org', 'x', 'plus', 'female', '1985-01-01', 165
       FROM generate_series(1, $1::int - 1) AS i`,
    [USERS],
  );
  // every user: a year of daily data; the measured user: 5 years.
  const span = `
    WITH u AS (
      SELECT id, CASE WHEN id = $1::uuid THEN ${YEARS} * 365 ELSE 365 END AS days FROM users),
    d AS (
      SELECT u.id AS user_id, ($2::date - k) AS day, k
        FROM u CROSS JOIN LATERAL generate_series(0, u.days - 1) AS k)`;
  const seeds = [
    `${span} INSERT INTO weight_entries (user_id, date, weight_kg)
       SELECT user_id, day, round((82 - k * 0.002 + sin(k) * 0.6)::numeric, 2) FROM d`,
    `${span} INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g)
       SELECT user_id, day, m.meal, 500 + (k % 7) * 40 + m.extra, 35, 60, 20
         FROM d CROSS JOIN (VALUES ('breakfast', 0), ('lunch', 150), ('dinner', 250)) AS m(meal, extra)`,
    `${span} INSERT INTO activity_entries (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, rpe)
       SELECT user_id, (ARRAY['run','cycle','strength','walk','swim'])[1 + k % 5],
              day + time '07:30', 30 + (k % 4) * 15,
              CASE WHEN k % 5 IN (0, 1, 3, 4) THEN 5 + (k % 3) * 2.5 END,
              CASE WHEN k % 2 = 0 THEN 300 + (k % 4) * 50 END,
              CASE WHEN k % 3 = 0 THEN 140 END, 3 + k % 6
         FROM d WHERE k % 7 NOT IN (2, 5)`,
    `${span} INSERT INTO reference_values (user_id, type_key, measured_on, value)
       SELECT user_id, t.key, day, t.base + (k % 5) * t.step
         FROM d CROSS JOIN (VALUES ('resting_hr', 52, 1), ('hrv_rmssd', 55, 4), ('bp_systolic', 122, 3),
                                   ('bp_diastolic', 78, 2), ('sleep_duration', 6.5, 0.4)) AS t(key, base, step)`,
    `${span} INSERT INTO circumference_entries (user_id, date, site, value_cm)
       SELECT user_id, day, s.site, s.base - k * 0.001
         FROM d CROSS JOIN (VALUES ('waist', 88), ('hip', 100)) AS s(site, base) WHERE k % 7 = 0`,
    `${span} INSERT INTO caliper_entries (user_id, date, formula, sites, body_fat_pct, density, age_years, sex)
       SELECT user_id, day, 'jp3', '{"chest": 15, "abdomen": 18, "thigh": 20}', 16.0, 1.0623, 35, 'male'
         FROM d WHERE k % 30 = 0`,
  ];
  for (const sql of seeds) await pool.query(sql, [me, TO]);
  await pool.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);
  const {
    rows: [counts],
  } = await pool.query(
    `SELECT (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM weight_entries)::int AS weight,
            (SELECT count(*) FROM nutrition_entries)::int AS nutrition,
            (SELECT count(*) FROM activity_entries)::int AS activity,
            (SELECT count(*) FROM reference_values)::int AS reference_values,
            (SELECT count(*) FROM weight_entries WHERE user_id = $1)::int AS my_weight_rows`,
    [me],
  );

  // ---- the bare SQL: the data layer's own queries over a plain pg Pool ----
  const repo = new DataLayerRepository(preparedReads(pool));
  const SERIES = chartSeries(repo, me, FROM, TO);

  const time = async (fn) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const request = async (code) => {
    const res = await fetch(`${service.base}/api/charts/${code}?from=${FROM}&to=${TO}`, {
      headers: { Authorization: auth },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${code}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };

  const rows = [];
  const bodies = {};
  for (const code of CHART_CODES) {
    const body = await request(code);
    bodies[code] = JSON.stringify(body);
    for (let i = 0; i < WARMUP; i++) {
      await request(code);
      await Promise.all(SERIES[code]());
    }
    const http = [];
    const sql = [];
    for (let i = 0; i < ITERATIONS; i++) {
      http.push(await time(() => request(code)));
      sql.push(await time(() => Promise.all(SERIES[code]())));
    }
    rows.push({
      code,
      http_p50_ms: p50(http),
      sql_p50_ms: p50(sql),
      overhead_p50_ms: round(p50(http) - p50(sql)),
      ratio_p50: ratio(p50(http), p50(sql)),
      data_points: body.meta.data_points,
      insufficient_data: body.meta.insufficient_data,
      response_kb: round(JSON.stringify(body).length / 1024),
    });
  }
  // all charts one after another, as a dashboard of every chart would load them
  const sweeps = [];
  for (let i = 0; i < Math.max(10, Math.floor(ITERATIONS / 4)); i++) {
    sweeps.push(
      await time(async () => {
        for (const code of CHART_CODES) await request(code);
      }),
    );
  }
  const sqlSweeps = [];
  for (let i = 0; i < Math.max(10, Math.floor(ITERATIONS / 4)); i++) {
    sqlSweeps.push(
      await time(async () => {
        for (const code of CHART_CODES) await Promise.all(SERIES[code]());
      }),
    );
  }
  // ---- 20 connections: each chart against its bare SQL, with CPU per request ----
  const floor = await startBareChartServer(connectionString, me, bodies);
  const loaded = [];
  for (const code of CHART_CODES) {
    const cpuBefore = cpuMsOf(service.pid);
    const route = await load(`${service.base}/api/charts/${code}?from=${FROM}&to=${TO}`, {
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      headers: { Authorization: auth },
    });
    const cpuMs = cpuMsOf(service.pid) - cpuBefore;
    const bare = await loadFn(`bare SQL ${code}`, () => Promise.all(SERIES[code]()), {
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
    });
    const floorCpuBefore = cpuMsOf(floor.pid);
    const bareHttp = await load(`${floor.base}/${code}`, {
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
    });
    const floorCpuMs = cpuMsOf(floor.pid) - floorCpuBefore;
    const requests = route.requests_per_s * LOAD_SECONDS;
    const floorRequests = bareHttp.requests_per_s * LOAD_SECONDS;
    if (route.non_2xx || route.errors || bareHttp.non_2xx || bareHttp.errors)
      throw new Error(`${code}: non-2xx or errors under load`);
    loaded.push({
      code,
      route_req_s: route.requests_per_s,
      route_p50_ms: route.latency_ms.p50,
      route_p99_ms: route.latency_ms.p99,
      bare_req_s: bare.requests_per_s,
      bare_p50_ms: bare.latency_ms.p50,
      ratio_p50: ratio(route.latency_ms.p50, bare.latency_ms.p50),
      cpu_ms_per_request: requests ? round(cpuMs / requests) : null,
      floor_req_s: bareHttp.requests_per_s,
      floor_p50_ms: bareHttp.latency_ms.p50,
      floor_cpu_ms_per_request: floorRequests ? round(floorCpuMs / floorRequests) : null,
      ratio_p50_to_floor: ratio(route.latency_ms.p50, bareHttp.latency_ms.p50),
    });
  }
  floor.stop();
  const total = {
    charts: CHART_CODES.length,
    sum_of_p50_ms: round(rows.reduce((a, r) => a + r.http_p50_ms, 0)),
    sequential_all_p50_ms: p50(sweeps),
    bare_sql_sequential_all_p50_ms: p50(sqlSweeps),
    slowest: rows.reduce((a, r) => (r.http_p50_ms > a.http_p50_ms ? r : a)).code,
    every_chart_under_30ms: rows.every((r) => r.http_p50_ms < 30),
    all_under_300ms: p50(sweeps) < 300,
    ratio_all_sequential: ratio(p50(sweeps), p50(sqlSweeps)),
    charts_within_2x_at_20_connections: loaded.filter((r) => r.ratio_p50 <= 2).length,
    charts_within_2x_of_the_floor: loaded.filter((r) => r.ratio_p50_to_floor <= 2).length,
  };

  const table = [
    '| chart | HTTP p50 ms | bare SQL p50 ms | overhead ms | ratio | data points | response KB |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.code} | ${r.http_p50_ms} | ${r.sql_p50_ms} | ${r.overhead_p50_ms} | ${r.ratio_p50} | ${r.data_points} | ${r.response_kb} |`,
    ),
  ].join('\n');
  const loadedTable = [
    '| chart | route req/s | route p50 ms | route p99 ms | CPU ms/request | bare SQL p50 ms | p50 ratio | floor p50 ms | floor CPU ms/request | p50 ratio to the floor |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...loaded.map(
      (r) =>
        `| ${r.code} | ${r.route_req_s} | ${r.route_p50_ms} | ${r.route_p99_ms} | ${r.cpu_ms_per_request} | ${r.bare_p50_ms} | ${r.ratio_p50} | ${r.floor_p50_ms} | ${r.floor_cpu_ms_per_request} | ${r.ratio_p50_to_floor} |`,
    ),
  ].join('\n');
  const md = `# Charts benchmark (issue 9)

One user with ${YEARS} years of daily data (weight, 3 meals, ~5 sessions a week, 5 vital types,
weekly circumferences, monthly caliper) among ${counts.users} users (the others: one year each);
${counts.weight} weight, ${counts.nutrition} nutrition, ${counts.activity} activity and
${counts.reference_values} reference-value rows. Set-based seed in ${seedMs} ms.

Every chart for the 365-day window ${FROM} … ${TO}, ${ITERATIONS} sequential requests each (one
connection, after ${WARMUP} warm-ups), against the bare SQL of the data-layer series that chart
reads (the compiled DataLayerRepository over a pg Pool, the chart's queries in parallel as the
service runs them), alternating in the same run.

${table}

All ${total.charts} charts one after another: p50 **${total.sequential_all_p50_ms} ms** (bare SQL of
the same series: ${total.bare_sql_sequential_all_p50_ms} ms, ratio ${total.ratio_all_sequential}); sum of the per-chart p50s
${total.sum_of_p50_ms} ms. Slowest chart: ${total.slowest}.

Goal every chart p50 < 30 ms: **${total.every_chart_under_30ms ? 'met' : 'not met'}**; all charts < 300 ms:
**${total.all_under_300ms ? 'met' : 'not met'}**.

## ${CONNECTIONS} connections

Each chart for ${LOAD_SECONDS} s with autocannon, then its bare SQL for ${LOAD_SECONDS} s from ${CONNECTIONS} concurrent
loops over a pg Pool of ${CONNECTIONS} (in this process, so the two share the machine alike). CPU per
request is the service process's user + system time over the requests it answered. The floor is
a bare Node HTTP server in its own process (bench/lib/bare-chart-server.mjs) that runs the same
reads and answers the same bytes: the SQL plus the HTTP exchange of the answer, with none of
the service's routing, auth, access check, computation or serialization.

${loadedTable}

Charts within 2× of their bare SQL at p50: **${total.charts_within_2x_at_20_connections} of ${total.charts}** (issue 20's goal: all);
within 2× of the floor (SQL + the same answer over HTTP): **${total.charts_within_2x_of_the_floor} of ${total.charts}**.
`;
  writeResults(
    'charts',
    { window: { from: FROM, to: TO }, seed_ms: seedMs, counts, rows, loaded, total },
    md,
  );
  process.stdout.write(md);
} finally {
  await pool.end();
  await service.stop();
}

/** The floor's server (bench/lib/bare-chart-server.mjs) as its own process: base URL, pid, stop. */
async function startBareChartServer(databaseUrl, userId, bodies) {
  const file = path.join(os.tmpdir(), `bench-chart-bodies-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bench', 'lib', 'bare-chart-server.mjs'), databaseUrl, userId, FROM, TO, file],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`bare chart server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
