import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetricsService } from '@sports/common';
import { waitFor } from '@sports/common/testing';
import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

/**
 * A loopback server answering like the MediaWiki Action API (formatversion=2); while
 * `gate.closed`, answers of page contents are held (`gate.held` counts them) until
 * `gate.open()`: the test decides when a page fetch of the worker ends.
 */
function fakeWiki(pages: { pageid: number; title: string; revid: number; content: string }[]) {
  const requests: URLSearchParams[] = [];
  const waiting: (() => void)[] = [];
  const gate = {
    closed: false,
    get held() {
      return waiting.length;
    },
    open() {
      gate.closed = false;
      for (const answer of waiting.splice(0)) answer();
    },
  };
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    requests.push(q);
    const send = (body: unknown) => {
      const answer = () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (gate.closed && q.get('prop') === 'revisions') waiting.push(answer);
      else answer();
    };
    if (q.get('action') !== 'query' || q.get('formatversion') !== '2')
      return send({ error: { code: 'badparams' } });
    if (q.get('list') === 'categorymembers') {
      if (q.get('cmtitle') !== 'Category:Übungen')
        return send({ batchcomplete: true, query: { categorymembers: [] } });
      // two pages per answer, to exercise `continue`
      const from = Number(q.get('cmcontinue') ?? 0);
      const slice = pages
        .slice(from, from + 2)
        .map((p) => ({ pageid: p.pageid, ns: 0, title: p.title }));
      return send({
        ...(from + 2 < pages.length
          ? { continue: { cmcontinue: String(from + 2), continue: '-||' } }
          : { batchcomplete: true }),
        query: { categorymembers: slice },
      });
    }
    if (q.get('prop') === 'revisions' && q.get('rvslots') === 'main') {
      const ids = (q.get('pageids') ?? '').split('|').map(Number);
      return send({
        batchcomplete: true,
        query: {
          pages: ids.map((id) => {
            const p = pages.find((x) => x.pageid === id);
            if (!p) return { pageid: id, missing: true };
            return {
              pageid: p.pageid,
              ns: 0,
              title: p.title,
              revisions: [
                {
                  revid: p.revid,
                  slots: {
                    main: {
                      contentmodel: 'wikitext',
                      contentformat: 'text/x-wiki',
                      content: p.content,
                    },
                  },
                },
              ],
            };
          }),
        },
      });
    }
    return send({ error: { code: 'unknown' } });
  });
  return { server, requests, pages, gate };
}

