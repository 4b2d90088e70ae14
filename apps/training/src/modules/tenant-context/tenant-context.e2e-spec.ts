import { insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { TenantContextService } from './tenant-context.service';

describe('tenant context', () => {
  let t: TrainingTestApp;
  let tenants: TenantContextService;
  let member: TestProfile;
  let platformAdmin: TestProfile;
  let clubA: string;
  let clubB: string;
  let clubC: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    tenants = t.app.get(TenantContextService);
    member = await t.newProfile();
    platformAdmin = await t.newProfile({ role: 'admin' });
    clubA = await insertClub(t.db, 'A', [{ profileId: member.id, roles: ['member'] }]);
    clubB = await insertClub(t.db, 'B', [{ profileId: member.id, roles: ['trainer', 'member'] }]);
    clubC = await insertClub(t.db, 'C');
  });
  afterAll(() => t.close());

  describe('on an ordinary protected route', () => {
    it.each([
      ['a club the caller is not a member of', () => clubC],
      ['an unknown club', () => '00000000-0000-4000-8000-000000000000'],
      ['a value that is not a UUID', () => 'club-a'],
    ])('refuses a header naming %s with 403 CLUB_CONTEXT_FORBIDDEN', async (_label, club) => {
      const res = await t.http
        .get('/api/clubs')
        .set('Authorization', member.auth)
        .set('X-Active-Club-Id', club());
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe('CLUB_CONTEXT_FORBIDDEN');
    });

    it('accepts a header naming one of the caller’s clubs', async () => {
      const res = await t.http
        .get('/api/clubs')
        .set('Authorization', member.auth)
        .set('X-Active-Club-Id', clubB);
      expect(res.status).toBe(200);
    });

    it('lets a platform admin name any existing club but not an unknown one', async () => {
      const ok = await t.http
        .get('/api/clubs')
        .set('Authorization', platformAdmin.auth)
        .set('X-Active-Club-Id', clubC);
      expect(ok.status).toBe(200);
      const unknown = await t.http
        .get('/api/clubs')
        .set('Authorization', platformAdmin.auth)
        .set('X-Active-Club-Id', '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(403);
      expect(unknown.body.code).toBe('CLUB_CONTEXT_FORBIDDEN');
    });

    it('ignores the header on public routes', async () => {
      const res = await t.http.get('/api/clubs/directory').set('X-Active-Club-Id', 'junk');
      expect(res.status).toBe(200);
    });

    it('answers 401 before looking at the header when there is no token', async () => {
      const res = await t.http.get('/api/clubs').set('X-Active-Club-Id', 'junk');
      expect(res.status).toBe(401);
    });
  });

  describe('resolution', () => {
    it('uses the header club and its roles when the caller is a member', async () => {
      const ctx = await tenants.resolve(member.id, 'user', clubB, false);
      expect(ctx.effective_club_id).toBe(clubB);
      expect(ctx.club_roles).toEqual(['trainer', 'member']);
      expect([...ctx.memberships.keys()].sort()).toEqual([clubA, clubB].sort());
    });

    it('falls back to the oldest membership without header and active club', async () => {
      const ctx = await tenants.resolve(member.id, 'user', undefined, false);
      expect(ctx.effective_club_id).toBe(clubA);
      expect(ctx.club_roles).toEqual(['member']);
    });

    it('uses the profile’s active club when the caller is a member of it', async () => {
      await t.db.query('UPDATE profiles SET active_club_id = $2 WHERE id = $1', [member.id, clubB]);
      const ctx = await tenants.resolve(member.id, 'user', undefined, false);
      expect(ctx.effective_club_id).toBe(clubB);
      await t.db.query('UPDATE profiles SET active_club_id = $2 WHERE id = $1', [member.id, clubC]);
      const notMember = await tenants.resolve(member.id, 'user', undefined, false);
      expect(notMember.effective_club_id).toBe(clubA);
      await t.db.query('UPDATE profiles SET active_club_id = NULL WHERE id = $1', [member.id]);
    });

    it('gives a platform admin without header the active club of the profile', async () => {
      await t.db.query('UPDATE profiles SET active_club_id = $2 WHERE id = $1', [
        platformAdmin.id,
        clubC,
      ]);
      const ctx = await tenants.resolve(platformAdmin.id, 'admin', undefined, false);
      expect(ctx.effective_club_id).toBe(clubC);
      expect(ctx.club_roles).toEqual([]);
    });

    it('gives null to a caller without clubs', async () => {
      const loner = await t.newProfile();
      const ctx = await tenants.resolve(loner.id, 'user', undefined, false);
      expect(ctx.effective_club_id).toBeNull();
      expect(ctx.club_roles).toEqual([]);
    });

    it('describe() discards a stale header and lists the clubs with roles', async () => {
      const d = await tenants.describe(member.id, 'user', clubC);
      expect(d.effective_club_id).toBe(clubA);
      expect(d.clubs).toEqual([
        { id: clubA, name: 'A', roles: ['member'] },
        { id: clubB, name: 'B', roles: ['trainer', 'member'] },
      ]);
      const junk = await tenants.describe(member.id, 'user', 'junk');
      expect(junk.effective_club_id).toBe(clubA);
    });
  });
});
