// Issues 7 and 20 benchmark: 5 years of daily tracking data for 1 000 users (weight and nutrition
// daily, activity 4×/week, resting HR / HRV / sleep daily, blood pressure weekly), then at 20
// connections: GET /api/activity?days=90, GET /api/weight?from&to (90 days), GET
// /api/nutrition?from&to (90 days), GET /api/reference-values?type_key&from&to (90 days), GET
// /api/stats (the shared data layer), each against the bare SQL the route runs (pg Pool, 20
// concurrent loops, same duration). The data layer's weight series has no HTTP route of its own; its SQL
// is measured directly as well. Issue 20: the weight and activity lists at 1 and 20 connections
// against their bare SQL and against a floor (a bare Node HTTP server running the same SQL and
// answering the same bytes), with the CPU per request of each server and statements per request.
//
// Database: DATABASE_URL's server when set, else the machine's PostgreSQL at
// postgres://postgres@127.0.0.1:5432; the database `bench_health` (BENCH_DB: another name) is
// (re)created there.
// BENCH_REUSE=1 keeps an existing, already seeded bench_health.
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  loadFn,
  loadWithCpu,
  ratio,
  ROOT,
  startNodeServer,
  startService,
  writeResults,
} from './lib/harness.mjs';
import { preparedQuery, preparedReads } from './lib/prepared.mjs';
import { routeVsSql, summaryRows } from './lib/route-vs-sql.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'health', 'node_modules', 'pg'));
const { DataLayerRepository } = require(
  path.join(ROOT, 'apps', 'health', 'dist', 'modules', 'data-layer', 'data-layer.repository.js'),
);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
// The connections of the table of every route (BENCH_CONNECTIONS=1: plain latency, no queueing).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// The simple tracking lists (weight, activity) at each of these, with the floor (issue 20).
const LIST_CONNECTIONS = [1, 20];
/** Requests of the one-connection latency measured request by request. */
const SEQUENTIAL = 400;

