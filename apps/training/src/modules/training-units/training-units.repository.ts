import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isoTimestamp,
  NotFoundError,
  pagedRows,
  PagedQuery,
  PagedRows,
  pagedStatement,
  rowVersionColumn,
  updateVersionedRow,
  VersionedRow,
  writeIfChanged,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { SqlParams } from '../content-access/sql-params';
import type { UnitSort, UnitStatus } from './dto/training-unit.dto';

export interface UnitValues {
  title: string;
  notes: string | null;
  group_id: string | null;
  starts_at: string | null;
  duration_minutes: number | null;
  location: string | null;
  status: UnitStatus;
  lead_trainer_profile_id: string | null;
  assistant_trainer_profile_ids: string[] | null;
  plan_template_id: string | null;
}

export interface UnitRow extends UnitValues, VersionedRow {
  id: string;
  club_id: string;
  origin_framework_slot_id: string | null;
  created_by_profile_id: string | null;
  effective_lead_trainer_profile_id: string | null;
  effective_assistant_trainer_profile_ids: string[];
  lead_trainer_name: string | null;
  /** ISO 8601 UTC text with milliseconds (the response's form; no Date round trip). */
  starts_at: string | null;
  sequence: number;
  created_at: string;
  updated_at: string;
}

/** Who is asking (the list's access rule is part of the SQL). */
export interface UnitListCaller {
  profile_id: string;
  /** null: every club (platform admins). */
  member_club_ids: string[] | null;
  /** Clubs whose units the caller sees in full (club admin there, or platform admin). */
  admin_club_ids: string[] | null;
}

export interface UnitListFilter {
  club_id?: string;
  group_id?: string;
  assigned_to_me?: boolean;
  sort?: UnitSort;
}

const ORDER: Record<UnitSort, string> = {
  starts_at: 'u.starts_at ASC NULLS LAST, u.id',
  '-starts_at': 'u.starts_at DESC NULLS LAST, u.id',
  created_at: 'u.created_at ASC, u.id',
  '-created_at': 'u.created_at DESC, u.id',
  title: 'lower(u.title), u.id',
};

const COLUMNS = `u.id, u.title, u.notes, u.club_id, u.group_id,
    ${isoTimestamp('u.starts_at')} AS starts_at, u.duration_minutes,
    u.location, u.status, u.sequence,
    u.lead_trainer_profile_id, u.assistant_trainer_profile_ids, u.plan_template_id,
    u.origin_framework_slot_id, u.created_by_profile_id,
    ${isoTimestamp('u.created_at')} AS created_at, ${isoTimestamp('u.updated_at')} AS updated_at,
    eff.lead AS effective_lead_trainer_profile_id, eff.assistants AS effective_assistant_trainer_profile_ids,
    lp.name AS lead_trainer_name, ${rowVersionColumn('u')}`;

const FROM = `FROM training_units u
  LEFT JOIN groups g ON g.id = u.group_id
  CROSS JOIN LATERAL (SELECT
    COALESCE(u.lead_trainer_profile_id, g.default_lead_trainer_profile_id) AS lead,
    COALESCE(u.assistant_trainer_profile_ids, g.default_assistant_trainer_profile_ids, '{}'::uuid[]) AS assistants) eff
  LEFT JOIN profiles lp ON lp.id = eff.lead`;

/**
 * The list query of GET /api/training-units: framework-slot blueprints are excluded; club
 * admins see every unit of their clubs, other members the units they created or are
 * (effectively) assigned to.
 */
function listQuery(caller: UnitListCaller, filter: UnitListFilter): PagedQuery {
  const p = new SqlParams();
  const where = ['u.framework_slot_id IS NULL'];
  if (filter.club_id) where.push(`u.club_id = ${p.add(filter.club_id)}`);
  if (caller.member_club_ids)
    where.push(`u.club_id = ANY(${p.add(caller.member_club_ids)}::uuid[])`);
  if (filter.group_id) where.push(`u.group_id = ${p.add(filter.group_id)}`);
  if (filter.assigned_to_me) {
    const me = p.add(caller.profile_id);
    where.push(`(eff.lead = ${me}::uuid OR ${me}::uuid = ANY(eff.assistants))`);
  } else if (caller.admin_club_ids) {
    const me = p.add(caller.profile_id);
    const assigned = `(eff.lead = ${me}::uuid OR ${me}::uuid = ANY(eff.assistants))`;
    where.push(
      `(u.club_id = ANY(${p.add(caller.admin_club_ids)}::uuid[]) OR u.created_by_profile_id = ${me} OR ${assigned})`,
    );
  }
  return {
    select: COLUMNS,
    from: `${FROM} WHERE ${where.join(' AND ')}`,
    orderBy: ORDER[filter.sort ?? '-starts_at'],
    params: p.values,
  };
}

/** The statement of one page of the list (exported for the benchmark's bare-SQL baseline). */
export function buildListSql(
  caller: UnitListCaller,
  filter: UnitListFilter,
  page: { limit: number; offset: number },
): { sql: string; params: unknown[] } {
  return pagedStatement(listQuery(caller, filter), page);
}

