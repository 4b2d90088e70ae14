import { isDatabaseUnavailable } from '@sports/common';
import type { EntityManager } from 'typeorm';
import type {
  BloodPressureModes,
  BloodPressureWrite,
  CsvImportRepository,
  FieldMode,
  NutritionModes,
  NutritionWrite,
  WeightModes,
  WeightWrite,
  WriteOutcome,
} from './csv-import.repository';
import type { CsvModule } from './csv-modules';
import type { RowValues } from './csv-row-reader';
import { describeDatabaseError, RowErrorCollector } from './csv-rows';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** How several readings of one day in a file become the one record of that day. */
export type SameDayRule = 'refuse' | 'first' | 'last' | 'mean';

interface Pending<W> {
  key: string;
  rows: number[];
  write: W;
}

export interface SinkContext {
  repo: CsvImportRepository;
  m: EntityManager;
  userId: string;
  errors: RowErrorCollector;
  /** What each optional field does with a stored value (missing columns: keep or clear). */
  modes: Record<string, FieldMode>;
  /** Optional fields whose column the file lacks: their stored values are counted. */
  missingFields: string[];
  sameDay: SameDayRule;
  replaceDayTotals: boolean;
  timeZone: string;
}

/** Rows per multi-row statement: large enough to amortise round trips, small enough for memory. */
export const WRITE_BATCH = 5000;

/**
 * Receives the valid rows of one module and writes them in batches inside the import's
 * transaction. A refused batch is retried row by row behind savepoints so that every database
 * refusal is reported against its rows, as a sentence.
 */
export abstract class CsvSink<W extends { date: string }> {
  readonly counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
  /** Stored values of the missing optional columns on the file's days, per field. */
  readonly storedValues: Record<string, number> = {};
  /** Whole-day nutrition totals of other sources replaced (replace_day_totals). */
  replacedDayTotals = 0;
  /** Readings folded into another of the same day (same_day first/last/mean). */
  mergedRows = 0;
  readonly warnings: string[] = [];
  protected pending: Pending<W>[] = [];
  /** The batch being written (its failure, if any), while the caller parses the next rows. */
  private inflight: Promise<{ failure: unknown } | null> | null = null;

  constructor(
    protected readonly module: CsvModule,
    protected readonly c: SinkContext,
  ) {
    for (const f of c.missingFields) this.storedValues[f] = 0;
  }

  /** Takes one valid row; may report row errors (duplicate day, systolic below diastolic). */
  abstract add(row: number, values: RowValues): void;

  protected abstract write(items: W[]): Promise<WriteOutcome>;

  /** Looks at a batch before it is written; answers the items to write. */
  protected async prepare(batch: Pending<W>[]): Promise<Pending<W>[]> {
    return batch;
  }

  /**
   * Writes full batches (`all`: everything pending, and waits for the writes). A batch is
   * written while the caller parses the next rows: one batch is in flight at a time, so the
   * statements on the transaction's connection stay in order.
   */
  async drain(all = false): Promise<void> {
    while (this.pending.length >= WRITE_BATCH || (all && this.pending.length)) {
      const batch = this.pending.splice(0, WRITE_BATCH);
      await this.settle();
      this.inflight = this.writeBatch(batch).then(
        () => null,
        (failure: unknown) => ({ failure }),
      );
    }
    if (all) await this.settle();
  }

  /** Waits for the batch in flight; rethrows an error it could not report against its rows. */
  async settle(): Promise<void> {
    const result = await this.inflight;
    this.inflight = null;
    if (result) throw result.failure;
  }

  async finish(): Promise<void> {
    await this.drain(true);
  }

  private async writeBatch(all: Pending<W>[]): Promise<void> {
    const { repo, m, userId, missingFields } = this.c;
    if (missingFields.length) {
      const dates = all.map((b) => b.write.date);
      const counts = await repo.storedValues(m, this.module, userId, dates, missingFields);
      for (const f of missingFields) this.storedValues[f] += counts[f] ?? 0;
    }
    const batch = await this.prepare(all);
    if (!batch.length) return;
    try {
      this.count(batch, await repo.guarded(m, () => this.write(batch.map((b) => b.write))));
      return;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (batch.length === 1) return this.refused(batch[0], error);
    }
    for (const item of batch) {
      try {
        this.count([item], await repo.guarded(m, () => this.write([item.write])));
      } catch (error) {
        this.refused(item, error);
      }
    }
  }

  private count(batch: Pending<W>[], outcome: WriteOutcome): void {
    this.counts.created += outcome.created;
    this.counts.updated += outcome.updated;
    this.counts.unchanged += batch.length - outcome.created - outcome.updated;
  }

