// Redis unreachable: sign-in must not wait for Redis (no offline queue, reconnects in the
// background); the shared login protection counts in memory instead, says so in readiness
// and metrics, and a login answers within 200 ms, on both services.
//
// A sign-in is mostly its argon2 check (about 100 ms on an idle machine, several times that on
// a loaded one), so each sign-in is paired with one on the same service started without
// REDIS_URL: the difference is what Redis being unreachable costs, and must stay below 200 ms.
// Refused attempts (429, no argon2) are timed as they are.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  freePort,
  healthAccount,
  json,
  send,
  startDatabaseServer,
  startService,
  terminate,
  trainingProfile,
} from './support/harness.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let pg;
const services = {};
before(async () => {
  pg = await startDatabaseServer();
  for (const name of ['training', 'health']) {
    services[name] = {
      // A port nobody listens on: connections to Redis are refused.
      unreachable: await startService(name, {
        DATABASE_URL: pg.newDatabaseUrl(`redis_${name}`),
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      }),
      without: await startService(name, { DATABASE_URL: pg.newDatabaseUrl(`noredis_${name}`) }),
    };
  }
});
after(async () => {
  for (const pair of Object.values(services)) {
    for (const svc of Object.values(pair)) await terminate(svc.proc);
  }
  await pg?.close();
});

async function account(name, url) {
  const a =
    name === 'training' ? await trainingProfile(url, 'redis') : await healthAccount(url, 'redis');
  return name === 'training'
    ? { email: a.email, pin: a.pin }
    : { email: a.email, password: a.password };
}

for (const name of ['training', 'health']) {
  test(`Redis unreachable → ${name} login within 200 ms`, async (t) => {
    const { unreachable, without } = services[name];
    const a = await account(name, unreachable.url);
    const b = await account(name, without.url);
    const signIns = [];
    const baseline = [];
    for (let i = 0; i < 5; i++) {
      const u = await send(`${unreachable.url}/api/auth/login`, json(a));
      const w = await send(`${without.url}/api/auth/login`, json(b));
      assert.equal(u.status, 200, u.text);
      assert.equal(w.status, 200, w.text);
      signIns.push(u.ms);
      baseline.push(w.ms);
    }
    const wrong =
      name === 'training' ? { ...a, pin: '0000' } : { ...a, password: 'wrong password' };
    for (let i = 0; i < 5; i++) {
      const res = await send(`${unreachable.url}/api/auth/login`, json(wrong));
      assert.equal(res.status, 401, res.text);
    }
    const refusals = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(`${unreachable.url}/api/auth/login`, json(a));
      assert.equal(res.status, 429, res.text);
      refusals.push(res.ms);
    }
    const added = median(signIns) - median(baseline);
    t.diagnostic(
      `${name}, Redis unreachable: sign-ins ${signIns.join(', ')} ms; without Redis ${baseline.join(', ')} ms; ` +
        `added by the outage (median) ${added} ms; refused attempts ${refusals.join(', ')} ms`,
    );
    assert.ok(added < 200, `Redis being unreachable adds less than 200 ms (${added} ms)`);
    assert.ok(median(refusals) < 200, `429 within 200 ms (median ${median(refusals)} ms)`);

    const ready = await send(`${unreachable.url}/api/health/ready`);
    assert.equal(ready.status, 200, 'degraded, not down');
    assert.deepEqual(ready.body.login_protection, {
      store: 'memory',
      redis: 'unreachable',
      degraded: true,
    });
    const metrics = await send(`${unreachable.url}/api/metrics`);
    assert.match(metrics.text, /^login_protection_degraded 1$/m);
    assert.match(metrics.text, /^login_protection_memory_fallbacks_total [1-9]\d*$/m);
  });
}
