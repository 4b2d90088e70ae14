import { entityTagContract } from '@sports/common/testing';
import type { EntityManager } from 'typeorm';
import { statusesOfConcurrent } from '@sports/common/testing';
import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { ExerciseUsageRegistry } from './exercise-usage.registry';
import { XSS_PAYLOADS } from './xss-payloads.testdata';

describe('exercises (HTTP): CRUD, governance, visibility', () => {
  let t: TrainingTestApp;
  let superadmin: TestProfile;
  let admin: TestProfile;
  let clubAdminA: TestProfile;
  let trainerA: TestProfile;
  let memberA: TestProfile;
  let memberB: TestProfile;
  let loner: TestProfile;
  let clubA: string;
  let clubB: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [superadmin, admin, clubAdminA, trainerA, memberA, memberB, loner] = await Promise.all([
      t.newProfile({ role: 'superadmin' }),
      t.newProfile({ role: 'admin' }),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
    ]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: clubAdminA.id, roles: ['club_admin'] },
      { profileId: trainerA.id, roles: ['trainer'] },
      { profileId: memberA.id, roles: ['member'] },
    ]);
    clubB = await insertClub(t.db, 'Club B', [{ profileId: memberB.id, roles: ['club_admin'] }]);
  });
  afterAll(() => t.close());

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', p.auth).send(body),
    patch: (url: string, body: object) => t.http.patch(url).set('Authorization', p.auth).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', p.auth),
  });
  const slugId = async (table: string, slug: string): Promise<string> =>
    (await t.db.query(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))[0].id;
  const create = async (p: TestProfile, body: object): Promise<string> => {
    const res = await as(p).post('/api/exercises', { title: 'Übung', ...body });
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  describe('create', () => {
    it('creates a private exercise with catalog links, skills and enriched lists', async () => {
      const koord = await slugId('focus_areas', 'koordination');
      const karate = await slugId('training_styles', 'karate');
      const kinder = await slugId('target_groups', 'kinder');
      const u10 = await slugId('age_groups', 'u10');
      const skill = await slugId('skills', 'fallschule');
      const res = await as(trainerA).post('/api/exercises', {
        title: 'Reaktionsstaffel',
        description: '<p>Zwei Teams <strong>laufen</strong></p>',
        duration_minutes: 15,
        difficulty: 2,
        focus_areas_multi: [koord],
        training_styles_multi: [karate],
        target_groups_multi: [kinder],
        age_groups_catalog: [u10],
        skills: [{ skill_id: skill, level: 'aufbau' }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Reaktionsstaffel',
        visibility: 'private',
        club_id: null,
        status: 'active',
        owner_profile_id: trainerA.id,
        focus_areas: [{ id: koord, slug: 'koordination', name: 'Koordination' }],
        training_styles: [{ id: karate, name: 'Karate' }],
        target_groups: [{ id: kinder, age_min: 7, age_max: 10 }],
        age_groups_catalog: [{ id: u10, name: 'U10' }],
        skills: [{ skill_id: skill, level: 'aufbau', level_rank: 3 }],
        variants: [],
        media: [],
        permissions: { can_edit: true, can_delete: true },
      });
    });

    it('refuses unknown catalog ids with 422 naming each and writes nothing', async () => {
      const before = await countRows(t.db, 'exercises');
      const res = await as(trainerA).post('/api/exercises', {
        title: 'Bad',
        focus_areas_multi: ['00000000-0000-4000-8000-000000000001'],
        skills: [{ skill_id: '00000000-0000-4000-8000-000000000002', level: 'basis' }],
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('UNKNOWN_CATALOG_ENTRY');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
        'focus_areas_multi.0',
        'skills.0.skill_id',
      ]);
      expect(await countRows(t.db, 'exercises')).toBe(before);
    });

    it('refuses an unknown skill level and unknown fields with 400', async () => {
      const skill = await slugId('skills', 'fallschule');
      const res = await as(trainerA).post('/api/exercises', {
        title: 'X',
        skills: [{ skill_id: skill, level: 'meister' }],
        owner_profile_id: loner.id,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'owner_profile_id',
        'skills.0.level',
      ]);
    });

    it('takes the club of a club exercise from the active club when the body has none', async () => {
      const res = await as(trainerA).post('/api/exercises', { title: 'Club', visibility: 'club' });
      expect(res.status).toBe(201);
      expect(res.body.club_id).toBe(clubA);
      const viaHeader = await t.http
        .post('/api/exercises')
        .set('Authorization', admin.auth)
        .set('X-Active-Club-Id', clubB)
        .send({ title: 'Admin club', visibility: 'club' });
      expect(viaHeader.body.club_id).toBe(clubB);
    });

    it('refuses a club exercise without any club with 422 CLUB_REQUIRED', async () => {
      const res = await as(loner).post('/api/exercises', { title: 'X', visibility: 'club' });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CLUB_REQUIRED');
    });

    it('refuses a club exercise for a club the caller is not a member of (403)', async () => {
      const res = await as(trainerA).post('/api/exercises', {
        title: 'X',
        visibility: 'club',
        club_id: clubB,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CLUB_MEMBERSHIP_REQUIRED');
    });

    it('lets a platform admin pick any existing club, but not an unknown one', async () => {
      const ok = await as(admin).post('/api/exercises', {
        title: 'Admin',
        visibility: 'club',
        club_id: clubA,
      });
      expect(ok.status).toBe(201);
      const unknown = await as(admin).post('/api/exercises', {
        title: 'Admin',
        visibility: 'club',
        club_id: '00000000-0000-4000-8000-000000000009',
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.code).toBe('UNKNOWN_CLUB');
    });

    it('creates official exercises for a superadmin only', async () => {
      expect(
        (await as(superadmin).post('/api/exercises', { title: 'O', visibility: 'official' }))
          .status,
      ).toBe(201);
      for (const p of [admin, clubAdminA]) {
        const res = await as(p).post('/api/exercises', { title: 'O', visibility: 'official' });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('OFFICIAL_CONTENT_FORBIDDEN');
      }
    });

    it('refuses inline media markers on create (422)', async () => {
      const res = await as(trainerA).post('/api/exercises', {
        title: 'X',
        description: '<p>{{exerciseMedia:00000000-0000-4000-8000-000000000000}}</p>',
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('INLINE_MEDIA_ON_CREATE');
    });

    it('answers 401 to anonymous callers on every route', async () => {
      const id = await create(trainerA, {});
      expect((await t.http.get('/api/exercises')).status).toBe(401);
      expect((await t.http.get(`/api/exercises/${id}`)).status).toBe(401);
      expect((await t.http.post('/api/exercises').send({ title: 'x' })).status).toBe(401);
      expect((await t.http.put(`/api/exercises/${id}`).send({ title: 'x' })).status).toBe(401);
      expect((await t.http.delete(`/api/exercises/${id}`)).status).toBe(401);
      expect((await t.http.patch('/api/exercises/bulk-metadata').send({ ids: [id] })).status).toBe(
        401,
      );
    });
  });

  describe('sanitizer on write', () => {
    it(`stores none of ${XSS_PAYLOADS.length} XSS payloads in any rich-text field`, async () => {
      const id = await create(trainerA, {
        description: XSS_PAYLOADS.join('\n'),
        instructions: XSS_PAYLOADS.slice(0, 20).join(''),
      });
      const put = await as(trainerA).put(`/api/exercises/${id}`, {
        coaching_points: `<p>ok</p>${XSS_PAYLOADS.slice(20).join('')}`,
      });
      expect(put.status).toBe(200);
      const [row] = await t.db.query(
        'SELECT description, instructions, coaching_points FROM exercises WHERE id = $1',
        [id],
      );
      for (const value of Object.values(row) as string[]) {
        const lower = value.toLowerCase();
        expect(lower).not.toMatch(
          /<script|<iframe|<svg|<object|<embed|\son[a-z]+\s*=|javascript:|vbscript:|data:/,
        );
      }
      expect(row.coaching_points).toContain('<p>ok</p>');
    });

    it('sanitizes material on create and update like the other rich-text fields', async () => {
      const id = await create(trainerA, {
        material:
          '<p>Hütchen</p><script>alert(1)</script><iframe src="https://x.example"></iframe>',
      });
      const [created] = await t.db.query('SELECT material FROM exercises WHERE id = $1', [id]);
      expect(created.material).toBe('<p>Hütchen</p>');
      const put = await as(trainerA).put(`/api/exercises/${id}`, {
        material: `<img src=x onerror="alert(1)">${XSS_PAYLOADS.slice(0, 10).join('')}`,
      });
      expect(put.status).toBe(200);
      const [row] = await t.db.query('SELECT material FROM exercises WHERE id = $1', [id]);
      expect(row.material.toLowerCase()).not.toMatch(
        /<script|<iframe|<svg|<object|<embed|\son[a-z]+\s*=|javascript:|vbscript:|data:/,
      );
      expect(put.body.material).toBe(row.material);
    });

    it('refuses material that outgrows its 2000 characters once sanitized with 400 and changes nothing', async () => {
      const id = await create(trainerA, { material: 'Bälle' });
      const res = await as(trainerA).put(`/api/exercises/${id}`, { material: '<'.repeat(600) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'material' })]);
      const [row] = await t.db.query('SELECT material FROM exercises WHERE id = $1', [id]);
      expect(row.material).toBe('Bälle');
    });
  });

  describe('cross-tenant and private visibility', () => {
    let clubExercise: string;
    let privateExercise: string;

    beforeAll(async () => {
      clubExercise = await create(trainerA, { title: 'Geheim A', visibility: 'club' });
      privateExercise = await create(trainerA, { title: 'Nur für mich' });
    });

    it('shows club A’s exercise to every member of club A', async () => {
      for (const p of [clubAdminA, memberA, trainerA]) {
        expect((await as(p).get(`/api/exercises/${clubExercise}`)).status).toBe(200);
      }
    });

    it('lets a member of club B neither list, read, update nor delete club A’s exercise', async () => {
      const list = await as(memberB).get('/api/exercises?limit=500');
      expect(list.body.items.map((e: { id: string }) => e.id)).not.toContain(clubExercise);
      expect((await as(memberB).get(`/api/exercises/${clubExercise}`)).status).toBe(404);
      expect(
        (await as(memberB).put(`/api/exercises/${clubExercise}`, { title: 'Mine' })).status,
      ).toBe(404);
      expect((await as(memberB).del(`/api/exercises/${clubExercise}`)).status).toBe(404);
      const bulk = await as(memberB).patch('/api/exercises/bulk-metadata', {
        ids: [clubExercise],
        status: 'archived',
      });
      expect(bulk.status).toBe(404);
      const [row] = await t.db.query('SELECT title, status FROM exercises WHERE id = $1', [
        clubExercise,
      ]);
      expect(row).toEqual({ title: 'Geheim A', status: 'active' });
    });

    it('refuses a club B member who names club A in X-Active-Club-Id (403)', async () => {
      const res = await t.http
        .get(`/api/exercises/${clubExercise}`)
        .set('Authorization', memberB.auth)
        .set('X-Active-Club-Id', clubA);
      expect(res.status).toBe(403);
    });

    it('shows a private exercise to its owner only (not club mates, not platform admins)', async () => {
      expect((await as(trainerA).get(`/api/exercises/${privateExercise}`)).status).toBe(200);
      for (const p of [clubAdminA, memberA, admin, superadmin, memberB]) {
        expect((await as(p).get(`/api/exercises/${privateExercise}`)).status).toBe(404);
        const list = await as(p).get('/api/exercises?limit=500');
        expect(list.body.items.map((e: { id: string }) => e.id)).not.toContain(privateExercise);
      }
    });

    it('shows official exercises to everybody signed in', async () => {
      const id = await create(superadmin, { title: 'Offiziell', visibility: 'official' });
      for (const p of [loner, memberB, trainerA]) {
        expect((await as(p).get(`/api/exercises/${id}`)).status).toBe(200);
      }
    });
  });

  describe('update governance', () => {
    it('lets a club member read but not edit another member’s club exercise (403)', async () => {
      const id = await create(trainerA, { visibility: 'club' });
      const res = await as(memberA).put(`/api/exercises/${id}`, { title: 'Changed' });
      expect(res.status).toBe(403);
      const ok = await as(clubAdminA).put(`/api/exercises/${id}`, { title: 'By club admin' });
      expect(ok.status).toBe(200);
      expect(ok.body.title).toBe('By club admin');
    });

    it('moves a private exercise to the owner’s club, but not to a foreign club', async () => {
      const id = await create(trainerA, {});
      const foreign = await as(trainerA).put(`/api/exercises/${id}`, {
        visibility: 'club',
        club_id: clubB,
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('CLUB_MEMBERSHIP_REQUIRED');
      const ok = await as(trainerA).put(`/api/exercises/${id}`, { visibility: 'club' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ visibility: 'club', club_id: clubA });
    });

    it('makes an exercise official for a superadmin, refusing a platform admin', async () => {
      const id = await create(admin, { visibility: 'club', club_id: clubA });
      const refused = await as(admin).put(`/api/exercises/${id}`, { visibility: 'official' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('OFFICIAL_CONTENT_FORBIDDEN');
      const ok = await as(superadmin).put(`/api/exercises/${id}`, { visibility: 'official' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ visibility: 'official', club_id: null });
      // a platform admin may edit an official exercise's content, a club admin may not
      expect((await as(admin).put(`/api/exercises/${id}`, { title: 'Neu' })).status).toBe(200);
      expect((await as(clubAdminA).put(`/api/exercises/${id}`, { title: 'Neu' })).status).toBe(403);
    });

    it('replaces catalog links given and keeps those not given', async () => {
      const kraft = await slugId('focus_areas', 'kraft');
      const technik = await slugId('focus_areas', 'technik');
      const jugend = await slugId('target_groups', 'jugend');
      const id = await create(trainerA, {
        focus_areas_multi: [kraft],
        target_groups_multi: [jugend],
      });
      const res = await as(trainerA).put(`/api/exercises/${id}`, { focus_areas_multi: [technik] });
      expect(res.body.focus_areas.map((f: { id: string }) => f.id)).toEqual([technik]);
      expect(res.body.target_groups.map((f: { id: string }) => f.id)).toEqual([jugend]);
    });

    it('stores the media copyright options of PUT', async () => {
      const id = await create(trainerA, { visibility: 'club' });
      const res = await as(trainerA).put(`/api/exercises/${id}`, {
        default_club_media_copyright: '© Club A',
        promote_attached_media_for_official: true,
        default_official_media_copyright: '© Verband',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        default_club_media_copyright: '© Club A',
        promote_attached_media_for_official: true,
        default_official_media_copyright: '© Verband',
      });
      const short = await as(trainerA).put(`/api/exercises/${id}`, {
        default_club_media_copyright: 'ab',
      });
      expect(short.status).toBe(400);
    });
  });

  describe('delete', () => {
    it('lets the owner delete a private exercise and nobody else', async () => {
      const id = await create(trainerA, {});
      expect((await as(clubAdminA).del(`/api/exercises/${id}`)).status).toBe(404);
      expect((await as(trainerA).del(`/api/exercises/${id}`)).status).toBe(204);
      expect(await t.db.query('SELECT 1 FROM exercises WHERE id = $1', [id])).toEqual([]);
    });

    it('lets a club admin delete a club exercise, refusing its trainer-author (403)', async () => {
      const id = await create(trainerA, { visibility: 'club' });
      const refused = await as(trainerA).del(`/api/exercises/${id}`);
      expect(refused.status).toBe(403);
      expect((await as(clubAdminA).del(`/api/exercises/${id}`)).status).toBe(204);
    });

    it('lets a platform admin delete an official exercise, refusing others', async () => {
      const id = await create(superadmin, { visibility: 'official' });
      expect((await as(clubAdminA).del(`/api/exercises/${id}`)).status).toBe(403);
      expect((await as(admin).del(`/api/exercises/${id}`)).status).toBe(204);
    });

    it('refuses to delete an exercise in use with 409 RESOURCE_IN_USE naming the usages', async () => {
      await t.db.query(
        'CREATE TABLE IF NOT EXISTS test_plan_sections (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text, exercise_id uuid)',
      );
      // A kind of its own: the planning module's `plan_section` stays registered in the shared app.
      const registry = t.app.get(ExerciseUsageRegistry);
      registry.register({
        kind: 'test_plan_section',
        find: (m: EntityManager, ids: string[]) =>
          m.query(
            `SELECT 'test_plan_section' AS kind, id, name AS label, exercise_id
             FROM test_plan_sections WHERE exercise_id = ANY($1::uuid[])`,
            [ids],
          ),
      });
      try {
        const id = await create(trainerA, {});
        const [{ id: sectionId }] = await t.db.query(
          `INSERT INTO test_plan_sections (name, exercise_id) VALUES ('Aufwärmen', $1) RETURNING id`,
          [id],
        );
        const res = await as(trainerA).del(`/api/exercises/${id}`);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('RESOURCE_IN_USE');
        expect(res.body.usages).toEqual([
          { kind: 'test_plan_section', id: sectionId, label: 'Aufwärmen' },
        ]);
        expect(res.body.hint).toMatch(/archived/);
        expect(await t.db.query('SELECT 1 FROM exercises WHERE id = $1', [id])).toHaveLength(1);
        // archiving is the alternative
        const archived = await as(trainerA).put(`/api/exercises/${id}`, { status: 'archived' });
        expect(archived.body.status).toBe('archived');
      } finally {
        registry.unregister('test_plan_section');
      }
    });
  });

  describe('bulk-metadata', () => {
    it('archives several exercises in one call and lists what changed', async () => {
      const a = await create(trainerA, {});
      const b = await create(trainerA, { status: 'archived' });
      const res = await as(trainerA).patch('/api/exercises/bulk-metadata', {
        ids: [a, b],
        status: 'archived',
      });
      expect(res.status).toBe(200);
      expect(res.body.changed).toEqual([
        {
          id: a,
          changed_fields: ['status'],
          before: { status: 'active' },
          after: { status: 'archived' },
        },
      ]);
      expect(res.body.unchanged).toEqual([b]);
    });

    it('changes nothing when one id may not be changed (all or nothing)', async () => {
      const mine = await create(trainerA, { visibility: 'club' });
      const others = await create(memberA, { visibility: 'club' });
      const res = await as(trainerA).patch('/api/exercises/bulk-metadata', {
        ids: [mine, others],
        status: 'draft',
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('BULK_FORBIDDEN');
      expect(res.body.errors).toEqual([
        { path: 'ids.1', message: expect.stringContaining(others) },
      ]);
      const rows = await t.db.query('SELECT status FROM exercises WHERE id = ANY($1::uuid[])', [
        [mine, others],
      ]);
      expect(rows.map((r: { status: string }) => r.status)).toEqual(['active', 'active']);
    });

    it('applies the official rule per id: superadmin yes, platform admin no', async () => {
      const a = await create(admin, { visibility: 'club', club_id: clubA });
      const refused = await as(admin).patch('/api/exercises/bulk-metadata', {
        ids: [a],
        visibility: 'official',
      });
      expect(refused.status).toBe(403);
      const ok = await as(superadmin).patch('/api/exercises/bulk-metadata', {
        ids: [a],
        visibility: 'official',
        promote_attached_media_for_official: true,
        default_official_media_copyright: '© Verband',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.changed[0]).toMatchObject({
        id: a,
        after: {
          visibility: 'official',
          club_id: null,
          promote_attached_media_for_official: true,
          default_official_media_copyright: '© Verband',
        },
      });
    });

    it('accepts 500 ids and refuses 501 with 400', async () => {
      const rows: { id: string }[] = await t.db.query(
        `INSERT INTO exercises (title, owner_profile_id, visibility, club_id)
         SELECT 'Bulk ' || g, $1, 'club', $2 FROM generate_series(1, 500) g RETURNING id`,
        [trainerA.id, clubA],
      );
      const ids = rows.map((r) => r.id);
      const ok = await as(trainerA).patch('/api/exercises/bulk-metadata', { ids, status: 'draft' });
      expect(ok.status).toBe(200);
      expect(ok.body.changed).toHaveLength(500);
      const tooMany = await as(trainerA).patch('/api/exercises/bulk-metadata', {
        ids: [...ids, '00000000-0000-4000-8000-000000000000'],
        status: 'active',
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors[0].path).toBe('ids');
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM exercises WHERE id = ANY($1::uuid[]) AND status = 'draft'`,
        [ids],
      );
      expect(n).toBe(500);
    });

    it('refuses a body without visibility or status with 400', async () => {
      const a = await create(trainerA, {});
      expect((await as(trainerA).patch('/api/exercises/bulk-metadata', { ids: [a] })).status).toBe(
        400,
      );
    });
  });

  describe('private exercise limit of the tier', () => {
    /** Gives `p` exactly `n` private exercises, written straight to the database. */
    const fillPrivate = async (p: TestProfile, n: number): Promise<void> => {
      await t.db.query(
        `DELETE FROM exercises WHERE owner_profile_id = $1 AND visibility = 'private'`,
        [p.id],
      );
      await t.db.query(
        `INSERT INTO exercises (title, owner_profile_id) SELECT 'Vorrat ' || i, $1 FROM generate_series(1, $2) i`,
        [p.id, n],
      );
    };
    const privateCount = async (p: TestProfile): Promise<number> =>
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM exercises WHERE owner_profile_id = $1 AND visibility = 'private'`,
          [p.id],
        )
      )[0].n;

    it('refuses the 51st private exercise of a free profile with 403 PRIVATE_EXERCISE_LIMIT_REACHED', async () => {
      const p = await t.newProfile();
      await fillPrivate(p, 49);
      expect((await as(p).post('/api/exercises', { title: 'Nr. 50' })).status).toBe(201);
      const res = await as(p).post('/api/exercises', { title: 'Nr. 51' });
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body).toMatchObject({
        code: 'PRIVATE_EXERCISE_LIMIT_REACHED',
        tier: 'free',
        max_private_exercises: 50,
        private_exercises: 50,
      });
      expect(await privateCount(p)).toBe(50);
      expect(
        (await as(p).post('/api/exercises', { title: 'Club', visibility: 'club' })).status,
      ).toBe(422);
    });

    it('follows the tier: a trainer profile may have more', async () => {
      const p = await t.newProfile();
      await t.db.query(`UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [p.id]);
      await fillPrivate(p, 50);
      expect((await as(p).post('/api/exercises', { title: 'Nr. 51' })).status).toBe(201);
    });

    it('lets only one of six simultaneous creations take the last place', async () => {
      const p = await t.newProfile();
      await fillPrivate(p, 49);
      const statuses = await statusesOfConcurrent(6, (i) =>
        as(p).post('/api/exercises', { title: `Gleichzeitig ${i}` }),
      );
      expect(statuses).toEqual({ 201: 1, 403: 5 });
      expect(await privateCount(p)).toBe(50);
    });

    it('refuses to make a club exercise private beyond the limit (PUT and bulk-metadata)', async () => {
      await fillPrivate(trainerA, 50);
      const club = await create(trainerA, { visibility: 'club' });
      const put = await as(trainerA).put(`/api/exercises/${club}`, { visibility: 'private' });
      expect(put.status).toBe(403);
      expect(put.body.code).toBe('PRIVATE_EXERCISE_LIMIT_REACHED');
      const bulk = await as(trainerA).patch('/api/exercises/bulk-metadata', {
        ids: [club],
        visibility: 'private',
      });
      expect(bulk.status).toBe(403);
      expect(bulk.body.code).toBe('PRIVATE_EXERCISE_LIMIT_REACHED');
      const [row] = await t.db.query('SELECT visibility FROM exercises WHERE id = $1', [club]);
      expect(row.visibility).toBe('club');
      await t.db.query(
        `DELETE FROM exercises WHERE owner_profile_id = $1 AND title LIKE 'Vorrat %'`,
        [trainerA.id],
      );
      expect(
        (await as(trainerA).put(`/api/exercises/${club}`, { visibility: 'private' })).status,
      ).toBe(200);
    });
  });
  describe('entity tags (If-Match on PUT and DELETE)', () => {
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: clubAdminA.auth },
      stranger: { Authorization: memberB.auth },
      strangerStatus: 404,
      row: (url) => ({ table: 'exercises', where: { id: url.split('/').pop() } }),
      create: async () => {
        const created = await as(clubAdminA).post('/api/exercises', {
          title: 'Versioniert',
          visibility: 'club',
        });
        return { url: `/api/exercises/${created.body.id}`, created };
      },
      change: (n) => ({ title: `Fassung ${n}`, duration_minutes: n }),
      stored: async (url) =>
        (
          await t.db.query('SELECT title, duration_minutes FROM exercises WHERE id = $1', [
            url.split('/').pop(),
          ])
        )[0] ?? null,
    }));
  });
});
