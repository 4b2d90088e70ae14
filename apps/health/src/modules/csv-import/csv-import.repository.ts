import {
  IfMatch,
  isDatabaseUnavailable,
  NotFoundError,
  rowVersionColumn,
  VersionedRow,
  updateVersionedRow,
  versionedWrite,
} from '@sports/common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, EntityManager } from 'typeorm';
import type { CsvModule } from './csv-modules';

export interface CsvLimits {
  max_file_bytes: number;
  max_rows: number;
  max_errors_reported: number;
}

export const DEFAULT_CSV_LIMITS: CsvLimits = {
  max_file_bytes: 10 * 1024 * 1024,
  max_rows: 100000,
  max_errors_reported: 200,
};

export interface LimitsRow extends VersionedRow {
  value: CsvLimits;
  updated_at: Date;
  updated_by: string | null;
}

export interface MappingRow extends VersionedRow {
  id: string;
  name: string;
  description: string | null;
  module: CsvModule;
  is_system: boolean;
  owner_id: string | null;
  copied_from_id: string | null;
  delimiter: string;
  decimal_separator: string;
  date_format: string;
  encoding: 'auto' | 'utf-8' | 'windows-1252';
  has_header: boolean;
  skip_lines: number;
  columns: Record<string, string>;
  units: Record<string, string>;
  exclude_rows: { column: string; values: string[] }[];
  date_heading_rows: boolean;
  header_fingerprint: string;
  created_at: Date;
  updated_at: Date;
}

export type MappingValues = Omit<
  MappingRow,
  'id' | 'created_at' | 'updated_at' | 'is_system' | 'owner_id' | 'copied_from_id' | 'row_version'
>;

export interface ImportLogValues {
  user_id: string;
  mapping_id: string | null;
  mapping_name: string | null;
  module: string | null;
  file_name: string;
  file_bytes: number;
  encoding: string | null;
  dry_run: boolean;
  skip_invalid_rows: boolean;
  status: 'succeeded' | 'partial' | 'failed';
  rows_total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  error_count: number;
  errors: unknown[];
  failure_code: string | null;
  failure_detail: string | null;
  duration_ms: number;
  options: Record<string, unknown>;
  warnings: string[];
  missing_columns: unknown[];
  replaced_day_totals: number;
  merged_rows: number;
  rows_without_values: number;
  excluded_rows: number;
}

export interface ImportLogRow extends ImportLogValues {
  id: string;
  created_at: Date;
}

/**
 * What a write does with a stored optional value: `merge` takes the file's value and keeps the
 * stored one where the file has none, `keep` leaves it (the file has no such column), `clear`
 * empties it (on_missing_column=clear).
 */
export type FieldMode = 'merge' | 'keep' | 'clear';

export interface WeightWrite {
  date: string;
  weight_kg: number;
  body_fat_pct: number | null;
  note: string | null;
}

export interface WeightModes {
  body_fat_pct: FieldMode;
  note: FieldMode;
}

export interface NutritionWrite {
  date: string;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
  fibre_g: number | null;
}

export type NutritionModes = Record<
  'protein_g' | 'carbohydrate_g' | 'fat_g' | 'fibre_g',
  FieldMode
>;

export interface BloodPressureWrite {
  date: string;
  /** Local wall time `YYYY-MM-DD HH:mm:ss`, or ISO with its offset; null without a time. */
  at: string | null;
  systolic: number;
  diastolic: number;
  pulse: number | null;
}

export interface BloodPressureModes {
  time: FieldMode;
  pulse: FieldMode;
}

/** A stored optional value under `mode` and the file's value `excluded`, as SQL. */
const merged = (mode: string, stored: string, excluded: string) =>
  `CASE ${mode} WHEN 'clear' THEN NULL WHEN 'keep' THEN ${stored} ELSE COALESCE(${excluded}, ${stored}) END`;

/** Records inserted and records changed by one statement; the rest of the batch was unchanged. */
export interface WriteOutcome {
  created: number;
  updated: number;
}

/** Counts of a `WITH written AS (... RETURNING (xmax = 0) AS inserted)` statement, without shipping rows back. */
const COUNT_WRITES = `SELECT count(*) FILTER (WHERE inserted)::int AS created,
  count(*) FILTER (WHERE NOT inserted)::int AS updated FROM written`;

