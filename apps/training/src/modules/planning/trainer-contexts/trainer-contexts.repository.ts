import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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

export interface TrainerContextRow extends TrainerContextValues {
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
      `SELECT * FROM trainer_contexts WHERE id = $1 AND profile_id = $2`,
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

  async update(id: string, v: TrainerContextValues): Promise<void> {
    const cols = TRAINER_CONTEXT_FIELDS;
    await this.dataSource.query(
      `UPDATE trainer_contexts SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
       WHERE id = $1`,
      [id, ...cols.map((c) => v[c])],
    );
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM trainer_contexts WHERE id = $1`, [id]);
  }

  async nameTaken(profileId: string, name: string, exceptId: string | null): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM trainer_contexts WHERE profile_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`,
      [profileId, name, exceptId],
    );
    return rows.length > 0;
  }
}
