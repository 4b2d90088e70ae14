import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  IfMatch,
  NotFoundError,
  pagedRows,
  PagedRows,
  rowVersionColumn,
  updateVersionedRow,
  versionedWrite,
  VersionedRow,
} from '@sports/common';
import { DataSource } from 'typeorm';

export interface SavedSearchRow extends VersionedRow {
  id: string;
  profile_id: string;
  name: string;
  filters: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** The only queries on `exercise_searches`; every one is scoped to the owning profile. */
@Injectable()
export class ExerciseSearchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(
    profileId: string,
    page: { limit: number; offset: number },
  ): Promise<PagedRows<SavedSearchRow>> {
    return pagedRows<SavedSearchRow>(
      this.db,
      {
        select: 'id, profile_id, name, filters, created_at, updated_at',
        from: 'FROM exercise_searches WHERE profile_id = $1',
        orderBy: 'lower(name), id',
        params: [profileId],
      },
      page,
    );
  }

  async findOwned(profileId: string, id: string): Promise<SavedSearchRow | null> {
    const rows: SavedSearchRow[] = await this.db.query(
      `SELECT *, ${rowVersionColumn()} FROM exercise_searches WHERE id = $1 AND profile_id = $2`,
      [id, profileId],
    );
    return rows[0] ?? null;
  }

  async nameTaken(profileId: string, name: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM exercise_searches
       WHERE profile_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`,
      [profileId, name, exceptId ?? null],
    );
    return rows.length > 0;
  }

  async insert(profileId: string, name: string, filters: object): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO exercise_searches (profile_id, name, filters) VALUES ($1, $2, $3::jsonb)
       RETURNING id`,
      [profileId, name, JSON.stringify(filters)],
    );
    return rows[0].id;
  }

  /** With `ifMatch`, only the version it names is written (the check is in the WHERE). */
  async update(
    id: string,
    values: { name?: string; filters?: object },
    ifMatch?: IfMatch,
  ): Promise<void> {
    const set: Record<string, unknown> = {};
    if (values.name !== undefined) set.name = values.name;
    if (values.filters !== undefined) set.filters = JSON.stringify(values.filters);
    await updateVersionedRow(this.db, searchKey(id), {
      set,
      stampedNow: ['updated_at'],
      returning: 'id',
      ifMatch,
      notFound: searchNotFound(id),
    });
  }

  /** With `ifMatch`, only the version it names is deleted. */
  async delete(id: string, ifMatch?: IfMatch): Promise<void> {
    await versionedWrite(
      this.db,
      searchKey(id),
      ifMatch,
      searchNotFound(id),
      (condition) => `DELETE FROM exercise_searches WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }
}

const searchKey = (id: string) => ({ table: 'exercise_searches', where: { id } });
const searchNotFound = (id: string) => () => new NotFoundError('Saved exercise search', id);
