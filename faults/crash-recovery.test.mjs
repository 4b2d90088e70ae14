// SIGKILL in the middle of a media upload (training) and of a CSV import (health): after a
// restart no partial rows remain and no staging or unreferenced files are left.
//
// Leftover files are aged by two days before the restart: the storage sweep removes only
// files older than a safe age (so that it never races an upload in progress), and a file of a
// killed process is exactly that once the age has passed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  filesBelow,
  healthAccount,
  json,
  MP4_HEAD,
  openClient,
  send,
  sleep,
  slowMultipart,
  startDatabaseServer,
  startService,
  tempDir,
  terminate,
  trainingProfile,
} from './support/harness.mjs';

let pg;
let dir;
before(async () => {
  pg = await startDatabaseServer();
  dir = tempDir('crash');
});
after(() => pg?.close());

function ageFiles(root) {
  const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  for (const f of filesBelow(root)) utimesSync(path.join(root, f.path), old, old);
}

/** Waits up to `ms` for `check()` to hold; returns whether it did. */
async function eventually(check, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(250);
  }
  return check();
}

test('SIGKILL mid-upload (training media): after a restart no partial row, no staging file, no unreferenced file', async (t) => {
  const env = {
    DATABASE_URL: pg.newDatabaseUrl('crash_training'),
    MEDIA_ROOT: path.join(dir, 'media'),
  };
  const svc = await startService('training', env);
  const profile = await trainingProfile(svc.url, 'crash');
  await pg.query(env.DATABASE_URL, `UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [
    profile.id,
  ]);
  const auth = { authorization: `Bearer ${profile.token}` };
  const exercise = await send(
    `${svc.url}/api/exercises`,
    json({ title: 'Abgebrochener Upload' }, auth),
  );
  assert.equal(exercise.status, 201, exercise.text);

  let killed = false;
  const body = slowMultipart({
    filename: 'cut.mp4',
    contentType: 'video/mp4',
    head: MP4_HEAD,
    size: 60 * 1024 * 1024,
    everyMs: 20,
    onProgress: (sent) => {
      if (!killed && sent >= 20 * 1024 * 1024) {
        killed = true;
        svc.proc.child.kill('SIGKILL');
      }
    },
  });
  const upload = await send(`${svc.url}/api/exercises/${exercise.body.id}/media`, {
    method: 'POST',
    headers: { ...auth, ...body.headers },
    body: body.write,
  });
  await svc.proc.exited;
  assert.ok(killed && upload.status === 0, 'the service was killed mid-upload');
  const leftBehind = filesBelow(env.MEDIA_ROOT);
  // What a kill between placing the file and committing its row leaves: a file under a
  // storage key no row names.
  const sha = randomBytes(32).toString('hex');
  const orphan = path.join(
    env.MEDIA_ROOT,
    'media',
    'private',
    profile.id,
    sha.slice(0, 2),
    `${sha}.mp4`,
  );
  mkdirSync(path.dirname(orphan), { recursive: true });
  writeFileSync(orphan, Buffer.concat([MP4_HEAD, randomBytes(1024)]));
  ageFiles(env.MEDIA_ROOT);

  const restarted = await startService('training', env);
  try {
    const rows = await pg.query(env.DATABASE_URL, 'SELECT storage_key FROM media_assets');
    assert.deepEqual(rows, [], 'no media row of the cut upload');
    const clean = await eventually(() => {
      const keys = new Set(rows.map((r) => r.storage_key));
      return filesBelow(env.MEDIA_ROOT).every((f) => keys.has(f.path.split(path.sep).join('/')));
    });
    const remaining = filesBelow(env.MEDIA_ROOT);
    t.diagnostic(
      `killed at 20 of 60 MB: ${leftBehind.length} staging file(s) left (${leftBehind.map((f) => `${f.path} ${f.size} B`).join(', ')}) ` +
        `plus 1 unreferenced file; after the restart ${remaining.length} file(s) remain`,
    );
    assert.ok(
      clean,
      `no staging or unreferenced file after the restart: ${remaining.map((f) => f.path).join(', ')}`,
    );
  } finally {
    await terminate(restarted.proc);
  }
});

test('SIGKILL mid-CSV-import (health): after a restart no imported row and no uploaded temporary file', async (t) => {
  const tmp = path.join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = {
    DATABASE_URL: pg.newDatabaseUrl('crash_health'),
    TMPDIR: tmp,
    PHOTO_ROOT: path.join(dir, 'photos'),
  };
  const svc = await startService('health', env);
  const account = await healthAccount(svc.url, 'csv');
  await pg.query(env.DATABASE_URL, `UPDATE users SET tier = 'plus' WHERE id = $1`, [account.id]);
  const auth = { authorization: `Bearer ${account.token}` };
  const mappings = await send(`${svc.url}/api/csv/mappings`, { headers: auth });
  const mapping = mappings.body.items.find((m) => m.name === 'Generic date,weight');
  const rows = 30_000;
  const start = Date.UTC(1940, 0, 1);
  const csv = [
    'date,weight',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${(70 + (i % 100) / 10).toFixed(1)}`,
    ),
  ].join('\n');
  const boundary = `----faults${randomBytes(6).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mapping_id"\r\n\r\n${mapping.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="weights.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );

  const watcher = await openClient(env.DATABASE_URL);
  let killedAt;
  const importing = send(`${svc.url}/api/csv/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: payload,
  });
  let done = false;
  importing.then(() => (done = true));
  while (!done && !killedAt) {
    const { rows: active } = await watcher.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND application_name = 'health' AND xact_start IS NOT NULL AND query ILIKE '%weight_entries%'`,
    );
    if (active.length) {
      svc.proc.child.kill('SIGKILL');
      killedAt = Date.now();
    }
  }
  const answer = await importing;
  await svc.proc.exited;
  assert.ok(
    killedAt && answer.status === 0,
    `the service was killed during the import's transaction (answer ${answer.status})`,
  );
  const uploadsLeft = filesBelow(tmp);
  ageFiles(tmp);

  const restarted = await startService('health', env);
  try {
    const { rows: weights } = await watcher.query(
      'SELECT count(*)::int AS n FROM weight_entries WHERE user_id = $1',
      [account.id],
    );
    assert.equal(weights[0].n, 0, 'no row of the cut import');
    const clean = await eventually(
      () => filesBelow(path.join(tmp, 'health-csv-uploads')).length === 0,
    );
    t.diagnostic(
      `killed during the import transaction of ${rows} rows: 0 weight rows after the restart; ` +
        `${uploadsLeft.length} uploaded CSV file(s) left by the kill, ${filesBelow(path.join(tmp, 'health-csv-uploads')).length} after the restart`,
    );
    assert.ok(clean, 'no uploaded CSV file left after the restart');
  } finally {
    await watcher.end();
    await terminate(restarted.proc);
  }
});
