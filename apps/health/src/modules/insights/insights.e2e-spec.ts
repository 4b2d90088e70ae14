import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

describe('insights (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let ids: string[];

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
    ids = [];
    for (const [owner, title] of [
      [kim.id, 'Erste'],
      [kim.id, 'Zweite'],
      [lou.id, 'Fremde'],
    ]) {
      const [row] = await t.db.query(
        `INSERT INTO insights (owner_id, title, content, analysis_core, decision_signals, offline)
         VALUES ($1, $2, '## Analysekern\nText', 'Text', '{"risk":{"raw":"hoch","value":"high","status":"normalized"}}', true)
         RETURNING id`,
        [owner, title],
      );
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  it('lists only the caller’s insights, newest first, with paging', async () => {
    const res = await t.http.get('/api/insights?limit=1').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(res.body.items[0]).toMatchObject({ title: 'Zweite', offline: true, prompt_id: null });
    const all = await t.http.get('/api/insights').set('Authorization', kim.auth);
    expect(all.body.items.map((i: { title: string }) => i.title)).toEqual(['Zweite', 'Erste']);
  });

  it('reads one insight with its signals; another user gets 404', async () => {
    const res = await t.http.get(`/api/insights/${ids[0]}`).set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids[0],
      title: 'Erste',
      content: '## Analysekern\nText',
      analysis_core: 'Text',
      decision_signals: { risk: { raw: 'hoch', value: 'high', status: 'normalized' } },
      tokens_in: 0,
      cost: 0,
    });
    expect(
      (await t.http.get(`/api/insights/${ids[0]}`).set('Authorization', lou.auth)).status,
    ).toBe(404);
  });

  it('deletes the caller’s own insight; another user gets 404 and it stays', async () => {
    const other = await t.http.delete(`/api/insights/${ids[1]}`).set('Authorization', lou.auth);
    expect(other.status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM insights WHERE id = $1', [ids[1]])).toHaveLength(1);
    const del = await t.http.delete(`/api/insights/${ids[1]}`).set('Authorization', kim.auth);
    expect(del.status).toBe(204);
    expect(await t.db.query('SELECT 1 FROM insights WHERE id = $1', [ids[1]])).toHaveLength(0);
    const again = await t.http.delete(`/api/insights/${ids[1]}`).set('Authorization', kim.auth);
    expect(again.status).toBe(404);
  });

  it('refuses a limit above 500 with 400', async () => {
    const res = await t.http.get('/api/insights?limit=501').set('Authorization', kim.auth);
    expect(res.status).toBe(400);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    expect((await t.http.get('/api/insights')).status).toBe(401);
    expect((await t.http.get(`/api/insights/${ids[0]}`)).status).toBe(401);
    expect((await t.http.delete(`/api/insights/${ids[0]}`)).status).toBe(401);
  });
});
