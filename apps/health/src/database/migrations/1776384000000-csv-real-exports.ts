import { MigrationInterface, QueryRunner } from 'typeorm';
import { FINGERPRINT_SQL } from './1775692803000-csv-import';

interface Template {
  name: string;
  module: string;
  description: string;
  delimiter: string;
  decimal: string;
  dateFormat: string;
  columns: Record<string, string>;
  units?: Record<string, string>;
  excludeRows?: { column: string; values: string[] }[];
  dateHeadingRows?: boolean;
}

/**
 * System templates for the files apps really export. Each layout (header names, delimiter,
 * date format) is taken from a public source, listed in the README table "CSV templates".
 */
const TEMPLATES: Template[] = [
  {
    name: 'Withings blood pressure (bp.csv)',
    module: 'blood_pressure',
    description:
      'Withings Health Mate data export, file bp.csv: Date, Heart rate, Systolic, Diastolic, Comments. Rows with only a heart rate (measured by a scale) are left out.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    columns: { date: 'Date', systolic: 'Systolic', diastolic: 'Diastolic', pulse: 'Heart rate' },
  },
  {
    name: 'Garmin Connect weight',
    module: 'weight',
    description:
      'Garmin Connect weight export: a row with the date (" Dec 31, 2017") above the rows of that day, which hold the time, "80.4 kg" and "20%".',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'MMM D, YYYY',
    columns: { date: 'Time', weight_kg: 'Weight', body_fat_pct: 'Body Fat' },
    dateHeadingRows: true,
  },
  {
    name: 'Withings Health Mate weight (weight.csv)',
    module: 'weight',
    description:
      'Withings Health Mate data export, file weight.csv: Date, Weight (kg), Fat mass (kg), Bone mass (kg), Muscle mass (kg), Hydration (kg), Comments. Body fat is the fat mass divided by the weight.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Date',
      weight_kg: 'Weight (kg)',
      body_fat_pct: 'Fat mass (kg)',
      note: 'Comments',
    },
    units: { body_fat_pct: 'kg' },
  },
  {
    name: 'Withings Health Mate Gewicht (weight.csv, deutsch)',
    module: 'weight',
    description:
      'Withings-Export mit deutschen Spalten: Date, Gewicht (kg), Fettmasse (kg), Fettfreier Anteil (kg), Kommentare; Zeiten wie "6:04 Uhr". Körperfett = Fettmasse / Gewicht.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Date',
      weight_kg: 'Gewicht (kg)',
      body_fat_pct: 'Fettmasse (kg)',
      note: 'Kommentare',
    },
    units: { body_fat_pct: 'kg' },
  },
  {
    name: 'Renpho Health (kg)',
    module: 'weight',
    description:
      'Renpho app export: Time of Measurement, Weight(kg), BMI, Body Fat(%), ... , Body Type, Remarks.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Time of Measurement',
      weight_kg: 'Weight(kg)',
      body_fat_pct: 'Body Fat(%)',
      note: 'Remarks',
    },
  },
  {
    name: 'Beurer HealthManager weight',
    module: 'weight',
    description:
      'Beurer HealthManager app export: WeightDate;Time;kg;BMI;Body fat;Water;Muscles;Bones;Medication;Comment, dates DD.MM.YYYY, every value in quotes.',
    delimiter: ';',
    decimal: '.',
    dateFormat: 'DD.MM.YYYY',
    columns: {
      date: 'WeightDate',
      time: 'Time',
      weight_kg: 'kg',
      body_fat_pct: 'Body fat',
      note: 'Comment',
    },
  },
  {
    name: 'Cronometer servings (servings.csv)',
    module: 'nutrition',
    description:
      'Cronometer "Food & Recipe Entries" export: one row per food (Day, Group, Food Name, Amount, Energy (kcal), ...), summed per day.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Day',
      kcal: 'Energy (kcal)',
      protein_g: 'Protein (g)',
      carbohydrate_g: 'Carbs (g)',
      fat_g: 'Fat (g)',
      fibre_g: 'Fiber (g)',
    },
  },
  {
    name: 'MyFitnessPal nutrition summary (Nutrition-Summary.csv)',
    module: 'nutrition',
    description:
      'MyFitnessPal export: one row per meal (Date, Meal, Calories, Fat (g), ..., Carbohydrates (g), Fiber, Sugar, Protein (g), ..., Note), summed per day.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY-MM-DD',
    columns: {
      date: 'Date',
      kcal: 'Calories',
      protein_g: 'Protein (g)',
      carbohydrate_g: 'Carbohydrates (g)',
      fat_g: 'Fat (g)',
      fibre_g: 'Fiber',
    },
  },
  {
    name: 'Lose It! food log (food-logs.csv)',
    module: 'nutrition',
    description:
      'Lose It! export, file food-logs.csv: one row per food (Date MM/DD/YYYY, Name, Type, Quantity, Units, Calories, Deleted, Fat (g), Protein (g), Carbohydrates (g)); deleted entries are left out, the rest summed per day.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'MM/DD/YYYY',
    columns: {
      date: 'Date',
      kcal: 'Calories',
      protein_g: 'Protein (g)',
      carbohydrate_g: 'Carbohydrates (g)',
      fat_g: 'Fat (g)',
    },
    excludeRows: [{ column: 'Deleted', values: ['true'] }],
  },
  {
    name: 'OMRON connect report (English)',
    module: 'blood_pressure',
    description:
      'OMRON connect "Your Requested OMRON Report": Date ("Jan 15 2024"), Time ("7:31 AM"), Systolic (mmHg), Diastolic (mmHg), Pulse (bpm), Symptoms, Consumed, TruRead, Notes. Tables after the first are not read.',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'MMM D YYYY',
    columns: {
      date: 'Date',
      time: 'Time',
      systolic: 'Systolic (mmHg)',
      diastolic: 'Diastolic (mmHg)',
      pulse: 'Pulse (bpm)',
    },
  },
  {
    name: 'OMRON connect Bericht (deutsch)',
    module: 'blood_pressure',
    description:
      'OMRON connect "Ihr angeforderter OMRON-Bericht": Datum ("13 Juli 2026"), Zeit, Systolisch (mmHg), Diastolisch (mmHg), Puls (bpm).',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'D MMMM YYYY',
    columns: {
      date: 'Datum',
      time: 'Zeit',
      systolic: 'Systolisch (mmHg)',
      diastolic: 'Diastolisch (mmHg)',
      pulse: 'Puls (bpm)',
    },
  },
  {
    name: 'OMRON connect app (Measurement Date)',
    module: 'blood_pressure',
    description:
      'OMRON connect app export with Measurement Date ("2024/05/01 07:30"), SYS(mmHg), DIA(mmHg), Pulse(bpm).',
    delimiter: ',',
    decimal: '.',
    dateFormat: 'YYYY/MM/DD',
    columns: {
      date: 'Measurement Date',
      systolic: 'SYS(mmHg)',
      diastolic: 'DIA(mmHg)',
      pulse: 'Pulse(bpm)',
    },
  },
];

