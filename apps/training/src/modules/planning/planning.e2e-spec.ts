import { statusesOfConcurrent } from '@sports/common/testing';
import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('planning (HTTP): plan templates, framework programs, progression graphs, trainer contexts, programs', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let trainerA: TestProfile;
  let memberA: TestProfile;
  let trainerB: TestProfile;
  let clubA: string;
  let clubB: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, trainerA, memberA, trainerB] = await Promise.all([
      t.newProfile({ role: 'admin' }),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
    ]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: trainerA.id, roles: ['trainer'] },
      { profileId: memberA.id, roles: ['member'] },
    ]);
    clubB = await insertClub(t.db, 'Club B', [
      { profileId: trainerB.id, roles: ['club_admin', 'trainer'] },
    ]);
    // trainerA makes more private exercises (a chain of 51 and more) than the free tier allows.
    await t.db.query(`UPDATE profiles SET active_club_id = $2, tier = 'trainer' WHERE id = $1`, [
      trainerA.id,
      clubA,
    ]);
  });
  afterAll(() => t.close());

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', p.auth).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', p.auth),
  });
  const exercise = async (p: TestProfile, title = 'Übung'): Promise<string> => {
    const res = await as(p).post('/api/exercises', { title });
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  describe('plan templates', () => {
    it('creates a club template in the effective club when club_id is absent', async () => {
      const ex = await exercise(trainerA);
      const res = await as(trainerA).post('/api/training-plan-templates', {
        name: 'Grundschema',
        visibility: 'club',
        sections: [{ title: 'Aufwärmen', items: [{ exercise_id: ex }] }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        visibility: 'club',
        club_id: clubA,
        owner_profile_id: trainerA.id,
        can_edit: true,
      });
      expect(res.body.sections[0].items[0].exercise_id).toBe(ex);
    });

    it('reads club templates for members only and lets only the creator or a platform admin write', async () => {
      const res = await as(trainerA).post('/api/training-plan-templates', {
        name: 'Club',
        visibility: 'club',
        club_id: clubA,
      });
      const id = res.body.id;
      const asMember = await as(memberA).get(`/api/training-plan-templates/${id}`);
      expect(asMember.status).toBe(200);
      expect(asMember.body.can_edit).toBe(false);
      expect(
        (await as(memberA).put(`/api/training-plan-templates/${id}`, { name: 'x' })).status,
      ).toBe(403);
      expect((await as(trainerB).get(`/api/training-plan-templates/${id}`)).status).toBe(404);
      expect(
        (await as(trainerB).put(`/api/training-plan-templates/${id}`, { name: 'x' })).status,
      ).toBe(404);
      expect((await as(trainerB).del(`/api/training-plan-templates/${id}`)).status).toBe(404);
      const list = await as(trainerB).get('/api/training-plan-templates?limit=500');
      expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(id);
      expect(
        (await as(admin).put(`/api/training-plan-templates/${id}`, { name: 'Vom Admin' })).body
          .name,
      ).toBe('Vom Admin');
      expect((await t.http.get('/api/training-plan-templates')).status).toBe(401);
    });

    it('refuses club content for a club the caller does not belong to, and official content for non-admins', async () => {
      const club = await as(trainerA).post('/api/training-plan-templates', {
        name: 'x',
        visibility: 'club',
        club_id: clubB,
      });
      expect(club.status).toBe(403);
      const official = await as(trainerA).post('/api/training-plan-templates', {
        name: 'x',
        visibility: 'official',
      });
      expect(official.status).toBe(403);
    });

    it('refuses to delete an exercise used in a template with 409', async () => {
      const ex = await exercise(trainerA);
      await as(trainerA).post('/api/training-plan-templates', {
        name: 'Nutzt',
        sections: [{ title: 'A', items: [{ exercise_id: ex }] }],
      });
      const res = await as(trainerA).del(`/api/exercises/${ex}`);
      expect(res.status).toBe(409);
      expect(res.body.usages).toEqual([
        expect.objectContaining({ kind: 'plan_section', label: 'Nutzt' }),
      ]);
    });
  });

  describe('framework programs', () => {
    it('keeps slot ids on update and refuses other clubs', async () => {
      const fa = (await t.db.query(`SELECT id FROM focus_areas WHERE slug = 'kraft'`))[0].id;
      const res = await as(trainerA).post('/api/training-framework-programs', {
        name: 'Rahmen',
        focus_area_id: fa,
        slots: [{ title: 'Eins' }, { title: 'Zwei' }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ focus_area_id: fa, slot_count: 2 });
      const [one] = res.body.slots;
      const upd = await as(trainerA).put(`/api/training-framework-programs/${res.body.id}`, {
        slots: [{ id: one.id, title: 'Eins neu' }, { title: 'Drei' }],
      });
      expect(upd.status).toBe(200);
      expect(upd.body.slots.map((s: { title: string }) => s.title)).toEqual(['Eins neu', 'Drei']);
      expect(upd.body.slots[0].id).toBe(one.id);
      expect(
        (await as(trainerB).get(`/api/training-framework-programs/${res.body.id}`)).status,
      ).toBe(404);
      expect(
        (await as(trainerB).put(`/api/training-framework-programs/${res.body.id}`, { name: 'x' }))
          .status,
      ).toBe(404);
      const bad = await as(trainerA).post('/api/training-framework-programs', {
        name: 'x',
        training_type_ids: [fa],
      });
      expect(bad.status).toBe(422);
    });
  });

  describe('progression graphs', () => {
    let graph: string;
    let chain: string[];

    beforeAll(async () => {
      const res = await as(trainerA).post('/api/exercise-progression-graphs', {
        name: 'Sprungkraft',
        visibility: 'club',
        club_id: clubA,
      });
      expect(res.status).toBe(201);
      graph = res.body.id;
      const [{ ids }] = await t.db.query(
        `WITH e AS (INSERT INTO exercises (title, visibility, owner_profile_id)
           SELECT 'Stufe ' || g, 'private', $1 FROM generate_series(1, 51) g RETURNING id, title)
         SELECT array_agg(id ORDER BY (substring(title from 7))::int) AS ids FROM e`,
        [trainerA.id],
      );
      chain = ids;
    });

    it('creates a sequence of 50 edges in one transaction, in chain order', async () => {
      const res = await as(trainerA).post(
        `/api/exercise-progression-graphs/${graph}/edges/sequence`,
        {
          steps: chain.map((id, i) => ({ exercise_id: id, notes: i ? `Ziel ${i}` : null })),
        },
      );
      expect(res.status).toBe(201);
      expect(res.body.items).toHaveLength(50);
      expect(res.body.items[0]).toMatchObject({
        from_exercise_id: chain[0],
        to_exercise_id: chain[1],
        notes: 'Ziel 1',
        edge_type: 'next_exercise',
      });
      expect(res.body.items[49]).toMatchObject({
        from_exercise_id: chain[49],
        to_exercise_id: chain[50],
      });
      const detail = await as(trainerA).get(`/api/exercise-progression-graphs/${graph}`);
      expect(detail.body.edge_count).toBe(50);
    });

    it('writes nothing when one edge of a sequence already exists (409)', async () => {
      const fresh = await exercise(trainerA, 'Neu');
      const before = await countRows(t.db, 'progression_edges');
      const res = await as(trainerA).post(
        `/api/exercise-progression-graphs/${graph}/edges/sequence`,
        {
          steps: [{ exercise_id: fresh }, { exercise_id: chain[0] }, { exercise_id: chain[1] }],
        },
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DUPLICATE_EDGE');
      expect(await countRows(t.db, 'progression_edges')).toBe(before);
      const skip = await as(trainerA).post(
        `/api/exercise-progression-graphs/${graph}/edges/sequence`,
        {
          steps: [{ exercise_id: fresh }, { exercise_id: chain[0] }, { exercise_id: chain[1] }],
          skip_existing: true,
        },
      );
      expect(skip.status).toBe(201);
      expect(skip.body.items).toHaveLength(1);
    });

    it('refuses edges referencing exercises the caller cannot see', async () => {
      const foreign = await exercise(trainerB);
      const res = await as(trainerA).post(`/api/exercise-progression-graphs/${graph}/edges`, {
        from_exercise_id: chain[0],
        to_exercise_id: foreign,
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('EXERCISE_NOT_VISIBLE');
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'to_exercise_id' })]);
    });

    it('refuses to delete an exercise used in an edge with 409', async () => {
      const res = await as(trainerA).del(`/api/exercises/${chain[10]}`);
      expect(res.status).toBe(409);
      expect(res.body.usages[0]).toMatchObject({ kind: 'progression_edge', id: graph });
    });

    it('deletes a batch of edges, all or nothing', async () => {
      const edges = (await as(trainerA).get(`/api/exercise-progression-graphs/${graph}`)).body
        .edges;
      const bad = await as(trainerA).post(
        `/api/exercise-progression-graphs/${graph}/edges/delete-batch`,
        {
          edge_ids: [edges[0].id, '00000000-0000-4000-8000-000000000000'],
        },
      );
      expect(bad.status).toBe(422);
      const ok = await as(trainerA).post(
        `/api/exercise-progression-graphs/${graph}/edges/delete-batch`,
        {
          edge_ids: [edges[0].id, edges[1].id],
        },
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ deleted: 2 });
    });

    it('refuses other clubs and read-only members', async () => {
      expect((await as(trainerB).get(`/api/exercise-progression-graphs/${graph}`)).status).toBe(
        404,
      );
      expect(
        (
          await as(trainerB).post(`/api/exercise-progression-graphs/${graph}/edges/delete-batch`, {
            edge_ids: [chain[0]],
          })
        ).status,
      ).toBe(404);
      expect((await as(memberA).get(`/api/exercise-progression-graphs/${graph}`)).status).toBe(200);
      expect(
        (
          await as(memberA).post(`/api/exercise-progression-graphs/${graph}/edges`, {
            from_exercise_id: chain[0],
            to_exercise_id: chain[2],
          })
        ).status,
      ).toBe(403);
      expect((await t.http.get(`/api/exercise-progression-graphs/${graph}`)).status).toBe(401);
    });
  });

  describe('trainer contexts', () => {
    it('are private to their trainer and may only name the trainer’s clubs', async () => {
      const res = await as(trainerA).post('/api/trainer-contexts', {
        name: 'Dienstag',
        club_id: clubA,
      });
      expect(res.status).toBe(201);
      expect((await as(trainerB).get(`/api/trainer-contexts/${res.body.id}`)).status).toBe(404);
      expect((await as(admin).get(`/api/trainer-contexts/${res.body.id}`)).status).toBe(404);
      expect((await as(trainerB).del(`/api/trainer-contexts/${res.body.id}`)).status).toBe(404);
      expect((await as(trainerB).get('/api/trainer-contexts')).body.total).toBe(0);
      expect(
        (await as(trainerA).post('/api/trainer-contexts', { name: 'Fremd', club_id: clubB }))
          .status,
      ).toBe(403);
      expect((await as(trainerA).post('/api/trainer-contexts', { name: 'dienstag' })).status).toBe(
        409,
      );
      expect(
        (await as(trainerA).put(`/api/trainer-contexts/${res.body.id}`, { description: 'neu' }))
          .body.description,
      ).toBe('neu');
    });
  });

  describe('training programs', () => {
    it('are made of units of their club and refuse other clubs', async () => {
      const unitA = (
        await as(trainerA).post('/api/training-units', { title: 'Woche 1', club_id: clubA })
      ).body.id;
      const unitB = (await as(trainerB).post('/api/training-units', { title: 'B', club_id: clubB }))
        .body.id;
      const res = await as(trainerA).post('/api/training-programs', {
        name: 'Saison',
        club_id: clubA,
        weeks: 4,
        starts_on: '2026-09-01',
        units: [{ unit_id: unitA, week: 1 }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        weeks: 4,
        starts_on: '2026-09-01',
        units: [{ unit_id: unitA, week: 1, title: 'Woche 1' }],
      });
      const foreign = await as(trainerA).put(`/api/training-programs/${res.body.id}`, {
        units: [{ unit_id: unitB, week: 1 }],
      });
      expect(foreign.status).toBe(422);
      expect((await as(trainerB).get(`/api/training-programs/${res.body.id}`)).status).toBe(404);
      expect((await as(trainerB).del(`/api/training-programs/${res.body.id}`)).status).toBe(404);
      expect(
        (await as(memberA).put(`/api/training-programs/${res.body.id}`, { name: 'x' })).status,
      ).toBe(403);
      expect(
        (await as(trainerB).post('/api/training-programs', { name: 'x', club_id: clubA })).status,
      ).toBe(403);
      expect(
        (await as(memberA).get('/api/training-programs')).body.items.map(
          (p: { id: string }) => p.id,
        ),
      ).toContain(res.body.id);
    });
  });

  describe('concurrent duplicates', () => {
    it('answers eight simultaneous trainer contexts of one name with one 201 and 409 NAME_TAKEN', async () => {
      const statuses = await statusesOfConcurrent(8, (i) =>
        as(trainerB).post('/api/trainer-contexts', { name: i % 2 ? 'Freitag' : 'FREITAG' }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        `SELECT count(*)::int AS n FROM trainer_contexts WHERE profile_id = $1 AND lower(name) = 'freitag'`,
        [trainerB.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it('answers eight simultaneous equal edges with one 201 and 409 DUPLICATE_EDGE', async () => {
      const graph = (
        await as(trainerA).post('/api/exercise-progression-graphs', { name: 'Parallel' })
      ).body.id;
      const [from, to] = [await exercise(trainerA), await exercise(trainerA)];
      const statuses = await statusesOfConcurrent(8, () =>
        as(trainerA).post(`/api/exercise-progression-graphs/${graph}/edges`, {
          from_exercise_id: from,
          to_exercise_id: to,
        }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        'SELECT count(*)::int AS n FROM progression_edges WHERE graph_id = $1',
        [graph],
      );
      expect(rows[0].n).toBe(1);
    });

    it('replaces the units of a program six times at once: every answer 200, each unit once', async () => {
      const units: string[] = [];
      for (const title of ['P1', 'P2']) {
        units.push(
          (await as(trainerA).post('/api/training-units', { title, club_id: clubA })).body.id,
        );
      }
      const program = (
        await as(trainerA).post('/api/training-programs', {
          name: 'Parallel',
          club_id: clubA,
          weeks: 2,
        })
      ).body.id;
      const statuses = await statusesOfConcurrent(6, () =>
        as(trainerA).put(`/api/training-programs/${program}`, {
          units: units.map((unit_id, i) => ({ unit_id, week: i + 1 })),
        }),
      );
      expect(statuses).toEqual({ 200: 6 });
      const rows = await t.db.query(
        'SELECT count(*)::int AS n FROM training_program_units WHERE program_id = $1',
        [program],
      );
      expect(rows[0].n).toBe(2);
    });
  });
});
