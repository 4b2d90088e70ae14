import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { countRows } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { ImportWikiService } from './import-wiki.service';

/** A loopback server answering like the MediaWiki Action API (formatversion=2). */
function fakeWiki(pages: { pageid: number; title: string; revid: number; content: string }[]) {
  const requests: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    requests.push(q);
    const send = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
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
  return { server, requests, pages };
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
    await t.app.get(ImportWikiService).idle();
    await t.close();
    await new Promise((r) => wiki.server.close(r));
  });

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
  });
  const runJob = async (body: object) => {
    const res = await as(admin).post('/api/import-wiki/execute', body);
    expect(res.status).toBe(202);
    await t.app.get(ImportWikiService).idle();
    const status = await as(admin).get(`/api/import-wiki/jobs/${res.body.id}`);
    expect(status.status).toBe(200);
    return status.body;
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
      pages_total: 3,
      created_count: 3,
      failed_count: 0,
    });
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
});
