import { startTrainingTestApp, TrainingTestApp } from '../../testing/training-test-app';
import { TIER_LIMITS } from './membership-tiers';

describe('GET /api/membership', () => {
  let t: TrainingTestApp;

  beforeAll(async () => {
    t = await startTrainingTestApp();
  });
  afterAll(() => t.close());

  it('refuses anonymous callers with 401', async () => {
    expect((await t.http.get('/api/membership')).status).toBe(401);
  });

  it("answers the caller's tier and its limits, following tier changes at once", async () => {
    const p = await t.newProfile();
    const free = await t.http.get('/api/membership').set('Authorization', p.auth);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ tier: 'free', limits: TIER_LIMITS.free });
    await t.db.query(`UPDATE profiles SET tier = 'club' WHERE id = $1`, [p.id]);
    const club = await t.http.get('/api/membership').set('Authorization', p.auth);
    expect(club.body).toEqual({ tier: 'club', limits: TIER_LIMITS.club });
  });

  it('grows the limits from free to trainer to club', () => {
    const { free, trainer, club } = TIER_LIMITS;
    for (const key of Object.keys(free) as (keyof typeof free)[]) {
      expect(trainer[key]).toBeGreaterThan(free[key]);
      expect(club[key]).toBeGreaterThan(trainer[key]);
    }
  });
});
