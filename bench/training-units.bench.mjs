// Issue 6 / 20 benchmark: GET /api/training-units?assigned_to_me=true with 50 000 units across
// 200 clubs (groups with default trainers, explicit leads, substitutes and assistants), against
// the bare SQL of the request (the caller statement and the page, built by the same exported
// functions) at 1 and 20 connections, with CPU and statements per request, and EXPLAIN.
//
// DATABASE_URL set: a database `bench_training_units` is (re)created on that server. Unset: the
// service starts its embedded PostgreSQL under .data/bench-training.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { routeVsSql, routeVsSqlTable, summaryRows } from './lib/route-vs-sql.mjs';
import {
  requireFromWorkspace,
  ROOT,
  startService,
  writeResults,
  freshDatabase,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const { buildListSql } = requireFromWorkspace(
  path.join(
    ROOT,
    'apps',
    'training',
    'dist',
    'modules',
    'training-units',
    'training-units.repository.js',
  ),
);

const { callerSql } = requireFromWorkspace(
  path.join(
    ROOT,
    'apps',
    'training',
    'dist',
    'modules',
    'tenant-context',
    'tenant-context.repository.js',
  ),
);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const UNITS = Number(process.env.BENCH_UNITS ?? 50000);
const CLUBS = 200;
const PORT = 3106;
const EMBEDDED_PG_PORT = 54466;

const dbUrl = await freshDatabase('bench_training_units');
const service = await startService('training', {
  port: PORT,
  databaseUrl: dbUrl,
  fresh: true,
  env: { EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT), LOGIN_RATE_LIMIT: '100000' },
});
const connectionString = service.databaseUrl;
const pool = new pg.Pool({ connectionString, max: CONNECTIONS });