/** p50 in ms of `SEQUENTIAL` GETs of `url` sent one after another on one kept-alive connection. */
async function sequentialP50(url, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(url))));
        })
        .on('error', reject);
    });
  const times = [];
  for (let i = 0; i < SEQUENTIAL + 50; i++) {
    const t0 = performance.now();
    await get();
    if (i >= 50) times.push(performance.now() - t0);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
}
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const YEARS = Number(process.env.BENCH_YEARS ?? 5);
const PORT = 3107;
// BENCH_DB names another database (helpers sharing one server each use their own).
const DB = process.env.BENCH_DB ?? 'bench_health';
const REUSE = process.env.BENCH_REUSE === '1';
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount;
  if (!REUSE || !exists) {
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
  }
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${DB}`;
  return url.toString();
}

const dbUrl = await prepareDatabase();
const service = await startService('health', {
  port: PORT,
  databaseUrl: dbUrl,
  env: { LOGIN_RATE_LIMIT: '100000' },
});
const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
const days = YEARS * 365;

try {
  // ---- the measured user: a real account (registered over HTTP) ----
  const email = `bench-main@example.org`;
  const password = 'bench-password-0001';
  const post = (url, body) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const existing = await pool.query('SELECT id FROM users WHERE email = $1', [email]);
  if (!existing.rowCount) await post('/api/auth/register', { email, password });
  const login = await (await post('/api/auth/login', { email, password })).json();
  if (!login.access_token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const auth = `Bearer ${login.access_token}`;
  const me = (await pool.query('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;

  // ---- seed: set-based SQL, one statement per table, tables in parallel ----
  const seeded = (await pool.query('SELECT count(*)::int AS n FROM weight_entries')).rows[0].n;
  let seedMs = null;
  let vacuumMs = null;
  let rows = null;
  if (!seeded) {
    const t0 = performance.now();
    await pool.query(
      `UPDATE users SET tier = 'pro', sex = 'male', birth_date = '1985-05-05', height_cm = 180,
              goal_weight_kg = 75 WHERE id = $1`,
      [me],
    );
    await pool.query(
      `INSERT INTO users (email, password_hash, tier, sex, birth_date, height_cm, goal_weight_kg)
       SELECT 'bench-' || g || '@example.org', 'not-a-hash', 'plus',
              CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
              DATE '1960-01-01' + (g * 37 % 15000), 150 + g % 50, 55 + g % 40
         FROM generate_series(1, $1::int - 1) g`,
      [USERS],
    );
    const calendar = `generate_series(current_date - ${days - 1}, current_date, interval '1 day') AS d(ts)`;
    const benchUsers = `(SELECT id, abs(hashtext(id::text)) % 1000 AS h FROM users WHERE email LIKE 'bench-%') AS u`;
    const vitals = (key, expr, where = 'true') =>
      pool.query(`
        INSERT INTO reference_values (user_id, type_key, measured_on, value)
        SELECT u.id, '${key}', d.ts::date, ${expr} FROM ${benchUsers} CROSS JOIN ${calendar}
         WHERE ${where}`);
    await Promise.all([
      pool.query(`
        INSERT INTO weight_entries (user_id, date, weight_kg)
        SELECT u.id, d.ts::date,
               round((60 + u.h % 40 + 2 * sin(extract(doy FROM d.ts) / 58.0) + random())::numeric, 2)
          FROM ${benchUsers} CROSS JOIN ${calendar}`),
      pool.query(`
        INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g)
        SELECT u.id, d.ts::date, 'day', round((1700 + random() * 900)::numeric, 1),
               round((70 + random() * 90)::numeric, 1), round((180 + random() * 140)::numeric, 1),
               round((50 + random() * 45)::numeric, 1), round((15 + random() * 20)::numeric, 1)
          FROM ${benchUsers} CROSS JOIN ${calendar}`),
      pool.query(`
        INSERT INTO activity_entries
          (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe)
        SELECT u.id, t.type, d.ts + interval '6 hours' + (u.h % 600) * interval '1 minute',
               m.minutes,
               CASE WHEN t.type IN ('run', 'cycle') THEN round((m.minutes / 6.0)::numeric, 3) END,
               round((m.minutes * 9)::numeric, 1), 120 + u.h % 40, 165 + u.h % 20,
               3 + (u.h + extract(doy FROM d.ts)::int) % 7
          FROM ${benchUsers} CROSS JOIN ${calendar}
          CROSS JOIN LATERAL (SELECT (ARRAY['run', 'cycle', 'strength', 'swim'])[
                                1 + (extract(isodow FROM d.ts)::int + u.h) % 4] AS type) AS t
          CROSS JOIN LATERAL (SELECT 30 + (u.h + extract(doy FROM d.ts)::int) % 60 AS minutes) AS m
         WHERE extract(isodow FROM d.ts) IN (1, 3, 5, 6)`),
      vitals('resting_hr', '48 + u.h % 15 + floor(random() * 5)'),
      vitals('hrv_rmssd', 'round((30 + u.h % 50 + random() * 15)::numeric, 1)'),
      vitals('sleep_duration', 'round((6 + random() * 3)::numeric, 2)'),
      vitals('bp_systolic', '110 + u.h % 30', 'extract(isodow FROM d.ts) = 1'),
      vitals('bp_diastolic', '70 + u.h % 15', 'extract(isodow FROM d.ts) = 1'),
    ]);
    seedMs = Math.round(performance.now() - t0);
    // What autovacuum would reach in steady state: statistics and a set visibility map
    // (index-only scans for the per-user counts).
    const v0 = performance.now();
    await pool.query('VACUUM ANALYZE');
    vacuumMs = Math.round(performance.now() - v0);
  }
  rows = (
    await pool.query(`
      SELECT (SELECT count(*) FROM users)::int AS users,
             (SELECT count(*) FROM weight_entries)::int AS weight_entries,
             (SELECT count(*) FROM nutrition_entries)::int AS nutrition_entries,
             (SELECT count(*) FROM activity_entries)::int AS activity_entries,
             (SELECT count(*) FROM reference_values)::int AS reference_values`)
  ).rows[0];

  // ---- routes and their bare SQL ----
  const today = new Date().toISOString().slice(0, 10);
  const shift = (n) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
  const from90 = shift(89);
  const headers = { Authorization: auth };
  const repo = new DataLayerRepository(preparedReads(pool));

  // The bare work of each list: the page and its total in one statement, as the route runs it.
  const iso = (c) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const activityStatement = {
    sql: `SELECT id, activity_type, ${iso('started_at')} AS started_at, duration_min::float8,
              distance_km::float8, kcal::float8, avg_hr, max_hr, rpe, notes, source,
              ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              count(*) OVER ()::int AS total_rows
         FROM activity_entries WHERE user_id = $1 AND started_at >= $2
        ORDER BY started_at DESC, id DESC LIMIT 100 OFFSET 0`,
    params: [me, new Date(Date.now() - 90 * 86400000).toISOString()],
  };
  const weightStatement = {
    sql: `SELECT id, date::text AS date, weight_kg::float8, body_fat_pct::float8, note, source,
              ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              count(*) OVER ()::int AS total_rows
         FROM weight_entries WHERE user_id = $1 AND date >= $2 AND date <= $3
        ORDER BY date DESC LIMIT 500 OFFSET 0`,
    params: [me, from90, today],
  };
  const activitySql = () => preparedQuery(pool, activityStatement.sql, activityStatement.params);
  const weightSql = () => preparedQuery(pool, weightStatement.sql, weightStatement.params);
  const nutritionSql = () =>
    preparedQuery(
      pool,
      `SELECT id, date::text AS date, meal, kcal::float8, protein_g::float8,
              carbohydrate_g::float8, fat_g::float8, fibre_g::float8, source, note,
              ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              count(*) OVER ()::int AS total_rows
         FROM nutrition_entries WHERE user_id = $1 AND date BETWEEN $2 AND $3
        ORDER BY date DESC, created_at DESC, id DESC LIMIT 500 OFFSET 0`,
      [me, from90, today],
    );
  const referenceValuesSql = () =>
    preparedQuery(
      pool,
      `SELECT id, type_key, measured_on::text AS measured_on, ${iso('measured_at')} AS measured_at,
              value::float8, source, note,
              ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              count(*) OVER ()::int AS total_rows
         FROM reference_values
        WHERE user_id = $1 AND measured_on >= $2 AND measured_on <= $3 AND type_key = $4
        ORDER BY measured_on DESC, type_key ASC LIMIT 500 OFFSET 0`,
      [me, from90, today, 'resting_hr'],
    );
  const statsSql = () =>
    Promise.all([repo.counts(me), repo.latest(me), repo.metricChanges(me, today)]);

  const cases = [
    {
      name: 'GET /api/activity?days=90',
      floor: 'activity',
      url: `${service.base}/api/activity?days=90`,
      sql: activitySql,
      statement: activityStatement,
    },
    {
      name: 'GET /api/weight?from&to (90 days)',
      floor: 'weight',
      url: `${service.base}/api/weight?from=${from90}&to=${today}&limit=500`,
      sql: weightSql,
      statement: weightStatement,
    },
    {
      name: 'GET /api/nutrition?from&to (90 days)',
      url: `${service.base}/api/nutrition?from=${from90}&to=${today}&limit=500`,
      sql: nutritionSql,
    },
    {
      name: 'GET /api/reference-values?type_key&from&to (90 days)',
      url: `${service.base}/api/reference-values?type_key=resting_hr&from=${from90}&to=${today}&limit=500`,
      sql: referenceValuesSql,
    },
    { name: 'GET /api/stats (data layer)', url: `${service.base}/api/stats`, sql: statsSql },
  ];

  // Sanity: each route answers 200 with data before it is measured; its bytes feed the floor.
  const floorRoutes = {};
  for (const c of cases) {
    const res = await fetch(c.url, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${text}`);
    const body = JSON.parse(text);
    c.check = body.items ? `${body.items.length} items, total ${body.total}` : 'ok';
    c.bytes = Buffer.byteLength(text);
    if (c.floor) floorRoutes[c.floor] = { ...c.statement, body: text };
  }

  // ---- the simple tracking lists at 1 and 20 connections: route, bare SQL, floor ----
  const floorFile = path.join(os.tmpdir(), `bench-health-floor-${process.pid}.json`);
  writeFileSync(floorFile, JSON.stringify(floorRoutes));
  const floor = await startNodeServer(path.join(ROOT, 'bench', 'lib', 'bare-list-server.mjs'), {
    DATABASE_URL: dbUrl,
    BARE_ROUTES: floorFile,
  });
  // The NestJS floor: the same statements and answers from a minimal NestJS app.
  const nestFloor = await startNodeServer(
    path.join(ROOT, 'bench', 'lib', 'nest-floor-server.cjs'),
    {
      DATABASE_URL: dbUrl,
      BARE_ROUTES: floorFile,
    },
  );
  const lists = [];
  try {
    for (const c of cases.filter((x) => x.floor)) {
      const rows = await routeVsSql({
        service,
        pool,
        url: c.url,
        headers,
        bareFn: c.sql,
        connections: LIST_CONNECTIONS,
        duration: DURATION,
      });
      for (const row of rows) {
        const f = await loadWithCpu(floor.pid, `${floor.base}/${c.floor}`, {
          connections: row.connections,
          duration: DURATION,
        });
        Object.assign(row, {
          floor_rps: f.requests_per_s,
          floor_p50_ms: f.latency_ms.p50,
          floor_cpu_ms_per_request: f.cpu_ms_per_request,
          p50_ratio_to_floor: ratio(
            Math.max(row.service_p50_ms, 0.5),
            Math.max(f.latency_ms.p50, 0.5),
          ),
        });
        row.raw.floor = f;
        const n = await loadWithCpu(nestFloor.pid, `${nestFloor.base}/${c.floor}`, {
          connections: row.connections,
          duration: DURATION,
        });
        Object.assign(row, {
          nest_floor_rps: n.requests_per_s,
          nest_floor_p50_ms: n.latency_ms.p50,
          nest_floor_cpu_ms_per_request: n.cpu_ms_per_request,
          nest_floor_p50_ratio_to_sql: ratio(
            Math.max(n.latency_ms.p50, 0.5),
            Math.max(row.bare_p50_ms, 0.5),
          ),
        });
        row.raw.nest_floor = n;
      }
      // One connection: autocannon counts whole milliseconds, too coarse for sub-millisecond
      // answers; the same request sent one after another, timed to the microsecond, instead.
      const single = rows.find((r) => r.connections === 1);
      if (single) {
        const serviceP50 = await sequentialP50(c.url, headers);
        const floorP50 = await sequentialP50(`${floor.base}/${c.floor}`, {});
        Object.assign(single, {
          sequential_service_p50_ms: serviceP50,
          sequential_floor_p50_ms: floorP50,
          sequential_p50_ratio: ratio(serviceP50, single.bare_p50_ms),
          sequential_p50_ratio_to_floor: ratio(serviceP50, floorP50),
        });
      }
      lists.push({ name: c.name, check: c.check, bytes: c.bytes, rows });
    }
  } finally {
    await floor.stop();
    await nestFloor.stop();
    rmSync(floorFile, { force: true });
  }

  // ---- every route at CONNECTIONS against its bare SQL ----
  const results = [];
  for (const c of cases) {
    const route = await loadWithCpu(service.pid, c.url, {
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
    });
    const sql = await loadFn(`SQL of ${c.name}`, c.sql, {
      connections: CONNECTIONS,
      duration: DURATION,
    });
    results.push({
      name: c.name,
      check: c.check,
      route,
      sql,
      ratio_p50: ratio(route.latency_ms.p50, Math.max(sql.latency_ms.p50, 0.01)),
    });
  }
  const seriesPoints = (await repo.weightSeries(me, shift(364), today)).length;
  const series = await loadFn(
    'DataLayerRepository.weightSeries (365 days)',
    () => repo.weightSeries(me, shift(364), today),
    { connections: CONNECTIONS, duration: DURATION },
  );

  const row = (label, r) =>
    `| ${label} | ${r.requests_per_s} | ${r.latency_ms.p50} | ${r.latency_ms.p99} | ${r.cpu_ms_per_request ?? ''} | ${r.non_2xx + r.errors} |`;
  const listTable = (l) =>
    [
      `### ${l.name} (${l.check}, ${(l.bytes / 1024).toFixed(1)} KB)`,
      '',
      '| connections | service req/s | service p50 / p99 ms | service CPU ms/request | statements/request | bare SQL req/s | bare SQL p50 ms | p50 ratio to SQL | floor req/s | floor p50 ms | floor CPU ms/request | p50 ratio to the floor | NestJS floor req/s | NestJS floor p50 ms | NestJS floor CPU ms/request | p50 NestJS floor / SQL |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...l.rows.map(
        (r) =>
          `| ${r.connections} | ${r.service_rps} | ${r.service_p50_ms} / ${r.service_p99_ms} | ${r.cpu_ms_per_request} | ${r.statements_per_request} | ${r.bare_rps} | ${r.bare_p50_ms} | **${r.p50_ratio}** | ${r.floor_rps} | ${r.floor_p50_ms} | ${r.floor_cpu_ms_per_request} | ${r.p50_ratio_to_floor} | ${r.nest_floor_rps} | ${r.nest_floor_p50_ms} | ${r.nest_floor_cpu_ms_per_request} | ${r.nest_floor_p50_ratio_to_sql} |`,
      ),
      '',
      ...l.rows
        .filter((r) => r.sequential_service_p50_ms !== undefined)
        .map(
          (r) =>
            `One connection, ${SEQUENTIAL} requests one after another (microsecond timing): service p50 ${r.sequential_service_p50_ms} ms, floor ${r.sequential_floor_p50_ms} ms, bare SQL ${r.bare_p50_ms} ms: **${r.sequential_p50_ratio}×** the bare SQL, ${r.sequential_p50_ratio_to_floor}× the floor.\n`,
        ),
    ].join('\n');
  const md = [
    '# Health tracking benchmark (issues 7 and 20)',
    '',
    `${USERS} users × ${YEARS} years: ${Object.entries(rows)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    seedMs === null
      ? 'Seed: reused an existing bench_health (BENCH_REUSE=1).'
      : `Seed (set-based INSERT … SELECT generate_series, tables in parallel): ${(seedMs / 1000).toFixed(1)} s, then VACUUM ANALYZE ${(vacuumMs / 1000).toFixed(1)} s.`,
    '',
    `## The simple tracking lists at ${LIST_CONNECTIONS.join(' and ')} connections (issue 20)`,
    '',
    `${DURATION} s each, in one run: the route (autocannon), its bare SQL (the one statement the route runs, through a pg Pool from as many loops, in the benchmark's process) and the floor: a bare Node HTTP server in its own process (bench/lib/bare-list-server.mjs) that runs the same statement and answers the same bytes — the SQL plus the HTTP exchange of the answer, without routing, auth, validation, mapping or serialization; and the NestJS floor: a minimal NestJS 11 + Express 5 app in its own process (bench/lib/nest-floor-server.cjs, the framework's defaults, no middleware of ours) whose one route runs the same statement and answers the same JSON — what the fixed stack costs around the same SQL. CPU per request: user + system time of the server process over the requests it answered. Statements per request: the database's committed transactions over the requests (the per-request account lookup of the auth guard included). Issue 20's goal: p50 ≤ 1.5× the bare SQL at 20 connections.`,
    '',
    ...lists.map(listTable),
    `## Every route at ${CONNECTIONS} connections`,
    '',
    `${DURATION} s each. Baseline = the SQL the route runs, through a pg Pool of ${CONNECTIONS} with ${CONNECTIONS} concurrent loops for the same duration. Goal (issue 7): route p50 under 10 ms.`,
    '',
    '| Case | req/s | p50 ms | p99 ms | CPU ms/request | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [row(r.name, r.route), row(`bare SQL (${r.name})`, r.sql)]),
    row(`data layer weightSeries SQL, 365 days (${seriesPoints} points)`, series),
    '',
    '| Route | p50 route / p50 SQL | p50 under 10 ms |',
    '|---|---:|:---:|',
    ...results.map(
      (r) => `| ${r.name} | ${r.ratio_p50} | ${r.route.latency_ms.p50 < 10 ? 'yes' : 'no'} |`,
    ),
    '',
    'The data layer weight series has no HTTP route of its own (charts will expose it); GET /api/weight',
    "with a 90-day range is the route that reads the same rows, and the data layer's own SQL is",
    'measured directly in the last table row. GET /api/stats goes through DataLayerService only.',
  ].join('\n');
  writeResults(
    'health-tracking',
    {
      users: USERS,
      years: YEARS,
      rows,
      seed_ms: seedMs,
      vacuum_analyze_ms: vacuumMs,
      connections: CONNECTIONS,
      duration_s: DURATION,
      service_ready_ms: service.readyMs,
      list_connections: LIST_CONNECTIONS,
      lists: lists.map((l) => ({ ...l, rows: summaryRows(l.rows) })),
      lists_raw: lists.map((l) => ({ name: l.name, raw: l.rows.map((r) => r.raw) })),
      cases: results,
      data_layer_weight_series: { points: seriesPoints, sql: series },
    },
    md,
  );
  console.log(md);
} finally {
  await pool.end();
  await service.stop();
}
