import { FeatureGate } from '@sports/common';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { FeaturesService } from './features.service';

describe('membership (HTTP + FeaturesService)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let kim: TestUser;
  let features: FeaturesService;
  let gate: FeatureGate;

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await t.newUser({ role: 'admin' });
    kim = await t.newUser();
    features = t.app.get(FeaturesService);
    gate = t.app.get(FeatureGate);
  });
  afterAll(() => t.close());

  const setTier = (u: TestUser, tier: string) =>
    t.db.query('UPDATE users SET tier = $2 WHERE id = $1', [u.id, tier]);

  it('seeds free, plus and pro with their documented feature sets', async () => {
    const res = await t.http.get('/api/admin/membership/tiers').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(
      res.body.items.map((i: { tier: string; features: string[] }) => [i.tier, i.features]),
    ).toEqual([
      ['free', ['charts.basic']],
      ['plus', ['charts.basic', 'charts.advanced', 'csv_import', 'photos', 'export']],
      [
        'pro',
        ['charts.basic', 'charts.advanced', 'csv_import', 'photos', 'export', 'workflow.run'],
      ],
    ]);
  });

  it("answers the caller's tier and features on GET /api/membership", async () => {
    const res = await t.http.get('/api/membership').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tier: 'free', features: ['charts.basic'], overrides: [] });
    expect((await t.http.get('/api/membership')).status).toBe(401);
  });

  it('computes tier features + grants - revocations', async () => {
    await setTier(kim, 'plus');
    await t.db.query(
      `INSERT INTO user_feature_overrides (user_id, feature, granted)
       VALUES ($1, 'workflow.run', true), ($1, 'photos', false)`,
      [kim.id],
    );
    expect(await features.featuresOf(kim.id)).toEqual([
      'charts.advanced',
      'charts.basic',
      'csv_import',
      'export',
      'workflow.run',
    ]);
    await t.db.query('DELETE FROM user_feature_overrides WHERE user_id = $1', [kim.id]);
    await setTier(kim, 'free');
  });

  it('answers no features for an unknown user', async () => {
    expect(await features.featuresOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('require() passes when all features are held and throws 403 FEATURE_REQUIRED otherwise', async () => {
    await expect(gate.require(kim.id, ['charts.basic'])).resolves.toBeUndefined();
    await expect(gate.require(kim.id, ['charts.basic', 'photos', 'export'])).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_REQUIRED',
      extensions: { missing_features: ['photos', 'export'] },
    });
  });

  it("lets an admin change a tier's features, which applies to its users at once", async () => {
    const res = await t.http
      .put('/api/admin/membership/tiers/free')
      .set('Authorization', admin.auth)
      .send({ features: ['photos', 'charts.basic', 'photos'] });
    expect(res.status).toBe(200);
    expect(res.body.features).toEqual(['charts.basic', 'photos']);
    expect(await features.featuresOf(kim.id)).toEqual(['charts.basic', 'photos']);
    const [row] = await t.db.query(`SELECT features FROM membership_tiers WHERE tier = 'free'`);
    expect(row.features).toEqual(['charts.basic', 'photos']);
  });

  it('refuses a feature that is not in the catalog with 422 and changes nothing', async () => {
    const res = await t.http
      .put('/api/admin/membership/tiers/plus')
      .set('Authorization', admin.auth)
      .send({ features: ['charts.basic', 'teleport'] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('UNKNOWN_FEATURE');
    expect(res.body.unknown_features).toEqual(['teleport']);
    const [row] = await t.db.query(`SELECT features FROM membership_tiers WHERE tier = 'plus'`);
    expect(row.features).toHaveLength(5);
  });

  it('answers 404 for an unknown tier and 400 for a malformed body', async () => {
    const unknown = await t.http
      .put('/api/admin/membership/tiers/gold')
      .set('Authorization', admin.auth)
      .send({ features: [] });
    expect(unknown.status).toBe(404);
    const bad = await t.http
      .put('/api/admin/membership/tiers/pro')
      .set('Authorization', admin.auth)
      .send({ features: 'photos' });
    expect(bad.status).toBe(400);
  });

  it('lists the feature catalog for admins', async () => {
    const res = await t.http.get('/api/admin/membership/features').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.items.map((f: { key: string }) => f.key)).toEqual([
      'charts.advanced',
      'charts.basic',
      'csv_import',
      'export',
      'photos',
      'workflow.run',
    ]);
  });

  it('refuses the admin routes to a user (403) and to an anonymous caller (401)', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/membership/tiers'],
      ['put', '/api/admin/membership/tiers/free'],
      ['get', '/api/admin/membership/features'],
    ] as const) {
      expect(
        (await t.http[method](path).set('Authorization', kim.auth).send({ features: [] })).status,
      ).toBe(403);
      expect((await t.http[method](path).send({ features: [] })).status).toBe(401);
    }
  });
});
