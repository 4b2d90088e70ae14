import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { ageOn } from '../../tracking/calendar-date';

describe('profile (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
  });
  afterAll(() => t.close());

  const put = (body: Record<string, unknown>) =>
    t.http.put('/api/profile').set('Authorization', kim.auth).send(body);

  it("answers the caller's own profile with empty body fields and metric units", async () => {
    const res = await t.http.get('/api/profile').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: kim.id,
      email: kim.email,
      sex: null,
      birth_date: null,
      age_years: null,
      height_cm: null,
      goal_weight_kg: null,
      activity_level: null,
      units: 'metric',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
  });

  it('updates the fields sent and stores them', async () => {
    const res = await put({
      display_name: 'Kim',
      sex: 'female',
      birth_date: '1990-05-17',
      height_cm: 168.5,
      goal_weight_kg: 62.5,
      activity_level: 'moderate',
      units: 'imperial',
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({
      display_name: 'Kim',
      sex: 'female',
      birth_date: '1990-05-17',
      age_years: ageOn('1990-05-17', today),
      height_cm: 168.5,
      goal_weight_kg: 62.5,
      activity_level: 'moderate',
      units: 'imperial',
    });
    const [row] = await t.db.query(
      `SELECT sex, birth_date::text AS b, height_cm::float AS h, units FROM users WHERE id = $1`,
      [kim.id],
    );
    expect(row).toEqual({ sex: 'female', b: '1990-05-17', h: 168.5, units: 'imperial' });
  });

  it('clears a field with null and leaves the others', async () => {
    const res = await put({ goal_weight_kg: null });
    expect(res.status).toBe(200);
    expect(res.body.goal_weight_kg).toBeNull();
    expect(res.body.height_cm).toBe(168.5);
  });

  it.each([
    ['a height below 50 cm', { height_cm: 49.9 }, 'height_cm'],
    ['a height above 272 cm', { height_cm: 272.1 }, 'height_cm'],
    ['a goal weight below 20 kg', { goal_weight_kg: 19 }, 'goal_weight_kg'],
    ['an unknown sex', { sex: 'x' }, 'sex'],
    ['an unknown activity level', { activity_level: 'extreme' }, 'activity_level'],
    ['null units', { units: null }, 'units'],
    ['a birth date in the future', { birth_date: '2999-01-01' }, 'birth_date'],
    ['a birth date giving age 121', { birth_date: '1900-01-01' }, 'birth_date'],
    [
      'a birth date giving age under 5',
      { birth_date: new Date().toISOString().slice(0, 10) },
      'birth_date',
    ],
    ['a role', { role: 'admin' }, 'role'],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await t.http.get('/api/profile')).status).toBe(401);
    expect((await t.http.put('/api/profile').send({ units: 'metric' })).status).toBe(401);
  });
});
