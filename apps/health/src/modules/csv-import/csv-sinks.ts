import type { EntityManager } from 'typeorm';
import type {
  BloodPressureWrite,
  CsvImportRepository,
  NutritionWrite,
  WeightWrite,
  WriteOutcome,
} from './csv-import.repository';
import { describeDatabaseError, RowErrorCollector, RowValues } from './csv-rows';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

interface Pending<W> {
  key: string;
  rows: number[];
  write: W;
}

/** Rows per multi-row statement: large enough to amortise round trips, small enough for memory. */
export const WRITE_BATCH = 5000;

/**
 * Receives the valid rows of one module and writes them in batches inside the import's
 * transaction. A refused batch is retried row by row behind savepoints so that every database
 * refusal is reported against its rows, as a sentence.
 */
export abstract class CsvSink<W> {
  readonly counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
  protected pending: Pending<W>[] = [];
  /** The batch being written (its failure, if any), while the caller parses the next rows. */
  private inflight: Promise<{ failure: unknown } | null> | null = null;

  constructor(
    protected readonly repo: CsvImportRepository,
    protected readonly m: EntityManager,
    protected readonly userId: string,
    protected readonly errors: RowErrorCollector,
  ) {}

  /** Takes one valid row; may report row errors (duplicate day, systolic below diastolic). */
  abstract add(row: number, values: RowValues): void;

  protected abstract write(items: W[]): Promise<WriteOutcome>;

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

  private async writeBatch(batch: Pending<W>[]): Promise<void> {
    try {
      this.count(
        batch,
        await this.repo.guarded(this.m, () => this.write(batch.map((b) => b.write))),
      );
      return;
    } catch (error) {
      if (batch.length === 1) return this.refused(batch[0], error);
    }
    for (const item of batch) {
      try {
        this.count([item], await this.repo.guarded(this.m, () => this.write([item.write])));
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

  private refused(item: Pending<W>, error: unknown): void {
    const d = describeDatabaseError(error);
    const others =
      item.rows.length > 1 ? ` (the day is the sum of rows ${item.rows.join(', ')})` : '';
    this.errors.add({
      row: item.rows[0],
      column: null,
      header: null,
      field: null,
      value: null,
      code: d.code,
      message: `${d.message}${others}`,
      hint: d.hint,
    });
    for (const r of item.rows) this.errors.invalidRows.add(r);
  }
}

/** Modules with one record per day refuse a second row for the same day in one file. */
abstract class OnePerDaySink<W> extends CsvSink<W> {
  private readonly seen = new Map<string, number>();

  protected claimDay(row: number, date: string, what: string): boolean {
    const first = this.seen.get(date);
    if (first !== undefined) {
      this.errors.add({
        row,
        column: null,
        header: null,
        field: 'date',
        value: date,
        code: 'CSV_DUPLICATE_DAY',
        message: `${date} already appeared in row ${first}.`,
        hint: `${what} is stored once per day. Keep one of the two rows (with skip_invalid_rows the first one is imported).`,
      });
      return false;
    }
    this.seen.set(date, row);
    return true;
  }
}

export class WeightSink extends OnePerDaySink<WeightWrite> {
  constructor(
    repo: CsvImportRepository,
    m: EntityManager,
    userId: string,
    errors: RowErrorCollector,
    private readonly mapped: { body_fat_pct: boolean; note: boolean },
  ) {
    super(repo, m, userId, errors);
  }

  add(row: number, v: RowValues): void {
    const date = v.date as string;
    if (!this.claimDay(row, date, 'Weight')) return;
    this.pending.push({
      key: date,
      rows: [row],
      write: {
        date,
        weight_kg: v.weight_kg as number,
        body_fat_pct: (v.body_fat_pct as number | null) ?? null,
        note: (v.note as string | null) ?? null,
      },
    });
  }

  protected write(items: WeightWrite[]): Promise<WriteOutcome> {
    return this.repo.upsertWeights(this.m, this.userId, items, this.mapped);
  }
}

export class BloodPressureSink extends OnePerDaySink<BloodPressureWrite> {
  add(row: number, v: RowValues): void {
    const systolic = v.systolic as number;
    const diastolic = v.diastolic as number;
    if (systolic <= diastolic) {
      this.errors.add({
        row,
        column: null,
        header: null,
        field: 'systolic',
        value: `${systolic}/${diastolic}`,
        code: 'CSV_SYSTOLIC_NOT_ABOVE_DIASTOLIC',
        message: `Systolic ${systolic} is not above diastolic ${diastolic}.`,
        hint: 'The systolic (upper) value is always the higher one; the columns may be swapped in the mapping.',
      });
      return;
    }
    const date = v.date as string;
    if (!this.claimDay(row, date, 'Blood pressure')) return;
    this.pending.push({ key: date, rows: [row], write: { date, systolic, diastolic } });
  }

  protected write(items: BloodPressureWrite[]): Promise<WriteOutcome> {
    return this.repo.upsertBloodPressure(this.m, this.userId, items);
  }
}

const NUTRIENTS = ['protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'] as const;

/** Sums the rows of each day in memory (one small entry per day) and writes the days at the end. */
export class NutritionSink extends CsvSink<NutritionWrite> {
  private readonly days = new Map<string, { write: NutritionWrite; rows: number[] }>();

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

  protected write(items: NutritionWrite[]): Promise<WriteOutcome> {
    return this.repo.upsertNutritionDays(this.m, this.userId, items);
  }
}

/** Sums with one decimal, keeping null when no row had a value. */
function sum(a: number | null, b: number | null | undefined): number | null {
  if (b === null || b === undefined) return a;
  return Math.round(((a ?? 0) + b) * 10) / 10;
}
