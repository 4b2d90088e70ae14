/**
 * The importable CSV modules and their target fields (../shared/spec/decisions.md §2 "CSV modules"). Plain
 * data, shared by the import, the analysis and the template validation.
 */
export const CSV_MODULES = ['nutrition', 'weight', 'blood_pressure', 'activity'] as const;
export type CsvModule = (typeof CSV_MODULES)[number];

export type TargetFieldType = 'date' | 'time' | 'number' | 'text';

export interface TargetField {
  field: string;
  label: string;
  type: TargetFieldType;
  required: boolean;
  unit?: string;
  /** Inclusive bounds of one CSV value (for nutrition: of one row; the day total is checked by the database). */
  min?: number;
  max?: number;
  /** Decimal places kept (values are rounded, like the database column does). */
  decimals?: number;
}

export interface CsvModuleDefinition {
  module: CsvModule;
  label: string;
  importable: boolean;
  /** What one stored record is, for the created/updated/unchanged counts. */
  record: string;
  fields: TargetField[];
}

const date: TargetField = { field: 'date', label: 'Date', type: 'date', required: true };
/** A time column of its own; a time after the date in the date column is read as well. */
const time: TargetField = { field: 'time', label: 'Time of day', type: 'time', required: false };

export const CSV_MODULE_DEFINITIONS: Record<CsvModule, CsvModuleDefinition> = {
  weight: {
    module: 'weight',
    label: 'Weight',
    importable: true,
    record: 'one weight entry per day',
    fields: [
      date,
      time,
      {
        field: 'weight_kg',
        label: 'Weight',
        type: 'number',
        required: true,
        unit: 'kg',
        min: 20,
        max: 400,
        decimals: 2,
      },
      {
        field: 'body_fat_pct',
        label: 'Body fat',
        type: 'number',
        required: false,
        unit: '%',
        min: 2,
        max: 70,
        decimals: 1,
      },
      { field: 'note', label: 'Note', type: 'text', required: false, max: 500 },
    ],
  },
  nutrition: {
    module: 'nutrition',
    label: 'Nutrition (summed per day)',
    importable: true,
    record: 'one daily total per day (meal "day", source csv)',
    fields: [
      date,
      {
        field: 'kcal',
        label: 'Energy',
        type: 'number',
        required: true,
        unit: 'kcal',
        min: 0,
        max: 20000,
        decimals: 1,
      },
      {
        field: 'protein_g',
        label: 'Protein',
        type: 'number',
        required: false,
        unit: 'g',
        min: 0,
        max: 2000,
        decimals: 1,
      },
      {
        field: 'carbohydrate_g',
        label: 'Carbohydrate',
        type: 'number',
        required: false,
        unit: 'g',
        min: 0,
        max: 2000,
        decimals: 1,
      },
      {
        field: 'fat_g',
        label: 'Fat',
        type: 'number',
        required: false,
        unit: 'g',
        min: 0,
        max: 2000,
        decimals: 1,
      },
      {
        field: 'fibre_g',
        label: 'Fibre',
        type: 'number',
        required: false,
        unit: 'g',
        min: 0,
        max: 2000,
        decimals: 1,
      },
    ],
  },
  blood_pressure: {
    module: 'blood_pressure',
    label: 'Blood pressure with pulse (reference values bp_systolic, bp_diastolic, bp_pulse)',
    importable: true,
    record: 'one measurement per day (reference values bp_systolic, bp_diastolic and bp_pulse)',
    // Bounds come from reference_value_types at import time; these are the seeded defaults.
    fields: [
      date,
      time,
      {
        field: 'systolic',
        label: 'Systolic',
        type: 'number',
        required: true,
        unit: 'mmHg',
        min: 60,
        max: 260,
        decimals: 0,
      },
      {
        field: 'diastolic',
        label: 'Diastolic',
        type: 'number',
        required: true,
        unit: 'mmHg',
        min: 30,
        max: 160,
        decimals: 0,
      },
      {
        field: 'pulse',
        label: 'Pulse',
        type: 'number',
        required: false,
        unit: 'bpm',
        min: 25,
        max: 250,
        decimals: 0,
      },
    ],
  },
  activity: {
    module: 'activity',
    label: 'Activity (import not implemented)',
    importable: false,
    record: 'one activity',
    fields: [
      date,
      { field: 'activity_type', label: 'Activity type', type: 'text', required: true },
      {
        field: 'duration_min',
        label: 'Duration',
        type: 'number',
        required: true,
        unit: 'min',
        min: 0,
        max: 1440,
      },
      {
        field: 'distance_km',
        label: 'Distance',
        type: 'number',
        required: false,
        unit: 'km',
        min: 0,
        max: 1000,
      },
      {
        field: 'kcal',
        label: 'Energy',
        type: 'number',
        required: false,
        unit: 'kcal',
        min: 0,
        max: 20000,
      },
      {
        field: 'avg_hr',
        label: 'Average heart rate',
        type: 'number',
        required: false,
        unit: 'bpm',
        min: 25,
        max: 250,
      },
    ],
  },
};

export const isCsvModule = (value: unknown): value is CsvModule =>
  typeof value === 'string' && (CSV_MODULES as readonly string[]).includes(value);
