import { statusesOfConcurrent } from '@sports/common/testing';
import { countRows } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('maturity models (HTTP): matrix, bindings, resolve, export/import, matrix stack', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, user] = await Promise.all([t.newProfile({ role: 'admin' }), t.newProfile()]);
    for (const [table, slug] of [
      ['focus_areas', 'kraft'],
      ['focus_areas', 'technik'],
      ['focus_areas', 'taktik'],
      ['focus_areas', 'reaktion'],
      ['style_directions', 'kampfsport'],
      ['training_styles', 'karate'],
      ['training_types', 'techniktraining'],
      ['skills', 'fallschule'],
      ['skills', 'sprintstart'],
    ]) {
      ids[slug] = (await t.db.query(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))[0].id;
    }
  });
  afterAll(() => t.close());

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', p.auth).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', p.auth).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', p.auth),
  });
  const LEVELS = [1, 2, 3, 4, 5].map((level) => ({ level, name: `Stufe ${level}` }));
  const model = async (slug: string, describe = true): Promise<string> => {
    const res = await as(admin).post('/api/maturity-models', { slug, name: slug, levels: LEVELS });
    expect(res.status).toBe(201);
    await as(admin).put(`/api/maturity-models/${res.body.id}/skills`, {
      skills: [{ skill_id: ids.fallschule }],
    });
    if (describe) {
      await as(admin).put(`/api/maturity-models/${res.body.id}/matrix`, {
        cells: [{ skill_id: ids.fallschule, level: 1, description: `${slug}: Fallen` }],
      });
    }
    return res.body.id;
  };
  const bind = async (id: string, body: object): Promise<void> => {
    const res = await as(admin).post(`/api/maturity-models/${id}/bindings`, body);
    expect(res.status).toBe(201);
  };
  const resolve = (q: Record<string, string>) =>
    as(user).get(`/api/maturity-models/resolve?${new URLSearchParams(q).toString()}`);

  describe('maintenance', () => {
    it('keeps levels 1–5, skills and cells and refuses cells of skills outside the model', async () => {
      const id = await model('pflege');
      const bad = await as(admin).put(`/api/maturity-models/${id}/matrix`, {
        cells: [{ skill_id: ids.sprintstart, level: 2, description: 'x' }],
      });
      expect(bad.status).toBe(422);
      expect(
        (
          await as(admin).put(`/api/maturity-models/${id}/levels`, {
            levels: [{ level: 6, name: 'x' }],
          })
        ).status,
      ).toBe(400);
      const detail = await as(user).get(`/api/maturity-models/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.levels).toHaveLength(5);
      expect(detail.body.level_descriptions).toEqual([
        { skill_id: ids.fallschule, level: 1, description: 'pflege: Fallen' },
      ]);
      const cleared = await as(admin).put(`/api/maturity-models/${id}/matrix`, {
        cells: [{ skill_id: ids.fallschule, level: 1, description: null }],
      });
      expect(cleared.body.level_descriptions).toEqual([]);
    });

    it('refuses writes by non-admins and anonymous callers', async () => {
      expect((await as(user).post('/api/maturity-models', { slug: 'x', name: 'x' })).status).toBe(
        403,
      );
      expect((await t.http.get('/api/maturity-models')).status).toBe(401);
      expect((await as(user).get('/api/admin/matrix-stack')).status).toBe(403);
      expect((await as(user).post('/api/admin/matrix-stack', {})).status).toBe(403);
    });

    it('refuses a duplicate binding with 409', async () => {
      const id = await model('doppelt', false);
      await bind(id, { focus_area_id: ids.taktik });
      const again = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: ids.taktik,
      });
      expect(again.status).toBe(409);
    });
  });

  describe('bindings: read and update', () => {
    const slugId = async (table: string, slug: string): Promise<string> =>
      (await t.db.query(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))[0].id;

    it('lists and reads the bindings of a model to any signed-in profile, never anonymously', async () => {
      const id = await model('gelesen', false);
      const schnell = await slugId('focus_areas', 'schnelligkeit');
      const created = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: schnell,
        style_direction_id: ids.kampfsport,
      });
      expect(created.status).toBe(201);
      const list = await as(user).get(`/api/maturity-models/${id}/bindings`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        items: [created.body],
        total: 1,
        limit: 50,
        offset: 0,
      });
      const one = await as(user).get(`/api/maturity-models/${id}/bindings/${created.body.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        id: created.body.id,
        model_id: id,
        focus_area_id: schnell,
        style_direction_id: ids.kampfsport,
        training_style_id: null,
        training_type_id: null,
        specificity: 2,
      });
      expect((await t.http.get(`/api/maturity-models/${id}/bindings`)).status).toBe(401);
      expect(
        (await t.http.get(`/api/maturity-models/${id}/bindings/${created.body.id}`)).status,
      ).toBe(401);
    });

    it('answers 404 for a binding of another model and for an unknown model', async () => {
      const a = await model('modell-a', false);
      const b = await model('modell-b', false);
      const bindingOfA = await as(admin).post(`/api/maturity-models/${a}/bindings`, {
        focus_area_id: await slugId('focus_areas', 'beweglichkeit'),
      });
      expect(
        (await as(user).get(`/api/maturity-models/${b}/bindings/${bindingOfA.body.id}`)).status,
      ).toBe(404);
      expect(
        (
          await as(admin).put(`/api/maturity-models/${b}/bindings/${bindingOfA.body.id}`, {
            training_type_id: ids.techniktraining,
          })
        ).status,
      ).toBe(404);
      expect(
        (await as(user).get('/api/maturity-models/00000000-0000-4000-8000-000000000000/bindings'))
          .status,
      ).toBe(404);
      const row = await t.db.query(
        'SELECT training_type_id FROM maturity_model_bindings WHERE id = $1',
        [bindingOfA.body.id],
      );
      expect(row).toEqual([{ training_type_id: null }]);
    });

    it('lets a platform admin change the dimensions sent and clear one with null', async () => {
      const id = await model('geaendert', false);
      const koord = await slugId('focus_areas', 'koordination');
      const created = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: koord,
        style_direction_id: ids.kampfsport,
      });
      const res = await as(admin).put(`/api/maturity-models/${id}/bindings/${created.body.id}`, {
        style_direction_id: null,
        training_style_id: ids.karate,
        training_type_id: ids.techniktraining,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: created.body.id,
        model_id: id,
        focus_area_id: koord,
        style_direction_id: null,
        training_style_id: ids.karate,
        training_type_id: ids.techniktraining,
        specificity: 2,
      });
      const row = await t.db.query(
        `SELECT focus_area_id, style_direction_id, training_style_id, training_type_id
         FROM maturity_model_bindings WHERE id = $1`,
        [created.body.id],
      );
      expect(row).toEqual([
        {
          focus_area_id: koord,
          style_direction_id: null,
          training_style_id: ids.karate,
          training_type_id: ids.techniktraining,
        },
      ]);
    });

    it('refuses an update by a non-admin (403) or anonymous caller (401) and changes nothing', async () => {
      const id = await model('geschuetzt', false);
      const created = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: await slugId('focus_areas', 'mentale-staerke'),
      });
      const url = `/api/maturity-models/${id}/bindings/${created.body.id}`;
      expect((await as(user).put(url, { focus_area_id: null })).status).toBe(403);
      expect((await t.http.put(url).send({ focus_area_id: null })).status).toBe(401);
      expect((await as(admin).get(url)).body).toEqual(created.body);
    });

    it('refuses an update to an unknown catalog entry (422) or onto an existing binding (409)', async () => {
      const id = await model('kollision', false);
      const team = await slugId('focus_areas', 'teamfaehigkeit');
      const first = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: team,
      });
      const second = await as(admin).post(`/api/maturity-models/${id}/bindings`, {
        focus_area_id: team,
        training_type_id: ids.techniktraining,
      });
      const url = `/api/maturity-models/${id}/bindings/${second.body.id}`;
      const unknown = await as(admin).put(url, {
        training_style_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.code).toBe('UNKNOWN_CATALOG_ENTRY');
      const clash = await as(admin).put(url, { training_type_id: null });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('DUPLICATE_BINDING');
      expect((await as(admin).get(url)).body).toEqual(second.body);
      expect(first.status).toBe(201);
    });
  });

  describe('concurrent duplicates', () => {
    it('answers eight simultaneous creations of one slug with one 201 and 409 SLUG_TAKEN', async () => {
      const statuses = await statusesOfConcurrent(8, () =>
        as(admin).post('/api/maturity-models', { slug: 'gleichzeitig', name: 'Gleichzeitig' }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        `SELECT count(*)::int AS n FROM maturity_models WHERE slug = 'gleichzeitig'`,
      );
      expect(rows[0].n).toBe(1);
    });

    it('answers eight simultaneous equal bindings with one 201 and 409 DUPLICATE_BINDING', async () => {
      const id = await model('parallel-bindung', false);
      const statuses = await statusesOfConcurrent(8, () =>
        as(admin).post(`/api/maturity-models/${id}/bindings`, {
          style_direction_id: ids.kampfsport,
          training_type_id: ids.techniktraining,
        }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        'SELECT count(*)::int AS n FROM maturity_model_bindings WHERE model_id = $1',
        [id],
      );
      expect(rows[0].n).toBe(1);
    });

    it('replaces levels and legacy focus areas six times at once: every answer 200, one set kept', async () => {
      const id = await model('parallel-ersatz', false);
      const levels = await statusesOfConcurrent(6, () =>
        as(admin).put(`/api/maturity-models/${id}/levels`, { levels: LEVELS }),
      );
      expect(levels).toEqual({ 200: 6 });
      const ausdauer = (await t.db.query(`SELECT id FROM focus_areas WHERE slug = 'ausdauer'`))[0]
        .id;
      const legacy = await statusesOfConcurrent(6, () =>
        as(admin).put(`/api/maturity-models/${id}/focus-areas`, { focus_area_ids: [ausdauer] }),
      );
      expect(legacy).toEqual({ 200: 6 });
      const rows = await t.db.query(
        `SELECT (SELECT count(*)::int FROM maturity_model_levels WHERE model_id = $1) AS levels,
                (SELECT count(*)::int FROM maturity_model_focus_areas WHERE model_id = $1) AS legacy`,
        [id],
      );
      expect(rows).toEqual([{ levels: 5, legacy: 1 }]);
    });
  });

  describe('resolve', () => {
    let fa: string;
    let faSd: string;
    let all3: string;
    let tsOnly: string;
    let typed: string;
    let legacy: string;

    beforeAll(async () => {
      fa = await model('a-fokus');
      faSd = await model('b-fokus-richtung');
      all3 = await model('c-alle-drei');
      tsOnly = await model('d-stil');
      typed = await model('e-fokus-typ');
      legacy = await model('f-legacy');
      await bind(fa, { focus_area_id: ids.kraft });
      await bind(faSd, { focus_area_id: ids.kraft, style_direction_id: ids.kampfsport });
      await bind(all3, {
        focus_area_id: ids.kraft,
        style_direction_id: ids.kampfsport,
        training_style_id: ids.karate,
      });
      await bind(tsOnly, { training_style_id: ids.karate });
      await bind(typed, { focus_area_id: ids.kraft, training_type_id: ids.techniktraining });
      expect(
        (
          await as(admin).put(`/api/maturity-models/${legacy}/focus-areas`, {
            focus_area_ids: [ids.technik, ids.kraft],
          })
        ).status,
      ).toBe(200);
    });

    it('answers no model when nothing is bound to the context', async () => {
      const res = await resolve({ focus_area_id: ids.reaktion });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ source: 'none', models: [], skills: [] });
    });

    it('one dimension: only the focus-area binding', async () => {
      const res = await resolve({ focus_area_id: ids.kraft });
      expect(res.body.models.map((m: { slug: string }) => m.slug)).toEqual(['a-fokus']);
      expect(res.body.source).toBe('bindings');
    });

    it('two dimensions beat one', async () => {
      const res = await resolve({ focus_area_id: ids.kraft, style_direction_id: ids.kampfsport });
      expect(
        res.body.models.map((m: { slug: string; specificity: number }) => [m.slug, m.specificity]),
      ).toEqual([
        ['b-fokus-richtung', 2],
        ['a-fokus', 1],
      ]);
      expect(res.body.skills[0].levels[0]).toMatchObject({
        level: 1,
        description: 'b-fokus-richtung: Fallen',
        model_id: faSd,
      });
    });

    it('three dimensions beat two; a training style implies its direction; ties prefer the finer dimension', async () => {
      const res = await resolve({ focus_area_id: ids.kraft, training_style_id: ids.karate });
      expect(res.body.models.map((m: { slug: string }) => m.slug)).toEqual([
        'c-alle-drei',
        'b-fokus-richtung',
        'd-stil',
        'a-fokus',
      ]);
      expect(res.body.context.style_direction_id).toBe(ids.kampfsport);
      expect(res.body.skills[0].levels[0].model_id).toBe(all3);
    });

    it('ties: a binding qualified with the requested training type wins', async () => {
      const res = await resolve({
        focus_area_id: ids.kraft,
        training_type_id: ids.techniktraining,
      });
      expect(res.body.models.map((m: { slug: string }) => m.slug)).toEqual([
        'e-fokus-typ',
        'a-fokus',
      ]);
      expect(res.body.models[0].model_id).toBe(typed);
      const without = await resolve({ focus_area_id: ids.kraft });
      expect(without.body.models.map((m: { slug: string }) => m.slug)).not.toContain('e-fokus-typ');
    });

    it('falls back to the legacy assignment only for a focus area without bindings', async () => {
      const res = await resolve({ focus_area_id: ids.technik });
      expect(res.body.source).toBe('legacy');
      expect(res.body.models).toEqual([
        expect.objectContaining({ slug: 'f-legacy', match: 'legacy' }),
      ]);
      const bound = await resolve({ focus_area_id: ids.kraft });
      expect(bound.body.models.map((m: { slug: string }) => m.slug)).not.toContain('f-legacy');
    });

    it('validates the query', async () => {
      expect((await resolve({ focus_area_id: 'nope' })).status).toBe(400);
    });
  });

  describe('export and import', () => {
    it('exports a model as JSON and imports it again idempotently by slug', async () => {
      const id = await model('export-modell');
      await bind(id, { focus_area_id: ids.kraft, training_style_id: ids.karate });
      const exp = await as(user).get(`/api/maturity-models/${id}/export`);
      expect(exp.status).toBe(200);
      expect(exp.body).toMatchObject({
        format: 'service.maturity_model.v1',
        model: { slug: 'export-modell' },
      });
      expect(exp.body.bindings).toEqual([
        {
          focus_area_slug: 'kraft',
          style_direction_slug: null,
          training_style_slug: 'karate',
          training_type_slug: null,
        },
      ]);
      const before = await countRows(t.db, 'maturity_models');
      const imp1 = await as(admin).post('/api/maturity-models/import', exp.body);
      const imp2 = await as(admin).post('/api/maturity-models/import', exp.body);
      expect([imp1.status, imp2.status]).toEqual([201, 201]);
      expect(imp2.body.id).toBe(id);
      expect(await countRows(t.db, 'maturity_models')).toBe(before);
      const again = await as(user).get(`/api/maturity-models/${id}/export`);
      expect({ ...again.body, exported_at: null }).toEqual({ ...exp.body, exported_at: null });
    });
  });

  describe('matrix stack', () => {
    const normal = (doc: Record<string, unknown>) => JSON.stringify({ ...doc, exported_at: null });

    it('export → import reproduces the same stack byte for byte', async () => {
      await as(admin).post('/api/skill-categories', { slug: 'stack-kat', name: 'Stack Kategorie' });
      await t.db.query(
        `INSERT INTO skill_categories (slug, name, sort_order) VALUES ('stack-kat2', 'Zweite', 5) ON CONFLICT DO NOTHING`,
      );
      await t.db.query(
        `INSERT INTO skills (slug, name, skill_category_id) SELECT 'stack-skill', 'Stack Skill', id FROM skill_categories WHERE slug = 'stack-kat2'`,
      );
      const id = await model('stack-modell');
      const skill = (await t.db.query(`SELECT id FROM skills WHERE slug = 'stack-skill'`))[0].id;
      await as(admin).put(`/api/maturity-models/${id}/skills`, {
        skills: [{ skill_id: skill }, { skill_id: ids.fallschule }],
      });
      await as(admin).put(`/api/maturity-models/${id}/matrix`, {
        cells: [
          { skill_id: skill, level: 3, description: 'kann es' },
          { skill_id: ids.fallschule, level: 5, description: 'meistert es' },
        ],
      });
      await bind(id, { style_direction_id: ids.kampfsport, training_type_id: ids.techniktraining });

      const first = await as(admin).get('/api/admin/matrix-stack');
      expect(first.status).toBe(200);
      expect(first.body.format).toBe('service.matrix_stack.v1');
      expect(Object.keys(first.body)).toEqual([
        'format',
        'exported_at',
        'skill_categories',
        'skills',
        'models',
        'bindings',
      ]);
      expect(first.body.models[0]).toEqual(
        expect.objectContaining({
          levels: expect.any(Array),
          skills: expect.any(Array),
          level_descriptions: expect.any(Array),
        }),
      );

      // wipe what the stack describes (models, the added skill and categories), then import
      await t.db.query(`DELETE FROM maturity_models`);
      await t.db.query(`DELETE FROM skills WHERE slug = 'stack-skill'`);
      await t.db.query(`DELETE FROM skill_categories WHERE slug IN ('stack-kat', 'stack-kat2')`);
      const imp = await as(admin).post('/api/admin/matrix-stack', first.body);
      expect(imp.status).toBe(200);
      expect(imp.body.models).toBe(first.body.models.length);
      const second = await as(admin).get('/api/admin/matrix-stack');
      expect(normal(second.body)).toBe(normal(first.body));

      // importing the same document again changes nothing
      const counts = async () =>
        Promise.all(
          [
            'maturity_models',
            'maturity_model_bindings',
            'maturity_skill_level_descriptions',
            'skills',
          ].map((tb) => countRows(t.db, tb)),
        );
      const before = await counts();
      expect((await as(admin).post('/api/admin/matrix-stack', second.body)).status).toBe(200);
      expect(await counts()).toEqual(before);
      expect(normal((await as(admin).get('/api/admin/matrix-stack')).body)).toBe(
        normal(first.body),
      );
    });

    it('refuses an unknown format id and broken references, writing nothing', async () => {
      const doc = (await as(admin).get('/api/admin/matrix-stack')).body;
      const wrong = await as(admin).post('/api/admin/matrix-stack', {
        ...doc,
        format: 'service.matrix_stack.v0',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.code).toBe('UNKNOWN_FORMAT');
      const before = await countRows(t.db, 'maturity_models');
      const broken = await as(admin).post('/api/admin/matrix-stack', {
        ...doc,
        models: [
          ...doc.models,
          {
            slug: 'neu',
            name: 'Neu',
            description: null,
            levels: [],
            skills: [{ skill_slug: 'gibt-es-nicht', position: 0 }],
            level_descriptions: [],
          },
        ],
        bindings: [
          ...doc.bindings,
          {
            model_slug: 'fehlt',
            focus_area_slug: 'nirgends',
            style_direction_slug: null,
            training_style_slug: null,
            training_type_slug: null,
          },
        ],
      });
      expect(broken.status).toBe(422);
      expect(broken.body.code).toBe('INVALID_MATRIX_STACK');
      const paths = broken.body.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          `models.${doc.models.length}.skills.0.skill_slug`,
          `bindings.${doc.bindings.length}.model_slug`,
          `bindings.${doc.bindings.length}.focus_area_slug`,
        ]),
      );
      expect(await countRows(t.db, 'maturity_models')).toBe(before);
    });
  });
});
