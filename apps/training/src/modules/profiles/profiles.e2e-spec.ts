import type { Response } from 'supertest';
import { randomUUID } from 'node:crypto';
import { statusesOfConcurrent } from '@sports/common/testing';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

const HASH = /pin_hash|pinHash|\$argon2/;

/** Every profile response is checked for the PIN hash. */
function noHash(res: Response): Response {
  expect(res.text).not.toMatch(HASH);
  expect(JSON.stringify(res.headers)).not.toMatch(HASH);
  return res;
}

describe('profiles (HTTP)', () => {
  let t: TrainingTestApp;
  let superadmin: TestProfile;
  let admin: TestProfile;
  let user: TestProfile;
  let other: TestProfile;
  let clubId: string;
  let foreignClubId: string;

  /** Count and digest of the whole profiles table: "nothing changed" means both are equal. */
  const snapshot = async (): Promise<{ n: number; digest: string }> => {
    const [row] = await t.db.query(
      `SELECT count(*)::int AS n,
              coalesce(md5(string_agg(row_to_json(p)::text, ',' ORDER BY id)), '') AS digest
         FROM profiles p`,
    );
    return row;
  };

  const expectProblem = (res: Response, status: number, code?: string): void => {
    noHash(res);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    if (code) expect(res.body.code).toBe(code);
  };

  beforeAll(async () => {
    t = await startTrainingTestApp({ LOGIN_RATE_LIMIT: '1000' });
    superadmin = await t.newProfile({ role: 'superadmin', name: 'Sue Super' });
    admin = await t.newProfile({ role: 'admin', name: 'Adam Admin' });
    user = await t.newProfile({ role: 'user', name: 'Uma User' });
    other = await t.newProfile({ role: 'user', name: 'Otto Other' });
    [{ id: clubId }] = await t.db.query(
      `INSERT INTO clubs (name) VALUES ('TSV Nord') RETURNING id`,
    );
    [{ id: foreignClubId }] = await t.db.query(
      `INSERT INTO clubs (name) VALUES ('SC Süd') RETURNING id`,
    );
    await t.db.query(
      `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, ARRAY['trainer','member'])`,
      [clubId, user.id],
    );
  });
  afterAll(() => t.close());

  describe('anonymous callers', () => {
    it.each([
      ['get', '/api/profiles'],
      ['post', '/api/profiles'],
      ['get', '/api/profiles/me'],
      ['get', `/api/profiles/${randomUUID()}`],
      ['put', `/api/profiles/${randomUUID()}`],
      ['put', '/api/profile'],
      ['delete', `/api/profiles/${randomUUID()}`],
    ] as const)('refuses %s %s with 401', async (method, path) => {
      const res = await t.http[method](path).send({});
      expectProblem(res, 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/profiles', () => {
    it('refuses a user with 403', async () => {
      const res = await t.http.get('/api/profiles').set('Authorization', user.auth);
      expectProblem(res, 403, 'FORBIDDEN');
    });

    it('lists every profile for a platform admin, paged and searchable, without hashes', async () => {
      const res = noHash(await t.http.get('/api/profiles').set('Authorization', admin.auth));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 4, limit: 50, offset: 0 });
      expect(res.body.items.map((p: { name: string }) => p.name)).toEqual([
        'Adam Admin',
        'Otto Other',
        'Sue Super',
        'Uma User',
      ]);
      const page = await t.http
        .get('/api/profiles?limit=1&offset=1&search=U')
        .set('Authorization', superadmin.auth);
      expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 1 });
      expect(page.body.items).toHaveLength(1);
      const bad = await t.http.get('/api/profiles?limit=501').set('Authorization', admin.auth);
      expectProblem(bad, 400, 'VALIDATION_FAILED');
    });
  });

  describe('POST /api/profiles', () => {
    it('refuses a user with 403 and creates nothing', async () => {
      const before = await snapshot();
      const res = await t.http
        .post('/api/profiles')
        .set('Authorization', user.auth)
        .send({ name: 'X', email: 'x@example.org' });
      expectProblem(res, 403);
      expect(await snapshot()).toEqual(before);
    });

    it('creates a profile with a generated 6-digit PIN shown once, which signs in', async () => {
      const res = noHash(
        await t.http
          .post('/api/profiles')
          .set('Authorization', admin.auth)
          .send({ name: 'New Trainer', email: 'New.Trainer@example.org', tier: 'trainer' }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'New Trainer',
        email: 'new.trainer@example.org',
        role: 'user',
        tier: 'trainer',
      });
      expect(res.body.initial_pin).toMatch(/^\d{6}$/);
      const login = await t.http
        .post('/api/auth/login')
        .send({ email: 'new.trainer@example.org', pin: res.body.initial_pin });
      expect(login.status).toBe(200);
      const read = noHash(
        await t.http.get(`/api/profiles/${res.body.id}`).set('Authorization', admin.auth),
      );
      expect(read.body.initial_pin).toBeUndefined();
    });

    it('takes a given PIN and does not echo it', async () => {
      const res = noHash(
        await t.http
          .post('/api/profiles')
          .set('Authorization', admin.auth)
          .send({ name: 'Pinned', email: 'pinned@example.org', pin: '24681357' }),
      );
      expect(res.status).toBe(201);
      expect(res.body.initial_pin).toBeUndefined();
      expect(res.text).not.toContain('24681357');
    });

    it.each([
      ['a bad PIN', { name: 'B', email: 'b1@example.org', pin: '12' }, 400, 'VALIDATION_FAILED'],
      [
        'a PIN with letters',
        { name: 'B', email: 'b2@example.org', pin: '12ab' },
        400,
        'VALIDATION_FAILED',
      ],
      ['no email', { name: 'B' }, 400, 'VALIDATION_FAILED'],
      ['no name', { email: 'b3@example.org' }, 400, 'VALIDATION_FAILED'],
      [
        'an unknown role',
        { name: 'B', email: 'b4@example.org', role: 'god' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'an unknown field',
        { name: 'B', email: 'b5@example.org', is_root: true },
        400,
        'VALIDATION_FAILED',
      ],
      ['a taken email', { name: 'B', email: 'PINNED@example.org' }, 409, 'EMAIL_TAKEN'],
      [
        'role superadmin from an admin',
        { name: 'B', email: 'b6@example.org', role: 'superadmin' },
        403,
        'SUPERADMIN_REQUIRED',
      ],
    ])('refuses %s and creates nothing', async (_label, body, status, code) => {
      const before = await snapshot();
      const res = await t.http.post('/api/profiles').set('Authorization', admin.auth).send(body);
      expectProblem(res, status, code);
      expect(await snapshot()).toEqual(before);
    });

    it('lets a superadmin create a superadmin and an admin create an admin', async () => {
      const sup = await t.http
        .post('/api/profiles')
        .set('Authorization', superadmin.auth)
        .send({ name: 'Second Super', email: 'super2@example.org', role: 'superadmin' });
      expect(sup.status).toBe(201);
      expect(sup.body.role).toBe('superadmin');
      const adm = await t.http
        .post('/api/profiles')
        .set('Authorization', admin.auth)
        .send({ name: 'Second Admin', email: 'admin2@example.org', role: 'admin' });
      expect(adm.status).toBe(201);
      expect(adm.body.role).toBe('admin');
    });
  });

  describe('GET /api/profiles/me', () => {
    it('answers the own profile with clubs[] and effective_club_id', async () => {
      const res = noHash(await t.http.get('/api/profiles/me').set('Authorization', user.auth));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, email: user.email, role: 'user' });
      expect(res.body.clubs).toEqual([
        { id: clubId, name: 'TSV Nord', roles: expect.arrayContaining(['trainer', 'member']) },
      ]);
      expect(res.body.effective_club_id).toBe(clubId);
    });

    it('answers the same fields, forms and version as GET /api/profiles/{id}', async () => {
      const me = await t.http.get('/api/profiles/me').set('Authorization', user.auth);
      const byId = await t.http.get(`/api/profiles/${user.id}`).set('Authorization', user.auth);
      expect(me.status).toBe(200);
      const { clubs: _clubs, effective_club_id: _effective, ...profile } = me.body;
      // Same keys in the same order, same values (timestamps as ISO with milliseconds and Z).
      expect(JSON.stringify(profile)).toBe(JSON.stringify(byId.body));
      expect(profile.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(profile.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(new Date(profile.created_at).toISOString()).toBe(profile.created_at);
      expect(profile.active_club_id === null || typeof profile.active_club_id === 'string').toBe(
        true,
      );
      expect(me.headers.etag).toBeDefined();
      expect(me.headers.etag).toBe(byId.headers.etag);
    });

    it('ignores a stale X-Active-Club-Id instead of refusing', async () => {
      const res = noHash(
        await t.http
          .get('/api/profiles/me')
          .set('Authorization', user.auth)
          .set('X-Active-Club-Id', foreignClubId),
      );
      expect(res.status).toBe(200);
      expect(res.body.effective_club_id).toBe(clubId);
    });

    it('answers an empty club list for a profile without clubs', async () => {
      const res = noHash(await t.http.get('/api/profiles/me').set('Authorization', other.auth));
      expect(res.body).toMatchObject({ id: other.id, clubs: [], effective_club_id: null });
    });
  });

  describe('GET /api/profiles/{id}', () => {
    it('answers the own profile and any profile to a platform admin', async () => {
      const own = noHash(
        await t.http.get(`/api/profiles/${user.id}`).set('Authorization', user.auth),
      );
      expect(own.status).toBe(200);
      expect(own.body.id).toBe(user.id);
      const byAdmin = noHash(
        await t.http.get(`/api/profiles/${user.id}`).set('Authorization', admin.auth),
      );
      expect(byAdmin.status).toBe(200);
    });

    it("refuses another user's profile with 403, known or not", async () => {
      expectProblem(
        await t.http.get(`/api/profiles/${other.id}`).set('Authorization', user.auth),
        403,
      );
      expectProblem(
        await t.http.get(`/api/profiles/${randomUUID()}`).set('Authorization', user.auth),
        403,
      );
    });

    it('answers 404 to an admin for an unknown id and 400 for a malformed one', async () => {
      expectProblem(
        await t.http.get(`/api/profiles/${randomUUID()}`).set('Authorization', admin.auth),
        404,
        'NOT_FOUND',
      );
      expectProblem(
        await t.http.get('/api/profiles/not-a-uuid').set('Authorization', admin.auth),
        400,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('PUT /api/profiles/{id} and PUT /api/profile', () => {
    const put = (who: TestProfile, id: string, body: object) =>
      t.http.put(`/api/profiles/${id}`).set('Authorization', who.auth).send(body);

    it('lets the owner change name, active club and exercise list defaults', async () => {
      const prefs = {
        q: 'passing',
        include_variants: true,
        visibility_exclude_any: ['official'],
        must_include: [randomUUID()],
        skill_level_min: 2,
        skill_level_max: 4,
        target_group_id: null,
      };
      const res = noHash(
        await put(user, user.id, {
          name: 'Uma Renamed',
          active_club_id: clubId,
          exercise_list_prefs: prefs,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Uma Renamed',
        active_club_id: clubId,
        exercise_list_prefs: prefs,
      });
      const own = noHash(
        await t.http
          .put('/api/profile')
          .set('Authorization', user.auth)
          .send({ active_club_id: null }),
      );
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: user.id, active_club_id: null, name: 'Uma Renamed' });
    });

    describe('sessions and the current PIN', () => {
      const signIn = (p: TestProfile, pin = p.pin) =>
        t.http.post('/api/auth/login').send({ email: p.email, pin });
      const me = (token: string) =>
        t.http.get('/api/profiles/me').set('Authorization', `Bearer ${token}`);

      it('asks the owner for the current PIN to change PIN or e-mail, and changes nothing without it', async () => {
        const p = await t.newProfile({ name: 'Petra Pin' });
        const before = await snapshot();
        expectProblem(await put(p, p.id, { pin: '97531' }), 400, 'VALIDATION_FAILED');
        expectProblem(
          await put(p, p.id, { email: `moved-${randomUUID()}@example.org` }),
          400,
          'VALIDATION_FAILED',
        );
        const wrong = await put(p, p.id, { pin: '97531', current_pin: '000000' });
        expectProblem(wrong, 403, 'CURRENT_SECRET_INVALID');
        expect(await snapshot()).toEqual(before);
        // The same e-mail in another case and other fields need no PIN.
        expect((await put(p, p.id, { email: p.email.toUpperCase(), name: 'P' })).status).toBe(200);
      });

      it('ends the other sessions when the owner changes the PIN, and keeps the own one', async () => {
        const p = await t.newProfile({ name: 'Sam Session' });
        const phone = (await signIn(p)).body;
        expect((await me(phone.access_token)).status).toBe(200);
        const res = await put(p, p.id, { pin: '97531', current_pin: p.pin });
        expect(res.status).toBe(200);
        expectProblem(await me(phone.access_token), 401, 'UNAUTHENTICATED');
        const refreshed = await t.http
          .post('/api/auth/refresh')
          .send({ refresh_token: phone.refresh_token });
        expect(refreshed.status).toBe(401);
        expect((await me(p.token)).status).toBe(200);
      });

      it('ends every session of a profile whose PIN a platform admin resets', async () => {
        const p = await t.newProfile({ name: 'Rita Reset' });
        const res = await put(admin, p.id, { pin: '97531' });
        expect(res.status).toBe(200);
        expectProblem(await me(p.token), 401, 'UNAUTHENTICATED');
        expect((await signIn(p, '97531')).status).toBe(200);
      });

      it('ends the session of an access token at logout, at once', async () => {
        const p = await t.newProfile({ name: 'Lou Logout' });
        // Used before: the token's verification is cached, its session is not.
        expect((await me(p.token)).status).toBe(200);
        expect((await me(p.token)).status).toBe(200);
        const out = await t.http
          .post('/api/auth/logout')
          .set('Authorization', p.auth)
          .send({ refresh_token: p.refreshToken });
        expect(out.status).toBeLessThan(300);
        expectProblem(await me(p.token), 401, 'UNAUTHENTICATED');
      });
    });

    it('lets the owner change the PIN, and the new PIN signs in', async () => {
      const res = noHash(await put(other, other.id, { pin: '86420', current_pin: other.pin }));
      expect(res.status).toBe(200);
      const oldPin = await t.http
        .post('/api/auth/login')
        .send({ email: other.email, pin: other.pin });
      expect(oldPin.status).toBe(401);
      const newPin = await t.http
        .post('/api/auth/login')
        .send({ email: other.email, pin: '86420' });
      expect(newPin.status).toBe(200);
    });

    it.each([
      [
        'a user changing another profile',
        () => [user, other.id, { name: 'Hacked' }],
        403,
        'FORBIDDEN',
      ],
      [
        'a user raising the own role',
        () => [user, user.id, { role: 'admin' }],
        403,
        'ROLE_CHANGE_FORBIDDEN',
      ],
      [
        'a user sending the own role unchanged',
        () => [user, user.id, { role: 'user' }],
        403,
        'ROLE_CHANGE_FORBIDDEN',
      ],
      [
        'a user changing the own tier',
        () => [user, user.id, { tier: 'club' }],
        403,
        'ROLE_CHANGE_FORBIDDEN',
      ],
      [
        'an admin assigning superadmin',
        () => [admin, user.id, { role: 'superadmin' }],
        403,
        'SUPERADMIN_REQUIRED',
      ],
      [
        'an admin making itself superadmin',
        () => [admin, admin.id, { role: 'superadmin' }],
        403,
        'SUPERADMIN_REQUIRED',
      ],
      [
        'an admin changing a superadmin',
        () => [admin, superadmin.id, { name: 'Demoted' }],
        403,
        'SUPERADMIN_REQUIRED',
      ],
      [
        'an admin demoting a superadmin',
        () => [admin, superadmin.id, { role: 'user' }],
        403,
        'SUPERADMIN_REQUIRED',
      ],
      ['a bad PIN', () => [user, user.id, { pin: '123' }], 400, 'VALIDATION_FAILED'],
      ['a numeric PIN', () => [user, user.id, { pin: 1234 }], 400, 'VALIDATION_FAILED'],
      ['a null name', () => [user, user.id, { name: null }], 400, 'VALIDATION_FAILED'],
      [
        'a taken email',
        () => [user, user.id, { email: admin.email.toUpperCase(), current_pin: user.pin }],
        409,
        'EMAIL_TAKEN',
      ],
      [
        'a club the owner is not a member of',
        () => [user, user.id, { active_club_id: foreignClubId }],
        422,
        'ACTIVE_CLUB_NOT_A_MEMBERSHIP',
      ],
      [
        'an unknown club',
        () => [user, user.id, { active_club_id: randomUUID() }],
        422,
        'ACTIVE_CLUB_NOT_A_MEMBERSHIP',
      ],
      [
        'an unknown filter in the exercise defaults',
        () => [user, user.id, { exercise_list_prefs: { colour: 'red' } }],
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a wrongly typed filter',
        () => [user, user.id, { exercise_list_prefs: { include_archived: 'yes' } }],
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a skill range upside down',
        () => [user, user.id, { exercise_list_prefs: { skill_level_min: 5, skill_level_max: 1 } }],
        400,
        'VALIDATION_FAILED',
      ],
      [
        'exercise defaults that are not an object',
        () => [user, user.id, { exercise_list_prefs: ['q'] }],
        400,
        'VALIDATION_FAILED',
      ],
      [
        'exercise defaults over 8 KB',
        () => [
          user,
          user.id,
          {
            exercise_list_prefs: {
              must_include: Array(100).fill(randomUUID()),
              must_exclude: Array(100).fill(randomUUID()),
              focus_only_without: Array(100).fill(randomUUID()),
            },
          },
        ],
        400,
        'VALIDATION_FAILED',
      ],
      ['an unknown field', () => [user, user.id, { is_root: true }], 400, 'VALIDATION_FAILED'],
      [
        'an unknown profile (admin)',
        () => [admin, randomUUID(), { name: 'Ghost' }],
        404,
        'NOT_FOUND',
      ],
    ] as [string, () => [TestProfile, string, object], number, string][])(
      'refuses %s and changes nothing',
      async (_label, args, status, code) => {
        const [who, id, body] = args();
        const before = await snapshot();
        const res = await put(who, id, body);
        expectProblem(res, status, code);
        if (status === 400) expect(res.body.errors?.length).toBeGreaterThan(0);
        expect(await snapshot()).toEqual(before);
      },
    );

    it('refuses a body over the size limit with 413 and changes nothing', async () => {
      const before = await snapshot();
      const res = await put(user, user.id, { name: 'x'.repeat(2 * 1024 * 1024) });
      expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(await snapshot()).toEqual(before);
    });

    it('lets an admin change role and tier of a user, and a superadmin assign superadmin', async () => {
      const res = noHash(await put(admin, other.id, { role: 'admin', tier: 'club' }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'admin', tier: 'club' });
      const back = noHash(await put(admin, other.id, { role: 'user' }));
      expect(back.body.role).toBe('user');
      const sup = noHash(await put(superadmin, other.id, { role: 'superadmin' }));
      expect(sup.status).toBe(200);
      expect(sup.body.role).toBe('superadmin');
      const down = noHash(await put(superadmin, other.id, { role: 'user' }));
      expect(down.body.role).toBe('user');
    });

    it('lets an admin set a club as its own active club without membership', async () => {
      const res = noHash(await put(admin, admin.id, { active_club_id: foreignClubId }));
      expect(res.status).toBe(200);
      expect(res.body.active_club_id).toBe(foreignClubId);
    });

    it('keeps at least one superadmin', async () => {
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM profiles WHERE role = 'superadmin'`,
      );
      // the profile created by a superadmin in POST above is a second superadmin: demote it first
      expect(n).toBe(2);
      await t.db.query(`UPDATE profiles SET role = 'user' WHERE email = 'super2@example.org'`);
      const before = await snapshot();
      const res = await put(superadmin, superadmin.id, { role: 'admin' });
      expectProblem(res, 409, 'LAST_SUPERADMIN');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('DELETE /api/profiles/{id}', () => {
    it('refuses a user with 403 and deletes nothing', async () => {
      const before = await snapshot();
      expectProblem(
        await t.http.delete(`/api/profiles/${other.id}`).set('Authorization', user.auth),
        403,
      );
      expectProblem(
        await t.http.delete(`/api/profiles/${user.id}`).set('Authorization', user.auth),
        403,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an admin deleting a superadmin, and the last superadmin', async () => {
      const before = await snapshot();
      expectProblem(
        await t.http.delete(`/api/profiles/${superadmin.id}`).set('Authorization', admin.auth),
        403,
        'SUPERADMIN_REQUIRED',
      );
      expectProblem(
        await t.http.delete(`/api/profiles/${superadmin.id}`).set('Authorization', superadmin.auth),
        409,
        'LAST_SUPERADMIN',
      );
      expectProblem(
        await t.http.delete(`/api/profiles/${randomUUID()}`).set('Authorization', admin.auth),
        404,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('lets a platform admin delete a profile with 204, taking its memberships along', async () => {
      const victim = await t.newProfile();
      await t.db.query(
        `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, ARRAY['member'])`,
        [clubId, victim.id],
      );
      const before = await snapshot();
      const res = await t.http
        .delete(`/api/profiles/${victim.id}`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await snapshot()).n).toBe(before.n - 1);
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM club_members WHERE profile_id = $1`,
        [victim.id],
      );
      expect(n).toBe(0);
      // the deleted profile's token no longer works
      expectProblem(await t.http.get('/api/profiles/me').set('Authorization', victim.auth), 401);
    });
  });

  describe('concurrent duplicates of one email', () => {
    const profilesWith = async (email: string): Promise<number> =>
      (
        await t.db.query('SELECT count(*)::int AS n FROM profiles WHERE lower(email) = $1', [email])
      )[0].n;

    it('answers eight simultaneous creations by platform admins with one 201 and 409 EMAIL_TAKEN', async () => {
      const email = `same-${randomUUID()}@example.org`;
      const statuses = await statusesOfConcurrent(8, () =>
        t.http.post('/api/profiles').set('Authorization', admin.auth).send({ name: 'Twin', email }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      expect(await profilesWith(email)).toBe(1);
    });

    it('races sign-ups against an admin creating the same email: one 201, the rest 409', async () => {
      const email = `race-${randomUUID()}@example.org`;
      const statuses = await statusesOfConcurrent(8, (i) =>
        i % 2 === 0
          ? t.http.post('/api/auth/register').send({ name: 'Racer', email, pin: '4821' })
          : t.http
              .post('/api/profiles')
              .set('Authorization', admin.auth)
              .send({ name: 'Racer', email }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      expect(await profilesWith(email)).toBe(1);
    });

    it('lets one of six profiles changing to the same email at once have it; the others get 409', async () => {
      const email = `move-${randomUUID()}@example.org`;
      const movers = await Promise.all(Array.from({ length: 6 }, () => t.newProfile()));
      const statuses = await statusesOfConcurrent(6, (i) =>
        t.http
          .put('/api/profile')
          .set('Authorization', movers[i].auth)
          .send({ email, current_pin: movers[i].pin }),
      );
      expect(statuses).toEqual({ 200: 1, 409: 5 });
      expect(await profilesWith(email)).toBe(1);
    });
  });
});
