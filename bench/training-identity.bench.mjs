// Issue 3 benchmark: login throughput and GET /api/profiles/me latency at 50 connections,
// each against the bare work the route needs, measured in the same run:
// - login: the profile lookup by email (bare SQL), and that lookup plus one argon2id verify
//   (the cost the route must pay by design; OWASP parameters m=64 MiB, t=3, p=4);
// - /me (issue 20): at 1 and 20 connections, against the statements of the request (the caller's
//   account, clubs and session; the profile row), built by the service's exported functions,
//   through a pg Pool, with CPU and statements per request.
import path from 'node:path';
import { routeVsSql, routeVsSqlTable, summaryRows } from './lib/route-vs-sql.mjs';
import {
  ROOT,
  load,
  loadFn,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const { Pool } = requireFromWorkspace('pg');
const argon2 = requireFromWorkspace('argon2');
const dist = (...p) =>
  requireFromWorkspace(path.join(ROOT, 'apps', 'training', 'dist', 'modules', ...p));
const { callerSql } = dist('tenant-context', 'tenant-context.repository.js');
const { profileRowSql } = dist('profiles', 'profiles.repository.js');

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
const sid = JSON.parse(
  Buffer.from(memberLogin.access_token.split('.')[1], 'base64url').toString(),
).sid;
const meRuns = await routeVsSql({
  service,
  pool,
  url: `${service.base}/api/profiles/me`,
  headers: memberAuth,
  bareFn: async () => {
    await pool.query(callerSql(), [member.id, sid]);
    await pool.query(profileRowSql(), [member.id]);
  },
  connections: [1, 20],
  duration: DURATION,
});
await pool.end();
await service.stop();

const fmt = (r) =>
  `${r.requests_per_s} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms`;
const loginVsSql = ratio(loginSql.requests_per_s, loginRoute.requests_per_s);
const loginVsArgon = ratio(loginSqlArgon.requests_per_s, loginRoute.requests_per_s);
const md = `# Training identity benchmark

${CONNECTIONS} connections, ${DURATION} s each, same machine and run; ${PROFILES} members in one club.

| case | figures | baseline | baseline figures | ratio |
|---|---|---|---|---|
| POST /api/auth/login | ${fmt(loginRoute)} | bare SQL lookup | ${fmt(loginSql)} | throughput ${loginVsSql}× lower than SQL |
| POST /api/auth/login | | SQL + argon2id verify | ${fmt(loginSqlArgon)} | throughput ${loginVsArgon}× lower than its inherent work |

Login is bound by argon2id by design (64 MiB, 3 passes per attempt): compare it with the
second baseline. Non-2xx answers: login ${loginRoute.non_2xx}.

## GET /api/profiles/me against its statements

${DURATION} s per phase. Baseline: the request's statements (the caller's account, clubs and
session in one statement; the profile row), built by the same exported functions, through a pg
Pool from as many loops as connections. CPU: utime + stime of the service process over the
phase; statements: committed transactions of the database over the phase.

${routeVsSqlTable(meRuns)}
`;
writeResults(
  'training-identity',
  {
    ratios: {
      login_rps_vs_sql: loginVsSql,
      login_rps_vs_sql_argon2: loginVsArgon,
    },
    login: { route: loginRoute, sql: loginSql, sql_argon2: loginSqlArgon },
    me: { runs: summaryRows(meRuns), raw: meRuns.map((r) => r.raw) },
  },
  md,
);
process.stdout.write(md);
