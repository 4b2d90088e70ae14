import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isoTimestamp, pagedRows, PagedRows, PreparedReads } from '@sports/common';
import { Repository } from 'typeorm';
import { ownTrackedRow, TRACKED_TIMESTAMPS, TrackedRow } from '../../tracking/tracking-rows';
import { ActivityEntry, ActivityType } from './activity.entity';
import type { IfMatch } from '@sports/common';
import { deleteTracked, updateTracked } from '../../tracking/persistence';

/** An activity as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface ActivityRow extends TrackedRow {
  activity_type: ActivityType;
  started_at: string;
  duration_min: number;
  distance_km: number | null;
  kcal: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  rpe: number | null;
  notes: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, activity_type, ${isoTimestamp('started_at')} AS started_at,
  duration_min::float8 AS duration_min, distance_km::float8 AS distance_km, kcal::float8 AS kcal,
  avg_hr, max_hr, rpe, notes, source, ${TRACKED_TIMESTAMPS}`;

export type ActivityValues = Omit<
  ActivityEntry,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'rowVersion'
>;

/** The only place with queries on `activity_entries`. */
@Injectable()
export class ActivityRepository {
  constructor(
    @InjectRepository(ActivityEntry) private readonly rows: Repository<ActivityEntry>,
    private readonly reads: PreparedReads,
  ) {}

  /** Newest first; entries started at or after `since`. */
  listSince(
    userId: string,
    since: Date,
    page: { limit: number; offset: number },
  ): Promise<PagedRows<ActivityRow>> {
    return pagedRows<ActivityRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: 'FROM activity_entries WHERE user_id = $1 AND started_at >= $2',
        orderBy: 'started_at DESC, id DESC',
        params: [userId, since],
      },
      page,
    );
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnedRow(userId: string, id: string) {
    return ownTrackedRow<ActivityRow>(this.reads, ROW_COLUMNS, 'activity_entries', userId, id);
  }

  findOwned(userId: string, id: string): Promise<ActivityEntry | null> {
    return this.rows.findOneBy({ id, userId });
  }

  async insert(userId: string, values: ActivityValues): Promise<ActivityEntry> {
    const saved = await this.rows.save(this.rows.create({ ...values, userId }));
    return this.rows.findOneByOrFail({ id: saved.id });
  }

  /** With `ifMatch`, only the version it names is updated (412 otherwise). */
  update(
    entry: ActivityEntry,
    values: Partial<ActivityValues>,
    ifMatch?: IfMatch,
  ): Promise<ActivityEntry> {
    return updateTracked(this.rows, entry, 'Activity', ifMatch, values);
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: ActivityEntry, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.rows, entry, 'Activity', ifMatch);
  }
}