/** The two templates of the first migration this one redefines, as they were (for down). */
const BEFORE: Template[] = [
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
];

async function upsert(q: QueryRunner, t: Template): Promise<void> {
  await q.query(
    `INSERT INTO csv_field_mappings
       (name, description, module, is_system, delimiter, decimal_separator, date_format, encoding,
        has_header, columns, units, exclude_rows, date_heading_rows, header_fingerprint)
     VALUES ($1, $2, $3, true, $4, $5, $6, 'auto', true, $7::jsonb, $8::jsonb, $9::jsonb, $10,
       ${FINGERPRINT_SQL('$7')})
     ON CONFLICT ((lower(name))) WHERE is_system DO UPDATE SET
       description = EXCLUDED.description, module = EXCLUDED.module,
       delimiter = EXCLUDED.delimiter, decimal_separator = EXCLUDED.decimal_separator,
       date_format = EXCLUDED.date_format, columns = EXCLUDED.columns, units = EXCLUDED.units,
       exclude_rows = EXCLUDED.exclude_rows, date_heading_rows = EXCLUDED.date_heading_rows,
       header_fingerprint = EXCLUDED.header_fingerprint, updated_at = now()`,
    [
      t.name,
      t.description,
      t.module,
      t.delimiter,
      t.decimal,
      t.dateFormat,
      JSON.stringify(t.columns),
      JSON.stringify(t.units ?? {}),
      JSON.stringify(t.excludeRows ?? []),
      t.dateHeadingRows ?? false,
    ],
  );
}

