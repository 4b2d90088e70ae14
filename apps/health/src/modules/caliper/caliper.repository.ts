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
import { CaliperEntry } from './caliper-entry.entity';
import type { BodySex, CaliperFormula, Skinfolds } from './caliper-formulas';
import type { IfMatch } from '@sports/common';
import { deleteTracked, writeTracked } from '../../tracking/persistence';

/** A skinfold measurement as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface CaliperRow extends TrackedRow {
  date: string;
  formula: CaliperFormula;
  sites: Skinfolds;
  body_fat_pct: number;
  density: number;
  age_years: number;
  sex: BodySex;
  note: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, date::text AS date, formula, sites, body_fat_pct::float8 AS body_fat_pct,
  density::float8 AS density, age_years, sex, note, source, ${TRACKED_TIMESTAMPS}`;

export interface CaliperFilter {
  from?: string;
  to?: string;
  formula?: CaliperFormula;
  limit: number;
  offset: number;
}

export type NewCaliperEntry = Omit<CaliperEntry, 'id' | 'createdAt' | 'updatedAt' | 'rowVersion'>;

/** The only place with queries on `caliper_entries`. */
@Injectable()
export class CaliperRepository {
  constructor(
    @InjectRepository(CaliperEntry) private readonly entries: Repository<CaliperEntry>,
    private readonly reads: PreparedReads,
  ) {}

  findOwn(userId: string, id: string): Promise<CaliperEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(userId: string, date: string, formula: CaliperFormula): Promise<CaliperEntry | null> {
    return this.entries.findOneBy({ userId, date, formula });
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnRow(userId: string, id: string) {
    return ownTrackedRow<CaliperRow>(this.reads, ROW_COLUMNS, 'caliper_entries', userId, id);
  }

  /** Newest day first, formulas alphabetically (one per day and formula), with the filter's total. */
  list(userId: string, filter: CaliperFilter): Promise<PagedRows<CaliperRow>> {
    const { where, params } = ownedRowsFilter(userId, 'date', filter, { formula: filter.formula });
    return pagedRows<CaliperRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: `FROM caliper_entries WHERE ${where}`,
        orderBy: 'date DESC, formula ASC',
        params,
      },
      filter,
    );
  }

  async insert(values: NewCaliperEntry): Promise<CaliperEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  /** With `ifMatch`, only the version it names is saved (412 otherwise). */
  save(entry: CaliperEntry, ifMatch?: IfMatch): Promise<CaliperEntry> {
    return writeTracked(this.entries, entry, 'Caliper entry', ifMatch, (rows) => rows.save(entry));
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: CaliperEntry, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.entries, entry, 'Caliper entry', ifMatch);
  }
}
