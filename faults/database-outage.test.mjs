// The training service's database stops, then freezes, under load: requests answer 503 with
// Retry-After (never 401 or 500) quickly, and the service recovers without a restart.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  json,
  send,
  sleep,
  startDatabaseServer,
  startService,
  terminate,
  trainingProfile,
} from './support/harness.mjs';

const STATEMENT_TIMEOUT_MS = 2000;
const ACQUIRE_TIMEOUT_MS = 1000;
let pg;
let svc;
let profile;

before(async () => {
  pg = await startDatabaseServer();
  svc = await startService('training', {
    DATABASE_URL: pg.newDatabaseUrl('outage'),
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
  });
  profile = await trainingProfile(svc.url, 'outage');
});
after(async () => {
  if (svc) await terminate(svc.proc);
  await pg?.close();
});

/** `clients` loops of an authenticated read and a sign-in until `stop()`; every result kept. */
function load(clients = 4) {
  const results = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (running) {
      const started = Date.now();
      const res =
        i % 2
          ? await send(`${svc.url}/api/profiles/me`, {
              headers: { authorization: `Bearer ${profile.token}` },
            })
          : await send(
              `${svc.url}/api/auth/login`,
              json({ email: profile.email, pin: profile.pin }),
            );
      results.push({
        started,
        ended: Date.now(),
        status: res.status,
        retryAfter: res.headers?.['retry-after'],
        code: res.body?.code,
      });
    }
  });
  return {
    results,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function assertOnly503(results, what) {
  const bad = results.filter(
    (r) =>
      r.status !== 200 && !(r.status === 503 && r.retryAfter && r.code === 'SERVICE_UNAVAILABLE'),
  );
  assert.deepEqual(
    bad.map((r) => r.status),
    [],
    `${what}: every failure is a 503 SERVICE_UNAVAILABLE with Retry-After (never 401, 500 or a dropped connection)`,
  );
}

test('database stopped under load: 503 within 1 s, never 401/500, recovery without a restart', async (t) => {
  const traffic = load();
  await sleep(1000);
  const stopping = Date.now();
  await pg.stop();
  const down = Date.now();
  await sleep(3000);
  const restarting = Date.now();
  await pg.restart();
  const up = Date.now();
  let recovered;
  while (!recovered && Date.now() - up < 15_000) {
    await sleep(100);
    recovered = traffic.results.find((r) => r.started >= up && r.status === 200);
  }
  await traffic.stop();

  const during = traffic.results.filter((r) => r.ended > stopping && r.started < up);
  const afterDown = traffic.results.filter((r) => r.started >= down && r.ended <= up);
  const first503 = traffic.results.find((r) => r.status === 503 && r.ended >= stopping);
  assertOnly503(during, 'while the database was stopped');
  assert.ok(
    afterDown.length > 0 && afterDown.every((r) => r.status === 503),
    'requests sent while it is down answer 503',
  );
  const slowest = Math.max(...afterDown.map((r) => r.ended - r.started));
  assert.ok(
    slowest < 1000,
    `a request while the database is down answers within 1 s (slowest ${slowest} ms)`,
  );
  assert.ok(
    first503 && first503.ended - down < 1000,
    'the first 503 comes within 1 s of the database going down',
  );
  assert.ok(recovered, 'the service answers 200 again after the database is back');
  assert.equal(svc.proc.child.exitCode, null, 'the service process was not restarted');
  t.diagnostic(
    `database stopped: ${during.length} requests during the outage, ${during.filter((r) => r.status === 503).length} × 503, ` +
      `0 × 401/500; first 503 ${Math.max(0, first503.ended - down)} ms after the stop, slowest ${slowest} ms; ` +
      `first 200 ${recovered.ended - up} ms after the restart, same process ` +
      `(PostgreSQL stop ${down - stopping} ms, start ${up - restarting} ms)`,
  );
});

test('PostgreSQL frozen (SIGSTOP): requests answer 503 within the statement and acquire timeouts', async (t) => {
  const traffic = load();
  await sleep(1000);
  pg.freeze();
  const frozen = Date.now();
  await sleep(5000);
  pg.thaw();
  const thawed = Date.now();
  let recovered;
  while (!recovered && Date.now() - thawed < 15_000) {
    await sleep(100);
    recovered = traffic.results.find((r) => r.started >= thawed && r.status === 200);
  }
  await traffic.stop();

  const during = traffic.results.filter((r) => r.ended > frozen && r.started < thawed);
  assertOnly503(during, 'while the database was frozen');
  const failed = during.filter((r) => r.status === 503);
  assert.ok(failed.length > 0, 'requests failed while the database was frozen');
  const limit = STATEMENT_TIMEOUT_MS + 1000 + 1000;
  const slowest = Math.max(...failed.map((r) => r.ended - Math.max(r.started, frozen)));
  assert.ok(
    slowest <= limit,
    `each answered within statement timeout + client margin + 1 s (${slowest} ms ≤ ${limit} ms)`,
  );
  assert.ok(recovered, 'the service answers 200 again after the database thaws');
  t.diagnostic(
    `database frozen 5 s: ${failed.length} × 503, slowest ${slowest} ms (DB_STATEMENT_TIMEOUT_MS ${STATEMENT_TIMEOUT_MS}, ` +
      `DB_ACQUIRE_TIMEOUT_MS ${ACQUIRE_TIMEOUT_MS}); first 200 ${recovered.ended - thawed} ms after the thaw`,
  );
});
