import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { firstRow, isoTimestamp, pagedRows, PagedRows } from '@sports/common';
import { Repository } from 'typeorm';
import type { TrackingSource } from '../../tracking/tracking-common';
import { WeightEntry } from './weight-entry.entity';

/** A weight entry as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface WeightRow {
  id: string;
  date: string;
  weight_kg: number;
  body_fat_pct: number | null;
  note: string | null;
  source: TrackingSource;
  created_at: string;
  updated_at: string;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, date::text AS date, weight_kg::float8 AS weight_kg,
  body_fat_pct::float8 AS body_fat_pct, note, source,
  ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at`;

export interface DateRange {
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The only place with queries on `weight_entries`. */
@Injectable()
export class WeightRepository {
  constructor(@InjectRepository(WeightEntry) private readonly entries: Repository<WeightEntry>) {}

  findOwn(userId: string, id: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(userId: string, date: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ userId, date });
  }

  /** The read path: typed rows in one statement, no entity hydration. */
  findOwnRow(userId: string, id: string): Promise<WeightRow | null> {
    return firstRow<WeightRow>(
      this.entries.manager,
      `SELECT ${ROW_COLUMNS} FROM weight_entries WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
  }

  /** Newest day first (one entry per day), with the total of the range. */
  list(userId: string, range: DateRange): Promise<PagedRows<WeightRow>> {
    const params: unknown[] = [userId];
    let where = 'user_id = $1';
    if (range.from) where += ` AND date >= $${params.push(range.from)}`;
    if (range.to) where += ` AND date <= $${params.push(range.to)}`;
    return pagedRows<WeightRow>(
      this.entries.manager,
      {
        select: ROW_COLUMNS,
        from: `FROM weight_entries WHERE ${where}`,
        orderBy: 'date DESC',
        params,
      },
      range,
    );
  }

  async insert(values: Omit<WeightEntry, 'id' | 'createdAt' | 'updatedAt'>): Promise<WeightEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  async save(entry: WeightEntry): Promise<WeightEntry> {
    await this.entries.save(entry);
    return this.entries.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: WeightEntry): Promise<void> {
    await this.entries.delete({ id: entry.id, userId: entry.userId });
  }
}
