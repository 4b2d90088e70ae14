import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type IfMatch,
  rowVersionColumn,
  updateVersionedRow,
  type VersionedRow,
  versionedWrite,
} from '@sports/common';
import { DataSource } from 'typeorm';

export interface SkillRow extends VersionedRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  skill_category_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export type SkillValues = Partial<
  Pick<SkillRow, 'slug' | 'name' | 'description' | 'skill_category_id'>
>;
const WRITABLE = ['slug', 'name', 'description', 'skill_category_id'] as const;

/** The only queries on `skills`. */
@Injectable()
export class SkillsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(f: {
    q?: string;
    categoryId?: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: SkillRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.q) {
      params.push(`%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`name ILIKE $${params.length}`);
    }
    if (f.categoryId) {
      params.push(f.categoryId);
      where.push(`skill_category_id = $${params.length}`);
    }
    const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM skills ${cond}`,
      params,
    );
    const rows: SkillRow[] = await this.db.query(
      `SELECT * FROM skills ${cond} ORDER BY lower(name), id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.limit, f.offset],
    );
    return { rows, total };
  }

  async findById(id: string): Promise<SkillRow | null> {
    const rows: SkillRow[] = await this.db.query(
      `SELECT *, ${rowVersionColumn()} FROM skills WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      'SELECT 1 FROM skills WHERE slug = $1 AND id IS DISTINCT FROM $2',
      [slug, exceptId ?? null],
    );
    return rows.length > 0;
  }

  async categoryExists(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM skill_categories WHERE id = $1', [
      id,
    ]);
    return rows.length > 0;
  }

  async insert(v: SkillValues): Promise<string> {
    const cols = WRITABLE.filter((k) => v[k] !== undefined);
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO skills (${cols.join(', ')}) VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')})
       RETURNING id`,
      cols.map((k) => v[k]),
    );
    return rows[0].id;
  }

  /**
   * Updates the row; with `ifMatch` only the version it names (412 with the current version
   * otherwise, `notFound()` when it is gone).
   */
  async update(
    id: string,
    v: SkillValues,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<void> {
    await updateVersionedRow(
      this.db,
      { table: 'skills', where: { id } },
      {
        set: Object.fromEntries(WRITABLE.filter((k) => v[k] !== undefined).map((k) => [k, v[k]])),
        stampedNow: ['updated_at'],
        returning: 'id',
        ifMatch,
        notFound,
      },
    );
  }

  /** Exercises and maturity models using the skill (kinds without any left out). */
  async usages(id: string): Promise<Record<string, number>> {
    const [row]: { exercises: number; maturity_models: number }[] = await this.db.query(
      `SELECT (SELECT count(*)::int FROM exercise_skills WHERE skill_id = $1) AS exercises,
              (SELECT count(*)::int FROM maturity_model_skills WHERE skill_id = $1) AS maturity_models`,
      [id],
    );
    return Object.fromEntries(Object.entries(row).filter(([, n]) => n > 0));
  }

  /** Deletes the row; with `ifMatch` only the version it names (as `update`). */
  async delete(id: string, ifMatch: IfMatch | undefined, notFound: () => Error): Promise<void> {
    await versionedWrite(
      this.db,
      { table: 'skills', where: { id } },
      ifMatch,
      notFound,
      (condition) => `DELETE FROM skills WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }
}
