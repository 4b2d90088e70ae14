import * as fs from 'node:fs';
import * as path from 'node:path';
import { photoFixture } from '@sports/common/testing';
import type { Response } from 'supertest';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const PROBLEM = /^application\/problem\+json/;

describe('the own account: password change and deletion (HTTP)', () => {
  let t: HealthTestApp;
  let root: string;

  beforeAll(async () => {
    // The photo folder of the worker's shared application (removed with it).
    t = await startHealthTestApp();
    root = t.config.PHOTO_ROOT!;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectProblem = (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.code).toBe(code);
  };
  const signIn = (u: TestUser, password = u.password) =>
    t.http.post('/api/auth/login').send({ email: u.email, password });
  const profile = (token: string) =>
    t.http.get('/api/profile').set('Authorization', `Bearer ${token}`);
  const changePassword = (u: TestUser, body: object, token = u.token) =>
    t.http.put('/api/profile/password').set('Authorization', `Bearer ${token}`).send(body);
  const deleteAccount = (u: TestUser, body: object) =>
    t.http.post('/api/profile/deletion').set('Authorization', u.auth).send(body);
  const hashOf = async (id: string): Promise<string> =>
    (await t.db.query('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash;

  describe('PUT /api/profile/password', () => {
    it('changes the password with the current one and ends every other session', async () => {
      const u = await t.newUser();
      const phone = (await signIn(u)).body;
      const res = await changePassword(u, {
        current_password: u.password,
        new_password: 'a brand new password',
      });
      expect(res.status).toBe(204);
      expectProblem(await profile(phone.access_token), 401, 'UNAUTHENTICATED');
      const refreshed = await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: phone.refresh_token });
      expect(refreshed.status).toBe(401);
      expect((await profile(u.token)).status).toBe(200);
      expectProblem(await signIn(u), 401, 'UNAUTHENTICATED');
      expect((await signIn(u, 'a brand new password')).status).toBe(200);
    });

    it('refuses a wrong current password with 403 and changes nothing', async () => {
      const u = await t.newUser();
      const before = await hashOf(u.id);
      const res = await changePassword(u, {
        current_password: 'not the password',
        new_password: 'a brand new password',
      });
      expectProblem(res, 403, 'CURRENT_SECRET_INVALID');
      expect(res.text).not.toMatch(/argon2/);
      expect(await hashOf(u.id)).toBe(before);
      expect((await signIn(u)).status).toBe(200);
    });

    it('refuses a short new password and a missing current one with 400', async () => {
      const u = await t.newUser();
      expectProblem(
        await changePassword(u, { current_password: u.password, new_password: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expectProblem(
        await changePassword(u, { new_password: 'a brand new password' }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('slows down guessing of the current password like failed sign-ins', async () => {
      const u = await t.newUser();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await changePassword(u, {
          current_password: `guess-${i}`,
          new_password: 'a brand new password',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });

    it('refuses an anonymous caller with 401', async () => {
      const res = await t.http
        .put('/api/profile/password')
        .send({ current_password: 'x', new_password: 'a brand new password' });
      expectProblem(res, 401, 'UNAUTHENTICATED');
    });
  });

  describe('POST /api/profile/deletion', () => {
    it('deletes the account, its data and its photo files, and ends its sessions', async () => {
      const u = await t.newUser({ tier: 'plus' });
      const other = await t.newUser({ tier: 'plus' });
      for (const who of [u, other]) {
        const weight = await t.http
          .post('/api/weight')
          .set('Authorization', who.auth)
          .send({ date: '2026-01-10', weight_kg: 80 });
        expect(weight.status).toBe(201);
        const photo = await t.http
          .post('/api/photos')
          .set('Authorization', who.auth)
          .field('taken_on', '2026-01-15')
          .field('pose', 'front')
          .attach('file', photoFixture('photo.jpg'), {
            filename: 'me.jpg',
            contentType: 'image/jpeg',
          });
        expect(photo.status).toBe(201);
      }
      const [mine] = await t.db.query('SELECT storage_path FROM photos WHERE user_id = $1', [u.id]);
      expect(fs.existsSync(path.join(root, mine.storage_path))).toBe(true);

      expectProblem(await deleteAccount(u, { password: 'wrong' }), 403, 'CURRENT_SECRET_INVALID');
      expect((await profile(u.token)).status).toBe(200);

      expect((await deleteAccount(u, { password: u.password })).status).toBe(204);
      expectProblem(await profile(u.token), 401, 'UNAUTHENTICATED');
      expectProblem(await signIn(u), 401, 'UNAUTHENTICATED');
      for (const table of ['users', 'weight_entries', 'photos', 'refresh_tokens']) {
        const column =
          table === 'users' ? 'id' : table === 'refresh_tokens' ? 'subject_id' : 'user_id';
        const [{ n }] = await t.db.query(
          `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
          [u.id],
        );
        expect({ table, n }).toEqual({ table, n: 0 });
      }
      expect(fs.existsSync(path.join(root, mine.storage_path))).toBe(false);
      // The other account keeps everything.
      const [{ n: theirs }] = await t.db.query(
        'SELECT count(*)::int AS n FROM photos WHERE user_id = $1',
        [other.id],
      );
      expect(theirs).toBe(1);
      expect((await profile(other.token)).status).toBe(200);
    });

    it('keeps the last active admin', async () => {
      await t.db.query(`UPDATE users SET role = 'user' WHERE role = 'admin'`);
      const admin = await t.newUser({ role: 'admin' });
      expectProblem(
        await deleteAccount(admin, { password: admin.password }),
        409,
        'ADMIN_SELF_LOCKOUT',
      );
      expect((await profile(admin.token)).status).toBe(200);
    });

    it('refuses an anonymous caller and a missing password', async () => {
      expectProblem(
        await t.http.post('/api/profile/deletion').send({ password: 'x' }),
        401,
        'UNAUTHENTICATED',
      );
      const u = await t.newUser();
      expectProblem(await deleteAccount(u, {}), 400, 'VALIDATION_FAILED');
      expect((await profile(u.token)).status).toBe(200);
    });
  });
});
