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

export interface LimitsRow {
  value: CsvLimits;
  updated_at: Date;
  updated_by: string | null;
}

export interface MappingRow {
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
  columns: Record<string, string>;
  header_fingerprint: string;
  created_at: Date;
  updated_at: Date;
}

export type MappingValues = Omit<
  MappingRow,
  'id' | 'created_at' | 'updated_at' | 'is_system' | 'owner_id' | 'copied_from_id'
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
}

export interface ImportLogRow extends ImportLogValues {
  id: string;
  created_at: Date;
}

export interface WeightWrite {
  date: string;
  weight_kg: number;
  body_fat_pct: number | null;
  note: string | null;
}

export interface NutritionWrite {
  date: string;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
  fibre_g: number | null;
}

export interface BloodPressureWrite {
  date: string;
  systolic: number;
  diastolic: number;
}

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
  decimal_separator, date_format, encoding, has_header, columns, header_fingerprint, created_at, updated_at`;

const LOG_COLUMNS = `id, user_id, mapping_id, mapping_name, module, file_name, file_bytes::float8 AS file_bytes,
  encoding, dry_run, skip_invalid_rows, status, rows_total, created, updated, unchanged, skipped,
  error_count, errors, failure_code, failure_detail, duration_ms, created_at`;

/** The only place with queries on system_config (CSV limits), csv_field_mappings, csv_import_log and the CSV writes. */
@Injectable()
export class CsvImportRepository {
  constructor(private readonly db: DataSource) {}

  // ---- limits -------------------------------------------------------------------------------

  async limits(): Promise<LimitsRow> {
    const rows: LimitsRow[] = await this.db.query(
      `SELECT value, updated_at, updated_by FROM system_config WHERE key = 'csv_import_limits'`,
    );
    const stored = rows[0];
    return {
      value: { ...DEFAULT_CSV_LIMITS, ...(stored?.value ?? {}) },
      updated_at: stored?.updated_at ?? new Date(0),
      updated_by: stored?.updated_by ?? null,
    };
  }

  async saveLimits(value: CsvLimits, userId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO system_config (key, value, updated_at, updated_by)
       VALUES ('csv_import_limits', $1::jsonb, now(), $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(),
         updated_by = EXCLUDED.updated_by`,
      [JSON.stringify(value), userId],
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
         delimiter, decimal_separator, date_format, encoding, has_header, columns, header_fingerprint)
       VALUES ($1, $2, $3, $4::uuid IS NULL, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)
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
      ],
    );
    return rows[0];
  }

  async updateMapping(id: string, values: MappingValues): Promise<MappingRow> {
    const [rows] = (await this.db.query(
      `UPDATE csv_field_mappings SET name = $2, description = $3, module = $4, delimiter = $5,
         decimal_separator = $6, date_format = $7, encoding = $8, has_header = $9,
         columns = $10::jsonb, header_fingerprint = $11, updated_at = now()
       WHERE id = $1 RETURNING ${MAPPING_COLUMNS}`,
      [
        id,
        values.name,
        values.description,
        values.module,
        values.delimiter,
        values.decimal_separator,
        values.date_format,
        values.encoding,
        values.has_header,
        JSON.stringify(values.columns),
        values.header_fingerprint,
      ],
    )) as [MappingRow[], number];
    return rows[0];
  }

  async deleteMapping(id: string): Promise<void> {
    await this.db.query(`DELETE FROM csv_field_mappings WHERE id = $1`, [id]);
  }

  // ---- import log ---------------------------------------------------------------------------

  async insertLog(v: ImportLogValues): Promise<ImportLogRow> {
    const rows: ImportLogRow[] = await this.db.query(
      `INSERT INTO csv_import_log (user_id, mapping_id, mapping_name, module, file_name, file_bytes,
         encoding, dry_run, skip_invalid_rows, status, rows_total, created, updated, unchanged,
         skipped, error_count, errors, failure_code, failure_detail, duration_ms)
       VALUES ($1, (SELECT id FROM csv_field_mappings WHERE id = $2), $3, $4, $5, $6, $7, $8, $9,
         $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, $19, $20)
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
      await runner.rollbackTransaction();
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
      await m.query('ROLLBACK TO SAVEPOINT csv_write');
      await m.query('RELEASE SAVEPOINT csv_write');
      throw error;
    }
  }

  async bloodPressureRanges(): Promise<Record<string, { min: number; max: number }>> {
    const rows: { key: string; min: number; max: number }[] = await this.db.query(
      `SELECT key, min_value::float8 AS min, max_value::float8 AS max FROM reference_value_types
        WHERE key IN ('bp_systolic', 'bp_diastolic')`,
    );
    return Object.fromEntries(rows.map((r) => [r.key, { min: r.min, max: r.max }]));
  }

  /**
   * One weight per day: inserts new days, updates days whose values differ (and marks them
   * csv), leaves equal days alone. Unmapped optional columns keep their stored value.
   */
  async upsertWeights(
    m: EntityManager,
    userId: string,
    rows: WeightWrite[],
    mapped: { body_fat_pct: boolean; note: boolean },
  ): Promise<WriteOutcome> {
    if (rows.length < COPY_MIN_ROWS || !m.queryRunner) {
      return this.upsertWeightRows(m, userId, rows, mapped);
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
    if (taken) return this.upsertWeightRows(m, userId, rows, mapped);
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
    mapped: { body_fat_pct: boolean; note: boolean },
  ): Promise<WriteOutcome> {
    const [result]: WriteOutcome[] = await m.query(
      `WITH written AS (INSERT INTO weight_entries AS w (user_id, date, weight_kg, body_fat_pct, note, source)
       SELECT $1, d, kg, bf, n, 'csv'
         FROM unnest($2::date[], $3::numeric[], $4::numeric[], $5::text[]) AS t(d, kg, bf, n)
       ON CONFLICT (user_id, date) DO UPDATE SET
         weight_kg = EXCLUDED.weight_kg,
         body_fat_pct = CASE WHEN $6 THEN EXCLUDED.body_fat_pct ELSE w.body_fat_pct END,
         note = CASE WHEN $7 THEN EXCLUDED.note ELSE w.note END,
         source = 'csv', updated_at = now()
       WHERE (w.weight_kg, w.body_fat_pct, w.note) IS DISTINCT FROM (
         EXCLUDED.weight_kg,
         CASE WHEN $6 THEN EXCLUDED.body_fat_pct ELSE w.body_fat_pct END,
         CASE WHEN $7 THEN EXCLUDED.note ELSE w.note END)
       RETURNING (w.xmax = 0) AS inserted) ${COUNT_WRITES}`,
      [
        userId,
        rows.map((r) => r.date),
        rows.map((r) => r.weight_kg),
        rows.map((r) => r.body_fat_pct),
        rows.map((r) => r.note),
        mapped.body_fat_pct,
        mapped.note,
      ],
    );
    return result;
  }

  /** One CSV daily total per day (meal 'day', source 'csv'); other nutrition rows are untouched. */
  async upsertNutritionDays(
    m: EntityManager,
    userId: string,
    rows: NutritionWrite[],
  ): Promise<WriteOutcome> {
    const [result]: WriteOutcome[] = await m.query(
      `WITH written AS (INSERT INTO nutrition_entries AS n
         (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, source)
       SELECT $1, d, 'day', k, p, c, f, fi, 'csv'
         FROM unnest($2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
           AS t(d, k, p, c, f, fi)
       ON CONFLICT (user_id, date) WHERE meal = 'day' AND source = 'csv' DO UPDATE SET
         kcal = EXCLUDED.kcal, protein_g = EXCLUDED.protein_g,
         carbohydrate_g = EXCLUDED.carbohydrate_g, fat_g = EXCLUDED.fat_g,
         fibre_g = EXCLUDED.fibre_g, updated_at = now()
       WHERE (n.kcal, n.protein_g, n.carbohydrate_g, n.fat_g, n.fibre_g) IS DISTINCT FROM
             (EXCLUDED.kcal, EXCLUDED.protein_g, EXCLUDED.carbohydrate_g, EXCLUDED.fat_g, EXCLUDED.fibre_g)
       RETURNING (n.xmax = 0) AS inserted) ${COUNT_WRITES}`,
      [
        userId,
        rows.map((r) => r.date),
        rows.map((r) => r.kcal),
        rows.map((r) => r.protein_g),
        rows.map((r) => r.carbohydrate_g),
        rows.map((r) => r.fat_g),
        rows.map((r) => r.fibre_g),
      ],
    );
    return result;
  }

  /**
   * Two reference values per measurement (bp_systolic, bp_diastolic) with source csv. A day
   * counts as inserted only when both values were new.
   */
  async upsertBloodPressure(
    m: EntityManager,
    userId: string,
    rows: BloodPressureWrite[],
  ): Promise<WriteOutcome> {
    const [result]: WriteOutcome[] = await m.query(
      `WITH written AS (INSERT INTO reference_values AS r (user_id, type_key, measured_on, value, source)
       SELECT $1, k, d, v, 'csv'
         FROM unnest($2::text[], $3::date[], $4::numeric[]) AS t(k, d, v)
       ON CONFLICT (user_id, type_key, measured_on) DO UPDATE SET
         value = EXCLUDED.value, source = 'csv', updated_at = now()
       WHERE r.value IS DISTINCT FROM EXCLUDED.value
       RETURNING r.measured_on AS date, (r.xmax = 0) AS inserted)
       SELECT count(*) FILTER (WHERE n = 2)::int AS created, count(*) FILTER (WHERE n < 2)::int AS updated
         FROM (SELECT date, count(*) FILTER (WHERE inserted) AS n FROM written GROUP BY date) d`,
      [
        userId,
        rows.flatMap(() => ['bp_systolic', 'bp_diastolic']),
        rows.flatMap((r) => [r.date, r.date]),
        rows.flatMap((r) => [r.systolic, r.diastolic]),
      ],
    );
    return result;
  }
}
