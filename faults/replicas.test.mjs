// Two replicas started at the same moment on a database that does not exist yet: both create
// it (one wins the CREATE DATABASE race), migrate under the advisory lock, and become ready.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDatabaseServer, startService, terminate } from './support/harness.mjs';

let pg;
before(async () => {
  pg = await startDatabaseServer();
});
after(() => pg?.close());

for (const service of ['training', 'health']) {
  test(`two ${service} replicas started together on a fresh database both become ready`, async (t) => {
    const url = pg.newDatabaseUrl(`replicas_${service}`);
    const started = Date.now();
    const replicas = await Promise.allSettled([
      startService(service, { DATABASE_URL: url }),
      startService(service, { DATABASE_URL: url }),
    ]);
    try {
      const failures = replicas
        .filter((r) => r.status === 'rejected')
        .map((r) => String(r.reason?.message ?? r.reason));
      assert.deepEqual(failures, [], 'both replicas reached readiness');
      const ready = replicas.map((r) => r.value.readyMs);
      const migrations = await pg.query(
        url,
        'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM migrations',
      );
      assert.equal(migrations[0].n, migrations[0].names, 'each migration applied once');
      t.diagnostic(
        `${service}: both ready after ${ready.join(' and ')} ms (${Date.now() - started} ms wall), ${migrations[0].n} migrations applied once`,
      );
    } finally {
      for (const r of replicas) if (r.status === 'fulfilled') await terminate(r.value.proc);
    }
  });
}
