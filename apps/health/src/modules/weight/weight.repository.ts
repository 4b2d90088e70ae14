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
import { WeightEntry } from './weight-entry.entity';
import type { IfMatch } from '@sports/common';
import { deleteTracked, writeTracked } from '../../tracking/persistence';

/** A weight entry as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface WeightRow extends TrackedRow {
  date: string;
  weight_kg: number;
  body_fat_pct: number | null;
  note: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, date::text AS date, weight_kg::float8 AS weight_kg,
  body_fat_pct::float8 AS body_fat_pct, note, source, ${TRACKED_TIMESTAMPS}`;

export interface DateRange {
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The only place with queries on `weight_entries`. */
@Injectable()
export class WeightRepository {
  constructor(
    @InjectRepository(WeightEntry) private readonly entries: Repository<WeightEntry>,
    private readonly reads: PreparedReads,
  ) {}

  findOwn(userId: string, id: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(userId: string, date: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ userId, date });
  }

  /** The read path: typed rows in one statement, no entity hydration. */
  findOwnRow(userId: string, id: string) {
    return ownTrackedRow<WeightRow>(this.reads, ROW_COLUMNS, 'weight_entries', userId, id);
  }

  /** Newest day first (one entry per day), with the total of the range. */
  list(userId: string, range: DateRange): Promise<PagedRows<WeightRow>> {
    const { where, params } = ownedRowsFilter(userId, 'date', range);
    return pagedRows<WeightRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: `FROM weight_entries WHERE ${where}`,
        orderBy: 'date DESC',
        params,
      },
      range,
    );
  }

  async insert(
    values: Omit<WeightEntry, 'id' | 'createdAt' | 'updatedAt' | 'rowVersion'>,
  ): Promise<WeightEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  /** With `ifMatch`, only the version it names is saved (412 otherwise). */
  save(entry: WeightEntry, ifMatch?: IfMatch): Promise<WeightEntry> {
    return writeTracked(this.entries, entry, 'Weight entry', ifMatch, (rows) => rows.save(entry));
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: WeightEntry, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.entries, entry, 'Weight entry', ifMatch);
  }
}
