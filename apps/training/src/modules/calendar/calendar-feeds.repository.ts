import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  IfMatch,
  NotFoundError,
  rowVersionColumn,
  versionedWrite,
  VersionedRow,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { UnitStatus } from '../training-units/dto/training-unit.dto';

export type FeedScope = 'personal' | 'club';

export interface FeedRow extends VersionedRow {
  id: string;
  profile_id: string;
  scope: FeedScope;
  club_id: string | null;
  group_id: string | null;
  club_name: string | null;
  group_name: string | null;
  created_at: Date;
  rotated_at: Date | null;
}

/** A feed found by its token, with whether its owner may still read it. */
export interface ResolvedFeed extends FeedRow {
  allowed: boolean;
}

/** What one calendar event shows of a training unit. */
export interface FeedUnitRow {
  id: string;
  title: string;
  starts_at: Date;
  duration_minutes: number | null;
  location: string | null;
  status: UnitStatus;
  sequence: number;
  created_at: Date;
  updated_at: Date;
  club_name: string;
  time_zone: string;
  group_name: string | null;
  lead_name: string | null;
}

/** Units more than this long ago leave the feeds (calendar apps keep what they already have). */
const HISTORY = `interval '365 days'`;

const FEED_COLUMNS = `f.id, f.profile_id, f.scope, f.club_id, f.group_id, f.created_at, f.rotated_at,
  c.name AS club_name, g.name AS group_name, ${rowVersionColumn('f')}`;
const FEED_FROM = `FROM calendar_feeds f
  LEFT JOIN clubs c ON c.id = f.club_id
  LEFT JOIN groups g ON g.id = f.group_id`;

/**
 * The units of a feed: a personal feed has the units its owner leads or assists (group
 * defaults included) in clubs they still belong to; a club feed has every unit of the club, or
 * of one group. Blueprints and units without a start are no events. `$1` is the feed id.
 */
const UNITS_SQL = `
  SELECT u.id, u.title, u.starts_at, u.duration_minutes, u.location, u.status, u.sequence,
         u.created_at, u.updated_at, c.name AS club_name, c.time_zone, g.name AS group_name,
         lp.name AS lead_name
    FROM calendar_feeds f
    JOIN training_units u ON u.framework_slot_id IS NULL AND u.starts_at IS NOT NULL
     AND u.starts_at >= now() - ${HISTORY}
     AND (CASE WHEN f.scope = 'club' THEN u.club_id = f.club_id AND (f.group_id IS NULL OR u.group_id = f.group_id)
          ELSE EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = u.club_id AND m.profile_id = f.profile_id) END)
    JOIN clubs c ON c.id = u.club_id
    LEFT JOIN groups g ON g.id = u.group_id
    CROSS JOIN LATERAL (SELECT COALESCE(u.lead_trainer_profile_id, g.default_lead_trainer_profile_id) AS lead,
         COALESCE(u.assistant_trainer_profile_ids, g.default_assistant_trainer_profile_ids, '{}'::uuid[]) AS assistants) eff
    LEFT JOIN profiles lp ON lp.id = eff.lead
   WHERE f.id = $1
     AND (f.scope = 'club' OR eff.lead = f.profile_id OR f.profile_id = ANY(eff.assistants))`;

/** Every field an event is rendered from, so that the digest changes exactly when the feed does. */
const ROW_TEXT = `concat_ws('|', u.id, u.title, u.starts_at, u.duration_minutes, u.location, u.status,
  u.sequence, u.created_at, u.updated_at, u.club_name, u.time_zone, u.group_name, u.lead_name)`;

const DIGEST = `md5(count(*)::text || ':' ||
  coalesce(string_agg(${ROW_TEXT}, ',' ORDER BY u.starts_at, u.id), ''))`;

