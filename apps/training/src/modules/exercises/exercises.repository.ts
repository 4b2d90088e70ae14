import {
  isoTimestamp,
  NotFoundError,
  rowVersionColumn,
  updateVersionedRow,
  VersionedRow,
  writeVersionedRow,
} from '@sports/common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { SkillLevel } from '../skills/skill-levels';
import type { TenantContext } from '../tenant-context/tenant-context';
import { columnsOf, Visibility, visibilitySql } from '../content-access/content-visibility';
import { SqlParams } from '../content-access/sql-params';
import type { ExerciseStatus } from './dto/exercise.dto';

/** The plain columns of an exercise row. */
export interface ExerciseRow extends VersionedRow {
  id: string;
  title: string;
  description: string | null;
  instructions: string | null;
  coaching_points: string | null;
  material: string | null;
  duration_minutes: number | null;
  difficulty: number | null;
  min_participants: number | null;
  max_participants: number | null;
  visibility: Visibility;
  club_id: string | null;
  owner_profile_id: string | null;
  status: ExerciseStatus;
  default_club_media_copyright: string | null;
  promote_attached_media_for_official: boolean;
  default_official_media_copyright: string | null;
  /** ISO 8601 UTC text with milliseconds (the response's form; no Date round trip). */
  created_at: string;
  updated_at: string;
}

/** A row with its enriched catalog lists (json from the database). */
export interface EnrichedExerciseRow extends ExerciseRow {
  focus_areas: { id: string; slug: string; name: string }[];
  training_styles: { id: string; slug: string; name: string; style_direction_id: string }[];
  target_groups: AgeRef[];
  age_groups_catalog: AgeRef[];
  skills: {
    skill_id: string;
    slug: string;
    name: string;
    skill_category_id: string | null;
    level: SkillLevel;
    level_rank: number;
  }[];
  variants?: VariantJson[];
  rank?: number;
  total?: number;
}

interface AgeRef {
  id: string;
  slug: string;
  name: string;
  age_min: number | null;
  age_max: number | null;
}

/** A variant as json_build_object answers it (timestamps as strings). */
export interface VariantJson {
  id: string;
  exercise_id: string;
  title: string;
  description: string | null;
  sequence_order: number;
  progression_level: number;
  duration_minutes: number | null;
  difficulty: number | null;
  material: string | null;
  prerequisite: string | null;
  /** ISO 8601 UTC text with milliseconds. */
  created_at: string;
  updated_at: string;
}

export type ExerciseValues = Partial<
  Omit<ExerciseRow, 'id' | 'created_at' | 'updated_at' | 'owner_profile_id'>
> & { owner_profile_id?: string | null };

/** Catalog links written as id lists. */
export interface ExerciseLinks {
  focus_areas_multi?: string[];
  training_styles_multi?: string[];
  target_groups_multi?: string[];
  age_groups_catalog?: string[];
  skills?: { skill_id: string; level: SkillLevel }[];
}

export const LINKS = {
  focus_areas_multi: {
    table: 'exercise_focus_areas',
    column: 'focus_area_id',
    target: 'focus_areas',
  },
  training_styles_multi: {
    table: 'exercise_training_styles',
    column: 'training_style_id',
    target: 'training_styles',
  },
  target_groups_multi: {
    table: 'exercise_target_groups',
    column: 'target_group_id',
    target: 'target_groups',
  },
  age_groups_catalog: {
    table: 'exercise_age_groups',
    column: 'age_group_id',
    target: 'age_groups',
  },
} as const;

export type LinkKey = keyof typeof LINKS;

/** The effective filters of one list request (query over saved search over profile prefs). */
export interface ExerciseFilter {
  q?: string;
  ai_search?: boolean;
  include_variants?: boolean;
  include_archived?: boolean;
  visibility_exclude_any?: string[];
  status_exclude_any?: string[];
  exclude_without_focus?: boolean;
  must_include?: string[];
  must_exclude?: string[];
  focus_only_without?: string[];
  style_direction_id?: string | null;
  training_style_id?: string | null;
  target_group_id?: string | null;
  skill_level_min?: number | null;
  skill_level_max?: number | null;
  club_id?: string;
}

