import { statusesOfConcurrent } from '@sports/common/testing';
import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('club join requests (HTTP)', () => {
  let t: TrainingTestApp;
  let clubAdmin: TestProfile;
  let otherAdmin: TestProfile;
  let clubA: string;

  const submit = (p: TestProfile, clubId = clubA, body: object = { message: 'Hi' }) =>
    t.http.post(`/api/clubs/${clubId}/join-requests`).set('Authorization', p.auth).send(body);

  beforeAll(async () => {
    t = await startTrainingTestApp();
    clubAdmin = await t.newProfile();
    otherAdmin = await t.newProfile();
    clubA = await insertClub(t.db, 'A', [{ profileId: clubAdmin.id, roles: ['club_admin'] }]);
    await insertClub(t.db, 'B', [{ profileId: otherAdmin.id, roles: ['club_admin'] }]);
  });
  afterAll(() => t.close());

  it('accepts a request once: accepting again answers the same result and creates nothing', async () => {
    const applicant = await t.newProfile();
    const req = await submit(applicant);
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ status: 'pending', message: 'Hi', profile_id: applicant.id });
    const first = await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
      .set('Authorization', clubAdmin.auth);
    expect(first.status).toBe(200);
    expect(first.body.request).toMatchObject({
      status: 'accepted',
      decided_by_profile_id: clubAdmin.id,
    });
    expect(first.body.member_id).toEqual(expect.any(String));
    const membersAfterFirst = await countRows(t.db, 'club_members');
    const second = await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
      .set('Authorization', clubAdmin.auth);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await countRows(t.db, 'club_members')).toBe(membersAfterFirst);
    const rows = await t.db.query(
      'SELECT roles FROM club_members WHERE club_id = $1 AND profile_id = $2',
      [clubA, applicant.id],
    );
    expect(rows).toEqual([{ roles: ['member'] }]);
  });

  it('refuses to accept a rejected request with 409 and creates no membership', async () => {
    const applicant = await t.newProfile();
    const req = await submit(applicant);
    const reject = await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/reject`)
      .set('Authorization', clubAdmin.auth);
    expect(reject.status).toBe(200);
    expect(reject.body.status).toBe('rejected');
    const before = await countRows(t.db, 'club_members');
    const accept = await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
      .set('Authorization', clubAdmin.auth);
    expect(accept.status).toBe(409);
    expect(accept.body.code).toBe('JOIN_REQUEST_REJECTED');
    expect(await countRows(t.db, 'club_members')).toBe(before);
    const status = await t.db.query('SELECT status FROM club_join_requests WHERE id = $1', [
      req.body.id,
    ]);
    expect(status[0].status).toBe('rejected');
  });

  it('refuses to reject an accepted request with 409', async () => {
    const applicant = await t.newProfile();
    const req = await submit(applicant);
    await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
      .set('Authorization', clubAdmin.auth);
    const reject = await t.http
      .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/reject`)
      .set('Authorization', clubAdmin.auth);
    expect(reject.status).toBe(409);
    expect(reject.body.code).toBe('JOIN_REQUEST_ACCEPTED');
  });

  it('refuses a second pending request and a request by a member with 409', async () => {
    const applicant = await t.newProfile();
    expect((await submit(applicant)).status).toBe(201);
    const before = await countRows(t.db, 'club_join_requests');
    const twice = await submit(applicant);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('JOIN_REQUEST_PENDING');
    const asMember = await submit(clubAdmin);
    expect(asMember.status).toBe(409);
    expect(asMember.body.code).toBe('ALREADY_MEMBER');
    expect(await countRows(t.db, 'club_join_requests')).toBe(before);
  });

  it('lets an applicant apply again after a rejection', async () => {
    const applicant = await t.newProfile();
    const first = await submit(applicant);
    await t.http
      .post(`/api/clubs/${clubA}/join-requests/${first.body.id}/reject`)
      .set('Authorization', clubAdmin.auth);
    expect((await submit(applicant)).status).toBe(201);
  });

  it.each([
    ['an unknown club', () => '00000000-0000-4000-8000-000000000000', {}, 404],
    ['a message over 2000 characters', () => clubA, { message: 'x'.repeat(2001) }, 400],
    ['an unknown field', () => clubA, { status: 'accepted' }, 400],
  ])('refuses a request to %s and writes nothing', async (_l, club, body, status) => {
    const applicant = await t.newProfile();
    const before = await countRows(t.db, 'club_join_requests');
    const res = await submit(applicant, club(), body);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await countRows(t.db, 'club_join_requests')).toBe(before);
  });

  it('lets only admins of the club list and decide requests', async () => {
    const applicant = await t.newProfile();
    const req = await submit(applicant);
    const list = await t.http
      .get(`/api/clubs/${clubA}/join-requests?status=pending`)
      .set('Authorization', clubAdmin.auth);
    expect(list.status).toBe(200);
    expect(list.body.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(list.body.items.map((r: { id: string }) => r.id)).toContain(req.body.id);
    for (const caller of [otherAdmin, applicant]) {
      const l = await t.http
        .get(`/api/clubs/${clubA}/join-requests`)
        .set('Authorization', caller.auth);
      expect(l.status).toBe(403);
      const a = await t.http
        .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
        .set('Authorization', caller.auth);
      expect(a.status).toBe(403);
    }
    const row = await t.db.query('SELECT status FROM club_join_requests WHERE id = $1', [
      req.body.id,
    ]);
    expect(row[0].status).toBe('pending');
  });

  it('shows the caller their own requests', async () => {
    const applicant = await t.newProfile();
    const req = await submit(applicant);
    const mine = await t.http.get('/api/join-requests/mine').set('Authorization', applicant.auth);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 1, items: [{ id: req.body.id, club_id: clubA }] });
    const anon = await t.http.get('/api/join-requests/mine');
    expect(anon.status).toBe(401);
  });

  describe('concurrent duplicates', () => {
    const membershipsOf = async (profileId: string): Promise<number> =>
      (
        await t.db.query(
          'SELECT count(*)::int AS n FROM club_members WHERE club_id = $1 AND profile_id = $2',
          [clubA, profileId],
        )
      )[0].n;

    it('answers eight simultaneous requests of one applicant with one 201 and 409 JOIN_REQUEST_PENDING', async () => {
      const applicant = await t.newProfile();
      const statuses = await statusesOfConcurrent(8, () => submit(applicant));
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        `SELECT count(*)::int AS n FROM club_join_requests WHERE profile_id = $1 AND status = 'pending'`,
        [applicant.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it('accepts one request six times at once: every answer 200, one membership', async () => {
      const applicant = await t.newProfile();
      const req = await submit(applicant);
      const statuses = await statusesOfConcurrent(6, () =>
        t.http
          .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
          .set('Authorization', clubAdmin.auth),
      );
      expect(statuses).toEqual({ 200: 6 });
      expect(await membershipsOf(applicant.id)).toBe(1);
    });

    it('races accepting a request against adding the applicant directly: only 2xx and 409 ALREADY_MEMBER, one membership', async () => {
      const applicant = await t.newProfile();
      const req = await submit(applicant);
      const statuses = await statusesOfConcurrent(8, (i) =>
        i % 2 === 0
          ? t.http
              .post(`/api/clubs/${clubA}/join-requests/${req.body.id}/accept`)
              .set('Authorization', clubAdmin.auth)
          : t.http
              .post(`/api/clubs/${clubA}/members`)
              .set('Authorization', clubAdmin.auth)
              .send({ profile_id: applicant.id, roles: ['member'] }),
      );
      const { 200: accepted, 201: added = 0, 409: refused = 0, ...others } = statuses;
      expect(others).toEqual({});
      expect(accepted).toBe(4);
      expect(added + refused).toBe(4);
      expect(await membershipsOf(applicant.id)).toBe(1);
    });
  });
});
