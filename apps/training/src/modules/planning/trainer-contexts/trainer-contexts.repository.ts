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

export const TRAINER_CONTEXT_FIELDS = [
  'name',
  'description',
  'club_id',
  'group_id',
  'focus_area_id',
  'style_direction_id',
  'training_style_id',
  'target_group_id',
] as const;
export type TrainerContextValues = Record<(typeof TRAINER_CONTEXT_FIELDS)[number], string | null>;

export interface TrainerContextRow extends TrainerContextValues, VersionedRow {
  id: string;
  profile_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/** The only queries on trainer_contexts. */
@Injectable()
export class TrainerContextsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listOwn(
    profileId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TrainerContextRow[]; total: number }> {
    const rows: TrainerContextRow[] = await this.dataSource.query(
      `SELECT * FROM trainer_contexts WHERE profile_id = $1 ORDER BY lower(name), id LIMIT $2 OFFSET $3`,
      [profileId, page.limit, page.offset],
    );
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM trainer_contexts WHERE profile_id = $1`,
      [profileId],
    );
    return { rows, total: n };
  }

  async findOwn(profileId: string, id: string): Promise<TrainerContextRow | null> {
    const rows = await this.dataSource.query(
      `SELECT *, ${rowVersionColumn()} FROM trainer_contexts WHERE id = $1 AND profile_id = $2`,
      [id, profileId],
    );
    return rows[0] ?? null;
  }

  async insert(profileId: string, v: TrainerContextValues): Promise<string> {
    const cols = TRAINER_CONTEXT_FIELDS;
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO trainer_contexts (profile_id, ${cols.join(', ')})
       VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
      [profileId, ...cols.map((c) => v[c])],
    );
    return id;
  }

  /**
   * Updates the context; with `ifMatch` only the version it names (412 with the current version
   * otherwise, `notFound()` when it is gone).
   */
  async update(
    id: string,
    v: TrainerContextValues,
    ifMatch: IfMatch | undefined,
    notFound: () => Error,
  ): Promise<void> {
    await updateVersionedRow(this.dataSource, contextKey(id), {
      set: Object.fromEntries(TRAINER_CONTEXT_FIELDS.map((c) => [c, v[c]])),
      stampedNow: ['updated_at'],
      returning: 'id',
      ifMatch,
      notFound,
    });
  }

  /** Deletes the context; with `ifMatch` only the version it names (as `update`). */
  async delete(id: string, ifMatch: IfMatch | undefined, notFound: () => Error): Promise<void> {
    await versionedWrite(
      this.dataSource,
      contextKey(id),
      ifMatch,
      notFound,
      (condition) => `DELETE FROM trainer_contexts WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }

  async nameTaken(profileId: string, name: string, exceptId: string | null): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM trainer_contexts WHERE profile_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`,
      [profileId, name, exceptId],
    );
    return rows.length > 0;
  }
}

const contextKey = (id: string): RowKey => ({ table: 'trainer_contexts', where: { id } });
