// Issue 3 benchmark: login throughput and GET /api/profiles/me latency, each against the bare
// work the route needs, measured in the same run:
// - /me (issue 20), first: at 1 and 20 connections, against the statement of the request (the
//   caller's account, clubs, session and profile row in one prepared statement, built by the
//   service's exported functions) through a pg Pool, and against the floor: a bare Node HTTP
//   server in its own process running the same statement and answering the same bytes
//   (lib/bare-statement-server.mjs); with CPU per request of the service and of the floor and
//   statements per request;
//   The NestJS floor (lib/nest-floor-server.cjs) does the same from a minimal NestJS app:
//   what the fixed stack costs around the same statement.
// - login, at 50 connections: the profile lookup by email (bare SQL), and that lookup plus one
//   argon2id verify (the cost the route must pay by design).
// BENCH_PARTS=me (or login) runs one part only, e.g. to profile it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeVsSql, summaryRows } from './lib/route-vs-sql.mjs';
import {
  ROOT,
  freshDatabase,
  load,
  loadFn,
  loadWithCpu,
  ratio,
  requireFromWorkspace,
  startNodeServer,
  startService,
  writeResults,
} from './lib/harness.mjs';

const { Pool } = requireFromWorkspace('pg');
const argon2 = requireFromWorkspace('argon2');
const dist = (...p) =>
  requireFromWorkspace(path.join(ROOT, 'apps', 'training', 'dist', 'modules', ...p));
const { callerStatement } = dist('tenant-context', 'tenant-context.repository.js');
const { OWN_PROFILE_COLUMNS } = dist('profiles', 'profiles.repository.js');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ME_CONNECTIONS = [1, 20];
const PROFILES = 200;
/** Mean latency of a closed loop of `connections` (Little's law): connections / throughput. */
const loopMeanMs = (connections, rps) => Math.round((connections / rps) * 1000 * 100) / 100;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'me,login').split(','));

