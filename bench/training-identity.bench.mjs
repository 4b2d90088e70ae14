// Issue 3 benchmark: login throughput and GET /api/profiles/me latency at 50 connections,
// each against the bare work the route needs, measured in the same run:
// - login: the profile lookup by email (bare SQL), and that lookup plus one argon2id verify
//   (the cost the route must pay by design; OWASP parameters m=64 MiB, t=3, p=4);
// - /me: the profile row plus its memberships and clubs (bare SQL).
import {
  load,
  loadFn,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const { Pool } = requireFromWorkspace('pg');
const argon2 = requireFromWorkspace('argon2');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const PROFILES = 200;

const service = await startService('training', {
  databaseUrl: process.env.DATABASE_URL
    ? process.env.DATABASE_URL.replace(/\/[^/]*$/, '/bench_training')
    : undefined,
  env: { LOGIN_RATE_LIMIT: '100000' },
});
const json = { 'Content-Type': 'application/json' };
const post = (path, body, headers = {}) =>
  fetch(service.base + path, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  }).then((r) => r.json());

// Fixture: an admin, one club, PROFILES members.
const run = Date.now();
const admin = await post('/api/auth/register', {
  name: 'Bench Admin',
  email: `admin-${run}@bench.test`,
  pin: '123456',
});
const pool = new Pool({ connectionString: service.databaseUrl, max: CONNECTIONS });
await pool.query(`UPDATE profiles SET role = 'superadmin' WHERE id = $1`, [admin.profile.id]);
const adminLogin = await post('/api/auth/login', {
  email: `admin-${run}@bench.test`,
  pin: '123456',
});
const auth = { Authorization: `Bearer ${adminLogin.access_token}` };
const club = await post(
  '/api/clubs',
  { name: `Bench club ${run}`, primary_admin_profile_id: admin.profile.id },
  auth,
);
const members = [];
for (let i = 0; i < PROFILES; i++) {
  const email = `m${i}-${run}@bench.test`;
  const reg = await post('/api/auth/register', { name: `Member ${i}`, email, pin: '4321' });
  members.push({ id: reg.profile.id, email });
}
await pool.query(
  `INSERT INTO club_members (club_id, profile_id, roles) SELECT $1, unnest($2::uuid[]), ARRAY['member']`,
  [club.id, members.map((m) => m.id)],
);
const member = members[0];
const memberLogin = await post('/api/auth/login', { email: member.email, pin: '4321' });
const memberAuth = { Authorization: `Bearer ${memberLogin.access_token}` };

const lookupSql = `SELECT id, email, role, pin_hash FROM profiles WHERE lower(email) = lower($1)`;
const meSql = `SELECT p.id, p.name, p.email, p.role, p.tier, p.active_club_id, p.exercise_list_prefs,
         coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'roles', m.roles)) FILTER (WHERE c.id IS NOT NULL), '[]') AS clubs
    FROM profiles p LEFT JOIN club_members m ON m.profile_id = p.id LEFT JOIN clubs c ON c.id = m.club_id
   WHERE p.id = $1 GROUP BY p.id`;

const loginRoute = await load(`${service.base}/api/auth/login`, {
  connections: CONNECTIONS,
  duration: DURATION,
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: member.email, pin: '4321' }),
});
const loginSql = await loadFn(
  'login: bare SQL lookup',
  () => pool.query(lookupSql, [member.email]),
  {
    connections: CONNECTIONS,
    duration: DURATION,
  },
);
const loginSqlArgon = await loadFn(
  'login: SQL lookup + argon2id verify',
  async () => {
    const { rows } = await pool.query(lookupSql, [member.email]);
    await argon2.verify(rows[0].pin_hash, '4321');
  },
  { connections: CONNECTIONS, duration: DURATION },
);
const meRoute = await load(`${service.base}/api/profiles/me`, {
  connections: CONNECTIONS,
  duration: DURATION,
  headers: memberAuth,
});
const meSqlRun = await loadFn('/me: bare SQL', () => pool.query(meSql, [member.id]), {
  connections: CONNECTIONS,
  duration: DURATION,
});
await pool.end();
await service.stop();

const fmt = (r) =>
  `${r.requests_per_s} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms`;
const loginVsSql = ratio(loginSql.requests_per_s, loginRoute.requests_per_s);
const loginVsArgon = ratio(loginSqlArgon.requests_per_s, loginRoute.requests_per_s);
const meRatio = ratio(meRoute.latency_ms.p50, Math.max(meSqlRun.latency_ms.p50, 0.01));
const md = `# Training identity benchmark

${CONNECTIONS} connections, ${DURATION} s each, same machine and run; ${PROFILES} members in one club.

| case | figures | baseline | baseline figures | ratio |
|---|---|---|---|---|
| POST /api/auth/login | ${fmt(loginRoute)} | bare SQL lookup | ${fmt(loginSql)} | throughput ${loginVsSql}× lower than SQL |
| POST /api/auth/login | | SQL + argon2id verify | ${fmt(loginSqlArgon)} | throughput ${loginVsArgon}× lower than its inherent work |
| GET /api/profiles/me | ${fmt(meRoute)} | bare SQL | ${fmt(meSqlRun)} | p50 ${meRatio}× the SQL's |

Login is bound by argon2id by design (64 MiB, 3 passes per attempt): compare it with the
second baseline. Non-2xx answers: login ${loginRoute.non_2xx}, /me ${meRoute.non_2xx}.
`;
writeResults(
  'training-identity',
  {
    ratios: {
      login_rps_vs_sql: loginVsSql,
      login_rps_vs_sql_argon2: loginVsArgon,
      me_p50_vs_sql: meRatio,
    },
    login: { route: loginRoute, sql: loginSql, sql_argon2: loginSqlArgon },
    me: { route: meRoute, sql: meSqlRun },
  },
  md,
);
process.stdout.write(md);