const COLUMNS = `e.id, e.title, e.description, e.instructions, e.coaching_points, e.material,
  e.duration_minutes, e.difficulty, e.min_participants, e.max_participants, e.visibility,
  e.club_id, e.owner_profile_id, e.status, e.default_club_media_copyright,
  e.promote_attached_media_for_official, e.default_official_media_copyright,
  ${isoTimestamp('e.created_at')} AS created_at, ${isoTimestamp('e.updated_at')} AS updated_at,
  ${rowVersionColumn('e')}`;

const WRITABLE: (keyof ExerciseValues)[] = [
  'title',
  'description',
  'instructions',
  'coaching_points',
  'material',
  'duration_minutes',
  'difficulty',
  'min_participants',
  'max_participants',
  'visibility',
  'club_id',
  'owner_profile_id',
  'status',
  'default_club_media_copyright',
  'promote_attached_media_for_official',
  'default_official_media_copyright',
];

const VARIANT_JSON = `json_build_object('id', v.id, 'exercise_id', v.exercise_id, 'title', v.title,
  'description', v.description, 'sequence_order', v.sequence_order,
  'progression_level', v.progression_level, 'duration_minutes', v.duration_minutes,
  'difficulty', v.difficulty, 'material', v.material, 'prerequisite', v.prerequisite,
  'created_at', ${isoTimestamp('v.created_at')}, 'updated_at', ${isoTimestamp('v.updated_at')})`;

/** A variant's columns in the form of VARIANT_JSON. */
const VARIANT_COLUMNS = `v.id, v.exercise_id, v.title, v.description, v.sequence_order,
  v.progression_level, v.duration_minutes, v.difficulty, v.material, v.prerequisite,
  ${isoTimestamp('v.created_at')} AS created_at, ${isoTimestamp('v.updated_at')} AS updated_at`;

/** The enriched catalog lists, skills and (optionally) variants of `e`. */
function enrichment(withVariants: boolean): string {
  const list = (fields: string, from: string, order: string): string =>
    `coalesce((SELECT json_agg(json_build_object(${fields}) ORDER BY ${order}) ${from}), '[]'::json)`;
  const parts = [
    `${list(
      `'id', c.id, 'slug', c.slug, 'name', c.name`,
      'FROM exercise_focus_areas l JOIN focus_areas c ON c.id = l.focus_area_id WHERE l.exercise_id = e.id',
      'c.sort_order, c.name',
    )} AS focus_areas`,
    `${list(
      `'id', c.id, 'slug', c.slug, 'name', c.name, 'style_direction_id', c.style_direction_id`,
      'FROM exercise_training_styles l JOIN training_styles c ON c.id = l.training_style_id WHERE l.exercise_id = e.id',
      'c.sort_order, c.name',
    )} AS training_styles`,
    `${list(
      `'id', c.id, 'slug', c.slug, 'name', c.name, 'age_min', c.age_min, 'age_max', c.age_max`,
      'FROM exercise_target_groups l JOIN target_groups c ON c.id = l.target_group_id WHERE l.exercise_id = e.id',
      'c.sort_order, c.name',
    )} AS target_groups`,
    `${list(
      `'id', c.id, 'slug', c.slug, 'name', c.name, 'age_min', c.age_min, 'age_max', c.age_max`,
      'FROM exercise_age_groups l JOIN age_groups c ON c.id = l.age_group_id WHERE l.exercise_id = e.id',
      'c.sort_order, c.name',
    )} AS age_groups_catalog`,
    `${list(
      `'skill_id', s.id, 'slug', s.slug, 'name', s.name, 'skill_category_id', s.skill_category_id,
       'level', l.level, 'level_rank', l.level_rank`,
      'FROM exercise_skills l JOIN skills s ON s.id = l.skill_id WHERE l.exercise_id = e.id',
      'l.level_rank, s.name',
    )} AS skills`,
  ];
  if (withVariants) {
    parts.push(
      `coalesce((SELECT json_agg(${VARIANT_JSON} ORDER BY v.sequence_order, v.progression_level, v.id)
        FROM exercise_variants v WHERE v.exercise_id = e.id), '[]'::json) AS variants`,
    );
  }
  return parts.join(',\n');
}

