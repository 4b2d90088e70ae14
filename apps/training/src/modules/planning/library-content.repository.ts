import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  NotFoundError,
  pagedRows,
  PagedRows,
  rowVersionColumn,
  updateVersionedRow,
  type VersionedRow,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { columnsOf, Visibility, visibilitySql } from '../content-access/content-visibility';
import { SqlParams } from '../content-access/sql-params';
import type { TenantContext } from '../tenant-context/tenant-context';

/** Library tables that share name, description, visibility, club and owner columns. */
export type LibraryTable = 'plan_templates' | 'framework_programs' | 'progression_graphs';

export interface LibraryRow extends VersionedRow {
  id: string;
  name: string;
  description: string | null;
  visibility: Visibility;
  club_id: string | null;
  owner_profile_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface LibraryValues {
  name: string;
  description: string | null;
  visibility: Visibility;
  club_id: string | null;
}

export interface LibraryFilter {
  visibility?: Visibility;
  club_id?: string;
  q?: string;
}

/**
 * The shared queries of plan templates, framework programs and progression graphs: lists
 * through the common visibility check (the SQL form of `canReadContent`) and the common columns.
 */
@Injectable()
export class LibraryContentRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list<T extends LibraryRow>(
    ctx: TenantContext,
    table: LibraryTable,
    filter: LibraryFilter,
    page: { limit: number; offset: number },
    extraColumns = '',
  ): Promise<PagedRows<T>> {
    const params = new SqlParams();
    const where = [visibilitySql(ctx, columnsOf('c'), params)];
    if (filter.visibility) where.push(`c.visibility = ${params.add(filter.visibility)}`);
    if (filter.club_id) where.push(`c.club_id = ${params.add(filter.club_id)}`);
    if (filter.q) {
      where.push(`c.name ILIKE ${params.add(`%${filter.q.replace(/[\\%_]/g, '\\$&')}%`)}`);
    }
    return pagedRows<T>(
      this.dataSource,
      {
        select: `c.*, ${rowVersionColumn('c')}${extraColumns}`,
        from: `FROM ${table} c WHERE ${where.join(' AND ')}`,
        orderBy: 'lower(c.name), c.id',
        params: params.values,
      },
      page,
    );
  }

  async findById<T extends LibraryRow>(
    table: LibraryTable,
    id: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<T | null> {
    const rows: T[] = await (manager ?? this.dataSource).query(
      `SELECT *, ${rowVersionColumn()} FROM ${table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    table: LibraryTable,
    values: LibraryValues,
    ownerId: string,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const cols = ['name', 'description', 'visibility', 'club_id', 'owner_profile_id'];
    const vals: unknown[] = [
      values.name,
      values.description,
      values.visibility,
      values.club_id,
      ownerId,
    ];
    for (const [k, v] of Object.entries(extra)) {
      cols.push(k);
      vals.push(v);
    }
    const [{ id }] = await m.query(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${vals.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      vals,
    );
    return id;
  }

  /**
   * Writes `values` (those not undefined) into the row, locked by the caller's transaction.
   * Values equal to the stored ones are no write (the row keeps its version), unless
   * `partsChanged`: its parts (sections, slots) changed, and its version stands for them too.
   */
  async update(
    m: EntityManager,
    table: LibraryTable,
    id: string,
    values: Record<string, unknown>,
    partsChanged = false,
  ): Promise<void> {
    await updateVersionedRow(
      m,
      { table, where: { id } },
      {
        set: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
        stampedNow: ['updated_at'],
        touch: partsChanged,
        returning: 'id',
        notFound: () => new NotFoundError(table, id),
      },
    );
  }

  async delete(m: EntityManager, table: LibraryTable, id: string): Promise<void> {
    await m.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
  }

  async clubExists(clubId: string): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM clubs WHERE id = $1`, [clubId]);
    return rows.length > 0;
  }

  /** Ids of `ids` that are not rows of the catalog `table`. */
  async unknownIds(table: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT x.id FROM unnest($1::uuid[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = x.id)`,
      [ids],
    );
    return rows.map((r) => r.id);
  }
}
