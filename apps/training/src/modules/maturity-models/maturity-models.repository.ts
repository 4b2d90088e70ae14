import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type IfMatch,
  NotFoundError,
  rowVersionColumn,
  updateVersionedRow,
  type VersionedRow,
  versionedWrite,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExportModel } from './dto/maturity-model.dto';
import type { StackBinding, StackSkill, StackSkillCategory } from './dto/matrix-stack.dto';
import type { BindingCandidate, ResolveContext } from './maturity-resolve';

export interface ModelRow extends VersionedRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface BindingRow {
  id: string;
  model_id: string;
  focus_area_id: string | null;
  style_direction_id: string | null;
  training_style_id: string | null;
  training_type_id: string | null;
}

type Db = DataSource | EntityManager;

const BINDING_COLUMNS = `id, model_id, focus_area_id, style_direction_id, training_style_id,
  training_type_id`;

/** The only queries on maturity_models and their levels, skills, descriptions and bindings. */
@Injectable()
export class MaturityModelsRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  async list(page: {
    limit: number;
    offset: number;
  }): Promise<{ rows: ModelRow[]; total: number }> {
    const rows = await this.dataSource.query(
      `SELECT * FROM maturity_models ORDER BY slug LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM maturity_models`);
    return { rows, total: n };
  }

  async findById(id: string, db: Db = this.dataSource): Promise<ModelRow | null> {
    const rows = await db.query(
      `SELECT *, ${rowVersionColumn()} FROM maturity_models WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * The model, locked for the rest of the transaction: writes that replace part of a model
   * (levels, skills, legacy focus areas) then run one after the other.
   */
  async findForUpdate(m: EntityManager, id: string): Promise<ModelRow | null> {
    const rows = await m.query(
      `SELECT *, ${rowVersionColumn()} FROM maturity_models WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findBySlug(slug: string): Promise<ModelRow | null> {
    const rows = await this.dataSource.query(
      `SELECT *, ${rowVersionColumn()} FROM maturity_models WHERE slug = $1`,
      [slug],
    );
    return rows[0] ?? null;
  }

  async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM maturity_models WHERE slug = $1 AND id IS DISTINCT FROM $2`,
      [slug, exceptId],
    );
    return rows.length > 0;
  }

  async insert(
    m: EntityManager,
    v: { slug: string; name: string; description: string | null },
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO maturity_models (slug, name, description) VALUES ($1, $2, $3) RETURNING id`,
      [v.slug, v.name, v.description],
    );
    return id;
  }

  /**
   * Values equal to the stored ones are no write (the model keeps its version), unless
   * `partsChanged`: its version stands for its content too.
   */
  async update(
    m: EntityManager,
    id: string,
    v: { slug: string; name: string; description: string | null },
    partsChanged = false,
  ): Promise<void> {
    await updateVersionedRow(
      m,
      { table: 'maturity_models', where: { id } },
      {
        set: { slug: v.slug, name: v.name, description: v.description },
        stampedNow: ['updated_at'],
        touch: partsChanged,
        returning: 'id',
        notFound: () => new NotFoundError('Maturity model', id),
      },
    );
  }

  async touch(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE maturity_models SET updated_at = now() WHERE id = $1`, [id]);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM maturity_models WHERE id = $1`, [id]);
  }

  async replaceLevels(
    m: EntityManager,
    id: string,
    levels: { level: number; name: string; description?: string | null }[],
  ): Promise<void> {
    await m.query(`DELETE FROM maturity_model_levels WHERE model_id = $1`, [id]);
    if (!levels.length) return;
    await m.query(
      `INSERT INTO maturity_model_levels (model_id, level, name, description)
       SELECT $1, x.level, x.name, x.description FROM jsonb_to_recordset($2::jsonb) AS x(level int, name text, description text)`,
      [id, JSON.stringify(levels.map((l) => ({ ...l, description: l.description ?? null })))],
    );
  }

  /** Sets the model's skills in order; descriptions of removed skills go with them (FK cascade). */
  async replaceSkills(m: EntityManager, id: string, skillIds: string[]): Promise<void> {
    await m.query(
      `DELETE FROM maturity_model_skills WHERE model_id = $1 AND NOT (skill_id = ANY($2::uuid[]))`,
      [id, skillIds],
    );
    if (!skillIds.length) return;
    await m.query(
      `INSERT INTO maturity_model_skills (model_id, skill_id, position)
       SELECT $1, x.id, x.ord - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, ord)
       ON CONFLICT (model_id, skill_id) DO UPDATE SET position = EXCLUDED.position`,
      [id, skillIds],
    );
  }

  async modelSkillIds(id: string, db: Db = this.dataSource): Promise<Set<string>> {
    const rows: { skill_id: string }[] = await db.query(
      `SELECT skill_id FROM maturity_model_skills WHERE model_id = $1`,
      [id],
    );
    return new Set(rows.map((r) => r.skill_id));
  }

  async writeCells(
    m: EntityManager,
    id: string,
    cells: { skill_id: string; level: number; description: string | null }[],
  ): Promise<void> {
    const drop = cells.filter((c) => c.description === null);
    const put = cells.filter((c) => c.description !== null);
    if (drop.length) {
      await m.query(
        `DELETE FROM maturity_skill_level_descriptions d USING jsonb_to_recordset($2::jsonb) AS x(skill_id uuid, level int)
         WHERE d.model_id = $1 AND d.skill_id = x.skill_id AND d.level = x.level`,
        [id, JSON.stringify(drop)],
      );
    }
    if (put.length) {
      await m.query(
        `INSERT INTO maturity_skill_level_descriptions (model_id, skill_id, level, description)
         SELECT $1, x.skill_id, x.level, x.description
         FROM jsonb_to_recordset($2::jsonb) AS x(skill_id uuid, level int, description text)
         ON CONFLICT (model_id, skill_id, level) DO UPDATE SET description = EXCLUDED.description`,
        [id, JSON.stringify(put)],
      );
    }
  }

  async insertBinding(
    m: EntityManager,
    modelId: string,
    b: Omit<BindingRow, 'id' | 'model_id'>,
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO maturity_model_bindings (model_id, focus_area_id, style_direction_id, training_style_id, training_type_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [modelId, b.focus_area_id, b.style_direction_id, b.training_style_id, b.training_type_id],
    );
    return id;
  }

  async bindingsOf(
    modelId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: BindingRow[]; total: number }> {
    const rows: BindingRow[] = await this.dataSource.query(
      `SELECT ${BINDING_COLUMNS} FROM maturity_model_bindings WHERE model_id = $1
       ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [modelId, page.limit, page.offset],
    );
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM maturity_model_bindings WHERE model_id = $1`,
      [modelId],
    );
    return { rows, total: n };
  }

  async findBinding(
    modelId: string,
    bindingId: string,
  ): Promise<(BindingRow & VersionedRow) | null> {
    const rows: (BindingRow & VersionedRow)[] = await this.dataSource.query(
      `SELECT ${BINDING_COLUMNS}, ${rowVersionColumn()} FROM maturity_model_bindings
       WHERE id = $1 AND model_id = $2`,
      [bindingId, modelId],
    );
    return rows[0] ?? null;
  }

  /**
   * Sets every dimension of the binding (the ones it has are no write); with `ifMatch` only the
   * version it names (412 with the current version otherwise). `notFound()` when it is not a
   * binding of the model.
   */
  async updateBinding(
    m: EntityManager,
    modelId: string,
    bindingId: string,
    b: Omit<BindingRow, 'id' | 'model_id'>,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<boolean> {
    await updateVersionedRow(m, bindingKey(modelId, bindingId), {
      set: {
        focus_area_id: b.focus_area_id,
        style_direction_id: b.style_direction_id,
        training_style_id: b.training_style_id,
        training_type_id: b.training_type_id,
      },
      returning: 'id',
      ifMatch,
      notFound,
    });
    return true;
  }

  /** Deletes the binding (with `ifMatch` only the version it names); false when not found. */
  async deleteBinding(
    m: EntityManager,
    modelId: string,
    bindingId: string,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<boolean> {
    const deleted = await versionedWrite(
      m,
      bindingKey(modelId, bindingId),
      ifMatch,
      notFound,
      (condition) =>
        `DELETE FROM maturity_model_bindings WHERE id = $1 AND model_id = $2${condition}
         RETURNING id`,
      [bindingId, modelId],
    );
    return deleted !== undefined;
  }

  async replaceLegacy(m: EntityManager, id: string, focusAreaIds: string[]): Promise<void> {
    await m.query(`DELETE FROM maturity_model_focus_areas WHERE model_id = $1`, [id]);
    if (!focusAreaIds.length) return;
    await m.query(
      `INSERT INTO maturity_model_focus_areas (model_id, focus_area_id) SELECT $1, unnest($2::uuid[])
       ON CONFLICT DO NOTHING`,
      [id, focusAreaIds],
    );
  }

  /** Levels, skills, cells, bindings and legacy focus areas of each model. */
  async content(ids: string[], db: Db = this.dataSource) {
    const [levels, skills, cells, bindings, legacy] = await Promise.all([
      db.query(
        `SELECT model_id, level, name, description FROM maturity_model_levels WHERE model_id = ANY($1::uuid[]) ORDER BY level`,
        [ids],
      ) as Promise<{ model_id: string; level: number; name: string; description: string | null }[]>,
      db.query(
        `SELECT ms.model_id, ms.skill_id, s.slug, s.name, ms.position FROM maturity_model_skills ms
         JOIN skills s ON s.id = ms.skill_id WHERE ms.model_id = ANY($1::uuid[]) ORDER BY ms.position, s.slug`,
        [ids],
      ) as Promise<
        { model_id: string; skill_id: string; slug: string; name: string; position: number }[]
      >,
      db.query(
        `SELECT d.model_id, d.skill_id, s.slug AS skill_slug, d.level, d.description FROM maturity_skill_level_descriptions d
         JOIN skills s ON s.id = d.skill_id WHERE d.model_id = ANY($1::uuid[]) ORDER BY s.slug, d.level`,
        [ids],
      ) as Promise<
        {
          model_id: string;
          skill_id: string;
          skill_slug: string;
          level: number;
          description: string;
        }[]
      >,
      db.query(
        `SELECT ${BINDING_COLUMNS}
         FROM maturity_model_bindings WHERE model_id = ANY($1::uuid[]) ORDER BY created_at, id`,
        [ids],
      ) as Promise<BindingRow[]>,
      db.query(
        `SELECT model_id, focus_area_id FROM maturity_model_focus_areas WHERE model_id = ANY($1::uuid[])
         ORDER BY model_id, focus_area_id`,
        [ids],
      ) as Promise<{ model_id: string; focus_area_id: string }[]>,
    ]);
    return { levels, skills, cells, bindings, legacy };
  }

  // ---- resolve ----

  candidates(ctx: ResolveContext): Promise<BindingCandidate[]> {
    return this.dataSource.query(
      `SELECT b.id, b.model_id, m.slug AS model_slug, b.focus_area_id, b.style_direction_id,
              b.training_style_id, b.training_type_id
       FROM maturity_model_bindings b JOIN maturity_models m ON m.id = b.model_id
       WHERE (b.focus_area_id IS NULL OR b.focus_area_id = $1::uuid)
         AND (b.style_direction_id IS NULL OR b.style_direction_id = $2::uuid)
         AND (b.training_style_id IS NULL OR b.training_style_id = $3::uuid)
         AND (b.training_type_id IS NULL OR b.training_type_id = $4::uuid)`,
      [ctx.focus_area_id, ctx.style_direction_id, ctx.training_style_id, ctx.training_type_id],
    );
  }

  async focusAreaHasBindings(focusAreaId: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM maturity_model_bindings WHERE focus_area_id = $1 LIMIT 1`,
      [focusAreaId],
    );
    return rows.length > 0;
  }

  legacyModels(focusAreaId: string): Promise<{ model_id: string; model_slug: string }[]> {
    return this.dataSource.query(
      `SELECT m.id AS model_id, m.slug AS model_slug FROM maturity_model_focus_areas l
       JOIN maturity_models m ON m.id = l.model_id WHERE l.focus_area_id = $1`,
      [focusAreaId],
    );
  }

  async directionOfStyle(trainingStyleId: string): Promise<string | null> {
    const rows = await this.dataSource.query(
      `SELECT style_direction_id FROM training_styles WHERE id = $1`,
      [trainingStyleId],
    );
    return rows[0]?.style_direction_id ?? null;
  }

  modelsByIds(ids: string[]): Promise<ModelRow[]> {
    return this.dataSource.query(`SELECT * FROM maturity_models WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async unknownIds(table: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT x.id FROM unnest($1::uuid[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = x.id)`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  // ---- matrix stack (slugs) ----

  async exportStack(db: Db = this.dataSource): Promise<{
    skill_categories: StackSkillCategory[];
    skills: StackSkill[];
    models: ExportModel[];
    bindings: StackBinding[];
  }> {
    const skill_categories: StackSkillCategory[] = await db.query(
      `SELECT slug, name, description, sort_order FROM skill_categories ORDER BY slug`,
    );
    const skills: StackSkill[] = await db.query(
      `SELECT s.slug, s.name, s.description, c.slug AS skill_category_slug
       FROM skills s LEFT JOIN skill_categories c ON c.id = s.skill_category_id ORDER BY s.slug`,
    );
    const models = await this.exportModels(null, db);
    const bindings: StackBinding[] = await db.query(
      `${BINDING_EXPORT} ORDER BY m.slug, fa.slug NULLS FIRST, sd.slug NULLS FIRST, ts.slug NULLS FIRST, tt.slug NULLS FIRST`,
    );
    return { skill_categories, skills, models, bindings };
  }

  /** Models by slug with their content, referencing skills and catalogs by slug. */
  async exportModels(modelId: string | null, db: Db = this.dataSource): Promise<ExportModel[]> {
    const rows: (ExportModel & { id: string })[] = await db.query(
      `SELECT m.id, m.slug, m.name, m.description,
         COALESCE((SELECT json_agg(json_build_object('level', l.level, 'name', l.name, 'description', l.description) ORDER BY l.level)
           FROM maturity_model_levels l WHERE l.model_id = m.id), '[]'::json) AS levels,
         COALESCE((SELECT json_agg(json_build_object('skill_slug', s.slug, 'position', ms.position) ORDER BY ms.position, s.slug)
           FROM maturity_model_skills ms JOIN skills s ON s.id = ms.skill_id WHERE ms.model_id = m.id), '[]'::json) AS skills,
         COALESCE((SELECT json_agg(json_build_object('skill_slug', s.slug, 'level', d.level, 'description', d.description) ORDER BY s.slug, d.level)
           FROM maturity_skill_level_descriptions d JOIN skills s ON s.id = d.skill_id WHERE d.model_id = m.id), '[]'::json) AS level_descriptions,
         COALESCE((SELECT json_agg(f.slug ORDER BY f.slug) FROM maturity_model_focus_areas l
           JOIN focus_areas f ON f.id = l.focus_area_id WHERE l.model_id = m.id), '[]'::json) AS legacy_focus_area_slugs
       FROM maturity_models m WHERE ($1::uuid IS NULL OR m.id = $1) ORDER BY m.slug`,
      [modelId],
    );
    return rows.map(({ id: _id, ...r }) => r);
  }

  exportBindings(modelId: string): Promise<StackBinding[]> {
    return this.dataSource.query(
      `${BINDING_EXPORT} WHERE m.id = $1 ORDER BY fa.slug NULLS FIRST, sd.slug NULLS FIRST, ts.slug NULLS FIRST, tt.slug NULLS FIRST`,
      [modelId],
    );
  }

  /** id of every slug of a catalog table (for import reference checks). */
  async slugMap(
    table: string,
    slugs: string[],
    db: Db = this.dataSource,
  ): Promise<Map<string, string>> {
    if (!slugs.length) return new Map();
    const rows: { id: string; slug: string }[] = await db.query(
      `SELECT id, slug FROM ${table} WHERE slug = ANY($1::text[])`,
      [[...new Set(slugs)]],
    );
    return new Map(rows.map((r) => [r.slug, r.id]));
  }

  async upsertCategories(m: EntityManager, rows: StackSkillCategory[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO skill_categories (slug, name, description, sort_order)
       SELECT x.slug, x.name, x.description, x.sort_order
       FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, description text, sort_order int)
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
         sort_order = EXCLUDED.sort_order, updated_at = now()`,
      [JSON.stringify(rows)],
    );
  }

  async upsertSkills(m: EntityManager, rows: StackSkill[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO skills (slug, name, description, skill_category_id)
       SELECT x.slug, x.name, x.description, c.id
       FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, description text, skill_category_slug text)
       LEFT JOIN skill_categories c ON c.slug = x.skill_category_slug
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
         skill_category_id = EXCLUDED.skill_category_id, updated_at = now()`,
      [JSON.stringify(rows)],
    );
  }

  async upsertModel(m: EntityManager, model: ExportModel): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO maturity_models (slug, name, description) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, updated_at = now()
       RETURNING id`,
      [model.slug, model.name, model.description ?? null],
    );
    return id;
  }

  async clearModelContent(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM maturity_model_skills WHERE model_id = $1`, [id]);
    await m.query(`DELETE FROM maturity_model_bindings WHERE model_id = $1`, [id]);
  }

  async insertSkillsBySlug(
    m: EntityManager,
    id: string,
    skills: { skill_slug: string; position: number }[],
  ): Promise<void> {
    if (!skills.length) return;
    await m.query(
      `INSERT INTO maturity_model_skills (model_id, skill_id, position)
       SELECT $1, s.id, x.position FROM jsonb_to_recordset($2::jsonb) AS x(skill_slug text, position int)
       JOIN skills s ON s.slug = x.skill_slug`,
      [id, JSON.stringify(skills)],
    );
  }

  async insertCellsBySlug(
    m: EntityManager,
    id: string,
    cells: { skill_slug: string; level: number; description: string }[],
  ): Promise<void> {
    if (!cells.length) return;
    await m.query(
      `INSERT INTO maturity_skill_level_descriptions (model_id, skill_id, level, description)
       SELECT $1, s.id, x.level, x.description
       FROM jsonb_to_recordset($2::jsonb) AS x(skill_slug text, level int, description text)
       JOIN skills s ON s.slug = x.skill_slug`,
      [id, JSON.stringify(cells)],
    );
  }

  async insertBindingsBySlug(m: EntityManager, bindings: StackBinding[]): Promise<void> {
    if (!bindings.length) return;
    await m.query(
      `INSERT INTO maturity_model_bindings (model_id, focus_area_id, style_direction_id, training_style_id, training_type_id)
       SELECT m.id, fa.id, sd.id, ts.id, tt.id
       FROM jsonb_to_recordset($1::jsonb) AS x(model_slug text, focus_area_slug text, style_direction_slug text,
         training_style_slug text, training_type_slug text)
       JOIN maturity_models m ON m.slug = x.model_slug
       LEFT JOIN focus_areas fa ON fa.slug = x.focus_area_slug
       LEFT JOIN style_directions sd ON sd.slug = x.style_direction_slug
       LEFT JOIN training_styles ts ON ts.slug = x.training_style_slug
       LEFT JOIN training_types tt ON tt.slug = x.training_type_slug`,
      [JSON.stringify(bindings)],
    );
  }

  async replaceLegacyBySlug(m: EntityManager, id: string, slugs: string[]): Promise<void> {
    await m.query(`DELETE FROM maturity_model_focus_areas WHERE model_id = $1`, [id]);
    if (!slugs.length) return;
    await m.query(
      `INSERT INTO maturity_model_focus_areas (model_id, focus_area_id)
       SELECT $1, f.id FROM focus_areas f WHERE f.slug = ANY($2::text[])`,
      [id, slugs],
    );
  }
}

const BINDING_EXPORT = `SELECT m.slug AS model_slug, fa.slug AS focus_area_slug, sd.slug AS style_direction_slug,
    ts.slug AS training_style_slug, tt.slug AS training_type_slug
  FROM maturity_model_bindings b JOIN maturity_models m ON m.id = b.model_id
  LEFT JOIN focus_areas fa ON fa.id = b.focus_area_id
  LEFT JOIN style_directions sd ON sd.id = b.style_direction_id
  LEFT JOIN training_styles ts ON ts.id = b.training_style_id
  LEFT JOIN training_types tt ON tt.id = b.training_type_id`;

const bindingKey = (modelId: string, id: string) => ({
  table: 'maturity_model_bindings',
  where: { id, model_id: modelId },
});
