import { insertClub } from './modules/club-memberships/club-test-fixtures';
import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

/**
 * The paged lists read through the shared `pagedRows`: a page carries the total of the whole
 * filter, a page past the end still does (from its second statement), and no row carries the
 * window's count column into the response.
 */
describe('training paged lists', () => {
  let t: TrainingTestApp;
  let trainer: TestProfile;
  let club: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    trainer = await t.newProfile();
    club = await insertClub(t.db, 'Paging club', [{ profileId: trainer.id, roles: ['trainer'] }]);
    await t.db.query(`UPDATE profiles SET active_club_id = $2 WHERE id = $1`, [trainer.id, club]);
    const post = (url: string, body: object) =>
      t.http.post(url).set('Authorization', trainer.auth).send(body);
    for (const n of [1, 2, 3]) {
      for (const [url, body] of [
        ['/api/exercise-searches', { name: `Suche ${n}`, filters: {} }],
        ['/api/training-plan-templates', { name: `Vorlage ${n}`, visibility: 'private' }],
        ['/api/training-units', { title: `Einheit ${n}`, club_id: club }],
      ] as const) {
        const res = await post(url, body);
        if (res.status !== 201)
          throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  });
  afterAll(() => t.close());

  it.each([
    ['/api/exercise-searches', 'name', ['Suche 1', 'Suche 2']],
    ['/api/training-plan-templates?visibility=private', 'name', ['Vorlage 1', 'Vorlage 2']],
    ['/api/training-units?sort=title', 'title', ['Einheit 1', 'Einheit 2']],
  ])('%s: a page with the total, a page past the end with it too', async (url, key, first) => {
    const sep = url.includes('?') ? '&' : '?';
    const get = (q: string) => t.http.get(`${url}${sep}${q}`).set('Authorization', trainer.auth);
    const page = await get('limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.body.items.map((i: Record<string, unknown>) => i[key])).toEqual(first);
    for (const item of page.body.items) {
      expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['total_rows']));
      expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['total']));
    }
    expect((await get('limit=2&offset=2')).body).toMatchObject({ total: 3, offset: 2 });
    expect((await get('limit=2&offset=2')).body.items).toHaveLength(1);
    expect((await get('limit=2&offset=10')).body).toEqual({
      items: [],
      total: 3,
      limit: 2,
      offset: 10,
    });
  });
});