// A database of its own, so that no other run's statements are counted with this one's.
const service = await startService('training', {
  databaseUrl: await freshDatabase('bench_training_identity'),
  fresh: true,
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

const sid = JSON.parse(
  Buffer.from(memberLogin.access_token.split('.')[1], 'base64url').toString(),
).sid;
const meUrl = `${service.base}/api/profiles/me`;
const meStatement = callerStatement(OWN_PROFILE_COLUMNS);
const meValues = [member.id, sid];
const meRuns = [];
let meStatements;
if (PARTS.has('me')) {
  meStatements = await statementsPerRequest(meUrl, memberAuth, 1000);
  // The floor answers the service's own answer: its body and headers, byte for byte.
  const answer = await fetch(meUrl, { headers: memberAuth });
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const requestFile = path.join(os.tmpdir(), `bench-me-floor-${process.pid}.json`);
  writeFileSync(
    requestFile,
    JSON.stringify({
      statement: meStatement,
      values: meValues,
      pool: 10, // the service's DB_POOL_SIZE
      headers: Object.fromEntries([...answer.headers].filter(([k]) => !skip.has(k))),
      body: await answer.text(),
    }),
  );
  const floor = await startNodeServer(
    path.join(ROOT, 'bench', 'lib', 'bare-statement-server.mjs'),
    {
      DATABASE_URL: service.databaseUrl,
      REQUEST_FILE: requestFile,
    },
  );
  // The NestJS floor: the same statement, answer and headers from a minimal NestJS app.
  const nestRoutesFile = path.join(os.tmpdir(), `bench-me-nest-floor-${process.pid}.json`);
  const floorRequest = JSON.parse(readFileSync(requestFile, 'utf8'));
  writeFileSync(
    nestRoutesFile,
    JSON.stringify({
      me: {
        sql: meStatement.text,
        params: meValues,
        body: floorRequest.body,
        headers: floorRequest.headers,
      },
    }),
  );
  const nestFloor = await startNodeServer(
    path.join(ROOT, 'bench', 'lib', 'nest-floor-server.cjs'),
    {
      DATABASE_URL: service.databaseUrl,
      BARE_ROUTES: nestRoutesFile,
      POOL: '10',
    },
  );
  for (const c of ME_CONNECTIONS) {
    const [run] = await routeVsSql({
      service,
      pool,
      url: meUrl,
      headers: memberAuth,
      bareFn: () => pool.query({ ...meStatement, values: meValues }),
      connections: [c],
      duration: DURATION,
    });
    const floorRun = await loadWithCpu(floor.pid, floor.base, {
      connections: c,
      duration: DURATION,
    });
    const nestRun = await loadWithCpu(nestFloor.pid, `${nestFloor.base}/me`, {
      connections: c,
      duration: DURATION,
    });
    meRuns.push({
      ...run,
      nest_floor_rps: nestRun.requests_per_s,
      nest_floor_p50_ms: nestRun.latency_ms.p50,
      nest_floor_p99_ms: nestRun.latency_ms.p99,
      nest_floor_cpu_ms_per_request: nestRun.cpu_ms_per_request,
      nest_floor_mean_ms: loopMeanMs(c, nestRun.requests_per_s),
      nest_floor_p50_ratio_to_sql: ratio(
        Math.max(nestRun.latency_ms.p50, 0.5),
        Math.max(run.bare_p50_ms, 0.5),
      ),
      floor_rps: floorRun.requests_per_s,
      floor_p50_ms: floorRun.latency_ms.p50,
      floor_p99_ms: floorRun.latency_ms.p99,
      floor_cpu_ms_per_request: floorRun.cpu_ms_per_request,
      p50_ratio_to_floor: ratio(
        Math.max(run.service_p50_ms, 0.5),
        Math.max(floorRun.latency_ms.p50, 0.5),
      ),
      service_mean_ms: loopMeanMs(c, run.service_rps),
      floor_mean_ms: loopMeanMs(c, floorRun.requests_per_s),
      bare_mean_ms: loopMeanMs(c, run.bare_rps),
      mean_ratio_to_floor: ratio(floorRun.requests_per_s, run.service_rps),
      mean_ratio: ratio(run.bare_rps, run.service_rps),
      raw: { ...run.raw, floor: floorRun, nest_floor: nestRun },
    });
  }
  await floor.stop();
  await nestFloor.stop();
  rmSync(nestRoutesFile, { force: true });
}

let loginRoute, loginSql, loginSqlArgon;
if (PARTS.has('login')) {
  const lookupSql = `SELECT id, email, role, pin_hash FROM profiles WHERE lower(email) = lower($1)`;
  loginRoute = await load(`${service.base}/api/auth/login`, {
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: member.email, pin: '4321' }),
  });
  loginSql = await loadFn('login: bare SQL lookup', () => pool.query(lookupSql, [member.email]), {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  loginSqlArgon = await loadFn(
    'login: SQL lookup + argon2id verify',
    async () => {
      const { rows } = await pool.query(lookupSql, [member.email]);
      await argon2.verify(rows[0].pin_hash, '4321');
    },
    { connections: CONNECTIONS, duration: DURATION },
  );
}
await pool.end();
await service.stop();

const fmt = (r) =>
  `${r.requests_per_s} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms`;
const loginVsSql = loginRoute && ratio(loginSql.requests_per_s, loginRoute.requests_per_s);
const loginVsArgon = loginRoute && ratio(loginSqlArgon.requests_per_s, loginRoute.requests_per_s);
/**
 * Statements the service sends per request, from the database's committed transactions around
 * `n` requests one after another. A backend reports its counts at most once a second and an idle
 * one after 10 s (PostgreSQL 15), so each count waits 11 s first; what the service commits on
 * its own meanwhile (e.g. its job queue's polling) is measured over an idle window of the same
 * kind and subtracted, as is the one statement that reads each count.
 */
async function statementsPerRequest(url, headers, n) {
  const commits = async () => {
    await new Promise((r) => setTimeout(r, 11_000));
    const { rows } = await pool.query(
      'SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return { n: Number(rows[0].n), at: Date.now() };
  };
  const start = await commits();
  const idle = await commits();
  for (let i = 0; i < n; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  }
  const end = await commits();
  const idlePerMs = (idle.n - start.n - 1) / (idle.at - start.at);
  const background = idlePerMs * (end.at - idle.at);
  return Math.round(((end.n - idle.n - 1 - background) / n) * 100) / 100;
}

const meTable = `| connections | service req/s | service p50 / mean / p99 ms | service CPU ms/request | floor req/s | floor p50 / mean / p99 ms | floor CPU ms/request | NestJS floor req/s | NestJS floor p50 / mean / p99 ms | NestJS floor CPU ms/request | bare SQL req/s | bare SQL p50 / mean / p99 ms | p50 service / floor | p50 service / bare SQL | p50 NestJS floor / bare SQL | mean service / floor | mean service / bare SQL | non-2xx |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${meRuns
  .map(
    (r) =>
      `| ${r.connections} | ${r.service_rps} | ${r.service_p50_ms} / ${r.service_mean_ms} / ${r.service_p99_ms} | ${r.cpu_ms_per_request} | ${r.floor_rps} | ${r.floor_p50_ms} / ${r.floor_mean_ms} / ${r.floor_p99_ms} | ${r.floor_cpu_ms_per_request} | ${r.nest_floor_rps} | ${r.nest_floor_p50_ms} / ${r.nest_floor_mean_ms} / ${r.nest_floor_p99_ms} | ${r.nest_floor_cpu_ms_per_request} | ${r.bare_rps} | ${r.bare_p50_ms} / ${r.bare_mean_ms} / ${r.bare_p99_ms} | **${r.p50_ratio_to_floor}** | **${r.p50_ratio}** | ${r.nest_floor_p50_ratio_to_sql} | ${r.mean_ratio_to_floor} | ${r.mean_ratio} | ${r.non_2xx} |`,
  )
  .join('\n')}`;
const meSection = `## GET /api/profiles/me against its statement and its floor

${DURATION} s per phase, ${PROFILES} members in one club, the caller a member of it. Baselines,
measured in the same run right after the route at the same connection count:

- bare SQL: the request's one statement (the caller's account, session, clubs and profile row,
  \`callerStatement(OWN_PROFILE_COLUMNS)\` of the service, prepared under the same name) through a
  pg Pool from as many loops as connections;
- floor: a bare Node HTTP server in its own process (bench/lib/bare-statement-server.mjs) that
  runs the same prepared statement per request and answers the service's answer byte for byte
  (body and headers): the SQL plus the HTTP exchange, without routing, token check, tenant
  context, mapping or serialization;
- NestJS floor: a minimal NestJS 11 + Express 5 application in its own process
  (bench/lib/nest-floor-server.cjs, the framework's defaults, no middleware of ours) whose one
  route runs the same prepared statement and answers the same JSON and headers: what the fixed
  stack costs per request with nothing of the service's own.

autocannon (service, floors) reports percentiles in whole milliseconds, so p50 ratios use at least
0.5 ms on both sides; the means are exact for all three: a closed loop of c connections has a
mean latency of c / throughput (Little's law). CPU: utime + stime of the service (floor) process
over its phase, per answered request.
Statements per request: **${meStatements}**, counted from the database's committed transactions
around 1000 requests one after another with nothing else running (before the loaded phases), less
what the idle service commits over as long (its job queue's polling).

${meTable}
`;
const loginSection = `## POST /api/auth/login

${CONNECTIONS} connections, ${DURATION} s each.

| case | figures | baseline | baseline figures | ratio |
|---|---|---|---|---|
| POST /api/auth/login | ${loginRoute && fmt(loginRoute)} | bare SQL lookup | ${loginRoute && fmt(loginSql)} | throughput ${loginVsSql}× lower than SQL |
| POST /api/auth/login | | SQL + argon2id verify | ${loginRoute && fmt(loginSqlArgon)} | throughput ${loginVsArgon}× lower than its inherent work |

Login is bound by argon2id by design: compare it with the second baseline. Non-2xx answers:
login ${loginRoute?.non_2xx}.
`;
const md = `# Training identity benchmark

Same machine and run for every figure (${os.cpus().length} cores).

${PARTS.has('me') ? meSection : ''}
${PARTS.has('login') ? loginSection : ''}`;
writeResults(
  'training-identity',
  {
    ratios: {
      login_rps_vs_sql: loginVsSql,
      login_rps_vs_sql_argon2: loginVsArgon,
    },
    login: { route: loginRoute, sql: loginSql, sql_argon2: loginSqlArgon },
    me: {
      statements_per_request: meStatements,
      // The loaded phases' own statement counts lag (see statementsPerRequest): left out.
      runs: summaryRows(meRuns).map((r) => {
        delete r.statements_per_request;
        return r;
      }),
      raw: meRuns.map((r) => r.raw),
    },
  },
  md,
);
process.stdout.write(md);