/** The only queries on calendar_feeds, and the feeds' reads of training units. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async listOf(profileId: string): Promise<FeedRow[]> {
    return this.db.query(
      `SELECT ${FEED_COLUMNS} ${FEED_FROM} WHERE f.profile_id = $1
        ORDER BY f.scope DESC, c.name, g.name NULLS FIRST, f.created_at`,
      [profileId],
    );
  }

  async findOwned(id: string, profileId: string): Promise<FeedRow | null> {
    const rows: FeedRow[] = await this.db.query(
      `SELECT ${FEED_COLUMNS} ${FEED_FROM} WHERE f.id = $1 AND f.profile_id = $2`,
      [id, profileId],
    );
    return rows[0] ?? null;
  }

  /** Inserts a feed; null when the owner already has one of that scope, club and group. */
  async insert(
    profileId: string,
    scope: FeedScope,
    clubId: string | null,
    groupId: string | null,
    tokenHash: string,
  ): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO calendar_feeds (profile_id, scope, club_id, group_id, token_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT calendar_feeds_one_per_scope DO NOTHING RETURNING id`,
      [profileId, scope, clubId, groupId, tokenHash],
    );
    return rows[0]?.id ?? null;
  }

  async findIdOfScope(
    profileId: string,
    scope: FeedScope,
    clubId: string | null,
    groupId: string | null,
  ): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM calendar_feeds WHERE profile_id = $1 AND scope = $2
          AND club_id IS NOT DISTINCT FROM $3 AND group_id IS NOT DISTINCT FROM $4`,
      [profileId, scope, clubId, groupId],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * A new token for the owner's feed; false when the owner has no such feed. With `ifMatch`,
   * only the version it names is rotated (412 with the current one otherwise).
   */
  async rotate(
    id: string,
    profileId: string,
    tokenHash: string,
    ifMatch?: IfMatch,
  ): Promise<boolean> {
    const row = await versionedWrite(
      this.db,
      feedKey(id, profileId),
      ifMatch,
      feedNotFound(id),
      (condition) => `UPDATE calendar_feeds SET token_hash = $3, rotated_at = now()
        WHERE id = $1 AND profile_id = $2${condition} RETURNING id`,
      [id, profileId, tokenHash],
    );
    return row !== undefined;
  }

  /** Deletes the owner's feed (false when there is none); with `ifMatch`, only that version. */
  async delete(id: string, profileId: string, ifMatch?: IfMatch): Promise<boolean> {
    const row = await versionedWrite(
      this.db,
      feedKey(id, profileId),
      ifMatch,
      feedNotFound(id),
      (condition) =>
        `DELETE FROM calendar_feeds WHERE id = $1 AND profile_id = $2${condition} RETURNING id`,
      [id, profileId],
    );
    return row !== undefined;
  }

  /** The feed of a token hash; a club feed is allowed while its owner is a member of the club. */
  async resolve(tokenHash: string): Promise<ResolvedFeed | null> {
    const rows: ResolvedFeed[] = await this.db.query(
      `SELECT ${FEED_COLUMNS},
              (f.scope = 'personal' OR EXISTS (SELECT 1 FROM club_members m
                 WHERE m.club_id = f.club_id AND m.profile_id = f.profile_id)) AS allowed
         ${FEED_FROM} WHERE f.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Digest of everything the feed's events show (the 304 path reads no rows). */
  async digest(feedId: string): Promise<string> {
    const [row]: { digest: string }[] = await this.db.query(
      `SELECT ${DIGEST} AS digest FROM (${UNITS_SQL}) u`,
      [feedId],
    );
    return row.digest;
  }

  /** The feed's units with the digest of the same snapshot (one statement). */
  async units(feedId: string): Promise<{ digest: string; rows: FeedUnitRow[] }> {
    const rows: (FeedUnitRow & { digest: string })[] = await this.db.query(
      `WITH u AS MATERIALIZED (${UNITS_SQL}),
            d AS (SELECT ${DIGEST} AS digest FROM u)
       SELECT d.digest, u.* FROM d LEFT JOIN u ON true ORDER BY u.starts_at, u.id`,
      [feedId],
    );
    return { digest: rows[0].digest, rows: rows.filter((r) => r.id !== null) };
  }
}

/** The owner's feed: another profile's feed is not found (its version is never revealed). */
const feedKey = (id: string, profileId: string) => ({
  table: 'calendar_feeds',
  where: { id, profile_id: profileId },
});
const feedNotFound = (id: string) => () => new NotFoundError('Calendar feed', id);