/** pg_trgm word similarity an ai_search word needs to match (pg_trgm's default is 0.6). */
export const AI_SEARCH_THRESHOLD = 0.5;

/** Words of an ai_search query (at most 6, each at least 2 characters). */
function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .slice(0, 6);
}

/**
 * Builds the list statement: visibility check, every filter, ranking and the page with
 * its enrichment, as one SQL statement (also used verbatim by the benchmark's baseline).
 */
export function buildListSql(
  ctx: TenantContext,
  f: ExerciseFilter,
  page: { limit: number; offset: number },
): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where: string[] = [visibilitySql(ctx, columnsOf('e'), p)];
  const ctes: string[] = [];
  let rank = '0::real';

  if (!f.include_archived) where.push(`e.status <> 'archived'`);
  if (f.status_exclude_any?.length)
    where.push(`e.status <> ALL(${p.add(f.status_exclude_any)}::text[])`);
  if (f.visibility_exclude_any?.length) {
    where.push(`e.visibility <> ALL(${p.add(f.visibility_exclude_any)}::text[])`);
  }
  if (f.club_id) where.push(`e.club_id = ${p.add(f.club_id)}`);

  const q = f.q?.trim();
  if (q) {
    if (f.ai_search) {
      const words = searchWords(q);
      const qp = p.add(q);
      ctes.push(`cat_hits AS (
        SELECT l.exercise_id FROM exercise_focus_areas l JOIN focus_areas c ON c.id = l.focus_area_id
          WHERE c.name <% ${qp} OR ${qp} <% c.name
        UNION SELECT l.exercise_id FROM exercise_training_styles l JOIN training_styles c ON c.id = l.training_style_id
          WHERE c.name <% ${qp} OR ${qp} <% c.name
        UNION SELECT l.exercise_id FROM exercise_target_groups l JOIN target_groups c ON c.id = l.target_group_id
          WHERE c.name <% ${qp} OR ${qp} <% c.name)`);
      const wordParams = words.map((w) => p.add(w));
      const textMatch = wordParams.length
        ? wordParams.map((w) => `${w} <% e.ai_text`).join(' AND ')
        : 'false';
      const textSim = wordParams.length
        ? `(${wordParams.map((w) => `word_similarity(${w}, e.ai_text)`).join(' + ')}) / ${wordParams.length}`
        : '0';
      where.push(`((${textMatch}) OR e.id IN (SELECT exercise_id FROM cat_hits))`);
      rank = `greatest(word_similarity(${qp}, e.title), 0.9 * ${textSim},
        CASE WHEN e.id IN (SELECT exercise_id FROM cat_hits) THEN 0.5 ELSE 0 END)::real`;
    } else {
      const tq = `websearch_to_tsquery('german', ${p.add(q)})`;
      where.push(`e.search_vector @@ ${tq}`);
      rank = `ts_rank_cd(e.search_vector, ${tq})`;
    }
  }

  const focus = (cond: string): string =>
    `SELECT 1 FROM exercise_focus_areas fa WHERE fa.exercise_id = e.id AND ${cond}`;
  if (f.exclude_without_focus) where.push(`EXISTS (${focus('true')})`);
  if (f.must_include?.length) {
    // One semi-join per focus area: the planner estimates each well (a grouped count does not).
    for (const id of new Set(f.must_include))
      where.push(`EXISTS (${focus(`fa.focus_area_id = ${p.add(id)}`)})`);
  }
  if (f.must_exclude?.length) {
    where.push(`NOT EXISTS (${focus(`fa.focus_area_id = ANY(${p.add(f.must_exclude)}::uuid[])`)})`);
  }
  if (f.focus_only_without?.length) {
    where.push(`EXISTS (${focus('true')})`);
    where.push(
      `NOT EXISTS (${focus(`fa.focus_area_id <> ALL(${p.add(f.focus_only_without)}::uuid[])`)})`,
    );
  }
  if (f.style_direction_id) {
    where.push(`e.id IN (SELECT l.exercise_id FROM exercise_training_styles l
      JOIN training_styles s ON s.id = l.training_style_id
      WHERE s.style_direction_id = ${p.add(f.style_direction_id)})`);
  }
  if (f.training_style_id) {
    where.push(`e.id IN (SELECT l.exercise_id FROM exercise_training_styles l
      WHERE l.training_style_id = ${p.add(f.training_style_id)})`);
  }
  if (f.target_group_id) {
    where.push(`e.id IN (SELECT l.exercise_id FROM exercise_target_groups l
      WHERE l.target_group_id = ${p.add(f.target_group_id)})`);
  }
  const min = f.skill_level_min ?? null;
  const max = f.skill_level_max ?? null;
  if (min !== null || max !== null) {
    where.push(`e.id IN (SELECT l.exercise_id FROM exercise_skills l
      WHERE l.level_rank BETWEEN ${p.add(min ?? 1)} AND ${p.add(max ?? 5)})`);
  }

  const order = q ? 'rank DESC, sort_title, id' : 'sort_title, id';
  const sql = `WITH ${[
    ...ctes,
    `page AS (
      SELECT e.id, ${rank} AS rank, lower(e.title) AS sort_title, count(*) OVER () AS total
      FROM exercises e
      WHERE ${where.join('\n  AND ')}
      ORDER BY ${order}
      LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`,
  ].join(',\n')}
    SELECT ${COLUMNS}, page.rank, page.total::int AS total,
      ${enrichment(f.include_variants === true)}
    FROM page JOIN exercises e ON e.id = page.id
    ORDER BY ${order
      .split(', ')
      .map((c) => `page.${c}`)
      .join(', ')}`;
  return { sql, params: p.values };
}

