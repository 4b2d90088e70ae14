/**
 * The export format `health.export.v1`: one JSON document with a user's complete tracking
 * data. Shared by exportdata (writes it) and importdata (reads it back). Rows carry no ids,
 * no user ids and no hashes; each section has a stable order so two exports of the same data
 * are byte-identical apart from `exported_at`.
 */
export const EXPORT_FORMAT = 'health.export.v1';

export interface ExportProfile {
  display_name: string | null;
  sex: 'female' | 'male' | null;
  birth_date: string | null;
  height_cm: number | null;
  goal_weight_kg: number | null;
  activity_level: string | null;
  units: 'metric' | 'imperial';
}

export interface WeightRow {
  date: string;
  weight_kg: number;
  body_fat_pct: number | null;
  note: string | null;
  source: string;
}

export interface CircumferenceRow {
  date: string;
  site: string;
  value_cm: number;
  note: string | null;
  source: string;
}

export interface CaliperRow {
  date: string;
  formula: string;
  sites: Record<string, number>;
  body_fat_pct: number;
  density: number;
  age_years: number;
  sex: 'female' | 'male';
  note: string | null;
  source: string;
}

export interface ActivityRow {
  activity_type: string;
  /** ISO UTC with milliseconds, e.g. 2026-01-01T06:00:00.000Z */
  started_at: string;
  duration_min: number;
  distance_km: number | null;
  kcal: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  rpe: number | null;
  notes: string | null;
  source: string;
}

export interface NutritionRow {
  date: string;
  meal: string | null;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
  fibre_g: number | null;
  note: string | null;
  source: string;
}

export interface ReferenceValueRow {
  type_key: string;
  measured_on: string;
  measured_at: string | null;
  value: number;
  note: string | null;
  source: string;
}

/** Photo metadata only: the image files are not part of the document. */
export interface PhotoRow {
  taken_on: string;
  pose: string | null;
  mime_type: string;
  byte_size: number;
}

export interface ExportSections {
  weight: WeightRow[];
  circumference: CircumferenceRow[];
  caliper: CaliperRow[];
  activity: ActivityRow[];
  nutrition: NutritionRow[];
  reference_values: ReferenceValueRow[];
}

export const IMPORTABLE_SECTIONS = [
  'weight',
  'circumference',
  'caliper',
  'activity',
  'nutrition',
  'reference_values',
] as const satisfies readonly (keyof ExportSections)[];
export type ImportableSection = (typeof IMPORTABLE_SECTIONS)[number];

export interface ExportDocument extends ExportSections {
  format: typeof EXPORT_FORMAT;
  exported_at: string;
  user: ExportProfile;
  photos: PhotoRow[];
}

/** A stored row with its id, for the import's matching (the id never leaves the service). */
export type WithId<T> = T & { id: string };

export interface StoredData {
  profile: ExportProfile;
  sections: { [K in keyof ExportSections]: WithId<ExportSections[K][number]>[] };
  photos: PhotoRow[];
}
