import { entityTagContract } from '@sports/common/testing';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('clubs (HTTP)', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let alice: TestProfile;
  let bob: TestProfile;

  const count = async (table: string): Promise<number> =>
    (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  beforeAll(async () => {
    // The public club directory lists every club of the service: a database of this file's own.
    t = await startTrainingTestApp({}, { own: true });
    admin = await t.newProfile({ role: 'admin' });
    alice = await t.newProfile({ name: 'Alice' });
    bob = await t.newProfile({ name: 'Bob' });
  });
  afterAll(() => t.close());

  it('lets a platform admin create a club whose primary admin becomes club_admin', async () => {
    const res = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: '  TSV Nord ', city: 'Kiel', primary_admin_profile_id: alice.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'TSV Nord',
      city: 'Kiel',
      is_listed: true,
      primary_admin_profile_id: alice.id,
      member_count: 1,
      my_roles: [],
    });
    const rows = await t.db.query('SELECT profile_id, roles FROM club_members WHERE club_id = $1', [
      res.body.id,
    ]);
    expect(rows).toEqual([{ profile_id: alice.id, roles: ['club_admin'] }]);
  });

  it('refuses club creation by a non-admin with 403 and writes nothing', async () => {
    const before = await count('clubs');
    const res = await t.http
      .post('/api/clubs')
      .set('Authorization', alice.auth)
      .send({ name: 'Mine', primary_admin_profile_id: alice.id });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await count('clubs')).toBe(before);
  });

  it.each([
    [
      'unknown primary admin',
      { name: 'X', primary_admin_profile_id: '00000000-0000-4000-8000-000000000000' },
      422,
    ],
    ['missing primary admin', { name: 'X' }, 400],
    ['blank name', { name: '   ', primary_admin_profile_id: 'SELF' }, 400],
    ['name too long', { name: 'x'.repeat(201), primary_admin_profile_id: 'SELF' }, 400],
    ['unknown field', { name: 'X', primary_admin_profile_id: 'SELF', owner: 'me' }, 400],
  ])('refuses a club with %s and writes nothing', async (_label, body, status) => {
    const payload = { ...body } as Record<string, unknown>;
    if (payload.primary_admin_profile_id === 'SELF') payload.primary_admin_profile_id = alice.id;
    const before = [await count('clubs'), await count('club_members')];
    const res = await t.http.post('/api/clubs').set('Authorization', admin.auth).send(payload);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect([await count('clubs'), await count('club_members')]).toEqual(before);
  });

  it('refuses an oversized JSON body with 413 problem+json and writes nothing', async () => {
    const before = await count('clubs');
    const res = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          name: 'Big',
          description: 'x'.repeat(1_100_000),
          primary_admin_profile_id: alice.id,
        }),
      );
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await count('clubs')).toBe(before);
  });

  it('lists all clubs for a platform admin and only own clubs for others', async () => {
    const other = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: 'Other club', primary_admin_profile_id: bob.id });
    expect(other.status).toBe(201);
    const all = await t.http.get('/api/clubs').set('Authorization', admin.auth);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(await count('clubs'));
    const mine = await t.http.get('/api/clubs').set('Authorization', alice.auth);
    expect(mine.body.items.map((c: { name: string }) => c.name)).toEqual(['TSV Nord']);
    expect(mine.body.items[0].my_roles).toEqual(['club_admin']);
    expect(mine.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
  });

  it('shows listed clubs with their member count in the public directory', async () => {
    const hidden = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: 'Hidden club', is_listed: false, primary_admin_profile_id: bob.id });
    expect(hidden.status).toBe(201);
    const res = await t.http.get('/api/clubs/directory');
    expect(res.status).toBe(200);
    const names = res.body.items.map((c: { name: string }) => c.name);
    expect(names).toContain('TSV Nord');
    expect(names).not.toContain('Hidden club');
    expect(res.body.items.find((c: { name: string }) => c.name === 'TSV Nord')).toEqual({
      id: expect.any(String),
      name: 'TSV Nord',
      city: 'Kiel',
      member_count: 1,
    });
    const search = await t.http.get('/api/clubs/directory?search=kiel');
    expect(search.body.items.map((c: { name: string }) => c.name)).toEqual(['TSV Nord']);
  });

  it('lets the club admin update the club and refuses a non-member with 403', async () => {
    const club = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: 'Edit me', primary_admin_profile_id: alice.id });
    const ok = await t.http
      .put(`/api/clubs/${club.body.id}`)
      .set('Authorization', alice.auth)
      .send({ name: 'Edited', description: 'desc', city: null });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Edited', description: 'desc', city: null });
    const refused = await t.http
      .put(`/api/clubs/${club.body.id}`)
      .set('Authorization', bob.auth)
      .send({ name: 'Hijacked' });
    expect(refused.status).toBe(403);
    const row = await t.db.query('SELECT name FROM clubs WHERE id = $1', [club.body.id]);
    expect(row[0].name).toBe('Edited');
  });

  it('changes the primary admin only to a member, who then becomes club_admin', async () => {
    const club = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: 'Handover', primary_admin_profile_id: alice.id });
    const notMember = await t.http
      .put(`/api/clubs/${club.body.id}`)
      .set('Authorization', alice.auth)
      .send({ primary_admin_profile_id: bob.id, name: 'Changed?' });
    expect(notMember.status).toBe(422);
    expect(notMember.body.code).toBe('NOT_A_CLUB_MEMBER');
    const unchanged = await t.db.query(
      'SELECT name, primary_admin_profile_id FROM clubs WHERE id = $1',
      [club.body.id],
    );
    expect(unchanged[0]).toEqual({ name: 'Handover', primary_admin_profile_id: alice.id });
    await t.db.query(
      `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, '{member}')`,
      [club.body.id, bob.id],
    );
    const ok = await t.http
      .put(`/api/clubs/${club.body.id}`)
      .set('Authorization', alice.auth)
      .send({ primary_admin_profile_id: bob.id });
    expect(ok.status).toBe(200);
    expect(ok.body.primary_admin_profile_id).toBe(bob.id);
    const roles = await t.db.query(
      'SELECT roles FROM club_members WHERE club_id = $1 AND profile_id = $2',
      [club.body.id, bob.id],
    );
    expect(roles[0].roles).toEqual(['club_admin', 'member']);
  });

  it('deletes a club (platform admin only) with its memberships', async () => {
    const club = await t.http
      .post('/api/clubs')
      .set('Authorization', admin.auth)
      .send({ name: 'Doomed', primary_admin_profile_id: alice.id });
    const refused = await t.http
      .delete(`/api/clubs/${club.body.id}`)
      .set('Authorization', alice.auth);
    expect(refused.status).toBe(403);
    const ok = await t.http.delete(`/api/clubs/${club.body.id}`).set('Authorization', admin.auth);
    expect(ok.status).toBe(204);
    expect(
      await t.db.query('SELECT 1 FROM club_members WHERE club_id = $1', [club.body.id]),
    ).toEqual([]);
    const again = await t.http
      .delete(`/api/clubs/${club.body.id}`)
      .set('Authorization', admin.auth);
    expect(again.status).toBe(404);
  });

  it('answers 400 for a malformed club id and 404 for an unknown one', async () => {
    const bad = await t.http.get('/api/clubs/not-a-uuid').set('Authorization', admin.auth);
    expect(bad.status).toBe(400);
    const unknown = await t.http
      .get('/api/clubs/00000000-0000-4000-8000-000000000000')
      .set('Authorization', admin.auth);
    expect(unknown.status).toBe(404);
  });

  describe('entity tags (If-Match on PUT and DELETE)', () => {
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: admin.auth },
      stranger: { Authorization: bob.auth },
      strangerStatus: 403,
      row: (url) => ({ table: 'clubs', where: { id: url.split('/').pop() } }),
      create: async () => {
        const created = await t.http
          .post('/api/clubs')
          .set('Authorization', admin.auth)
          .send({ name: 'Versioniert', primary_admin_profile_id: alice.id });
        return { url: `/api/clubs/${created.body.id}`, created };
      },
      change: (n) => ({ name: `Fassung ${n}`, city: `Stadt ${n}` }),
      stored: async (url) =>
        (
          await t.db.query('SELECT name, city FROM clubs WHERE id = $1', [url.split('/').pop()])
        )[0] ?? null,
    }));
  });
});
