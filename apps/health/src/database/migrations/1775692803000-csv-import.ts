import { MigrationInterface, QueryRunner } from 'typeorm';

const LIMITS = { max_file_bytes: 10 * 1024 * 1024, max_rows: 100000, max_errors_reported: 200 };

/** System templates written from the column names of the vendors' documented exports. */
const TEMPLATES: {
  name: string;
  module: string;
  description: string;
  delimiter: string;
  decimal: string;
  dateFormat: string;
  columns: Record<string, string>;
}[] = [
  {
    name: 'Withings blood pressure (bp.csv)',
    module: 'blood_pressure',
    description:
      'Withings Health Mate data export, file bp.csv: "Date","Heart rate","Systolic","Diastolic","Comments".',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    columns: { date: 'Date', systolic: 'Systolic', diastolic: 'Diastolic' },
  },
  {
    name: 'Garmin Connect weight',
    module: 'weight',
    description:
      'Garmin Connect weight export: Date, Weight, BMI, Body Fat, Skeletal Muscle Mass, Bone Mass, Body Water (values may carry units such as "78.4 kg" or "18.2 %").',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: { date: 'Date', weight_kg: 'Weight', body_fat_pct: 'Body Fat' },
  },
  {
    name: 'Cronometer daily nutrition (dailysummary.csv)',
    module: 'nutrition',
    description:
      'Cronometer "Daily Nutrition" export: Date, Energy (kcal), ..., Carbs (g), Fiber (g), ..., Fat (g), ..., Protein (g), ...; several rows of one day are summed.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Date',
      kcal: 'Energy (kcal)',
      protein_g: 'Protein (g)',
      carbohydrate_g: 'Carbs (g)',
      fat_g: 'Fat (g)',
      fibre_g: 'Fiber (g)',
    },
  },
  {
    name: 'Generic date,weight',
    module: 'weight',
    description: 'A plain two-column file with the header "date,weight" (weight in kg, ISO dates).',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: { date: 'date', weight_kg: 'weight' },
  },
];

/** The fingerprint the service computes too: sha256 of the sorted, normalised source headers. */
export const FINGERPRINT_SQL = (columnsParam: string) => `
  encode(sha256(convert_to(
    (SELECT string_agg(lower(btrim(v)), chr(31) ORDER BY lower(btrim(v)))
       FROM jsonb_each_text(${columnsParam}::jsonb) AS e(k, v)), 'UTF8')), 'hex')`;

/**
 * CSV import (issue 8): system configuration (import limits), CSV field mappings with the
 * shipped system templates, and the import log.
 */
export class CsvImport1775692803000 implements MigrationInterface {
  name = 'CsvImport1775692803000';

  async up(q: QueryRunner): Promise<void> {
    // Shared with other modules (dashboard default); created here if nobody did before.
    await q.query(`
      CREATE TABLE IF NOT EXISTS system_config (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_.]*$'),
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(
      `INSERT INTO system_config (key, value) VALUES ('csv_import_limits', $1::jsonb)
       ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(LIMITS)],
    );

    await q.query(`
      CREATE TABLE csv_field_mappings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 2000),
        module text NOT NULL CHECK (module IN ('nutrition', 'weight', 'blood_pressure', 'activity')),
        is_system boolean NOT NULL DEFAULT false,
        owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
        copied_from_id uuid REFERENCES csv_field_mappings(id) ON DELETE SET NULL,
        delimiter text NOT NULL CHECK (delimiter IN (',', ';', E'\\t', '|')),
        decimal_separator text NOT NULL CHECK (decimal_separator IN ('.', ',')),
        date_format text NOT NULL CHECK (length(date_format) BETWEEN 4 AND 40),
        encoding text NOT NULL DEFAULT 'auto' CHECK (encoding IN ('auto', 'utf-8', 'windows-1252')),
        has_header boolean NOT NULL DEFAULT true,
        columns jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'object'),
        header_fingerprint text NOT NULL CHECK (header_fingerprint ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT csv_field_mappings_owner CHECK (is_system = (owner_id IS NULL))
      )`);
    await q.query(`
      CREATE UNIQUE INDEX csv_field_mappings_system_name_key ON csv_field_mappings (lower(name))
      WHERE is_system`);
    await q.query(`
      CREATE UNIQUE INDEX csv_field_mappings_owner_name_key ON csv_field_mappings (owner_id, lower(name))
      WHERE NOT is_system`);
    for (const t of TEMPLATES) {
      await q.query(
        `INSERT INTO csv_field_mappings
           (name, description, module, is_system, delimiter, decimal_separator, date_format,
            encoding, has_header, columns, header_fingerprint)
         VALUES ($1, $2, $3, true, $4, $5, $6, 'auto', true, $7::jsonb, ${FINGERPRINT_SQL('$7')})`,
        [
          t.name,
          t.description,
          t.module,
          t.delimiter,
          t.decimal,
          t.dateFormat,
          JSON.stringify(t.columns),
        ],
      );
    }

    await q.query(`
      CREATE TABLE csv_import_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mapping_id uuid REFERENCES csv_field_mappings(id) ON DELETE SET NULL,
        mapping_name text,
        module text,
        file_name text NOT NULL,
        file_bytes bigint NOT NULL CHECK (file_bytes >= 0),
        encoding text,
        dry_run boolean NOT NULL DEFAULT false,
        skip_invalid_rows boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('succeeded', 'partial', 'failed')),
        rows_total integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        unchanged integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(errors) = 'array'),
        failure_code text,
        failure_detail text,
        duration_ms integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX csv_import_log_user_created_idx ON csv_import_log (user_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE csv_import_log`);
    await q.query(`DROP TABLE csv_field_mappings`);
    await q.query(`DELETE FROM system_config WHERE key = 'csv_import_limits'`);
  }
}
