import { accessTokensWithBadSubjects, resignedAccessToken } from '@sports/common/testing';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

/**
 * Access tokens with a valid signature (the service's own secret) whose subject or session is
 * not a UUID string are refused like any invalid token: 401 UNAUTHENTICATED, never a 500 from
 * the account lookup.
 */
describe('health: access tokens with malformed sub or sid (HTTP)', () => {
  let t: HealthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    user = await t.newUser();
  });
  afterAll(() => t.close());

  const ROUTES = ['/api/profile', '/api/weight'];

  it('answers 401 with the problem of an invalid token on every kind of malformed claim', async () => {
    const forged = resignedAccessToken(user.token, 'another-secret-another-secret-0123', {});
    for (const url of ROUTES) {
      expect((await t.http.get(url).set('Authorization', user.auth)).status).toBe(200);
      const invalid = await t.http.get(url).set('Authorization', `Bearer ${forged}`);
      expect(invalid.status).toBe(401);
      for (const { label, token } of accessTokensWithBadSubjects(
        user.token,
        t.config.JWT_SECRET!,
      )) {
        // Twice: the second answer may come from the verified-token cache.
        for (const round of [1, 2]) {
          const res = await t.http.get(url).set('Authorization', `Bearer ${token}`);
          expect({ url, label, round, status: res.status, code: res.body.code }).toEqual({
            url,
            label,
            round,
            status: 401,
            code: 'UNAUTHENTICATED',
          });
          expect(res.headers['content-type']).toBe(invalid.headers['content-type']);
          expect(Object.keys(res.body).sort()).toEqual(Object.keys(invalid.body).sort());
          expect(res.body).toMatchObject({ type: invalid.body.type, title: invalid.body.title });
        }
      }
    }
  });
});
