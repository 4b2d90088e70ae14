import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  deleteVersioned,
  NotFoundError,
  rowVersionColumn,
  updateVersioned,
  writeIfChanged,
} from '@sports/common';
import type { IfMatch, VersionedRow, VersionedTable } from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';

export interface ProgramValues {
  name: string;
  description: string | null;
  group_id: string | null;
  weeks: number;
  starts_on: string | null;
}

export interface ProgramRow extends ProgramValues, VersionedRow {
  id: string;
  club_id: string;
  created_by_profile_id: string | null;
  created_at: Date;
  updated_at: Date;
  units: {
    unit_id: string;
    week: number;
    position: number;
    title: string;
    starts_at: string | null;
  }[];
}

const SELECT = `SELECT p.id, p.club_id, p.group_id, p.name, p.description, p.weeks,
  to_char(p.starts_on, 'YYYY-MM-DD') AS starts_on, p.created_by_profile_id, p.created_at, p.updated_at,
  ${rowVersionColumn('p')},
  COALESCE((SELECT json_agg(json_build_object('unit_id', pu.unit_id, 'week', pu.week,
      'position', pu.position, 'title', u.title, 'starts_at', u.starts_at) ORDER BY pu.week, pu.position)
    FROM training_program_units pu JOIN training_units u ON u.id = pu.unit_id
    WHERE pu.program_id = p.id), '[]'::json) AS units
  FROM training_programs p`;

export const programNotFound = (id: string) => () => new NotFoundError('Training program', id);
const PROGRAMS: VersionedTable = {
  table: 'training_programs',
  key: 'id',
  notFound: (id) => programNotFound(id)(),
  stamp: 'updated_at',
};

/**
 * The only queries on training_programs and training_program_units. A program's version is
 * its row's: every update that changes something touches the row (also when only its units
 * change), so the version changes with everything the program lists of its own, and an update
 * that changes nothing keeps it.
 */
@Injectable()
export class TrainingProgramsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(
    clubIds: string[] | null,
    clubId: string | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ProgramRow[]; total: number }> {
    const where = [
      '($1::uuid[] IS NULL OR p.club_id = ANY($1::uuid[]))',
      '($2::uuid IS NULL OR p.club_id = $2)',
    ];
    const rows: ProgramRow[] = await this.dataSource.query(
      `${SELECT} WHERE ${where.join(' AND ')} ORDER BY lower(p.name), p.id LIMIT $3 OFFSET $4`,
      [clubIds, clubId ?? null, page.limit, page.offset],
    );
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM training_programs p WHERE ${where.join(' AND ')}`,
      [clubIds, clubId ?? null],
    );
    return { rows, total: n };
  }

  async findById(id: string, manager?: EntityManager): Promise<ProgramRow | null> {
    const rows = await (manager ?? this.dataSource).query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    clubId: string,
    v: ProgramValues,
    createdBy: string,
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO training_programs (club_id, name, description, group_id, weeks, starts_on, created_by_profile_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [clubId, v.name, v.description, v.group_id, v.weeks, v.starts_on, createdBy],
    );
    return id;
  }

  /**
   * With `ifMatch`, only the version it names is updated: the condition is in the UPDATE's
   * WHERE, and the row stays locked for the rest of `m`'s transaction (412 otherwise).
   */
  /** `unitsChanged`: the row is written (its version changes) even when its own values did not. */
  async update(
    m: EntityManager,
    id: string,
    v: ProgramValues,
    ifMatch?: IfMatch,
    unitsChanged = false,
  ): Promise<void> {
    const set = {
      name: v.name,
      description: v.description,
      group_id: v.group_id,
      weeks: v.weeks,
      starts_on: v.starts_on,
    };
    await updateVersioned(m, PROGRAMS, id, set, { returning: 'id', ifMatch, touch: unitsChanged });
  }

  /**
   * Replaces the program's units; answers whether that changed them (equal ones are no write).
   * The program row is locked first so that concurrent replacements run one after the other
   * instead of both inserting the same pair.
   */
  async replaceUnits(
    m: EntityManager,
    id: string,
    units: { unit_id: string; week: number }[],
  ): Promise<boolean> {
    await m.query(`SELECT 1 FROM training_programs WHERE id = $1 FOR UPDATE`, [id]);
    const stored = () =>
      m.query(
        `SELECT unit_id, week, position FROM training_program_units WHERE program_id = $1
          ORDER BY position, unit_id`,
        [id],
      );
    return writeIfChanged(m, stored, async () => {
      await m.query(`DELETE FROM training_program_units WHERE program_id = $1`, [id]);
      if (units.length === 0) return;
      await m.query(
        `INSERT INTO training_program_units (program_id, unit_id, week, position)
         SELECT $1, x.unit_id, x.week, x.ord - 1
         FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (unit_id uuid, week int)) WITH ORDINALITY AS x(unit_id, week, ord)
         ON CONFLICT DO NOTHING`,
        [id, JSON.stringify(units)],
      );
    });
  }

  /** With `ifMatch`, only the version it names is deleted (checked in the DELETE; 412 otherwise). */
  async delete(id: string, ifMatch?: IfMatch): Promise<void> {
    await deleteVersioned(this.dataSource, PROGRAMS, id, ifMatch);
  }
}
