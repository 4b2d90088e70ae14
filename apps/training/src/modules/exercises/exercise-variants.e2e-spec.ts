import { insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('exercise variants (HTTP)', () => {
  let t: TrainingTestApp;
  let owner: TestProfile;
  let clubMate: TestProfile;
  let outsider: TestProfile;
  let exercise: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [owner, clubMate, outsider] = await Promise.all([
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
    ]);
    await insertClub(t.db, 'V', [
      { profileId: owner.id, roles: ['trainer'] },
      { profileId: clubMate.id, roles: ['member'] },
    ]);
    const res = await t.http
      .post('/api/exercises')
      .set('Authorization', owner.auth)
      .send({ title: 'Liegestütz', visibility: 'club' });
    exercise = res.body.id;
  });
  afterAll(() => t.close());

  const add = (body: object, p = owner, exerciseId = exercise) =>
    t.http.post(`/api/exercises/${exerciseId}/variants`).set('Authorization', p.auth).send(body);
  const ownExercise = async (): Promise<string> =>
    (await t.http.post('/api/exercises').set('Authorization', owner.auth).send({ title: 'Eigen' }))
      .body.id;

  it('creates variants with duration, difficulty, material and a sanitized prerequisite', async () => {
    const res = await add({
      title: 'Auf Knien',
      duration_minutes: 5,
      difficulty: 1,
      material: 'Matte',
      prerequisite: '<p>Stabile Rumpfspannung</p><img src=x onerror=alert(1)>',
      progression_level: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Auf Knien',
      duration_minutes: 5,
      difficulty: 1,
      material: 'Matte',
      sequence_order: 0,
      progression_level: 1,
    });
    expect(res.body.prerequisite).toBe('<p>Stabile Rumpfspannung</p><img />');
  });

  it('answers timestamps as ISO with milliseconds and Z in the exercise, its variant list, detail and one variant', async () => {
    const exercise = await ownExercise();
    const v = await add({ title: 'Form' }, owner, exercise);
    expect(v.status).toBe(201);
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    const detail = await t.http.get(`/api/exercises/${exercise}`).set('Authorization', owner.auth);
    expect(detail.body.created_at).toMatch(iso);
    expect(detail.body.updated_at).toMatch(iso);
    expect(detail.body.variants[0].created_at).toMatch(iso);
    const one = await t.http
      .get(`/api/exercises/${exercise}/variants/${v.body.id}`)
      .set('Authorization', owner.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(detail.body.variants[0]);
    expect(one.body).toMatchObject({ description: null, duration_minutes: null });
    const list = await t.http
      .get(`/api/exercises?include_variants=true&limit=100`)
      .set('Authorization', owner.auth);
    const item = list.body.items.find((e: { id: string }) => e.id === exercise);
    expect(item.created_at).toBe(detail.body.created_at);
    expect(item.variants).toEqual(detail.body.variants);
  });

  it('orders variants by sequence_order, then progression_level', async () => {
    await add({ title: 'Klassisch', progression_level: 3, sequence_order: 1 });
    await add({ title: 'Erhöht', progression_level: 2, sequence_order: 1 });
    await add({ title: 'Einarmig', progression_level: 5 });
    const res = await t.http
      .get(`/api/exercises/${exercise}/variants`)
      .set('Authorization', clubMate.auth);
    expect(res.status).toBe(200);
    expect(res.body.items.map((v: { title: string }) => v.title)).toEqual([
      'Auf Knien',
      'Erhöht',
      'Klassisch',
      'Einarmig',
    ]);
    const detail = await t.http.get(`/api/exercises/${exercise}`).set('Authorization', owner.auth);
    expect(detail.body.variants.map((v: { title: string }) => v.title)).toEqual([
      'Auf Knien',
      'Erhöht',
      'Klassisch',
      'Einarmig',
    ]);
  });

  it('reorders all variants in one call and refuses an incomplete list without writing', async () => {
    const list = await t.http
      .get(`/api/exercises/${exercise}/variants`)
      .set('Authorization', owner.auth);
    const ids: string[] = list.body.items.map((v: { id: string }) => v.id);
    const reversed = [...ids].reverse();
    const bad = await t.http
      .post(`/api/exercises/${exercise}/variants/reorder`)
      .set('Authorization', owner.auth)
      .send({ variant_ids: reversed.slice(1) });
    expect(bad.status).toBe(400);
    const unchanged = await t.http
      .get(`/api/exercises/${exercise}/variants`)
      .set('Authorization', owner.auth);
    expect(unchanged.body.items.map((v: { id: string }) => v.id)).toEqual(ids);
    const ok = await t.http
      .post(`/api/exercises/${exercise}/variants/reorder`)
      .set('Authorization', owner.auth)
      .send({ variant_ids: reversed });
    expect(ok.status).toBe(200);
    expect(ok.body.items.map((v: { id: string }) => v.id)).toEqual(reversed);
    expect(ok.body.items.map((v: { sequence_order: number }) => v.sequence_order)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('updates and deletes a variant', async () => {
    const v = await add({ title: 'Temp' });
    const put = await t.http
      .put(`/api/exercises/${exercise}/variants/${v.body.id}`)
      .set('Authorization', owner.auth)
      .send({ difficulty: 4, material: null });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Temp', difficulty: 4, material: null });
    const del = await t.http
      .delete(`/api/exercises/${exercise}/variants/${v.body.id}`)
      .set('Authorization', owner.auth);
    expect(del.status).toBe(204);
    expect(await t.db.query('SELECT 1 FROM exercise_variants WHERE id = $1', [v.body.id])).toEqual(
      [],
    );
  });

  it('lets a club mate read but not write variants, and hides them from outsiders', async () => {
    expect((await add({ title: 'Nope' }, clubMate)).status).toBe(403);
    expect((await add({ title: 'Nope' }, outsider)).status).toBe(404);
    expect(
      (await t.http.get(`/api/exercises/${exercise}/variants`).set('Authorization', outsider.auth))
        .status,
    ).toBe(404);
    expect((await t.http.get(`/api/exercises/${exercise}/variants`)).status).toBe(401);
  });

  it('sanitizes material on create and update like the other rich-text fields', async () => {
    const own = await ownExercise();
    const created = await add(
      {
        title: 'Mit Material',
        material: '<p>Matte</p><script>alert(1)</script><img src=x onerror=alert(2)>',
      },
      owner,
      own,
    );
    expect(created.status).toBe(201);
    expect(created.body.material).toBe('<p>Matte</p><img />');
    const updated = await t.http
      .put(`/api/exercises/${own}/variants/${created.body.id}`)
      .set('Authorization', owner.auth)
      .send({ material: '<a href="javascript:alert(1)" onclick="x()">Bälle</a>' });
    expect(updated.status).toBe(200);
    const [row] = await t.db.query('SELECT material FROM exercise_variants WHERE id = $1', [
      created.body.id,
    ]);
    expect(row.material).toBe('<a>Bälle</a>');
  });

  it('refuses material that outgrows its 2000 characters once sanitized with 400 and stores nothing', async () => {
    const own = await ownExercise();
    const before = await t.db.query('SELECT count(*)::int AS n FROM exercise_variants');
    const res = await add({ title: 'Zu lang', material: '&'.repeat(1000) }, owner, own);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'material' })]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM exercise_variants')).toEqual(before);
  });
});
