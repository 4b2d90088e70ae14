import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { pagedRows, PagedRows, PreparedReads } from '@sports/common';
import { Repository } from 'typeorm';
import {
  ownedRowsFilter,
  ownTrackedRow,
  TRACKED_TIMESTAMPS,
  TrackedRow,
} from '../../tracking/tracking-rows';
import { CircumferenceEntry, CircumferenceSite } from './circumference-entry.entity';
import type { IfMatch } from '@sports/common';
import { deleteTracked, writeTracked } from '../../tracking/persistence';

/** A girth as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface CircumferenceRow extends TrackedRow {
  date: string;
  site: CircumferenceSite;
  value_cm: number;
  note: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, date::text AS date, site, value_cm::float8 AS value_cm, note, source,
  ${TRACKED_TIMESTAMPS}`;

export interface CircumferenceFilter {
  from?: string;
  to?: string;
  site?: CircumferenceSite;
  limit: number;
  offset: number;
}

/** The only place with queries on `circumference_entries`. */
@Injectable()
export class CircumferenceRepository {
  constructor(
    @InjectRepository(CircumferenceEntry) private readonly entries: Repository<CircumferenceEntry>,
    private readonly reads: PreparedReads,
  ) {}

  findOwn(userId: string, id: string): Promise<CircumferenceEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(
    userId: string,
    date: string,
    site: CircumferenceSite,
  ): Promise<CircumferenceEntry | null> {
    return this.entries.findOneBy({ userId, date, site });
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnRow(userId: string, id: string) {
    return ownTrackedRow<CircumferenceRow>(
      this.reads,
      ROW_COLUMNS,
      'circumference_entries',
      userId,
      id,
    );
  }

  /** Newest day first, sites alphabetically (one per day and site), with the filter's total. */
  list(userId: string, filter: CircumferenceFilter): Promise<PagedRows<CircumferenceRow>> {
    const { where, params } = ownedRowsFilter(userId, 'date', filter, { site: filter.site });
    return pagedRows<CircumferenceRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: `FROM circumference_entries WHERE ${where}`,
        orderBy: 'date DESC, site ASC',
        params,
      },
      filter,
    );
  }

  async insert(
    values: Omit<CircumferenceEntry, 'id' | 'createdAt' | 'updatedAt' | 'rowVersion'>,
  ): Promise<CircumferenceEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  /** With `ifMatch`, only the version it names is saved (412 otherwise). */
  save(entry: CircumferenceEntry, ifMatch?: IfMatch): Promise<CircumferenceEntry> {
    return writeTracked(this.entries, entry, 'Circumference entry', ifMatch, (rows) =>
      rows.save(entry),
    );
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: CircumferenceEntry, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.entries, entry, 'Circumference entry', ifMatch);
  }
}