describe('wiki import (HTTP) against a loopback MediaWiki API', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;
  let api: string;
  const wiki = fakeWiki([
    {
      pageid: 11,
      title: 'Hampelmann',
      revid: 100,
      content: "== Ablauf ==\n'''Springen''' und ''klatschen''.\n* Arme hoch\n* Beine auf",
    },
    {
      pageid: 12,
      title: 'Liegestütz',
      revid: 200,
      content: 'Arme beugen. <script>alert(1)</script>',
    },
    { pageid: 13, title: 'Kniebeuge', revid: 300, content: '# tief\n# langsam' },
  ]);

  beforeAll(async () => {
    await new Promise<void>((r) => wiki.server.listen(0, '127.0.0.1', r));
    api = `http://127.0.0.1:${(wiki.server.address() as AddressInfo).port}/w/api.php`;
    t = await startTrainingTestApp({ WIKI_ALLOWED_HOSTS: '127.0.0.1' });
    [admin, user] = await Promise.all([t.newProfile({ role: 'admin' }), t.newProfile()]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => wiki.server.close(r));
  });

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
  });
  /** Polls the import until it has ended. */
  const ended = (id: string) =>
    waitFor(
      async () => {
        const res = await as(admin).get(`/api/import-wiki/jobs/${id}`);
        expect(res.status).toBe(200);
        return !['queued', 'running'].includes(res.body.status) && res.body;
      },
      { message: `import ${id} ended` },
    );
  /** Runs of wiki import jobs this process's worker has ended with `outcome` (job_runs_total). */
  const runsEnded = async (outcome: string): Promise<number> => {
    const metric = t.app.get(MetricsService).registry.getSingleMetric('job_runs_total');
    const { values } = await metric!.get();
    const run = values.find(
      (v) => v.labels.queue === 'wiki-import' && v.labels.outcome === outcome,
    );
    return run?.value ?? 0;
  };
  const runJob = async (body: object) => {
    const res = await as(admin).post('/api/import-wiki/execute', body);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('queued');
    return ended(res.body.id);
  };

  it('discovers the pages of a category following continue', async () => {
    const res = await as(admin).post('/api/import-wiki/discover', {
      api_url: api,
      category: 'Übungen',
    });
    expect(res.status).toBe(200);
    expect(res.body.pages).toEqual([
      { page_id: 11, title: 'Hampelmann' },
      { page_id: 12, title: 'Liegestütz' },
      { page_id: 13, title: 'Kniebeuge' },
    ]);
  });

  it('previews the mapping with sanitized rich text and writes nothing', async () => {
    const before = await countRows(t.db, 'exercises');
    const res = await as(admin).post('/api/import-wiki/preview', {
      api_url: api,
      page_ids: [11, 12],
    });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      page_id: 11,
      action: 'create',
      exercise: {
        title: 'Hampelmann',
        description:
          '<h2>Ablauf</h2><p><strong>Springen</strong> und <em>klatschen</em>.</p><ul><li>Arme hoch</li><li>Beine auf</li></ul>',
      },
    });
    expect(res.body.items[1].exercise.description).not.toContain('<script');
    expect(await countRows(t.db, 'exercises')).toBe(before);
    expect(await countRows(t.db, 'wiki_import_pages')).toBe(0);
  });

  it('imports a category as a background job, and a second run creates no duplicates', async () => {
    const first = await runJob({ api_url: api, category: 'Übungen' });
    expect(first).toMatchObject({
      status: 'completed',
      attempts: 1,
      pages_total: 3,
      pages_done: 3,
      created_count: 3,
      failed_count: 0,
    });
    const progress = await t.db.query(
      `SELECT page_id::int AS page_id, outcome FROM wiki_import_job_pages WHERE job_id = $1 ORDER BY page_id`,
      [first.id],
    );
    expect(progress).toEqual([
      { page_id: 11, outcome: 'created' },
      { page_id: 12, outcome: 'created' },
      { page_id: 13, outcome: 'created' },
    ]);
    const exercises = await countRows(t.db, 'exercises');
    const second = await runJob({ api_url: api, category: 'Übungen' });
    expect(second).toMatchObject({ status: 'completed', created_count: 0, unchanged_count: 3 });
    expect(await countRows(t.db, 'exercises')).toBe(exercises);
    const rows = await t.db.query(
      `SELECT p.page_id::int AS page_id, e.title, e.owner_profile_id, e.visibility FROM wiki_import_pages p
       JOIN exercises e ON e.id = p.exercise_id ORDER BY p.page_id`,
    );
    expect(rows.map((r: { page_id: number }) => r.page_id)).toEqual([11, 12, 13]);
    expect(rows[0]).toMatchObject({
      title: 'Hampelmann',
      owner_profile_id: admin.id,
      visibility: 'private',
    });
    const logs = await as(admin).get(`/api/import-wiki/jobs/${first.id}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.items.map((l: { message: string }) => l.message)).toContain(
      'created "Hampelmann"',
    );
  });

  it('updates an imported exercise when its page has a new revision', async () => {
    wiki.pages[0].revid = 101;
    wiki.pages[0].content = 'Neu: beidbeinig';
    const before = await countRows(t.db, 'exercises');
    const job = await runJob({ api_url: api, page_ids: [11] });
    expect(job).toMatchObject({ updated_count: 1, created_count: 0 });
    expect(await countRows(t.db, 'exercises')).toBe(before);
    const [{ description }] = await t.db.query(
      `SELECT e.description FROM wiki_import_pages p JOIN exercises e ON e.id = p.exercise_id WHERE p.page_id = 11`,
    );
    expect(description).toBe('<p>Neu: beidbeinig</p>');
  });

  it('refuses hosts outside WIKI_ALLOWED_HOSTS and non-http URLs', async () => {
    const other = await as(admin).post('/api/import-wiki/discover', {
      api_url: 'http://10.0.0.1/api.php',
      category: 'x',
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('WIKI_HOST_NOT_ALLOWED');
    const file = await as(admin).post('/api/import-wiki/discover', {
      api_url: 'file:///etc/passwd',
      category: 'x',
    });
    expect(file.status).toBe(422);
    expect(file.body.code).toBe('INVALID_WIKI_URL');
  });

  it('is for platform admins only', async () => {
    expect(
      (await as(user).post('/api/import-wiki/discover', { api_url: api, category: 'Übungen' }))
        .status,
    ).toBe(403);
    expect(
      (await as(user).post('/api/import-wiki/execute', { api_url: api, category: 'Übungen' }))
        .status,
    ).toBe(403);
    expect(
      (await t.http.post('/api/import-wiki/preview').send({ api_url: api, page_ids: [11] })).status,
    ).toBe(401);
  });

  describe('as jobs: one running import per wiki, list and cancel', () => {
    afterEach(() => wiki.gate.open());

    it('refuses a second import of a wiki while one runs (409 WIKI_IMPORT_RUNNING), cancels the running one, then accepts a new one', async () => {
      const cancelledRuns = await runsEnded('cancelled');
      wiki.gate.closed = true;
      const first = await as(admin).post('/api/import-wiki/execute', {
        api_url: api,
        page_ids: [11, 12, 13],
      });
      expect(first.status).toBe(202);
      const second = await as(admin).post('/api/import-wiki/execute', {
        api_url: api,
        category: 'Übungen',
      });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('WIKI_IMPORT_RUNNING');
      const active = await t.db.query(
        `SELECT id FROM wiki_import_jobs WHERE api_url = $1 AND status IN ('queued', 'running')`,
        [api],
      );
      expect(active).toEqual([{ id: first.body.id }]);
      // The worker runs the import: it is fetching the pages (their answer held).
      await waitFor(() => wiki.gate.held > 0, { message: 'the worker fetching the pages' });

      const cancelled = await as(admin).post(`/api/import-wiki/jobs/${first.body.id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: first.body.id, status: 'cancelled' });
      expect(cancelled.body.finished_at).not.toBeNull();
      const [{ state }] = await t.db.query(
        `SELECT state::text FROM pgboss.job WHERE name = 'wiki-import' AND id = $1`,
        [first.body.id],
      );
      expect(state).toBe('cancelled');
      // The worker gets its pages, stops at the next one and leaves the import cancelled.
      wiki.gate.open();
      await waitFor(async () => (await runsEnded('cancelled')) > cancelledRuns, {
        message: 'the worker ended its run of the cancelled import',
      });
      expect(await ended(first.body.id)).toMatchObject({ status: 'cancelled', pages_done: 0 });

      const again = await as(admin).post(`/api/import-wiki/jobs/${first.body.id}/cancel`, {});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('WIKI_IMPORT_ENDED');

      expect((await runJob({ api_url: api, page_ids: [13] })).status).toBe('completed');
    });

    it('lists the imports newest first, filtered by status', async () => {
      const all = await as(admin).get('/api/import-wiki/jobs');
      expect(all.status).toBe(200);
      const stored = await t.db.query(
        `SELECT id FROM wiki_import_jobs ORDER BY created_at DESC, id`,
      );
      expect(all.body.total).toBe(stored.length);
      expect(all.body.items.map((j: { id: string }) => j.id)).toEqual(
        stored.map((r: { id: string }) => r.id),
      );
      expect(all.body).toMatchObject({ limit: 50, offset: 0 });
      const cancelled = await as(admin).get('/api/import-wiki/jobs?status=cancelled&limit=5');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.total).toBe(1);
      expect(cancelled.body.items[0].status).toBe('cancelled');
      expect((await as(admin).get('/api/import-wiki/jobs?status=lost')).status).toBe(400);
    });

    it('answers 404 for an unknown import and 400 for a malformed id', async () => {
      const missing = await as(admin).post(
        '/api/import-wiki/jobs/00000000-0000-4000-8000-000000000000/cancel',
        {},
      );
      expect(missing.status).toBe(404);
      expect((await as(admin).post('/api/import-wiki/jobs/nope/cancel', {})).status).toBe(400);
    });

    it('refuses the list and cancel to other users, club admins and anonymous callers', async () => {
      const clubAdmin = await t.newProfile({ name: 'club admin' });
      const clubId = await insertClub(t.db, 'Importclub', [
        { profileId: clubAdmin.id, roles: ['club_admin'] },
      ]);
      const [job] = (await as(admin).get('/api/import-wiki/jobs')).body.items;
      const before = await t.db.query(`SELECT status FROM wiki_import_jobs ORDER BY id`);
      for (const caller of [user, clubAdmin]) {
        const list = await t.http
          .get('/api/import-wiki/jobs')
          .set('Authorization', caller.auth)
          .set('X-Active-Club-Id', clubId);
        expect(list.status).toBe(403);
        const cancel = await t.http
          .post(`/api/import-wiki/jobs/${job.id}/cancel`)
          .set('Authorization', caller.auth)
          .send({});
        expect(cancel.status).toBe(403);
      }
      expect((await t.http.get('/api/import-wiki/jobs')).status).toBe(401);
      expect((await t.http.post(`/api/import-wiki/jobs/${job.id}/cancel`).send({})).status).toBe(
        401,
      );
      expect(await t.db.query(`SELECT status FROM wiki_import_jobs ORDER BY id`)).toEqual(before);
    });
  });
});
