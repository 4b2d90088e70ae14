// SIGKILL of the worker process in the middle of a wiki import (training): the import's job
// stays active only until its lease runs out, then another worker process picks it up and
// finishes it, continuing after the pages the killed one had written: every page imported
// once, no page fetched again, the import completed on its second attempt.
import assert from 'node:assert/strict';
import http from 'node:http';
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

const PAGES = 200;
/** Each answer of page contents (50 pages) takes this long: the import runs for seconds. */
const BATCH_MS = 800;

let pg;
before(async () => {
  pg = await startDatabaseServer();
});
after(() => pg?.close());

/** A loopback MediaWiki API (formatversion=2) with PAGES pages in one category. */
async function slowWiki() {
  const revisionRequests = [];
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const answer = (body, ms = 0) =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      }, ms);
    if (q.get('list') === 'categorymembers') {
      return answer({
        batchcomplete: true,
        query: {
          categorymembers: Array.from({ length: PAGES }, (_, i) => ({
            pageid: 1000 + i,
            ns: 0,
            title: `Übung ${i}`,
          })),
        },
      });
    }
    const ids = (q.get('pageids') ?? '').split('|').map(Number);
    revisionRequests.push({ at: Date.now(), ids });
    answer(
      {
        batchcomplete: true,
        query: {
          pages: ids.map((id) => ({
            pageid: id,
            ns: 0,
            title: `Übung ${id - 1000}`,
            revisions: [{ revid: id, slots: { main: { content: `Seite ${id}: '''Ablauf'''` } } }],
          })),
        },
      },
      BATCH_MS,
    );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    api: `http://127.0.0.1:${server.address().port}/w/api.php`,
    revisionRequests,
    close: () => new Promise((r) => server.close(r)),
  };
}

test('SIGKILL of the worker mid-import (training): a second worker finishes the import, each page imported once and none fetched again', async (t) => {
  const wiki = await slowWiki();
  const env = {
    DATABASE_URL: pg.newDatabaseUrl('jobs_training'),
    WIKI_ALLOWED_HOSTS: '127.0.0.1',
    JOB_LEASE_SECONDS: '3',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  const api = await startService('training', { ...env, SERVICE_ROLE: 'api' });
  const first = await startService('training', { ...env, SERVICE_ROLE: 'worker' });
  let second;
  try {
    const admin = await trainingProfile(api.url, 'importer'); // the first profile: superadmin
    // The free tier allows 50 private exercises; the import writes 200.
    await pg.query(env.DATABASE_URL, `UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [
      admin.id,
    ]);
    const auth = { authorization: `Bearer ${admin.token}` };
    const started = await send(
      `${api.url}/api/import-wiki/execute`,
      json({ api_url: wiki.api, category: 'Übungen', limit: PAGES }, auth),
    );
    assert.equal(started.status, 202, started.text);
    const status = async () =>
      (await send(`${api.url}/api/import-wiki/jobs/${started.body.id}`, { headers: auth })).body;

    let progress;
    for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
      progress = await status();
      if (progress.pages_done >= 50) break;
    }
    assert.ok(progress.pages_done >= 50 && progress.pages_done < PAGES, 'killed mid-import');
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;
    const killedAt = Date.now();
    const done = await pg.query(
      env.DATABASE_URL,
      `SELECT page_id::int AS page_id FROM wiki_import_job_pages WHERE job_id = $1`,
      [started.body.id],
    );
    const [stuck] = await pg.query(
      env.DATABASE_URL,
      `SELECT state::text FROM pgboss.job WHERE name = 'wiki-import' AND id = $1`,
      [started.body.id],
    );
    assert.equal(stuck.state, 'active', 'the killed worker left its job active');

    second = await startService('training', { ...env, SERVICE_ROLE: 'worker' });
    let final;
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
      final = await status();
      if (!['queued', 'running'].includes(final.status)) break;
    }
    assert.deepEqual(
      {
        status: final.status,
        attempts: final.attempts,
        pages_total: final.pages_total,
        pages_done: final.pages_done,
        created: final.created_count,
        failed: final.failed_count,
      },
      {
        status: 'completed',
        attempts: 2,
        pages_total: PAGES,
        pages_done: PAGES,
        created: PAGES,
        failed: 0,
      },
    );
    const [counts] = await pg.query(
      env.DATABASE_URL,
      `SELECT (SELECT count(*)::int FROM exercises) AS exercises,
              (SELECT count(DISTINCT exercise_id)::int FROM wiki_import_pages) AS mapped,
              (SELECT count(*)::int FROM wiki_import_job_pages WHERE job_id = $1) AS outcomes`,
      [started.body.id],
    );
    assert.deepEqual(counts, { exercises: PAGES, mapped: PAGES, outcomes: PAGES });
    const doneBefore = new Set(done.map((r) => r.page_id));
    const fetchedAgain = wiki.revisionRequests
      .filter((r) => r.at > killedAt)
      .flatMap((r) => r.ids)
      .filter((id) => doneBefore.has(id));
    assert.deepEqual(fetchedAgain, [], 'no page written before the kill was fetched again');
    const [job] = await pg.query(
      env.DATABASE_URL,
      `SELECT state::text, retry_count FROM pgboss.job WHERE name = 'wiki-import' AND id = $1`,
      [started.body.id],
    );
    assert.deepEqual(job, { state: 'completed', retry_count: 1 });
    t.diagnostic(
      `killed after ${doneBefore.size} of ${PAGES} pages; the second worker finished the import ` +
        `${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (lease 3 s, then the retry delay)`,
    );
  } finally {
    if (second) await terminate(second.proc);
    await terminate(first.proc).catch(() => undefined);
    await terminate(api.proc);
    await wiki.close();
  }
});