  /** A row the database refused; an unreachable database fails the whole import (503) instead. */
  private refused(item: Pending<W>, error: unknown): void {
    if (isDatabaseUnavailable(error)) throw error;
    const d = describeDatabaseError(error);
    const others =
      item.rows.length > 1 ? ` (the day is the sum of rows ${item.rows.join(', ')})` : '';
    this.c.errors.add({
      row: item.rows[0],
      column: null,
      header: null,
      field: null,
      value: null,
      code: d.code,
      message: `${d.message}${others}`,
      hint: d.hint,
    });
    for (const r of item.rows) this.c.errors.invalidRows.add(r);
  }
}

interface Reading {
  row: number;
  values: RowValues;
}

const RULE_HINT =
  'Send same_day=first (the earliest reading of the day), last or mean to import one reading per day, or skip_invalid_rows=true to import the first row.';

/**
 * Modules with one record per day. Several readings of one day are refused, or with
 * `same_day` folded into one: the earliest, the latest or their mean.
 */
abstract class OnePerDaySink<W extends { date: string }> extends CsvSink<W> {
  private readonly seen = new Map<string, number>();
  private readonly held = new Map<string, Reading[]>();

  protected abstract label: string;
  /** Checks a row beyond its single values; false when it reported an error. */
  protected accept(_row: number, _values: RowValues): boolean {
    return true;
  }
  protected abstract toWrite(values: RowValues): W;
  /** Numeric fields averaged by same_day=mean, with their decimals. */
  protected abstract meanFields: Record<string, number>;

  add(row: number, values: RowValues): void {
    if (!this.accept(row, values)) return;
    const date = values.date as string;
    if (this.c.sameDay !== 'refuse') {
      const readings = this.held.get(date);
      if (readings) readings.push({ row, values });
      else this.held.set(date, [{ row, values }]);
      return;
    }
    const first = this.seen.get(date);
    if (first !== undefined) {
      this.c.errors.add({
        row,
        column: null,
        header: null,
        field: 'date',
        value: date,
        code: 'CSV_DUPLICATE_DAY',
        message: `${date} already appeared in row ${first}.`,
        hint: `${this.label} is stored once per day. ${RULE_HINT}`,
      });
      return;
    }
    this.seen.set(date, row);
    this.pending.push({ key: date, rows: [row], write: this.toWrite(values) });
  }

  override async drain(all = false): Promise<void> {
    if (all) {
      for (const [date, readings] of this.held) {
        this.mergedRows += readings.length - 1;
        this.pending.push({
          key: date,
          rows: readings.map((r) => r.row),
          write: this.toWrite(this.fold(readings)),
        });
      }
      this.held.clear();
    }
    await super.drain(all);
  }

  private fold(readings: Reading[]): RowValues {
    if (readings.length === 1) return readings[0].values;
    // Readings with a time of day are ordered by it, others keep the order of the file.
    const timed = readings.every((r) => r.values.time);
    const ordered = timed
      ? [...readings].sort((a, b) => String(a.values.time).localeCompare(String(b.values.time)))
      : readings;
    if (this.c.sameDay === 'first') return ordered[0].values;
    if (this.c.sameDay === 'last') return ordered[ordered.length - 1].values;
    const mean: RowValues = { ...ordered[0].values };
    for (const [field, decimals] of Object.entries(this.meanFields)) {
      const numbers = ordered
        .map((r) => r.values[field])
        .filter((v): v is number => typeof v === 'number');
      const f = 10 ** decimals;
      mean[field] = numbers.length
        ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * f) / f
        : null;
    }
    return mean;
  }
}

export class WeightSink extends OnePerDaySink<WeightWrite> {
  protected label = 'Weight';
  protected meanFields = { weight_kg: 2, body_fat_pct: 1 };

  protected toWrite(v: RowValues): WeightWrite {
    return {
      date: v.date as string,
      weight_kg: v.weight_kg as number,
      body_fat_pct: (v.body_fat_pct as number | null) ?? null,
      note: (v.note as string | null) ?? null,
    };
  }

  protected write(items: WeightWrite[]): Promise<WriteOutcome> {
    const modes = this.c.modes as unknown as WeightModes;
    return this.c.repo.upsertWeights(this.c.m, this.c.userId, items, modes);
  }
}

export class BloodPressureSink extends OnePerDaySink<BloodPressureWrite> {
  protected label = 'Blood pressure';
  protected meanFields = { systolic: 0, diastolic: 0, pulse: 0 };