/**
 * CSV import for real exports (issue 22): mappings learn units, rows to leave out, lines before
 * the header and Garmin-style date rows; the import log keeps the options and what the import
 * decided; pulse readings get a reference value type; templates for real exports.
 */
export class CsvRealExports1776384000000 implements MigrationInterface {
  name = 'CsvRealExports1776384000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE csv_field_mappings
        ADD COLUMN skip_lines integer NOT NULL DEFAULT 0 CHECK (skip_lines BETWEEN 0 AND 50),
        ADD COLUMN units jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(units) = 'object'),
        ADD COLUMN exclude_rows jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(exclude_rows) = 'array'),
        ADD COLUMN date_heading_rows boolean NOT NULL DEFAULT false`);
    await q.query(`
      ALTER TABLE csv_import_log
        ADD COLUMN options jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(options) = 'object'),
        ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(warnings) = 'array'),
        ADD COLUMN missing_columns jsonb NOT NULL DEFAULT '[]'
          CHECK (jsonb_typeof(missing_columns) = 'array'),
        ADD COLUMN replaced_day_totals integer NOT NULL DEFAULT 0,
        ADD COLUMN merged_rows integer NOT NULL DEFAULT 0,
        ADD COLUMN rows_without_values integer NOT NULL DEFAULT 0,
        ADD COLUMN excluded_rows integer NOT NULL DEFAULT 0`);
    await q.query(`
      INSERT INTO reference_value_types (key, name, unit, min_value, max_value)
      VALUES ('bp_pulse', 'Pulse at blood-pressure measurement', 'bpm', 25, 250)
      ON CONFLICT (key) DO NOTHING`);
    for (const t of TEMPLATES) await upsert(q, t);
  }

  async down(q: QueryRunner): Promise<void> {
    const redefined = BEFORE.map((t) => t.name.toLowerCase());
    await q.query(
      `DELETE FROM csv_field_mappings WHERE is_system AND lower(name) = ANY($1::text[])`,
      [TEMPLATES.map((t) => t.name.toLowerCase()).filter((n) => !redefined.includes(n))],
    );
    await q.query(`
      ALTER TABLE csv_import_log DROP COLUMN options, DROP COLUMN warnings,
        DROP COLUMN missing_columns, DROP COLUMN replaced_day_totals, DROP COLUMN merged_rows,
        DROP COLUMN rows_without_values, DROP COLUMN excluded_rows`);
    await q.query(`DELETE FROM reference_values WHERE type_key = 'bp_pulse'`);
    await q.query(`DELETE FROM reference_value_types WHERE key = 'bp_pulse'`);
    await q.query(`
      ALTER TABLE csv_field_mappings DROP COLUMN skip_lines, DROP COLUMN units,
        DROP COLUMN exclude_rows, DROP COLUMN date_heading_rows`);
    for (const t of BEFORE) {
      await q.query(
        `UPDATE csv_field_mappings SET description = $2, date_format = $3, columns = $4::jsonb,
           header_fingerprint = ${FINGERPRINT_SQL('$4')}, updated_at = now()
         WHERE is_system AND lower(name) = lower($1)`,
        [t.name, t.description, t.dateFormat, JSON.stringify(t.columns)],
      );
    }
  }
}
