import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('training units (HTTP): trainers, lists, blueprints, club boundaries', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let clubAdminA: TestProfile;
  let trainerA: TestProfile;
  let trainer2A: TestProfile;
  let memberA: TestProfile;
  let adminB: TestProfile;
  let trainerB: TestProfile;
  let clubA: string;
  let clubB: string;
  let groupA: string;
  let groupB: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, clubAdminA, trainerA, trainer2A, memberA, adminB, trainerB] = await Promise.all([
      t.newProfile({ role: 'admin' }),
      t.newProfile({ name: 'Anna Admin' }),
      t.newProfile({ name: 'Tom Trainer' }),
      t.newProfile({ name: 'Tina Trainer' }),
      t.newProfile({ name: 'Max Member' }),
      t.newProfile(),
      t.newProfile(),
    ]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: clubAdminA.id, roles: ['club_admin'] },
      { profileId: trainerA.id, roles: ['trainer'] },
      { profileId: trainer2A.id, roles: ['trainer'] },
      { profileId: memberA.id, roles: ['member'] },
    ]);
    clubB = await insertClub(t.db, 'Club B', [
      { profileId: adminB.id, roles: ['club_admin'] },
      { profileId: trainerB.id, roles: ['trainer'] },
    ]);
    [{ id: groupA }] = await t.db.query(
      `INSERT INTO groups (club_id, name, default_lead_trainer_profile_id, default_assistant_trainer_profile_ids)
       VALUES ($1, 'U10', $2, $3::uuid[]) RETURNING id`,
      [clubA, trainerA.id, [trainer2A.id]],
    );
    [{ id: groupB }] = await t.db.query(
      `INSERT INTO groups (club_id, name) VALUES ($1, 'B-Gruppe') RETURNING id`,
      [clubB],
    );
  });
  afterAll(() => t.close());

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', p.auth).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', p.auth),
  });
  const exercise = async (p: TestProfile, body: object = {}): Promise<string> => {
    const res = await as(p).post('/api/exercises', { title: 'Übung', ...body });
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  describe('create with trainers', () => {
    it('uses the group defaults when no trainers are given and names the effective lead', async () => {
      const res = await as(trainerA).post('/api/training-units', {
        title: 'Dienstag',
        club_id: clubA,
        group_id: groupA,
        starts_at: '2026-05-12T17:00:00Z',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        club_id: clubA,
        group_id: groupA,
        lead_trainer_profile_id: null,
        assistant_trainer_profile_ids: null,
        effective_lead_trainer_profile_id: trainerA.id,
        lead_trainer_name: 'Tom Trainer',
        effective_assistant_trainer_profile_ids: [trainer2A.id],
        starts_at: '2026-05-12T17:00:00.000Z',
        sections: [],
      });
    });

    it('answers timestamps as ISO with milliseconds and Z, and nulls as null, in detail and list', async () => {
      const created = await as(trainerA).post('/api/training-units', {
        title: 'Formen',
        club_id: clubA,
        starts_at: '2026-05-12T19:00:00.5+02:00',
      });
      expect(created.status).toBe(201);
      const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
      const detail = await as(trainerA).get(`/api/training-units/${created.body.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.starts_at).toBe('2026-05-12T17:00:00.500Z');
      expect(detail.body.created_at).toMatch(iso);
      expect(detail.body.updated_at).toMatch(iso);
      expect(detail.body).toMatchObject({ group_id: null, notes: null, location: null });
      const list = await as(trainerA).get(`/api/training-units?club_id=${clubA}&limit=100`);
      const item = list.body.items.find((u: { id: string }) => u.id === created.body.id);
      const { sections: _s, media_asset_ids: _m, ...summary } = detail.body;
      expect(item).toEqual(summary);
      const unscheduled = await as(trainerA).post('/api/training-units', {
        title: 'Ohne Termin',
        club_id: clubA,
      });
      expect(unscheduled.body.starts_at).toBeNull();
    });

    it('lets any club member substitute as lead trainer', async () => {
      const res = await as(trainerA).post('/api/training-units', {
        title: 'Vertretung',
        club_id: clubA,
        group_id: groupA,
        lead_trainer_profile_id: memberA.id,
        assistant_trainer_profile_ids: [],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        effective_lead_trainer_profile_id: memberA.id,
        lead_trainer_name: 'Max Member',
        effective_assistant_trainer_profile_ids: [],
      });
    });

    it('refuses a substitute who is not a member of the group’s club with 422 and writes nothing', async () => {
      const before = await countRows(t.db, 'training_units');
      const res = await as(trainerA).post('/api/training-units', {
        title: 'Fremd',
        club_id: clubA,
        group_id: groupA,
        lead_trainer_profile_id: trainerB.id,
        assistant_trainer_profile_ids: [adminB.id],
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('INVALID_UNIT_TRAINER');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
        'lead_trainer_profile_id',
        'assistant_trainer_profile_ids.0',
      ]);
      expect(await countRows(t.db, 'training_units')).toBe(before);
    });

    it('refuses a group of another club', async () => {
      const res = await as(trainerA).post('/api/training-units', {
        title: 'X',
        club_id: clubA,
        group_id: groupB,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe('group_id');
    });

    it('refuses to create units in a club where the caller is no trainer', async () => {
      expect(
        (await as(memberA).post('/api/training-units', { title: 'X', club_id: clubA })).status,
      ).toBe(403);
      expect(
        (await as(trainerB).post('/api/training-units', { title: 'X', club_id: clubA })).status,
      ).toBe(403);
      expect((await t.http.post('/api/training-units').send({ title: 'X' })).status).toBe(401);
    });

    it('re-validates a substitute on update', async () => {
      const created = await as(trainerA).post('/api/training-units', {
        title: 'U',
        club_id: clubA,
        group_id: groupA,
      });
      const bad = await as(trainerA).put(`/api/training-units/${created.body.id}`, {
        lead_trainer_profile_id: trainerB.id,
      });
      expect(bad.status).toBe(422);
      const ok = await as(trainerA).put(`/api/training-units/${created.body.id}`, {
        lead_trainer_profile_id: trainer2A.id,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.effective_lead_trainer_profile_id).toBe(trainer2A.id);
      expect(ok.body.effective_assistant_trainer_profile_ids).toEqual([trainer2A.id]);
    });
  });

  describe('sections and exercise usage', () => {
    it('stores sections with exercise and variant items and refuses exercises the caller cannot see', async () => {
      const ex = await exercise(trainerA);
      const variant = await as(trainerA).post(`/api/exercises/${ex}/variants`, { title: 'Leicht' });
      expect(variant.status).toBe(201);
      const foreign = await exercise(trainerB);
      const res = await as(trainerA).post('/api/training-units', {
        title: 'Mit Übungen',
        club_id: clubA,
        sections: [
          {
            title: 'Aufwärmen',
            items: [
              { exercise_variant_id: variant.body.id },
              { title: 'Laufen', duration_minutes: 5 },
            ],
          },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.sections[0].items[0]).toMatchObject({
        exercise_id: ex,
        exercise_variant_id: variant.body.id,
        position: 0,
      });
      const bad = await as(trainerA).post('/api/training-units', {
        title: 'Fremd',
        club_id: clubA,
        sections: [{ title: 'A', items: [{ exercise_id: foreign }] }],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.code).toBe('EXERCISE_NOT_VISIBLE');
      expect(bad.body.errors[0].path).toBe('sections.0.items.0.exercise_id');
    });

    it('refuses to delete an exercise used in a training unit with 409', async () => {
      const ex = await exercise(trainerA);
      await as(trainerA).post('/api/training-units', {
        title: 'Nutzt',
        club_id: clubA,
        sections: [{ title: 'A', items: [{ exercise_id: ex }] }],
      });
      const res = await as(trainerA).del(`/api/exercises/${ex}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('RESOURCE_IN_USE');
      expect(res.body.usages[0]).toMatchObject({ kind: 'training_unit', label: 'Nutzt' });
    });
  });

  describe('list', () => {
    it('shows club admins every unit of their club and trainers only their own or assigned ones', async () => {
      const own = await as(trainer2A).post('/api/training-units', {
        title: 'Nur Tina',
        club_id: clubA,
      });
      expect(own.status).toBe(201);
      const all = await as(clubAdminA).get(`/api/training-units?club_id=${clubA}&limit=500`);
      expect(all.status).toBe(200);
      const titles = all.body.items.map((u: { title: string }) => u.title);
      expect(titles).toContain('Nur Tina');
      expect(all.body.total).toBe(all.body.items.length);
      const tom = await as(trainerA).get(`/api/training-units?club_id=${clubA}&limit=500`);
      expect(tom.body.items.map((u: { title: string }) => u.title)).not.toContain('Nur Tina');
      const detail = await as(trainerA).get(`/api/training-units/${own.body.id}`);
      expect(detail.status).toBe(403);
    });

    it('assigned_to_me answers units where the caller is the effective lead or an assistant', async () => {
      const res = await as(trainer2A).get('/api/training-units?assigned_to_me=true&sort=title');
      expect(res.status).toBe(200);
      for (const u of res.body.items) {
        expect(
          u.effective_lead_trainer_profile_id === trainer2A.id ||
            u.effective_assistant_trainer_profile_ids.includes(trainer2A.id),
        ).toBe(true);
      }
      expect(res.body.items.map((u: { title: string }) => u.title)).toContain('Dienstag');
      const titles = res.body.items.map((u: { title: string }) => u.title);
      expect(
        [...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
      ).toEqual(titles);
    });

    it('refuses to list another club’s units and validates the query', async () => {
      expect((await as(trainerB).get(`/api/training-units?club_id=${clubA}`)).status).toBe(403);
      expect((await as(trainerA).get('/api/training-units?sort=nope')).status).toBe(400);
      expect((await as(trainerA).get('/api/training-units?limit=501')).status).toBe(400);
      expect((await t.http.get('/api/training-units')).status).toBe(401);
      const b = await as(trainerB).get('/api/training-units?limit=500');
      expect(b.body.items.every((u: { club_id: string }) => u.club_id === clubB)).toBe(true);
    });
  });

  describe('framework slot blueprints', () => {
    let slotId: string;
    let blueprintId: string;
    let ex: string;

    beforeAll(async () => {
      ex = await exercise(trainerA);
      const fw = await as(trainerA).post('/api/training-framework-programs', {
        name: 'Grundlagen 8 Wochen',
        visibility: 'club',
        club_id: clubA,
        slots: [
          {
            title: 'Woche 1',
            week: 1,
            unit: {
              duration_minutes: 90,
              sections: [{ title: 'Hauptteil', items: [{ exercise_id: ex, notes: 'locker' }] }],
            },
          },
        ],
      });
      expect(fw.status).toBe(201);
      slotId = fw.body.slots[0].id;
      blueprintId = fw.body.slots[0].unit.id;
    });

    it('excludes blueprints from lists and detail', async () => {
      const res = await as(admin).get('/api/training-units?limit=500');
      expect(res.status).toBe(200);
      expect(res.body.items.map((u: { id: string }) => u.id)).not.toContain(blueprintId);
      expect((await as(admin).get(`/api/training-units/${blueprintId}`)).status).toBe(404);
      expect((await as(admin).del(`/api/training-units/${blueprintId}`)).status).toBe(404);
      expect(await countRows(t.db, 'training_units')).toBeGreaterThan(res.body.total);
    });

    it('copies a blueprint into a club unit with origin_framework_slot_id', async () => {
      const res = await as(trainerA).post('/api/training-units/from-framework-slot', {
        framework_slot_id: slotId,
        club_id: clubA,
        group_id: groupA,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Woche 1',
        duration_minutes: 90,
        origin_framework_slot_id: slotId,
        club_id: clubA,
        effective_lead_trainer_profile_id: trainerA.id,
      });
      expect(res.body.sections[0].items[0]).toMatchObject({ exercise_id: ex, notes: 'locker' });
      expect(res.body.id).not.toBe(blueprintId);
    });

    it('refuses to copy a blueprint of a program the caller cannot see', async () => {
      const res = await as(trainerB).post('/api/training-units/from-framework-slot', {
        framework_slot_id: slotId,
        club_id: clubB,
      });
      expect(res.status).toBe(404);
    });
  });

  describe('update and delete rights', () => {
    let unitId: string;
    beforeAll(async () => {
      const res = await as(trainer2A).post('/api/training-units', {
        title: 'Rechte',
        club_id: clubA,
      });
      unitId = res.body.id;
    });

    it('refuses members and other clubs', async () => {
      expect((await as(memberA).put(`/api/training-units/${unitId}`, { title: 'x' })).status).toBe(
        403,
      );
      expect((await as(trainerB).put(`/api/training-units/${unitId}`, { title: 'x' })).status).toBe(
        404,
      );
      expect((await as(adminB).del(`/api/training-units/${unitId}`)).status).toBe(404);
      expect((await as(trainerB).get(`/api/training-units/${unitId}`)).status).toBe(404);
      expect((await t.http.delete(`/api/training-units/${unitId}`)).status).toBe(401);
    });

    it('lets the club admin change and delete any unit of the club', async () => {
      const upd = await as(clubAdminA).put(`/api/training-units/${unitId}`, { title: 'Neu' });
      expect(upd.status).toBe(200);
      expect(upd.body.title).toBe('Neu');
      expect((await as(clubAdminA).del(`/api/training-units/${unitId}`)).status).toBe(204);
      const rows = await t.db.query('SELECT 1 FROM training_units WHERE id = $1', [unitId]);
      expect(rows).toHaveLength(0);
    });
  });
});