/** The only queries on exercises, their links, skills and variants. */
@Injectable()
export class ExercisesRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  async list(
    ctx: TenantContext,
    filter: ExerciseFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: EnrichedExerciseRow[]; total: number | null }> {
    const { sql, params } = buildListSql(ctx, filter, page);
    const rows: EnrichedExerciseRow[] = await this.run(filter, sql, params);
    return { rows, total: rows[0]?.total ?? null };
  }

  /** Total for a page past the end (the windowed count of `list` has no row to ride on). */
  async count(ctx: TenantContext, filter: ExerciseFilter): Promise<number> {
    const { sql, params } = buildListSql(ctx, filter, { limit: 1, offset: 0 });
    const rows: { total: number }[] = await this.run(filter, sql, params);
    return rows[0]?.total ?? 0;
  }

  /**
   * Typo-tolerant search lowers pg_trgm's word similarity threshold (default 0.6) for its own
   * transaction, so one typo in a short word still matches; other searches run as they are.
   */
  private async run<T>(filter: ExerciseFilter, sql: string, params: unknown[]): Promise<T[]> {
    if (!(filter.ai_search && filter.q?.trim())) return this.db.query(sql, params);
    return this.db.transaction(async (m) => {
      await m.query(
        `SELECT set_config('pg_trgm.word_similarity_threshold', '${AI_SEARCH_THRESHOLD}', true)`,
      );
      return m.query(sql, params);
    });
  }

  async findEnriched(id: string, manager?: EntityManager): Promise<EnrichedExerciseRow | null> {
    const rows: EnrichedExerciseRow[] = await (manager ?? this.db).query(
      `SELECT ${COLUMNS}, ${enrichment(true)} FROM exercises e WHERE e.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findById(id: string, manager?: EntityManager, lock = false): Promise<ExerciseRow | null> {
    const rows: ExerciseRow[] = await (manager ?? this.db).query(
      `SELECT ${COLUMNS} FROM exercises e WHERE e.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findManyForUpdate(manager: EntityManager, ids: string[]): Promise<ExerciseRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM exercises e WHERE e.id = ANY($1::uuid[]) ORDER BY e.id FOR UPDATE`,
      [ids],
    );
  }

  async insert(manager: EntityManager, values: ExerciseValues): Promise<string> {
    const cols = WRITABLE.filter((k) => values[k] !== undefined);
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO exercises (${cols.join(', ')})
       VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      cols.map((k) => values[k]),
    );
    return rows[0].id;
  }

  /**
   * Values equal to the stored ones are no write (the exercise keeps its version), unless
   * `partsChanged` (links, attached media), for which its version stands too.
   */
  async update(
    manager: EntityManager,
    id: string,
    values: ExerciseValues,
    partsChanged = false,
  ): Promise<void> {
    await updateVersionedRow(
      manager,
      { table: 'exercises', where: { id } },
      {
        set: Object.fromEntries(
          WRITABLE.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
        ),
        stampedNow: ['updated_at'],
        touch: partsChanged,
        returning: 'id',
        notFound: () => new NotFoundError('Exercise', id),
      },
    );
  }

  /** The exercise's links as stored, each kind in one order (see `writeLinks`). */
  async linksOf(manager: EntityManager, id: string): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const key of Object.keys(LINKS) as LinkKey[]) {
      const { table, column } = LINKS[key];
      out[key] = await manager.query(
        `SELECT ${column} FROM ${table} WHERE exercise_id = $1 ORDER BY ${column}`,
        [id],
      );
    }
    out.skills = await manager.query(
      `SELECT skill_id, level FROM exercise_skills WHERE exercise_id = $1 ORDER BY skill_id, level`,
      [id],
    );
    return out;
  }

  /**
   * Replaces the links named in `links` (absent keys stay as they are); an id listed twice
   * (in any letter case) is linked once.
   */
  async writeLinks(manager: EntityManager, id: string, links: ExerciseLinks): Promise<void> {
    for (const key of Object.keys(LINKS) as LinkKey[]) {
      const ids = links[key];
      if (ids === undefined) continue;
      const { table, column } = LINKS[key];
      await manager.query(`DELETE FROM ${table} WHERE exercise_id = $1`, [id]);
      if (ids.length) {
        await manager.query(
          `INSERT INTO ${table} (exercise_id, ${column}) SELECT $1, unnest($2::uuid[])
           ON CONFLICT DO NOTHING`,
          [id, ids],
        );
      }
    }
    if (links.skills !== undefined) {
      await manager.query(`DELETE FROM exercise_skills WHERE exercise_id = $1`, [id]);
      if (links.skills.length) {
        await manager.query(
          `INSERT INTO exercise_skills (exercise_id, skill_id, level)
           SELECT $1, s, l FROM unnest($2::uuid[], $3::text[]) AS u(s, l)
           ON CONFLICT DO NOTHING`,
          [id, links.skills.map((s) => s.skill_id), links.skills.map((s) => s.level)],
        );
      }
    }
  }

  /** Ids of `ids` missing from `table`. */
  async unknownIds(table: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await this.db.query(
      `SELECT u.id FROM unnest($1::uuid[]) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = u.id)`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** Serialises changes to the number of a profile's private exercises until the end of the transaction. */
  async lockPrivateExercisesOf(manager: EntityManager, ownerId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `private-exercises:${ownerId}`,
    ]);
  }

  /** Private exercises of a profile, archived and drafts included. */
  async countPrivateOf(manager: EntityManager, ownerId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM exercises WHERE owner_profile_id = $1 AND visibility = 'private'`,
      [ownerId],
    );
    return n;
  }

  async clubExists(clubId: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.db).query('SELECT 1 FROM clubs WHERE id = $1', [
      clubId,
    ]);
    return rows.length > 0;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query('DELETE FROM exercises WHERE id = $1', [id]);
  }

  async listPrefs(profileId: string): Promise<Record<string, unknown>> {
    const rows: { prefs: Record<string, unknown> }[] = await this.db.query(
      'SELECT exercise_list_prefs AS prefs FROM profiles WHERE id = $1',
      [profileId],
    );
    return rows[0]?.prefs ?? {};
  }

  // ---- variants ----

  async variants(exerciseId: string, manager?: EntityManager): Promise<VariantJson[]> {
    return (manager ?? this.db).query(
      `SELECT ${VARIANT_COLUMNS} FROM exercise_variants v WHERE v.exercise_id = $1
       ORDER BY v.sequence_order, v.progression_level, v.id`,
      [exerciseId],
    );
  }

  /** A variant of the exercise with its row version. */
  async findVariant(
    exerciseId: string,
    variantId: string,
  ): Promise<(VariantJson & VersionedRow) | null> {
    const rows: (VariantJson & VersionedRow)[] = await this.db.query(
      `SELECT ${VARIANT_COLUMNS}, ${rowVersionColumn('v')} FROM exercise_variants v
        WHERE v.id = $1 AND v.exercise_id = $2`,
      [variantId, exerciseId],
    );
    return rows[0] ?? null;
  }

  async insertVariant(
    manager: EntityManager,
    exerciseId: string,
    v: Partial<VariantJson>,
  ): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO exercise_variants (exercise_id, title, description, sequence_order,
         progression_level, duration_minutes, difficulty, material, prerequisite)
       VALUES ($1, $2, $3,
         coalesce($4, (SELECT coalesce(max(sequence_order) + 1, 0) FROM exercise_variants WHERE exercise_id = $1)),
         coalesce($5, 1), $6, $7, $8, $9)
       RETURNING id`,
      [
        exerciseId,
        v.title,
        v.description ?? null,
        v.sequence_order ?? null,
        v.progression_level ?? null,
        v.duration_minutes ?? null,
        v.difficulty ?? null,
        v.material ?? null,
        v.prerequisite ?? null,
      ],
    );
    return rows[0].id;
  }

  /** Answers whether the variant was written: values equal to the stored ones are no write. */
  async updateVariant(
    manager: EntityManager,
    variantId: string,
    v: Partial<VariantJson>,
  ): Promise<boolean> {
    const keys = (
      [
        'title',
        'description',
        'sequence_order',
        'progression_level',
        'duration_minutes',
        'difficulty',
        'material',
        'prerequisite',
      ] as const
    ).filter((k) => v[k] !== undefined);
    const { written } = await writeVersionedRow(
      manager,
      { table: 'exercise_variants', where: { id: variantId } },
      {
        set: Object.fromEntries(keys.map((k) => [k, v[k]])),
        stampedNow: ['updated_at'],
        returning: 'id',
        notFound: () => new NotFoundError('Exercise variant', variantId),
      },
    );
    return written;
  }

  async deleteVariant(manager: EntityManager, variantId: string): Promise<void> {
    await manager.query('DELETE FROM exercise_variants WHERE id = $1', [variantId]);
  }

  async reorderVariants(manager: EntityManager, exerciseId: string, ids: string[]): Promise<void> {
    await manager.query(
      `UPDATE exercise_variants v SET sequence_order = u.ord - 1, updated_at = now()
       FROM unnest($2::uuid[]) WITH ORDINALITY AS u(id, ord)
       WHERE v.id = u.id AND v.exercise_id = $1`,
      [exerciseId, ids],
    );
  }

  /**
   * Marks a change of the exercise's children (variants, media): a new `updated_at` and so a
   * new row version, which it answers.
   */
  async touch(manager: EntityManager, exerciseId: string): Promise<string | undefined> {
    // TypeORM answers UPDATE ... RETURNING as [rows, affected count].
    const [rows]: [VersionedRow[], number] = await manager.query(
      `UPDATE exercises SET updated_at = now() WHERE id = $1 RETURNING ${rowVersionColumn()}`,
      [exerciseId],
    );
    return rows[0]?.row_version;
  }
}