/**
 * Batches at least this large write their new days with COPY (much cheaper per row than an
 * INSERT); smaller ones (the row-by-row retry of a refused batch) use the upsert alone.
 */
export const COPY_MIN_ROWS = 100;

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
const copyText = (v: string | number | null): string =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]);
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

const MAPPING_COLUMNS = `id, name, description, module, is_system, owner_id, copied_from_id, delimiter,
  decimal_separator, date_format, encoding, has_header, skip_lines, columns, units, exclude_rows,
  date_heading_rows, header_fingerprint, created_at, updated_at, ${rowVersionColumn()}`;

const LIMITS_KEY = 'csv_import_limits';
const mappingKey = (id: string) => ({ table: 'csv_field_mappings', where: { id } });
const mappingNotFound = (id: string) => () => new NotFoundError('CSV mapping', id);

const LOG_COLUMNS = `id, user_id, mapping_id, mapping_name, module, file_name, file_bytes::float8 AS file_bytes,
  encoding, dry_run, skip_invalid_rows, status, rows_total, created, updated, unchanged, skipped,
  error_count, errors, failure_code, failure_detail, duration_ms, options, warnings, missing_columns,
  replaced_day_totals, merged_rows, rows_without_values, excluded_rows, created_at`;

/** The only place with queries on system_config (CSV limits), csv_field_mappings, csv_import_log and the CSV writes. */
@Injectable()
export class CsvImportRepository {
  constructor(private readonly db: DataSource) {}

  // ---- limits -------------------------------------------------------------------------------

  async limits(): Promise<LimitsRow> {
    const rows: LimitsRow[] = await this.db.query(
      `SELECT value, updated_at, updated_by, ${rowVersionColumn()} FROM system_config
        WHERE key = '${LIMITS_KEY}'`,
    );
    const stored = rows[0];
    return {
      value: { ...DEFAULT_CSV_LIMITS, ...(stored?.value ?? {}) },
      updated_at: stored?.updated_at ?? new Date(0),
      updated_by: stored?.updated_by ?? null,
      // The migration stores the row; without it the defaults apply, a version of their own.
      row_version: stored?.row_version ?? '0',
    };
  }

  /**
   * With `ifMatch`, only the version it names is replaced (checked in the UPDATE's WHERE, 412
   * otherwise); without, the row is written whether it exists or not.
   */
  async saveLimits(value: CsvLimits, userId: string, ifMatch?: IfMatch): Promise<void> {
    const params = [JSON.stringify(value), userId];
    if (ifMatch) {
      await updateVersionedRow(
        this.db,
        { table: 'system_config', where: { key: LIMITS_KEY } },
        {
          set: { value: params[0] },
          stamps: { updated_by: userId },
          stampedNow: ['updated_at'],
          returning: 'key',
          ifMatch,
          notFound: () => new NotFoundError('CSV import limits', LIMITS_KEY),
        },
      );
      return;
    }
    // Limits equal to the stored ones are no write: the row keeps its version.
    await this.db.query(
      `INSERT INTO system_config (key, value, updated_at, updated_by)
       VALUES ('${LIMITS_KEY}', $1::jsonb, now(), $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(),
         updated_by = EXCLUDED.updated_by
       WHERE system_config.value IS DISTINCT FROM EXCLUDED.value`,
      params,
    );
  }

  // ---- mappings -----------------------------------------------------------------------------

  /** System templates and the caller's own mappings (`ownerId` null: system templates only). */
  listMappings(ownerId: string | null, module?: string): Promise<MappingRow[]> {
    return this.db.query(
      `SELECT ${MAPPING_COLUMNS} FROM csv_field_mappings
        WHERE (is_system OR owner_id = $1) AND ($2::text IS NULL OR module = $2)
        ORDER BY is_system DESC, lower(name)`,
      [ownerId, module ?? null],
    );
  }

  async findMapping(id: string): Promise<MappingRow | null> {
    const rows: MappingRow[] = await this.db.query(
      `SELECT ${MAPPING_COLUMNS} FROM csv_field_mappings WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async nameTaken(name: string, ownerId: string | null, exceptId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM csv_field_mappings
        WHERE lower(name) = lower($1) AND is_system = ($2::uuid IS NULL)
          AND ($2::uuid IS NULL OR owner_id = $2) AND ($3::uuid IS NULL OR id <> $3)`,
      [name, ownerId, exceptId],
    );
    return rows.length > 0;
  }

