// Issue 4 benchmark: GET /api/exercises with a full-text query and two filters over 20 000
// exercises (3 variants each, catalog links), at 20 connections, against the bare SQL that
// produces the same page (pg Pool, 20 concurrent loops), with EXPLAIN ANALYZE of that SQL.
// Issue 20: at 1 and 20 connections, with the caller and preference statements in the
// baseline, CPU and statements per request.
//
// DATABASE_URL set: a database `bench_exercises` is (re)created on that server. Unset: the
// service starts its embedded PostgreSQL under .data/bench-training.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, startService, writeResults, freshDatabase } from './lib/harness.mjs';
import { routeVsSql, routeVsSqlTable, summaryRows } from './lib/route-vs-sql.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'training', 'node_modules', 'pg'));
const { buildListSql } = require(
  path.join(ROOT, 'apps', 'training', 'dist', 'modules', 'exercises', 'exercises.repository.js'),
);
const { callerSql } = require(
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
const EXERCISES = Number(process.env.BENCH_EXERCISES ?? 20000);
const PORT = 3104;
const EMBEDDED_PG_PORT = 54464;

const dbUrl = await freshDatabase('bench_exercises');
const service = await startService('training', {
  port: PORT,
  databaseUrl: dbUrl,
  fresh: true,
  env: { EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT), LOGIN_RATE_LIMIT: '100000' },
});
const connectionString = service.databaseUrl;
const pool = new pg.Pool({ connectionString, max: CONNECTIONS });

