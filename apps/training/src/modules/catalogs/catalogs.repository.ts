import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type IfMatch,
  rowVersionColumn,
  type RowKey,
  updateVersionedRow,
  type VersionedRow,
  versionedWrite,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { CatalogDefinition } from './catalog-definitions';

/** A catalog row as stored (snake_case like the wire format). */
export interface CatalogRow extends VersionedRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  sort_order: number;
  age_min?: number | null;
  age_max?: number | null;
  style_direction_id?: string;
  style_direction_ids?: string[];
  created_at: Date;
  updated_at: Date;
}

export type CatalogValues = Partial<
  Pick<
    CatalogRow,
    'slug' | 'name' | 'description' | 'sort_order' | 'age_min' | 'age_max' | 'style_direction_id'
  >
>;

export interface LinkRow extends VersionedRow {
  id: string;
  style_direction_id: string;
  style_direction_name: string;
  target_group_id: string;
  target_group_name: string;
  created_at: Date;
}

const WRITABLE = [
  'slug',
  'name',
  'description',
  'sort_order',
  'age_min',
  'age_max',
  'style_direction_id',
] as const;

/** The only queries on the catalog tables and the style direction ↔ target group links. */
@Injectable()
export class CatalogsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private select(def: CatalogDefinition): string {
    const extra =
      def.table === 'target_groups'
        ? `, ARRAY(SELECT l.style_direction_id FROM style_direction_target_groups l
             WHERE l.target_group_id = c.id ORDER BY l.style_direction_id) AS style_direction_ids`
        : '';
    return `SELECT c.*, ${rowVersionColumn('c')}${extra} FROM ${def.table} c`;
  }

  async list(
    def: CatalogDefinition,
    filter: { q?: string; styleDirectionId?: string; limit: number; offset: number },
  ): Promise<{ rows: CatalogRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.q) {
      params.push(`%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`c.name ILIKE $${params.length}`);
    }
    if (filter.styleDirectionId && def.kind === 'training_style') {
      params.push(filter.styleDirectionId);
      where.push(`c.style_direction_id = $${params.length}`);
    }
    const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM ${def.table} c ${cond}`,
      params,
    );
    const rows: CatalogRow[] = await this.db.query(
      `${this.select(def)} ${cond} ORDER BY c.sort_order, lower(c.name), c.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows, total };
  }

  async findById(def: CatalogDefinition, id: string): Promise<CatalogRow | null> {
    const rows: CatalogRow[] = await this.db.query(`${this.select(def)} WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async slugTaken(def: CatalogDefinition, slug: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM ${def.table} WHERE slug = $1 AND id IS DISTINCT FROM $2`,
      [slug, exceptId ?? null],
    );
    return rows.length > 0;
  }

  async exists(table: string, id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  async insert(def: CatalogDefinition, values: CatalogValues): Promise<string> {
    const cols = WRITABLE.filter((k) => values[k] !== undefined);
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO ${def.table} (${cols.join(', ')})
       VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      cols.map((k) => values[k]),
    );
    return rows[0].id;
  }

  /**
   * Updates the entry (values equal to the stored ones are no write: it keeps its version);
   * with `ifMatch` only the version it names (412 with the current version otherwise,
   * `notFound()` when it is gone).
   */
  async update(
    def: CatalogDefinition,
    id: string,
    values: CatalogValues,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<void> {
    await updateVersionedRow(this.db, entryKey(def, id), {
      set: Object.fromEntries(
        WRITABLE.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
      ),
      stampedNow: ['updated_at'],
      returning: 'id',
      ifMatch,
      notFound,
    });
  }

  /** How many rows of each usage table reference the entry (labels without rows left out). */
  async usages(def: CatalogDefinition, id: string): Promise<Record<string, number>> {
    if (def.usages.length === 0) return {};
    const counts = def.usages.map(
      (u) =>
        `(SELECT count(*)::int FROM ${u.table} WHERE ${
          u.kind === 'array' ? `${u.column} @> ARRAY[$1::uuid]` : `${u.column} = $1`
        })`,
    );
    const [row]: Record<string, number>[] = await this.db.query(
      `SELECT ${counts.map((c, i) => `${c} AS n${i}`).join(', ')}`,
      [id],
    );
    const out: Record<string, number> = {};
    def.usages.forEach((u, i) => {
      const n = row[`n${i}`];
      if (n > 0) out[u.label] = (out[u.label] ?? 0) + n;
    });
    return out;
  }

  /**
   * Deletes the entry (with `ifMatch` only the version it names, as `update`); false when it
   * did not exist. The database refuses a referenced one.
   */
  async delete(
    def: CatalogDefinition,
    id: string,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<boolean> {
    const deleted = await versionedWrite(
      this.db,
      entryKey(def, id),
      ifMatch,
      notFound,
      (condition) => `DELETE FROM ${def.table} WHERE id = $1${condition} RETURNING id`,
      [id],
    );
    return deleted !== undefined;
  }

  // ---- style direction ↔ target group links ----

  private readonly linkSelect = `
    SELECT l.id, l.style_direction_id, d.name AS style_direction_name,
           l.target_group_id, t.name AS target_group_name, l.created_at, ${rowVersionColumn('l')}
    FROM style_direction_target_groups l
    JOIN style_directions d ON d.id = l.style_direction_id
    JOIN target_groups t ON t.id = l.target_group_id`;

  async listLinks(filter: {
    styleDirectionId?: string;
    targetGroupId?: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: LinkRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.styleDirectionId) {
      params.push(filter.styleDirectionId);
      where.push(`l.style_direction_id = $${params.length}`);
    }
    if (filter.targetGroupId) {
      params.push(filter.targetGroupId);
      where.push(`l.target_group_id = $${params.length}`);
    }
    const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM style_direction_target_groups l ${cond}`,
      params,
    );
    const rows: LinkRow[] = await this.db.query(
      `${this.linkSelect} ${cond} ORDER BY d.sort_order, d.name, t.sort_order, t.name
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows, total };
  }

  async findLink(id: string): Promise<LinkRow | null> {
    const rows: LinkRow[] = await this.db.query(`${this.linkSelect} WHERE l.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Inserts the link; null when the pair exists already. The target group lists its style
   * directions, so its row is touched in the same statement (its version follows its links).
   */
  async insertLink(styleDirectionId: string, targetGroupId: string): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `WITH link AS (
         INSERT INTO style_direction_target_groups (style_direction_id, target_group_id)
         VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, target_group_id
       ), touched AS (
         UPDATE target_groups g SET updated_at = now() FROM link WHERE g.id = link.target_group_id
       )
       SELECT id FROM link`,
      [styleDirectionId, targetGroupId],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Deletes the link (with `ifMatch` only the version it names, as `update`) and touches its
   * target group in the same statement; false when it did not exist.
   */
  async deleteLink(
    id: string,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<boolean> {
    const deleted = await versionedWrite(
      this.db,
      { table: 'style_direction_target_groups', where: { id } },
      ifMatch,
      notFound,
      (condition) =>
        `WITH link AS (
           DELETE FROM style_direction_target_groups WHERE id = $1${condition}
           RETURNING id, target_group_id
         ), touched AS (
           UPDATE target_groups g SET updated_at = now() FROM link WHERE g.id = link.target_group_id
         )
         SELECT id FROM link`,
      [id],
    );
    return deleted !== undefined;
  }

  /** Style directions with their training styles and target groups. */
  async hierarchy(): Promise<unknown[]> {
    const rows: { item: unknown }[] = await this.db.query(`
      SELECT json_build_object(
        'id', d.id, 'slug', d.slug, 'name', d.name, 'description', d.description,
        'sort_order', d.sort_order,
        'training_styles', coalesce((
          SELECT json_agg(json_build_object('id', s.id, 'slug', s.slug, 'name', s.name,
                   'description', s.description, 'sort_order', s.sort_order)
                 ORDER BY s.sort_order, lower(s.name))
          FROM training_styles s WHERE s.style_direction_id = d.id), '[]'::json),
        'target_groups', coalesce((
          SELECT json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name,
                   'age_min', t.age_min, 'age_max', t.age_max)
                 ORDER BY t.sort_order, lower(t.name))
          FROM style_direction_target_groups l JOIN target_groups t ON t.id = l.target_group_id
          WHERE l.style_direction_id = d.id), '[]'::json)
      ) AS item
      FROM style_directions d ORDER BY d.sort_order, lower(d.name), d.id`);
    return rows.map((r) => r.item);
  }
}

/** The row holding an entry's version. */
const entryKey = (def: CatalogDefinition, id: string): RowKey => ({
  table: def.table,
  where: { id },
});