  async insertMapping(
    values: MappingValues,
    ownerId: string | null,
    copiedFromId: string | null = null,
  ): Promise<MappingRow> {
    const rows: MappingRow[] = await this.db.query(
      `INSERT INTO csv_field_mappings (name, description, module, is_system, owner_id, copied_from_id,
         delimiter, decimal_separator, date_format, encoding, has_header, columns, header_fingerprint,
         skip_lines, units, exclude_rows, date_heading_rows)
       VALUES ($1, $2, $3, $4::uuid IS NULL, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13,
         $14::jsonb, $15::jsonb, $16)
       RETURNING ${MAPPING_COLUMNS}`,
      [
        values.name,
        values.description,
        values.module,
        ownerId,
        copiedFromId,
        values.delimiter,
        values.decimal_separator,
        values.date_format,
        values.encoding,
        values.has_header,
        JSON.stringify(values.columns),
        values.header_fingerprint,
        values.skip_lines,
        JSON.stringify(values.units),
        JSON.stringify(values.exclude_rows),
        values.date_heading_rows,
      ],
    );
    return rows[0];
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateMapping(id: string, values: MappingValues, ifMatch?: IfMatch): Promise<MappingRow> {
    return updateVersionedRow<MappingRow>(this.db, mappingKey(id), {
      set: {
        name: values.name,
        description: values.description,
        module: values.module,
        delimiter: values.delimiter,
        decimal_separator: values.decimal_separator,
        date_format: values.date_format,
        encoding: values.encoding,
        has_header: values.has_header,
        columns: JSON.stringify(values.columns),
        header_fingerprint: values.header_fingerprint,
        skip_lines: values.skip_lines,
        units: JSON.stringify(values.units),
        exclude_rows: JSON.stringify(values.exclude_rows),
        date_heading_rows: values.date_heading_rows,
      },
      stampedNow: ['updated_at'],
      returning: MAPPING_COLUMNS,
      ifMatch,
      notFound: mappingNotFound(id),
    });
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  async deleteMapping(id: string, ifMatch?: IfMatch): Promise<void> {
    await versionedWrite(
      this.db,
      mappingKey(id),
      ifMatch,
      mappingNotFound(id),
      (condition) => `DELETE FROM csv_field_mappings WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }

  // ---- import log ---------------------------------------------------------------------------

  async insertLog(v: ImportLogValues): Promise<ImportLogRow> {
    const rows: ImportLogRow[] = await this.db.query(
      `INSERT INTO csv_import_log (user_id, mapping_id, mapping_name, module, file_name, file_bytes,
         encoding, dry_run, skip_invalid_rows, status, rows_total, created, updated, unchanged,
         skipped, error_count, errors, failure_code, failure_detail, duration_ms, options, warnings,
         missing_columns, replaced_day_totals, merged_rows, rows_without_values, excluded_rows)
       VALUES ($1, (SELECT id FROM csv_field_mappings WHERE id = $2), $3, $4, $5, $6, $7, $8, $9,
         $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, $19, $20, $21::jsonb, $22::jsonb,
         $23::jsonb, $24, $25, $26, $27)
       RETURNING ${LOG_COLUMNS}`,
      [
        v.user_id,
        v.mapping_id,
        v.mapping_name,
        v.module,
        v.file_name,
        v.file_bytes,
        v.encoding,
        v.dry_run,
        v.skip_invalid_rows,
        v.status,
        v.rows_total,
        v.created,
        v.updated,
        v.unchanged,
        v.skipped,
        v.error_count,
        JSON.stringify(v.errors),
        v.failure_code,
        v.failure_detail,
        v.duration_ms,
        JSON.stringify(v.options),
        JSON.stringify(v.warnings),
        JSON.stringify(v.missing_columns),
        v.replaced_day_totals,
        v.merged_rows,
        v.rows_without_values,
        v.excluded_rows,
      ],
    );
    return rows[0];
  }

  async listLogs(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: ImportLogRow[]; total: number }> {
    const rows: ImportLogRow[] = await this.db.query(
      `SELECT ${LOG_COLUMNS} FROM csv_import_log WHERE user_id = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM csv_import_log WHERE user_id = $1`,
      [userId],
    );
    return { rows, total };
  }

  async findLog(userId: string, id: string): Promise<ImportLogRow | null> {
    const rows: ImportLogRow[] = await this.db.query(
      `SELECT ${LOG_COLUMNS} FROM csv_import_log WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  // ---- the import transaction ----------------------------------------------------------------

  /** Runs `work` in one transaction; commits only when `work` answers true. */
  async inTransaction<T>(
    work: (m: EntityManager) => Promise<{ commit: boolean; result: T }>,
  ): Promise<T> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const { commit, result } = await work(runner.manager);
      if (commit) await runner.commitTransaction();
      else await runner.rollbackTransaction();
      return result;
    } catch (error) {
      // A broken connection has ended the transaction already; its rollback error would hide
      // the cause (a database outage must stay recognisable as one, to answer 503).
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs `write` behind a savepoint so that a refused statement leaves the transaction usable;
   * rethrows the database error after rolling back to the savepoint.
   */
  async guarded<T>(m: EntityManager, write: () => Promise<T>): Promise<T> {
    await m.query('SAVEPOINT csv_write');
    try {
      const result = await write();
      await m.query('RELEASE SAVEPOINT csv_write');
      return result;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      await m.query('ROLLBACK TO SAVEPOINT csv_write');
      await m.query('RELEASE SAVEPOINT csv_write');
      throw error;
    }
  }

  async bloodPressureRanges(): Promise<Record<string, { min: number; max: number }>> {
    const rows: { key: string; min: number; max: number }[] = await this.db.query(
      `SELECT key, min_value::float8 AS min, max_value::float8 AS max FROM reference_value_types
        WHERE key IN ('bp_systolic', 'bp_diastolic', 'bp_pulse')`,
    );
    return Object.fromEntries(rows.map((r) => [r.key, { min: r.min, max: r.max }]));
  }

  /**
   * How many of `dates` have a stored value for each of `fields` (the optional values a file
   * without their column would otherwise leave alone or clear).
   */
  async storedValues(
    m: EntityManager,
    module: CsvModule,
    userId: string,
    dates: string[],
    fields: string[],
  ): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const field of fields) {
      const sql = STORED_VALUE_COUNTS[module]?.[field];
      if (!sql) {
        counts[field] = 0;
        continue;
      }
      const [{ n }] = (await m.query(sql, [userId, dates])) as { n: number }[];
      counts[field] = n;
    }
    return counts;
  }

  /**
   * One weight per day: inserts new days, updates days whose values differ (and marks them
   * csv), leaves equal days alone. Optional values follow their `modes`.
   */
  async upsertWeights(
    m: EntityManager,
    userId: string,
    rows: WeightWrite[],
    modes: WeightModes,
  ): Promise<WriteOutcome> {
    if (rows.length < COPY_MIN_ROWS || !m.queryRunner) {
      return this.upsertWeightRows(m, userId, rows, modes);
    }
    // A first import of these days (the user has no weight in the batch's date range) copies
    // the rows in, which is much cheaper per row than an INSERT; otherwise the batch is upserted.
    // A day inserted concurrently in between makes COPY fail with a unique violation, which
    // refuses the batch; its row-by-row retry then upserts.
    let first = rows[0].date;
    let last = first;
    for (const r of rows) {
      if (r.date < first) first = r.date;
      if (r.date > last) last = r.date;
    }
    const [{ taken }] = (await m.query(
      `SELECT EXISTS (SELECT 1 FROM weight_entries
         WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date) AS taken`,
      [userId, first, last],
    )) as { taken: boolean }[];
    if (taken) return this.upsertWeightRows(m, userId, rows, modes);
    const user = copyText(userId);
    let text = '';
    for (const r of rows) {
      text += `${user}\t${r.date}\t${copyText(r.weight_kg)}\t${copyText(r.body_fat_pct)}\t${copyText(r.note)}\tcsv\n`;
    }
    const client = (await m.queryRunner.connect()) as {
      query(stream: ReturnType<typeof copyFrom>): ReturnType<typeof copyFrom>;
    };
    await pipeline(
      Readable.from([text]),
      client.query(
        copyFrom(
          `COPY weight_entries (user_id, date, weight_kg, body_fat_pct, note, source) FROM STDIN`,
        ),
      ),
    );
    return { created: rows.length, updated: 0 };
  }

  private async upsertWeightRows(
    m: EntityManager,
    userId: string,
    rows: WeightWrite[],
    modes: WeightModes,
  ): Promise<WriteOutcome> {
    const bf = merged('$6::text', 'w.body_fat_pct', 'EXCLUDED.body_fat_pct');
    const note = merged('$7::text', 'w.note', 'EXCLUDED.note');
    const [result]: WriteOutcome[] = await m.query(
      `WITH written AS (INSERT INTO weight_entries AS w (user_id, date, weight_kg, body_fat_pct, note, source)
       SELECT $1, d, kg, bf, n, 'csv'
         FROM unnest($2::date[], $3::numeric[], $4::numeric[], $5::text[]) AS t(d, kg, bf, n)
       ON CONFLICT (user_id, date) DO UPDATE SET
         weight_kg = EXCLUDED.weight_kg, body_fat_pct = ${bf}, note = ${note},
         source = 'csv', updated_at = now()
       WHERE (w.weight_kg, w.body_fat_pct, w.note) IS DISTINCT FROM (EXCLUDED.weight_kg, ${bf}, ${note})
       RETURNING (w.xmax = 0) AS inserted) ${COUNT_WRITES}`,
      [
        userId,
        rows.map((r) => r.date),
        rows.map((r) => r.weight_kg),
        rows.map((r) => r.body_fat_pct),
        rows.map((r) => r.note),
        modes.body_fat_pct,
        modes.note,
      ],
    );
    return result;
  }

  /** Days of `dates` with a whole-day nutrition total from another source than the CSV import. */
  async foreignDayTotals(m: EntityManager, userId: string, dates: string[]): Promise<string[]> {
    const rows: { date: string }[] = await m.query(
      `SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS date FROM nutrition_entries
        WHERE user_id = $1 AND meal = 'day' AND source <> 'csv' AND date = ANY($2::date[])`,
      [userId, dates],
    );
    return rows.map((r) => r.date);
  }

  /** Removes those day totals (replace_day_totals): the CSV total takes their place. */
  async deleteForeignDayTotals(m: EntityManager, userId: string, dates: string[]): Promise<number> {
    const [, count] = (await m.query(
      `DELETE FROM nutrition_entries
        WHERE user_id = $1 AND meal = 'day' AND source <> 'csv' AND date = ANY($2::date[])`,
      [userId, dates],
    )) as [unknown, number];
    return count;
  }

  /** Days of `dates` with single meals recorded beside any day total (summed with it by charts). */
  async daysWithMeals(m: EntityManager, userId: string, dates: string[]): Promise<number> {
    const [{ n }] = (await m.query(
      `SELECT count(DISTINCT date)::int AS n FROM nutrition_entries
        WHERE user_id = $1 AND meal IS DISTINCT FROM 'day' AND date = ANY($2::date[])`,
      [userId, dates],
    )) as { n: number }[];
    return n;
  }

  /** One CSV daily total per day (meal 'day', source 'csv'); other nutrition rows are untouched. */
  async upsertNutritionDays(
    m: EntityManager,
    userId: string,
    rows: NutritionWrite[],
    modes: NutritionModes,
  ): Promise<WriteOutcome> {
    const p = merged('$8::text', 'n.protein_g', 'EXCLUDED.protein_g');
    const c = merged('$9::text', 'n.carbohydrate_g', 'EXCLUDED.carbohydrate_g');
    const f = merged('$10::text', 'n.fat_g', 'EXCLUDED.fat_g');
    const fi = merged('$11::text', 'n.fibre_g', 'EXCLUDED.fibre_g');
    const [result]: WriteOutcome[] = await m.query(
      `WITH written AS (INSERT INTO nutrition_entries AS n
         (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, source)
       SELECT $1, d, 'day', k, p, c, f, fi, 'csv'
         FROM unnest($2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
           AS t(d, k, p, c, f, fi)
       ON CONFLICT (user_id, date) WHERE meal = 'day' AND source = 'csv' DO UPDATE SET
         kcal = EXCLUDED.kcal, protein_g = ${p}, carbohydrate_g = ${c}, fat_g = ${f},
         fibre_g = ${fi}, updated_at = now()
       WHERE (n.kcal, n.protein_g, n.carbohydrate_g, n.fat_g, n.fibre_g) IS DISTINCT FROM
             (EXCLUDED.kcal, ${p}, ${c}, ${f}, ${fi})
       RETURNING (n.xmax = 0) AS inserted) ${COUNT_WRITES}`,
      [
        userId,
        rows.map((r) => r.date),
        rows.map((r) => r.kcal),
        rows.map((r) => r.protein_g),
        rows.map((r) => r.carbohydrate_g),
        rows.map((r) => r.fat_g),
        rows.map((r) => r.fibre_g),
        modes.protein_g,
        modes.carbohydrate_g,
        modes.fat_g,
        modes.fibre_g,
      ],
    );
    return result;
  }

  /**
   * A measurement is up to three reference values (bp_systolic, bp_diastolic, bp_pulse) with
   * source csv and the time of measurement (`at` read in `timeZone` unless it names its own
   * offset). A day counts as created when its systolic value was new.
   */
  async upsertBloodPressure(
    m: EntityManager,
    userId: string,
    rows: BloodPressureWrite[],
    modes: BloodPressureModes,
    timeZone: string,
  ): Promise<WriteOutcome> {
    const at = merged('$8::text', 'r.measured_at', 'EXCLUDED.measured_at');
    const [result]: WriteOutcome[] = await m.query(
      `WITH input AS (
         SELECT * FROM unnest($2::date[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
           AS t(d, ts, sys, dia, pulse)),
       measured AS (
         SELECT d, sys, dia, pulse, CASE WHEN ts IS NULL THEN NULL
           WHEN ts ~ '(Z|[+-][0-9]{2}:[0-9]{2})$' THEN ts::timestamptz
           ELSE ts::timestamp AT TIME ZONE $7 END AS at FROM input),
       vals AS (
         SELECT d, at, 'bp_systolic' AS k, sys AS v FROM measured
         UNION ALL SELECT d, at, 'bp_diastolic', dia FROM measured
         UNION ALL SELECT d, at, 'bp_pulse', pulse FROM measured WHERE pulse IS NOT NULL),
       cleared AS (
         DELETE FROM reference_values WHERE $9 AND user_id = $1 AND type_key = 'bp_pulse'
           AND measured_on = ANY($2::date[]) RETURNING measured_on AS d),
       written AS (
         INSERT INTO reference_values AS r (user_id, type_key, measured_on, measured_at, value, source)
         SELECT $1, k, d, at, v, 'csv' FROM vals
         ON CONFLICT (user_id, type_key, measured_on) DO UPDATE SET
           value = EXCLUDED.value, measured_at = ${at}, source = 'csv', updated_at = now()
         WHERE (r.value, r.measured_at) IS DISTINCT FROM (EXCLUDED.value, ${at})
         RETURNING r.measured_on AS d, r.type_key AS k, (r.xmax = 0) AS inserted),
       created AS (SELECT DISTINCT d FROM written WHERE k = 'bp_systolic' AND inserted)
       SELECT (SELECT count(*) FROM created)::int AS created,
         (SELECT count(*) FROM (SELECT d FROM written UNION SELECT d FROM cleared) c
           WHERE d NOT IN (SELECT d FROM created))::int AS updated`,
      [
        userId,
        rows.map((r) => r.date),
        rows.map((r) => r.at),
        rows.map((r) => r.systolic),
        rows.map((r) => r.diastolic),
        rows.map((r) => r.pulse),
        timeZone,
        modes.time,
        modes.pulse === 'clear',
      ],
    );
    return result;
  }
}

/** Counts of stored optional values per day list ($1 user, $2 dates), by module and field. */
const STORED_VALUE_COUNTS: Partial<Record<CsvModule, Record<string, string>>> = {
  weight: {
    body_fat_pct: `SELECT count(body_fat_pct)::int AS n FROM weight_entries WHERE user_id = $1 AND date = ANY($2::date[])`,
    note: `SELECT count(note)::int AS n FROM weight_entries WHERE user_id = $1 AND date = ANY($2::date[])`,
  },
  nutrition: Object.fromEntries(
    ['protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'].map((c) => [
      c,
      `SELECT count(${c})::int AS n FROM nutrition_entries
        WHERE user_id = $1 AND meal = 'day' AND source = 'csv' AND date = ANY($2::date[])`,
    ]),
  ),
  blood_pressure: {
    pulse: `SELECT count(*)::int AS n FROM reference_values
      WHERE user_id = $1 AND type_key = 'bp_pulse' AND measured_on = ANY($2::date[])`,
    time: `SELECT count(measured_at)::int AS n FROM reference_values
      WHERE user_id = $1 AND type_key = 'bp_systolic' AND measured_on = ANY($2::date[])`,
  },
};
