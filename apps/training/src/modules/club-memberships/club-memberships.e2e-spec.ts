import { statusesOfConcurrent } from '@sports/common/testing';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { ClubMembershipsService } from './club-memberships.service';
import { countRows, insertClub, insertMember } from './club-test-fixtures';

describe('club members (HTTP)', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let clubAdmin: TestProfile;
  let trainer: TestProfile;
  let member: TestProfile;
  let outsider: TestProfile;
  let clubA: string;
  let memberRowId: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    admin = await t.newProfile({ role: 'admin' });
    clubAdmin = await t.newProfile({ name: 'Carla Admin' });
    trainer = await t.newProfile({ name: 'Tom Trainer' });
    member = await t.newProfile({ name: 'Mia Member' });
    outsider = await t.newProfile({ name: 'Otto Outsider' });
    clubA = await insertClub(t.db, 'A', [
      { profileId: clubAdmin.id, roles: ['club_admin'] },
      { profileId: trainer.id, roles: ['trainer'] },
    ]);
    memberRowId = await insertMember(t.db, clubA, member.id, ['member']);
  });
  afterAll(() => t.close());

  it('lets a club admin add a member with several roles', async () => {
    const res = await t.http
      .post(`/api/clubs/${clubA}/members`)
      .set('Authorization', clubAdmin.auth)
      .send({ profile_id: outsider.id, roles: ['trainer', 'member'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: clubA,
      profile_id: outsider.id,
      name: 'Otto Outsider',
      roles: ['member', 'trainer'],
    });
    const again = await t.http
      .post(`/api/clubs/${clubA}/members`)
      .set('Authorization', clubAdmin.auth)
      .send({ profile_id: outsider.id, roles: ['member'] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_MEMBER');
    await t.db.query('DELETE FROM club_members WHERE id = $1', [res.body.id]);
  });

  it('answers six simultaneous adds of one profile with one 201 and 409 ALREADY_MEMBER', async () => {
    const profile = await t.newProfile();
    const statuses = await statusesOfConcurrent(6, () =>
      t.http
        .post(`/api/clubs/${clubA}/members`)
        .set('Authorization', clubAdmin.auth)
        .send({ profile_id: profile.id, roles: ['member'] }),
    );
    expect(statuses).toEqual({ 201: 1, 409: 5 });
    const rows = await t.db.query(
      'SELECT count(*)::int AS n FROM club_members WHERE club_id = $1 AND profile_id = $2',
      [clubA, profile.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['an unknown role', { roles: ['owner'] }, 400],
    ['a platform role', { roles: ['superadmin'] }, 400],
    ['no roles', { roles: [] }, 400],
    ['an unknown profile', { profile_id: '00000000-0000-4000-8000-000000000000' }, 422],
    ['an unknown field', { role: 'admin' }, 400],
  ])('refuses a member with %s and writes nothing', async (_label, patch, status) => {
    const before = await countRows(t.db, 'club_members');
    const res = await t.http
      .post(`/api/clubs/${clubA}/members`)
      .set('Authorization', clubAdmin.auth)
      .send({ profile_id: outsider.id, roles: ['member'], ...patch });
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await countRows(t.db, 'club_members')).toBe(before);
  });

  it('refuses adding a member to an unknown club with 404 and writes nothing', async () => {
    const before = await countRows(t.db, 'club_members');
    const res = await t.http
      .post('/api/clubs/00000000-0000-4000-8000-000000000000/members')
      .set('Authorization', admin.auth)
      .send({ profile_id: outsider.id, roles: ['member'] });
    expect(res.status).toBe(404);
    expect(await countRows(t.db, 'club_members')).toBe(before);
  });

  it('refuses a member who tries to make themselves club_admin with 403 (role escalation)', async () => {
    const res = await t.http
      .put(`/api/clubs/${clubA}/members/${memberRowId}`)
      .set('Authorization', member.auth)
      .send({ roles: ['club_admin', 'member'] });
    expect(res.status).toBe(403);
    const rows = await t.db.query('SELECT roles FROM club_members WHERE id = $1', [memberRowId]);
    expect(rows[0].roles).toEqual(['member']);
    const trainerTry = await t.http
      .post(`/api/clubs/${clubA}/members`)
      .set('Authorization', trainer.auth)
      .send({ profile_id: outsider.id, roles: ['club_admin'] });
    expect(trainerTry.status).toBe(403);
  });

  it('lets a club admin change roles and read a member', async () => {
    const put = await t.http
      .put(`/api/clubs/${clubA}/members/${memberRowId}`)
      .set('Authorization', clubAdmin.auth)
      .send({ roles: ['member', 'trainer'] });
    expect(put.status).toBe(200);
    expect(put.body.roles).toEqual(['member', 'trainer']);
    const get = await t.http
      .get(`/api/clubs/${clubA}/members/${memberRowId}`)
      .set('Authorization', clubAdmin.auth);
    expect(get.status).toBe(200);
    expect(get.body.email).toBe(member.email);
    await t.db.query(`UPDATE club_members SET roles = '{member}' WHERE id = $1`, [memberRowId]);
  });

  it('refuses a club admin removing the last club_admin with 409 LAST_CLUB_ADMIN', async () => {
    const [{ id }] = await t.db.query(
      'SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2',
      [clubA, clubAdmin.id],
    );
    const demote = await t.http
      .put(`/api/clubs/${clubA}/members/${id}`)
      .set('Authorization', clubAdmin.auth)
      .send({ roles: ['member'] });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('LAST_CLUB_ADMIN');
    const remove = await t.http
      .delete(`/api/clubs/${clubA}/members/${id}`)
      .set('Authorization', clubAdmin.auth);
    expect(remove.status).toBe(409);
    const rows = await t.db.query('SELECT roles FROM club_members WHERE id = $1', [id]);
    expect(rows[0].roles).toEqual(['club_admin']);
  });

  it('lets a platform admin remove a member; the member then loses access', async () => {
    const clubX = await insertClub(t.db, 'X', [{ profileId: clubAdmin.id, roles: ['club_admin'] }]);
    const id = await insertMember(t.db, clubX, outsider.id, ['member']);
    const res = await t.http
      .delete(`/api/clubs/${clubX}/members/${id}`)
      .set('Authorization', admin.auth);
    expect(res.status).toBe(204);
    const read = await t.http.get(`/api/clubs/${clubX}`).set('Authorization', outsider.auth);
    expect(read.status).toBe(403);
    const gone = await t.http
      .get(`/api/clubs/${clubX}/members/${id}`)
      .set('Authorization', admin.auth);
    expect(gone.status).toBe(404);
  });

  it('lists members for club admins and filters by role', async () => {
    const res = await t.http
      .get(`/api/clubs/${clubA}/members?role=trainer`)
      .set('Authorization', clubAdmin.auth);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { profile_id: string }) => m.profile_id)).toEqual([trainer.id]);
    const refused = await t.http
      .get(`/api/clubs/${clubA}/members`)
      .set('Authorization', trainer.auth);
    expect(refused.status).toBe(403);
  });

  it('shows the member directory to members without emails, and with emails to admins', async () => {
    const asMember = await t.http
      .get(`/api/clubs/${clubA}/member-directory?role=trainer`)
      .set('Authorization', member.auth);
    expect(asMember.status).toBe(200);
    expect(asMember.body.items).toEqual([
      { profile_id: trainer.id, name: 'Tom Trainer', roles: ['trainer'] },
    ]);
    const asAdmin = await t.http
      .get(`/api/clubs/${clubA}/member-directory`)
      .set('Authorization', clubAdmin.auth);
    expect(asAdmin.body.items[0].email).toEqual(expect.any(String));
    const asOutsider = await t.http
      .get(`/api/clubs/${clubA}/member-directory`)
      .set('Authorization', outsider.auth);
    expect(asOutsider.status).toBe(403);
  });

  it('clubsOfProfiles() lists each profile’s clubs with roles', async () => {
    const map = await t.app.get(ClubMembershipsService).clubsOfProfiles([trainer.id, outsider.id]);
    expect(map.get(trainer.id)).toEqual([{ id: clubA, name: 'A', roles: ['trainer'] }]);
    expect(map.get(outsider.id)).toEqual([]);
  });
});
