// Issue 24 benchmark: a club calendar feed with 2 000 training units, polled the way calendar
// clients poll it: the 304 path (If-None-Match with the current ETag) against a full answer
// from the body cache (autocannon, 10 connections each), and against a full render (a second
// instance with CALENDAR_CACHE_MB=0, sequential requests: one render takes far longer than
// autocannon's timeout would allow under load).
//
// DATABASE_URL set: a database `bench_calendar` is (re)created on that server. Unset: the
// service starts its embedded PostgreSQL under .data/bench-training.
import { performance } from 'node:perf_hooks';
import { freePort } from './lib/harness.mjs';
import {
  freshDatabase,
  load,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 7);
const PORT = 3112;

const dbUrl = await freshDatabase('bench_calendar');
const service = await startService('training', {
  port: PORT,
  databaseUrl: dbUrl,
  fresh: true,
  env: { LOGIN_RATE_LIMIT: '100000', PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}` },
});
const pool = new pg.Pool({ connectionString: service.databaseUrl, max: 2 });

try {
  const email = `bench-calendar-${Date.now()}@example.org`;
  const post = (url, body, auth) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await post('/api/auth/register', { name: 'Bench Trainer', email, pin: '4711' });
  const me = reg.profile.id;
  const login = await post('/api/auth/login', { email, pin: '4711' });
  const auth = `Bearer ${login.access_token}`;

  const seedStart = performance.now();
  const {
    rows: [{ id: club }],
  } = await pool.query(
    `INSERT INTO clubs (name, time_zone) VALUES ('Bench Club', 'Europe/Berlin') RETURNING id`,
  );
  await pool.query(
    `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, '{trainer}')`,
    [club, me],
  );
  await pool.query(
    `INSERT INTO groups (club_id, name, default_lead_trainer_profile_id)
     SELECT $1, 'Gruppe ' || k, $2 FROM generate_series(1, 8) k`,
    [club, me],
  );
  // Units from 300 days ago to 300 days ahead (both daylight saving changes inside), 1 in 20 cancelled.
  await pool.query(
    `WITH g AS (SELECT array_agg(id ORDER BY name) AS ids FROM groups WHERE club_id = $1)
     INSERT INTO training_units (club_id, title, group_id, starts_at, duration_minutes, location, status, created_by_profile_id)
     SELECT $1, 'Training ' || u, g.ids[1 + u % 8],
            date_trunc('hour', now()) - interval '300 days' + (u * interval '600 days' / $2) , 90,
            'Sporthalle ' || (1 + u % 3), CASE WHEN u % 20 = 0 THEN 'cancelled' ELSE 'scheduled' END, $3
       FROM generate_series(0, $2::int - 1) u, g`,
    [club, UNITS, me],
  );
  await pool.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);

  const feed = await post('/api/calendar/feeds', { scope: 'club', club_id: club }, auth);
  if (!feed.url) throw new Error(`feed: ${JSON.stringify(feed)}`);
  const url = `${service.base}${new URL(feed.url).pathname}`;
  const first = await fetch(url);
  const text = await first.text();
  const etag = first.headers.get('etag');
  const events = text.split('BEGIN:VEVENT').length - 1;
  if (first.status !== 200 || events !== UNITS)
    throw new Error(`feed answered ${first.status} with ${events} events`);
  const notModified = await fetch(url, { headers: { 'If-None-Match': etag } });
  if (notModified.status !== 304) throw new Error(`If-None-Match answered ${notModified.status}`);

  const notModifiedLoad = await load(url, {
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'If-None-Match': etag },
  });
  const cachedLoad = await load(url, { connections: CONNECTIONS, duration: DURATION });

  // Full renders: the same database, a second instance that keeps no rendered bodies.
  const uncached = await startService('training', {
    port: await freePort(),
    databaseUrl: service.databaseUrl,
    env: { CALENDAR_CACHE_MB: '0', PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}` },
  });
  const renders = [];
  try {
    const renderUrl = `${uncached.base}${new URL(feed.url).pathname}`;
    await (await fetch(renderUrl)).text();
    for (let i = 0; i < RENDERS; i += 1) {
      const t0 = performance.now();
      const res = await fetch(renderUrl);
      await res.text();
      if (res.status !== 200) throw new Error(`render answered ${res.status}`);
      renders.push(performance.now() - t0);
    }
  } finally {
    await uncached.stop();
  }
  renders.sort((a, b) => a - b);
  const renderP50 = Math.round(renders[Math.floor(renders.length / 2)]);
  const row = {
    units: UNITS,
    events,
    seed_ms: seedMs,
    body_bytes: Buffer.byteLength(text),
    not_modified_rps: notModifiedLoad.requests_per_s,
    not_modified_p50_ms: notModifiedLoad.latency_ms.p50,
    not_modified_p99_ms: notModifiedLoad.latency_ms.p99,
    cached_rps: cachedLoad.requests_per_s,
    cached_p50_ms: cachedLoad.latency_ms.p50,
    cached_p99_ms: cachedLoad.latency_ms.p99,
    render_p50_ms: renderP50,
    render_max_ms: Math.round(renders[renders.length - 1]),
    render_vs_304_p50: ratio(renderP50, Math.max(notModifiedLoad.latency_ms.p50, 0.5)),
    cached_vs_304_rps: ratio(
      notModifiedLoad.requests_per_s,
      Math.max(cachedLoad.requests_per_s, 1),
    ),
    load_average: (await import('node:os')).loadavg().map((l) => Math.round(l * 10) / 10),
  };
  const md = `# Calendar feed benchmark

A club feed (\`GET /api/calendar/{token}.ics\`) with ${UNITS} training units over 600 days in
Europe/Berlin (8 groups, 1 in 20 cancelled), seeded in ${seedMs} ms; the body is
${(row.body_bytes / 1048576).toFixed(2)} MB with ${events} VEVENTs. The 304 answer to
\`If-None-Match\` with the current ETag (token lookup + one digest query, no rows read, nothing
rendered) is the baseline; a full answer comes from the body cache while the ETag holds, or is
rendered (rows read, ical-generator).

| | req/s | p50 ms | p99 ms |
|---|---|---|---|
| If-None-Match → 304 (autocannon, ${CONNECTIONS} connections, ${DURATION} s) | ${row.not_modified_rps} | ${row.not_modified_p50_ms} | ${row.not_modified_p99_ms} |
| 200 from the body cache (autocannon, ${CONNECTIONS} connections, ${DURATION} s) | ${row.cached_rps} | ${row.cached_p50_ms} | ${row.cached_p99_ms} |
| 200 rendered (CALENDAR_CACHE_MB=0, ${RENDERS} sequential requests) | | ${row.render_p50_ms} | max ${row.render_max_ms} |

A full render takes **${row.render_vs_304_p50}×** the p50 of a 304; the 304 path answers
**${row.cached_vs_304_rps}×** the requests per second of cached full answers (which send the body).
Load average of the machine at the end: ${row.load_average.join(', ')} (2 cores shared).
`;
  writeResults(
    'calendar-feed',
    { ...row, raw: { not_modified: notModifiedLoad, cached: cachedLoad, render_ms: renders } },
    md,
  );
  process.stdout.write(md);
} finally {
  await pool.end();
  await service.stop();
}
