import { randomUUID } from 'node:crypto';
import { isStillReferenced } from '@sports/common';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { CATALOGS, CatalogUsage } from './catalog-definitions';

/** The skill catalog lives in its own module; its references are checked here as well. */
const SKILLS = {
  table: 'skills',
  path: 'skills',
  usages: [
    { table: 'exercise_skills', column: 'skill_id', label: 'exercises' },
    { table: 'maturity_model_skills', column: 'skill_id', label: 'maturity_models' },
  ] as CatalogUsage[],
};
const KINDS = [...CATALOGS, SKILLS];

describe('deleting a catalog entry still referenced: 409 RESOURCE_IN_USE, and the database refuses it too', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let owner: TestProfile;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, owner] = await Promise.all([t.newProfile({ role: 'admin' }), t.newProfile()]);
  });
  afterAll(() => t.close());

  const one = async (sql: string, params: unknown[] = []): Promise<string> =>
    (await t.db.query(sql, params))[0].id;
  const seeded = (table: string, slug: string): Promise<string> =>
    one(`SELECT id FROM ${table} WHERE slug = $1`, [slug]);
  const unique = (): string => randomUUID().slice(0, 8);

  /** A fresh entry of the catalog that nothing references yet. */
  const freshEntry = async (table: string): Promise<string> =>
    table === 'training_styles'
      ? one(
          `INSERT INTO training_styles (slug, name, style_direction_id) VALUES ($1, 'Ref', $2) RETURNING id`,
          [`ref-${unique()}`, await seeded('style_directions', 'fitness')],
        )
      : one(`INSERT INTO ${table} (slug, name) VALUES ($1, 'Ref') RETURNING id`, [
          `ref-${unique()}`,
        ]);
  const exercise = (): Promise<string> =>
    one(`INSERT INTO exercises (title, owner_profile_id) VALUES ('Ref', $1) RETURNING id`, [
      owner.id,
    ]);
  const model = (): Promise<string> =>
    one(`INSERT INTO maturity_models (slug, name) VALUES ($1, 'Ref') RETURNING id`, [
      `ref-${unique()}`,
    ]);

  /** Writes one row of `usage` that references `id`. */
  const refer = async (usage: CatalogUsage, id: string): Promise<void> => {
    const { table, column } = usage;
    switch (table) {
      case 'exercise_focus_areas':
      case 'exercise_training_styles':
      case 'exercise_target_groups':
      case 'exercise_age_groups':
        await t.db.query(`INSERT INTO ${table} (exercise_id, ${column}) VALUES ($1, $2)`, [
          await exercise(),
          id,
        ]);
        return;
      case 'exercise_skills':
        await t.db.query(
          `INSERT INTO exercise_skills (exercise_id, skill_id, level) VALUES ($1, $2, 'basis')`,
          [await exercise(), id],
        );
        return;
      case 'framework_programs':
        await t.db.query(
          `INSERT INTO framework_programs (name, owner_profile_id, ${column}) VALUES ('Ref', $1, ${
            usage.kind === 'array' ? 'ARRAY[$2]::uuid[]' : '$2'
          })`,
          [owner.id, id],
        );
        return;
      case 'trainer_contexts':
        await t.db.query(
          `INSERT INTO trainer_contexts (profile_id, name, ${column}) VALUES ($1, $2, $3)`,
          [owner.id, `Ref ${unique()}`, id],
        );
        return;
      case 'maturity_model_bindings':
      case 'maturity_model_focus_areas':
        await t.db.query(`INSERT INTO ${table} (model_id, ${column}) VALUES ($1, $2)`, [
          await model(),
          id,
        ]);
        return;
      case 'maturity_model_skills':
        await t.db.query(`INSERT INTO maturity_model_skills (model_id, skill_id) VALUES ($1, $2)`, [
          await model(),
          id,
        ]);
        return;
      case 'training_styles':
        await t.db.query(
          `INSERT INTO training_styles (slug, name, style_direction_id) VALUES ($1, 'Ref', $2)`,
          [`ref-${unique()}`, id],
        );
        return;
      case 'skills':
        await t.db.query(
          `INSERT INTO skills (slug, name, skill_category_id) VALUES ($1, 'Ref', $2)`,
          [`ref-${unique()}`, id],
        );
        return;
      case 'style_direction_target_groups':
        await t.db.query(
          `INSERT INTO style_direction_target_groups (style_direction_id, target_group_id) VALUES ($1, $2)`,
          column === 'style_direction_id'
            ? [id, await seeded('target_groups', 'senioren')]
            : [await seeded('style_directions', 'fitness'), id],
        );
        return;
      default:
        throw new Error(`no setup for ${table}.${column}`);
    }
  };

  const referencing = async (usage: CatalogUsage, id: string): Promise<number> =>
    (
      await t.db.query(
        `SELECT count(*)::int AS n FROM ${usage.table} WHERE ${
          usage.kind === 'array' ? `${usage.column} @> ARRAY[$1::uuid]` : `${usage.column} = $1`
        }`,
        [id],
      )
    )[0].n;

  const cases = KINDS.flatMap((kind) =>
    kind.usages.map((usage) => [kind.path, `${usage.table}.${usage.column}`, kind, usage] as const),
  );

  it.each(cases)(
    'refuses to delete an entry of /api/%s used in %s with 409 and its usage count',
    async (path, _where, kind, usage) => {
      const id = await freshEntry(kind.table);
      await refer(usage, id);
      const res = await t.http.delete(`/api/${path}/${id}`).set('Authorization', admin.auth);
      expect(res.status).toBe(409);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body).toMatchObject({ code: 'RESOURCE_IN_USE', usages: { [usage.label]: 1 } });
      expect(await t.db.query(`SELECT 1 FROM ${kind.table} WHERE id = $1`, [id])).toHaveLength(1);
      expect(await referencing(usage, id)).toBe(1);

      const direct = await t.db.query(`DELETE FROM ${kind.table} WHERE id = $1`, [id]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isStillReferenced(direct)).toBe(true);
      expect(await referencing(usage, id)).toBe(1);
    },
  );

  it.each(KINDS.map((k) => [k.path, k] as const))(
    'deletes an entry of /api/%s that nothing references with 204',
    async (path, kind) => {
      const id = await freshEntry(kind.table);
      const res = await t.http.delete(`/api/${path}/${id}`).set('Authorization', admin.auth);
      expect(res.status).toBe(204);
      expect(await t.db.query(`SELECT 1 FROM ${kind.table} WHERE id = $1`, [id])).toEqual([]);
    },
  );

  it('counts every kind of reference at once', async () => {
    const id = await freshEntry('focus_areas');
    const focus = CATALOGS.find((c) => c.table === 'focus_areas')!;
    for (const usage of focus.usages) await refer(usage, id);
    await refer(focus.usages[0], id);
    const res = await t.http.delete(`/api/focus-areas/${id}`).set('Authorization', admin.auth);
    expect(res.body.usages).toEqual({
      exercises: 2,
      framework_programs: 1,
      trainer_contexts: 1,
      maturity_model_bindings: 1,
      maturity_model_legacy_assignments: 1,
    });
  });

  it('lists every foreign key to a catalog as a usage, each ON DELETE RESTRICT', async () => {
    const fks: { tbl: string; col: string; target: string; on_delete: string }[] = await t.db.query(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col,
                c.confrelid::regclass::text AS target, c.confdeltype AS on_delete
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY($1)
         ORDER BY 1, 2`,
      [KINDS.map((k) => k.table)],
    );
    const listed = KINDS.flatMap((k) =>
      k.usages.filter((u) => u.kind !== 'array').map((u) => `${u.table}.${u.column} → ${k.table}`),
    );
    expect(fks.map((f) => `${f.tbl}.${f.col} → ${f.target}`).sort()).toEqual(listed.sort());
    expect(fks.filter((f) => f.on_delete !== 'r')).toEqual([]);
  });

  it('refuses a framework program naming an unknown training type or target group in the database', async () => {
    for (const column of ['training_type_ids', 'target_group_ids']) {
      const error = await t.db
        .query(
          `INSERT INTO framework_programs (name, owner_profile_id, ${column}) VALUES ('X', $1, ARRAY[$2]::uuid[])`,
          [owner.id, randomUUID()],
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isStillReferenced(error)).toBe(true);
    }
  });

  it('refuses anonymous callers and non-admins before looking at references', async () => {
    const id = await freshEntry('training_types');
    expect((await t.http.delete(`/api/training-types/${id}`)).status).toBe(401);
    expect(
      (await t.http.delete(`/api/training-types/${id}`).set('Authorization', owner.auth)).status,
    ).toBe(403);
    expect(await t.db.query('SELECT 1 FROM training_types WHERE id = $1', [id])).toHaveLength(1);
  });
});