/** The only queries on training_units (club units) and training_unit_media. */
@Injectable()
export class TrainingUnitsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(
    caller: UnitListCaller,
    filter: UnitListFilter,
    page: { limit: number; offset: number },
  ): Promise<PagedRows<UnitRow>> {
    return pagedRows<UnitRow>(this.dataSource, listQuery(caller, filter), page);
  }

  /** A club unit (never a blueprint) with its effective trainers. */
  async findById(id: string, manager?: EntityManager, lock = false): Promise<UnitRow | null> {
    const rows: UnitRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS} ${FROM} WHERE u.id = $1 AND u.framework_slot_id IS NULL${lock ? ' FOR UPDATE OF u' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async blueprint(
    unitId: string,
  ): Promise<{ title: string; notes: string | null; duration_minutes: number | null } | null> {
    const rows = await this.dataSource.query(
      `SELECT title, notes, duration_minutes FROM training_units WHERE id = $1 AND framework_slot_id IS NOT NULL`,
      [unitId],
    );
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    clubId: string,
    v: UnitValues,
    createdBy: string,
    originSlotId: string | null = null,
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO training_units (club_id, title, notes, group_id, starts_at, duration_minutes,
         lead_trainer_profile_id, assistant_trainer_profile_ids, plan_template_id,
         origin_framework_slot_id, created_by_profile_id, location, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        clubId,
        v.title,
        v.notes,
        v.group_id,
        v.starts_at,
        v.duration_minutes,
        v.lead_trainer_profile_id,
        v.assistant_trainer_profile_ids,
        v.plan_template_id,
        originSlotId,
        createdBy,
        v.location,
        v.status,
      ],
    );
    return id;
  }

  /**
   * Values equal to the stored ones are no write (the unit keeps its version), unless
   * `partsChanged` (sections, media), for which its version stands too.
   */
  async update(m: EntityManager, id: string, v: UnitValues, partsChanged = false): Promise<void> {
    await updateVersionedRow(
      m,
      { table: 'training_units', where: { id } },
      {
        set: {
          title: v.title,
          notes: v.notes,
          group_id: v.group_id,
          starts_at: v.starts_at,
          duration_minutes: v.duration_minutes,
          lead_trainer_profile_id: v.lead_trainer_profile_id,
          assistant_trainer_profile_ids: v.assistant_trainer_profile_ids,
          plan_template_id: v.plan_template_id,
          location: v.location,
          status: v.status,
        },
        stampedNow: ['updated_at'],
        touch: partsChanged,
        returning: 'id',
        notFound: () => new NotFoundError('Training unit', id),
      },
    );
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM training_units WHERE id = $1`, [id]);
  }

  /** Ids of `ids` that are club units of `clubId`. */
  async idsInClub(ids: string[], clubId: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM training_units WHERE id = ANY($1::uuid[]) AND club_id = $2 AND framework_slot_id IS NULL`,
      [ids, clubId],
    );
    return new Set(rows.map((r) => r.id));
  }

  async mediaOf(unitId: string): Promise<string[]> {
    const rows: { media_asset_id: string }[] = await this.dataSource.query(
      `SELECT media_asset_id FROM training_unit_media WHERE unit_id = $1 ORDER BY position`,
      [unitId],
    );
    return rows.map((r) => r.media_asset_id);
  }

  /** Sets the unit's media in order; answers whether that changed them (equal is no write). */
  async replaceMedia(m: EntityManager, unitId: string, assetIds: string[]): Promise<boolean> {
    const stored = async (): Promise<string[]> =>
      (
        await m.query(
          `SELECT media_asset_id FROM training_unit_media WHERE unit_id = $1 ORDER BY position`,
          [unitId],
        )
      ).map((r: { media_asset_id: string }) => r.media_asset_id);
    return writeIfChanged(m, stored, async () => {
      await m.query(`DELETE FROM training_unit_media WHERE unit_id = $1`, [unitId]);
      if (assetIds.length === 0) return;
      await m.query(
        `INSERT INTO training_unit_media (unit_id, media_asset_id, position)
         SELECT $1, x.id, x.ord - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, ord)
         ON CONFLICT DO NOTHING`,
        [unitId, assetIds],
      );
    });
  }

  /**
   * Media assets the caller may link: they exist and are readable by the common rule
   * (official; club of a club the caller belongs to; own private upload). Answers null when the
   * media module's table is absent (the ids are then stored unchecked).
   */
  async readableMediaIds(
    ids: string[],
    profileId: string,
    clubIds: string[] | null,
  ): Promise<Set<string> | null> {
    const [{ present }] = await this.dataSource.query(
      `SELECT to_regclass('media_assets') IS NOT NULL AS present`,
    );
    if (!present) return null;
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM media_assets WHERE id = ANY($1::uuid[]) AND (
         visibility = 'official'
         OR (visibility = 'private' AND uploaded_by_profile_id = $2)
         OR (visibility = 'club' AND ($3::uuid[] IS NULL OR club_id = ANY($3::uuid[]))))`,
      [ids, profileId, clubIds],
    );
    return new Set(rows.map((r) => r.id));
  }
}