try {
  // ---- a signed-in trainer with a club ----
  const email = `bench-${Date.now()}@example.org`;
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
  const {
    rows: [{ id: club }],
  } = await pool.query(`INSERT INTO clubs (name) VALUES ('Bench Club') RETURNING id`);
  await pool.query(
    `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, '{trainer}')`,
    [club, me],
  );

  // ---- seed: set-based SQL ----
  const seedStart = performance.now();
  await pool.query('TRUNCATE exercises CASCADE');
  await pool.query(
    `
    WITH words AS (SELECT
      ARRAY['Sprint','Staffel','Koordinationsleiter','Kniebeugen','Liegestütz','Passspiel','Zirkel',
            'Reaktions','Gleichgewichts','Ausdauerlauf','Sprung','Wurf','Fallschule','Kata','Kumite',
            'Dribbling','Torschuss','Plank','Burpee','Mobility','Shuttle run','Agility','Footwork',
            'Partner','Seilspring'] AS a,
      ARRAY['übung','spiel','training','drill','circuit','challenge','form','parcours'] AS b,
      ARRAY['für Kinder','mit Partner','mit Ball','in Gruppen','with cones','for beginners',
            'advanced','im Kreis','an der Wand','on the track'] AS c,
      ARRAY['Die Gruppe läuft in zwei Reihen und wechselt auf Signal die Richtung.',
            'Players sprint to the cone, touch it and jog back to the start line.',
            'Auf Pfiff wird die Bewegung so schnell wie möglich ausgeführt.',
            'Focus on a stable core and controlled breathing throughout the set.',
            'Die Sportler arbeiten paarweise und korrigieren sich gegenseitig.',
            'Increase the distance each round to build endurance gradually.',
            'Kurze Pausen zwischen den Durchgängen halten die Intensität hoch.',
            'Use a ball to add a coordination challenge to the footwork pattern.',
            'Der Trainer gibt optische und akustische Signale für die Reaktion.',
            'Keep the knees behind the toes and the back straight while squatting.',
            'Nach jeder Station wird die Technik kurz besprochen und verbessert.',
            'Finish with a relaxed cool-down jog and light stretching.'] AS s)
    INSERT INTO exercises (title, description, instructions, coaching_points, material,
      duration_minutes, difficulty, visibility, club_id, owner_profile_id, status, created_at)
    SELECT
      a[1 + (random() * (cardinality(a) - 1))::int] || b[1 + (random() * (cardinality(b) - 1))::int]
        || ' ' || c[1 + (random() * (cardinality(c) - 1))::int] || ' #' || g,
      '<p>' || s[1 + (random() * 11)::int] || ' ' || s[1 + (random() * 11)::int] || '</p><ul><li>'
        || s[1 + (random() * 11)::int] || '</li></ul>',
      '<p>' || s[1 + (random() * 11)::int] || '</p>',
      '<p>' || s[1 + (random() * 11)::int] || '</p>',
      (ARRAY['Hütchen','Bälle','Matten','Koordinationsleiter','Springseil','keins'])[1 + (random() * 5)::int],
      5 + (random() * 25)::int,
      1 + (random() * 4)::int,
      v.visibility,
      CASE WHEN v.visibility = 'club' THEN $2::uuid END,
      $1::uuid,
      CASE WHEN random() < 0.08 THEN 'archived' WHEN random() < 0.1 THEN 'draft' ELSE 'active' END,
      now() - (g || ' minutes')::interval
    FROM words, generate_series(1, $3::int) g,
      LATERAL (SELECT CASE WHEN random() < 0.6 THEN 'official' WHEN random() < 0.5 THEN 'club' ELSE 'private' END
               AS visibility, g AS k) v`,
    [me, club, EXERCISES],
  );
  await pool.query(`
    INSERT INTO exercise_focus_areas (exercise_id, focus_area_id)
    SELECT e.id, f.id FROM exercises e
    CROSS JOIN LATERAL (SELECT id FROM focus_areas f ORDER BY md5(e.id::text || f.id::text)
                        LIMIT 1 + (hashtext(e.id::text) & 1)) f`);
  await pool.query(`
    INSERT INTO exercise_training_styles (exercise_id, training_style_id)
    SELECT e.id, s.id FROM exercises e
    CROSS JOIN LATERAL (SELECT id FROM training_styles s ORDER BY md5(e.id::text || s.id::text) LIMIT 1) s`);
  await pool.query(`
    INSERT INTO exercise_target_groups (exercise_id, target_group_id)
    SELECT e.id, t.id FROM exercises e
    CROSS JOIN LATERAL (SELECT id FROM target_groups t ORDER BY md5(e.id::text || t.id::text) LIMIT 2) t`);
  await pool.query(`
    INSERT INTO exercise_skills (exercise_id, skill_id, level)
    SELECT e.id, s.id, (ARRAY['basis','grundlagen','aufbau','vertiefung','optimierung'])[1 + (hashtext(e.id::text || s.id::text) & 3)]
    FROM exercises e
    CROSS JOIN LATERAL (SELECT id FROM skills s ORDER BY md5(e.id::text || s.id::text) LIMIT 1) s`);
  await pool.query(`
    INSERT INTO exercise_variants (exercise_id, title, description, sequence_order, progression_level,
      duration_minutes, difficulty, material, prerequisite)
    SELECT e.id, (ARRAY['Leicht','Mittel','Schwer'])[k] || ': ' || e.title,
      '<p>Variante ' || k || ' der Übung</p>', k - 1, k, 5 * k, k, 'Hütchen',
      CASE WHEN k > 1 THEN '<p>Stufe ' || (k - 1) || ' sicher beherrschen</p>' END
    FROM exercises e, generate_series(1, 3) k`);
  await pool.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);

  // ---- the query: full-text + two filters ----
  const fa = (await pool.query(`SELECT id FROM focus_areas WHERE slug = 'koordination'`)).rows[0]
    .id;
  const tg = (await pool.query(`SELECT id FROM target_groups WHERE slug = 'kinder'`)).rows[0].id;
  const filter = { q: 'Sprint', must_include: [fa], target_group_id: tg };
  const url = `${service.base}/api/exercises?q=Sprint&must_include=${fa}&target_group_id=${tg}&limit=50`;
  const check = await (await fetch(url, { headers: { Authorization: auth } })).json();
  if (!Array.isArray(check.items)) throw new Error(`unexpected answer: ${JSON.stringify(check)}`);

  const ctx = { profile_id: me, role: 'user', memberships: new Map([[club, ['trainer']]]) };
  const { sql, params } = buildListSql(ctx, filter, { limit: 50, offset: 0 });
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
      await pool.query('SELECT exercise_list_prefs AS prefs FROM profiles WHERE id = $1', [me]);
      await pool.query(sql, params);
    },
    connections: [1, CONNECTIONS],
    duration: DURATION,
  });
  const row = {
    exercises: EXERCISES,
    variants: EXERCISES * 3,
    seed_ms: seedMs,
    matching_total: check.total,
    page_size: check.items.length,
    answer_bytes: JSON.stringify(check).length,
    runs: summaryRows(rows),
  };
  const md = `# Exercises list benchmark

${EXERCISES} exercises (3 variants each, focus areas, training styles, target groups and skills
linked), seeded with set-based SQL in ${seedMs} ms. Request:
\`GET /api/exercises?q=Sprint&must_include=<Koordination>&target_group_id=<Kinder>&limit=50\`
as a club trainer (visibility check over official, club and own private exercises),
${DURATION} s per phase. Baseline: the request's statements (the caller's account, clubs and
session; the caller's list preferences; the page, built by the same exported functions) through
a pg Pool, from as many loops as connections. CPU: utime + stime of the service process over
the phase; statements: committed transactions of the database over the phase.

${routeVsSqlTable(rows)}

Matching exercises: ${row.matching_total}; page: ${row.page_size} (${row.answer_bytes} bytes of JSON).

## EXPLAIN (ANALYZE, BUFFERS)

\`\`\`
${explain}
\`\`\`
`;
  writeResults('exercises', { ...row, explain, raw: rows.map((r) => r.raw) }, md);
  process.stdout.write(md);
} finally {
  await pool.end();
  await service.stop();
}
