import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonBodiesOfOtherMediaTypesAreRefused } from '@sports/common/testing/fuzz';
import { HealthTestApp, startHealthTestApp, TestUser } from './testing/health-test-app';

/** Fixed so that a failure reproduces; MEDIA_TYPE_SEED overrides it to explore further. */
const SEED = Number(process.env.MEDIA_TYPE_SEED ?? 20260527);

/**
 * A JSON body is read only as JSON: sent with another media type (or none), every route that
 * takes one answers 415 UNSUPPORTED_MEDIA_TYPE and changes nothing, instead of answering as if
 * no body had been sent.
 */
describe('health: JSON bodies of another media type are refused with 415', () => {
  let t: HealthTestApp;
  let root: string;
  let admin: TestUser;
  let kim: TestUser;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'health-media-types-'));
    t = await startHealthTestApp({ PHOTO_ROOT: root });
    admin = await t.newUser({ role: 'admin', tier: 'pro' });
    kim = await t.newUser({ tier: 'pro' });
  }, 90_000);
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('PUT and POST /api/weight with a JSON body as text/plain answer 415 and write nothing', async () => {
    const created = await t.http
      .post('/api/weight')
      .set('Authorization', kim.auth)
      .send({ date: '2025-03-01', weight_kg: 80 });
    expect(created.status).toBe(201);
    const url = `/api/weight/${created.body.id}`;
    const before = await t.http.get(url).set('Authorization', kim.auth);
    const put = await t.http
      .put(url)
      .set({ Authorization: kim.auth, 'Content-Type': 'text/plain;charset=UTF-8' })
      .send(JSON.stringify({ weight_kg: 70 }));
    expect(put.status).toBe(415);
    expect(put.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(put.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const after = await t.http.get(url).set('Authorization', kim.auth);
    expect(after.body).toEqual(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);

    const count = async () =>
      (
        await t.db.query('SELECT count(*)::int AS n FROM weight_entries WHERE user_id = $1', [
          kim.id,
        ])
      )[0].n;
    const entries = await count();
    const post = await t.http
      .post('/api/weight')
      .set({ Authorization: kim.auth, 'Content-Type': 'text/plain;charset=UTF-8' })
      .send(JSON.stringify({ date: '2025-03-02', weight_kg: 81 }));
    expect(post.status).toBe(415);
    expect(post.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await count()).toBe(entries);
  });

  it('answers 415 (or a refusal before the body) on every JSON operation, writing nothing', async () => {
    const report = await jsonBodiesOfOtherMediaTypesAreRefused({
      http: t.http,
      db: t.db,
      headers: { Authorization: admin.auth },
      seed: SEED,
    });
    expect(report.failures).toEqual([]);
    // The administrator passes the guards of nearly every route: the body check is reached.
    expect(report.refused.length).toBeGreaterThan(report.operations.length * 0.8);
  }, 120_000);
});
