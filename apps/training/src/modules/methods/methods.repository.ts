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

export interface MethodRow extends VersionedRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  created_by_profile_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export type MethodValues = Partial<
  Pick<MethodRow, 'slug' | 'name' | 'description' | 'created_by_profile_id'>
>;
const WRITABLE = ['slug', 'name', 'description', 'created_by_profile_id'] as const;

/** The only queries on `methods`. */
@Injectable()
export class MethodsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(f: {
    q?: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: MethodRow[]; total: number }> {
    const params: unknown[] = [];
    let cond = '';
    if (f.q) {
      params.push(`%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      cond = 'WHERE name ILIKE $1';
    }
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM methods ${cond}`,
      params,
    );
    const rows: MethodRow[] = await this.db.query(
      `SELECT * FROM methods ${cond} ORDER BY lower(name), id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.limit, f.offset],
    );
    return { rows, total };
  }

  async findById(id: string): Promise<MethodRow | null> {
    const rows: MethodRow[] = await this.db.query(
      `SELECT *, ${rowVersionColumn()} FROM methods WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      'SELECT 1 FROM methods WHERE slug = $1 AND id IS DISTINCT FROM $2',
      [slug, exceptId ?? null],
    );
    return rows.length > 0;
  }

  async insert(v: MethodValues): Promise<string> {
    const cols = WRITABLE.filter((k) => v[k] !== undefined);
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO methods (${cols.join(', ')}) VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')})
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
    v: MethodValues,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<void> {
    await updateVersionedRow(
      this.db,
      { table: 'methods', where: { id } },
      {
        set: Object.fromEntries(WRITABLE.filter((k) => v[k] !== undefined).map((k) => [k, v[k]])),
        stampedNow: ['updated_at'],
        returning: 'id',
        ifMatch,
        notFound,
      },
    );
  }

  /** Deletes the row; with `ifMatch` only the version it names (as `update`). */
  async delete(id: string, ifMatch: IfMatch | undefined, notFound: () => Error): Promise<void> {
    await versionedWrite(
      this.db,
      { table: 'methods', where: { id } },
      ifMatch,
      notFound,
      (condition) => `DELETE FROM methods WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }
}
