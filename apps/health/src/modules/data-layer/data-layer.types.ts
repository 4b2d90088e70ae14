/**
 * Typed rows of the shared data layer. Dates are calendar days `YYYY-MM-DD`; numbers are
 * plain numbers (never the strings `pg` answers for `numeric`).
 */

export interface WeightPoint {
  date: string;
  weight_kg: number;
}

export interface NutritionDay {
  date: string;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
  fibre_g: number | null;
  /** Rows summed into this day. */
  entries: number;
}

export interface ActivitySession {
  /** Day the session started, in UTC. */
  date: string;
  started_at: string;
  type: string;
  minutes: number;
  distance_km: number | null;
  kcal: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  rpe: number | null;
  /** Session-RPE load = RPE × minutes (Foster et al. 2001); null without RPE. */
  load: number | null;
}

export interface ActivityDay {
  date: string;
  minutes: number;
  sessions: number;
  /** Sum of the day's session loads; sessions without RPE add nothing. */
  load: number;
  kcal: number;
  distance_km: number;
}

export interface ActivityLoadDay {
  date: string;
  load: number;
  /** Sum of the last 7 days' load (the day included). */
  acute_7d: number;
  /** Mean weekly load over the last 28 days (sum / 4), as in the acute:chronic ratio. */
  chronic_28d: number;
  /** acute / chronic; null while chronic is 0. */
  ratio: number | null;
}

export interface VitalPoint {
  date: string;
  value: number;
}

export interface CircumferencePoint {
  date: string;
  site: string;
  value_cm: number;
}

export interface CaliperPoint {
  date: string;
  formula: string;
  body_fat_pct: number;
  density: number;
}

export interface ProfileFacts {
  sex: 'female' | 'male' | null;
  birth_date: string | null;
  height_cm: number | null;
  goal_weight_kg: number | null;
}

export const DATA_MODULES = [
  'weight',
  'circumference',
  'caliper',
  'activity',
  'nutrition',
  'reference_values',
  'photos',
] as const;
export type DataModule = (typeof DATA_MODULES)[number];

export interface ModuleCount {
  rows: number;
  first_date: string | null;
  last_date: string | null;
}

export type ModuleCounts = Record<DataModule, ModuleCount>;

/** Latest value of one metric with the values 7 and 30 days before `today`. */
export interface MetricChange {
  /** e.g. `weight`, `vitals.resting_hr`, `circumference.waist`, `bodyfat.jp3` */
  metric: string;
  latest: number;
  latest_date: string;
  /** Latest value on or before today − 7 days (null when none). */
  value_7d_ago: number | null;
  value_30d_ago: number | null;
  change_7d: number | null;
  change_30d: number | null;
}

export interface LatestValues {
  weight: { date: string; weight_kg: number; body_fat_pct: number | null } | null;
  bodyfat: { date: string; body_fat_pct: number; formula: string } | null;
  circumference: Record<string, { date: string; value_cm: number }>;
  vitals: Record<string, { date: string; value: number }>;
  nutrition: NutritionDay | null;
  activity: ActivitySession | null;
}

export interface PlaceholderInfo {
  key: string;
  description: string;
  unit: string | null;
}

export type PlaceholderValues = Record<string, string | number | null>;