try {
  // ---- the benchmarked trainer ----
  const email = `bench-units-${Date.now()}@example.org`;
  const post = (url, body) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await post('/api/auth/register', { name: 'Bench Trainer', email, pin: '4711' });
  const me = reg.profile.id;
  await pool.query(`UPDATE profiles SET role = 'user' WHERE id = $1`, [me]);
  const login = await post('/api/auth/login', { email, pin: '4711' });
  const auth = `Bearer ${login.access_token}`;

  // ---- seed: set-based SQL ----
  const seedStart = performance.now();
  await pool.query(
    `INSERT INTO clubs (name) SELECT 'Verein ' || g FROM generate_series(1, $1::int) g`,
    [CLUBS],
  );
  // 5 trainers per club (argon2 hashes are not needed: they never sign in)
  await pool.query(`
    INSERT INTO profiles (name, email, pin_hash)
    SELECT 'Trainer ' || c.n || '-' || k, 'bench-t-' || c.n || '-' || k || '@example.org', 'x'
    FROM (SELECT row_number() OVER (ORDER BY id) AS n, id FROM clubs) c, generate_series(1, 5) k`);
  await pool.query(`
    INSERT INTO club_members (club_id, profile_id, roles)
    SELECT c.id, p.id, '{trainer}'
    FROM (SELECT row_number() OVER (ORDER BY id) AS n, id FROM clubs) c
    JOIN profiles p ON p.email LIKE 'bench-t-' || c.n || '-%'`);
  // the benchmarked trainer belongs to 3 clubs
  const { rows: myClubs } = await pool.query(`SELECT id FROM clubs ORDER BY id LIMIT 3`);
  await pool.query(
    `INSERT INTO club_members (club_id, profile_id, roles) SELECT unnest($1::uuid[]), $2, '{trainer}'`,
    [myClubs.map((c) => c.id), me],
  );
  // 4 groups per club; in the trainer's clubs the first group has them as default lead
  await pool.query(`
    INSERT INTO groups (club_id, name, default_lead_trainer_profile_id, default_assistant_trainer_profile_ids)
    SELECT c.id, 'Gruppe ' || k,
      (SELECT m.profile_id FROM club_members m WHERE m.club_id = c.id ORDER BY m.profile_id OFFSET k - 1 LIMIT 1),
      ARRAY(SELECT m.profile_id FROM club_members m WHERE m.club_id = c.id ORDER BY m.profile_id OFFSET k LIMIT 1)
    FROM clubs c, generate_series(1, 4) k`);
  await pool.query(
    `UPDATE groups SET default_lead_trainer_profile_id = $1 WHERE name = 'Gruppe 1' AND club_id = ANY($2::uuid[])`,
    [me, myClubs.map((c) => c.id)],
  );
  await pool.query(
    `
    WITH c AS (SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM clubs),
    g AS (SELECT club_id, array_agg(id ORDER BY name) AS ids FROM groups GROUP BY club_id),
    m AS (SELECT club_id, array_agg(profile_id ORDER BY profile_id) AS ids FROM club_members GROUP BY club_id)
    INSERT INTO training_units (club_id, title, group_id, starts_at, duration_minutes,
      lead_trainer_profile_id, assistant_trainer_profile_ids, created_by_profile_id)
    SELECT c.id, 'Training ' || u, g.ids[1 + u % 4],
      now() - ((u % 365) || ' days')::interval, 90,
      CASE WHEN u % 7 = 0 THEN m.ids[1 + u % cardinality(m.ids)] END,
      CASE WHEN u % 5 = 0 THEN ARRAY[m.ids[1 + (u + 1) % cardinality(m.ids)]] END,
      m.ids[1]
    FROM generate_series(0, $1::int - 1) u
    JOIN c ON c.n = u % ${CLUBS}
    JOIN g ON g.club_id = c.id JOIN m ON m.club_id = c.id`,
    [UNITS],
  );
  await pool.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);
  const {
    rows: [{ n: unitCount }],
  } = await pool.query(`SELECT count(*)::int AS n FROM training_units`);

  // ---- the request and its bare SQL ----
  const url = `${service.base}/api/training-units?assigned_to_me=true&limit=50`;
  const check = await (await fetch(url, { headers: { Authorization: auth } })).json();
  if (!Array.isArray(check.items)) throw new Error(`unexpected answer: ${JSON.stringify(check)}`);
  const caller = { profile_id: me, member_club_ids: myClubs.map((c) => c.id), admin_club_ids: [] };
  const { sql, params } = buildListSql(caller, { assigned_to_me: true }, { limit: 50, offset: 0 });
  const bare = await pool.query(sql, params);
  if (bare.rows.length !== check.items.length || bare.rows[0]?.id !== check.items[0]?.id) {
    throw new Error('bare SQL and service disagree on the page');
  }
  const explain = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');

  // ---- load: the route against the same statements through the pool ----
  const sid = JSON.parse(Buffer.from(login.access_token.split('.')[1], 'base64url').toString()).sid;
  const rows = await routeVsSql({
    service,
    pool,
    url,
    headers: { Authorization: auth },
    bareFn: async () => {
      await pool.query(callerSql(), [me, sid]);
      await pool.query(sql, params);
    },
    connections: [1, CONNECTIONS],
    duration: DURATION,
  });
  const row = {
    units: unitCount,
    clubs: CLUBS,
    seed_ms: seedMs,
    assigned_total: check.total,
    page_size: check.items.length,
    runs: summaryRows(rows),
  };
  const md = `# Training units list benchmark

${unitCount} training units across ${CLUBS} clubs (4 groups per club with default trainers;
every 7th unit with a substitute lead, every 5th with explicit assistants), seeded with
set-based SQL in ${seedMs} ms. Request: \`GET /api/training-units?assigned_to_me=true&limit=50\`
as a trainer in 3 clubs (effective lead through group defaults, substitutions and assistants),
${DURATION} s per phase. Baseline: the request's statements (the caller's account, clubs and
session in one statement, then the page; both built by the same exported functions) through a
pg Pool, from as many loops as connections. CPU: utime + stime of the service process over the
phase; statements: committed transactions of the database over the phase.

${routeVsSqlTable(rows)}

Units assigned to the trainer: ${row.assigned_total}; page: ${row.page_size}.

## EXPLAIN (ANALYZE, BUFFERS)

\`\`\`
${explain}
\`\`\`
`;
  writeResults('training-units', { ...row, explain, raw: rows.map((r) => r.raw) }, md);
  process.stdout.write(md);
} finally {
  await pool.end();
  await service.stop();
}