  protected override accept(row: number, v: RowValues): boolean {
    const systolic = v.systolic as number;
    const diastolic = v.diastolic as number;
    if (systolic > diastolic) return true;
    this.c.errors.add({
      row,
      column: null,
      header: null,
      field: 'systolic',
      value: `${systolic}/${diastolic}`,
      code: 'CSV_SYSTOLIC_NOT_ABOVE_DIASTOLIC',
      message: `Systolic ${systolic} is not above diastolic ${diastolic}.`,
      hint: 'The systolic (upper) value is always the higher one; the columns may be swapped in the mapping.',
    });
    return false;
  }

  protected toWrite(v: RowValues): BloodPressureWrite {
    const date = v.date as string;
    const time = v.time as string | null;
    const offset = v.offset as string | null;
    return {
      date,
      at: time ? (offset ? `${date}T${time}${offset}` : `${date} ${time}`) : null,
      systolic: v.systolic as number,
      diastolic: v.diastolic as number,
      pulse: (v.pulse as number | null) ?? null,
    };
  }

  protected write(items: BloodPressureWrite[]): Promise<WriteOutcome> {
    const modes = this.c.modes as unknown as BloodPressureModes;
    return this.c.repo.upsertBloodPressure(this.c.m, this.c.userId, items, modes, this.c.timeZone);
  }
}

const NUTRIENTS = ['protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'] as const;

/**
 * Sums the rows of each day in memory (one small entry per day) and writes the days at the
 * end. A day that has a whole-day total from another source (entered by hand, imported from
 * an export) is refused, or with replace_day_totals that total is replaced: two totals of one
 * day would double its sums.
 */
export class NutritionSink extends CsvSink<NutritionWrite> {
  private readonly days = new Map<string, { write: NutritionWrite; rows: number[] }>();
  private mealDays = 0;

  add(row: number, v: RowValues): void {
    const date = v.date as string;
    let day = this.days.get(date);
    if (!day) {
      day = {
        write: { date, kcal: 0, protein_g: null, carbohydrate_g: null, fat_g: null, fibre_g: null },
        rows: [],
      };
      this.days.set(date, day);
    }
    day.rows.push(row);
    day.write.kcal = sum(day.write.kcal, v.kcal as number) as number;
    for (const n of NUTRIENTS) day.write[n] = sum(day.write[n], v[n] as number | null);
  }

  override async drain(all = false): Promise<void> {
    if (all) {
      for (const [key, day] of this.days)
        this.pending.push({ key, rows: day.rows, write: day.write });
      this.days.clear();
    }
    await super.drain(all);
  }

  override async finish(): Promise<void> {
    await super.finish();
    if (this.mealDays) {
      this.warnings.push(
        `${this.mealDays} of the imported days also have single meals recorded separately; daily sums add them to the imported total.`,
      );
    }
  }

  protected override async prepare(
    batch: Pending<NutritionWrite>[],
  ): Promise<Pending<NutritionWrite>[]> {
    const { repo, m, userId } = this.c;
    const dates = batch.map((b) => b.key);
    this.mealDays += await repo.daysWithMeals(m, userId, dates);
    const taken = new Set(await repo.foreignDayTotals(m, userId, dates));
    if (!taken.size) return batch;
    if (this.c.replaceDayTotals) {
      this.replacedDayTotals += await repo.deleteForeignDayTotals(m, userId, [...taken]);
      return batch;
    }
    for (const item of batch) {
      if (!taken.has(item.key)) continue;
      this.c.errors.add({
        row: item.rows[0],
        column: null,
        header: null,
        field: 'date',
        value: item.key,
        code: 'NUTRITION_DAY_TOTAL_EXISTS',
        message: `${item.key} already has a whole-day total recorded another way${item.rows.length > 1 ? ` (the day is the sum of rows ${item.rows.join(', ')})` : ''}.`,
        hint: 'A second total would double the day. Send replace_day_totals=true to replace the existing total with the imported one, or skip_invalid_rows=true to keep it.',
      });
      for (const r of item.rows) this.c.errors.invalidRows.add(r);
    }
    return batch.filter((item) => !taken.has(item.key));
  }

  protected write(items: NutritionWrite[]): Promise<WriteOutcome> {
    const modes = this.c.modes as unknown as NutritionModes;
    return this.c.repo.upsertNutritionDays(this.c.m, this.c.userId, items, modes);
  }
}

/** Sums with one decimal, keeping null when no row had a value. */
function sum(a: number | null, b: number | null | undefined): number | null {
  if (b === null || b === undefined) return a;
  return Math.round(((a ?? 0) + b) * 10) / 10;
}

/** The sink of a module, for the import's transaction. */
export function createSink(module: CsvModule, c: SinkContext): CsvSink<{ date: string }> {
  if (module === 'weight') return new WeightSink(module, c);
  if (module === 'nutrition') return new NutritionSink(module, c);
  return new BloodPressureSink(module, c);
}
