import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { pagedRows, PagedRows, PreparedReads } from '@sports/common';
import { Not, Repository } from 'typeorm';
import { ownTrackedRow, TRACKED_TIMESTAMPS, TrackedRow } from '../../tracking/tracking-rows';
import { Meal, NutritionEntry } from './nutrition.entity';
import type { IfMatch } from '@sports/common';
import { deleteTracked, updateTracked } from '../../tracking/persistence';

export type NutritionValues = Omit<
  NutritionEntry,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'rowVersion'
>;

/** A nutrition entry as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface NutritionRow extends TrackedRow {
  date: string;
  meal: Meal | null;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
  fibre_g: number | null;
  note: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, date::text AS date, meal, kcal::float8 AS kcal,
  protein_g::float8 AS protein_g, carbohydrate_g::float8 AS carbohydrate_g,
  fat_g::float8 AS fat_g, fibre_g::float8 AS fibre_g, source, note,
  ${TRACKED_TIMESTAMPS}`;

export interface NutritionDayRow {
  date: string;
  kcal: string;
  protein_g: string | null;
  carbohydrate_g: string | null;
  fat_g: string | null;
  fibre_g: string | null;
  entries: number;
}

/** The only place with queries on `nutrition_entries`. */
@Injectable()
export class NutritionRepository {
  constructor(
    @InjectRepository(NutritionEntry) private readonly rows: Repository<NutritionEntry>,
    private readonly reads: PreparedReads,
  ) {}

  list(
    userId: string,
    range: { from: string; to: string },
    page: { limit: number; offset: number },
  ): Promise<PagedRows<NutritionRow>> {
    return pagedRows<NutritionRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: 'FROM nutrition_entries WHERE user_id = $1 AND date BETWEEN $2 AND $3',
        orderBy: 'date DESC, created_at DESC, id DESC',
        params: [userId, range.from, range.to],
      },
      page,
    );
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnedRow(userId: string, id: string) {
    return ownTrackedRow<NutritionRow>(this.reads, ROW_COLUMNS, 'nutrition_entries', userId, id);
  }

  /** Per-day sums; a nutrient stays null on a day where no entry recorded it. */
  daily(userId: string, range: { from: string; to: string }): Promise<NutritionDayRow[]> {
    return this.rows.query(
      `SELECT date::text AS date, sum(kcal) AS kcal, sum(protein_g) AS protein_g,
              sum(carbohydrate_g) AS carbohydrate_g, sum(fat_g) AS fat_g,
              sum(fibre_g) AS fibre_g, count(*)::int AS entries
         FROM nutrition_entries
        WHERE user_id = $1 AND date BETWEEN $2 AND $3
        GROUP BY date
        ORDER BY date`,
      [userId, range.from, range.to],
    );
  }

  findOwned(userId: string, id: string): Promise<NutritionEntry | null> {
    return this.rows.findOneBy({ id, userId });
  }

  /** Whether the user already has a whole-day total on `date` (other than `exceptId`). */
  dayTotalExists(userId: string, date: string, exceptId?: string): Promise<boolean> {
    return this.rows.exists({
      where: { userId, date, meal: 'day', ...(exceptId ? { id: Not(exceptId) } : {}) },
    });
  }

  async insert(userId: string, values: NutritionValues): Promise<NutritionEntry> {
    const saved = await this.rows.save(this.rows.create({ ...values, userId }));
    return this.rows.findOneByOrFail({ id: saved.id });
  }

  /** With `ifMatch`, only the version it names is updated (412 otherwise). */
  update(
    entry: NutritionEntry,
    values: Partial<NutritionValues>,
    ifMatch?: IfMatch,
  ): Promise<NutritionEntry> {
    return updateTracked(this.rows, entry, 'Nutrition entry', ifMatch, values);
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: NutritionEntry, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.rows, entry, 'Nutrition entry', ifMatch);
  }
}
