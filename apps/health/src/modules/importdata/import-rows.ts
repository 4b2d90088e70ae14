import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsNumber, Max, Min, validateSync } from 'class-validator';
import { FieldError, flattenValidationErrors } from '@sports/common';
import { CreateActivityRequest } from '../activity/dto/activity.dto';
import { isTooFarAhead } from '../../tracking/calendar-date';
import { CreateCaliperRequest } from '../caliper/dto/caliper.dto';
import { CreateCircumferenceRequest } from '../circumference/dto/circumference.dto';
import {
  ActivityRow,
  CaliperRow,
  CircumferenceRow,
  EXPORT_FORMAT,
  ExportProfile,
  ExportSections,
  IMPORTABLE_SECTIONS,
  ImportableSection,
  NutritionRow,
  ReferenceValueRow,
  WeightRow,
} from '../exportdata/export-document';
import { CreateNutritionRequest } from '../nutrition/dto/nutrition.dto';
import { UpdateProfileRequest } from '../profiles/dto/profile.dto';
import { SEXES } from '../profiles/user.entity';
import { CreateReferenceValueRequest } from '../reference-values/dto/reference-value.dto';
import { CreateWeightRequest } from '../weight/dto/weight.dto';

/**
 * Row classes of the import: the modules' own create DTOs (same ranges, same messages), plus
 * the computed caliper fields that the document carries as stored.
 */
export class ImportCaliperRow extends CreateCaliperRequest {
  // Bounds of the caliper_entries CHECK constraints (migration 1775692801000).
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(0)
  @Max(80)
  body_fat_pct!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 })
  @Min(0.9)
  @Max(1.2)
  density!: number;

  @IsInt()
  @Min(5)
  @Max(120)
  age_years!: number;

  @IsIn(SEXES)
  sex!: 'female' | 'male';
}

const ROW_CLASSES: Record<ImportableSection, new () => object> = {
  weight: CreateWeightRequest,
  circumference: CreateCircumferenceRequest,
  caliper: ImportCaliperRow,
  activity: CreateActivityRequest,
  nutrition: CreateNutritionRequest,
  reference_values: CreateReferenceValueRequest,
};

/** Rows without `source` are stored as `import`; rows that carry one keep it. */
const IMPORT_SOURCE = 'import';
const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_REPORTED_ERRORS = 100;

const TOP_LEVEL_KEYS = new Set<string>([
  'format',
  'exported_at',
  'user',
  'photos',
  ...IMPORTABLE_SECTIONS,
]);

type Plain = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Canonical row shapes: the same field order as the export, defaults applied. */
export const normalize = {
  weight: (r: Plain): WeightRow => ({
    date: r.date as string,
    weight_kg: r.weight_kg as number,
    body_fat_pct: orNull(r.body_fat_pct as number | null),
    note: orNull(r.note as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
  circumference: (r: Plain): CircumferenceRow => ({
    date: r.date as string,
    site: r.site as string,
    value_cm: r.value_cm as number,
    note: orNull(r.note as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
  caliper: (r: Plain): CaliperRow => ({
    date: r.date as string,
    formula: r.formula as string,
    sites: Object.fromEntries(
      Object.entries((r.sites as Record<string, unknown>) ?? {})
        .filter(([, v]) => typeof v === 'number')
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ) as Record<string, number>,
    body_fat_pct: r.body_fat_pct as number,
    density: r.density as number,
    age_years: r.age_years as number,
    sex: r.sex as 'female' | 'male',
    note: orNull(r.note as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
  activity: (r: Plain): ActivityRow => ({
    activity_type: r.activity_type as string,
    started_at: new Date(r.started_at as string).toISOString(),
    duration_min: r.duration_min as number,
    distance_km: orNull(r.distance_km as number | null),
    kcal: orNull(r.kcal as number | null),
    avg_hr: orNull(r.avg_hr as number | null),
    max_hr: orNull(r.max_hr as number | null),
    rpe: orNull(r.rpe as number | null),
    notes: orNull(r.notes as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
  nutrition: (r: Plain): NutritionRow => ({
    date: r.date as string,
    meal: orNull(r.meal as string | null),
    kcal: r.kcal as number,
    protein_g: orNull(r.protein_g as number | null),
    carbohydrate_g: orNull(r.carbohydrate_g as number | null),
    fat_g: orNull(r.fat_g as number | null),
    fibre_g: orNull(r.fibre_g as number | null),
    note: orNull(r.note as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
  reference_values: (r: Plain): ReferenceValueRow => ({
    type_key: r.type_key as string,
    measured_on: r.measured_on as string,
    measured_at: r.measured_at ? new Date(r.measured_at as string).toISOString() : null,
    value: r.value as number,
    note: orNull(r.note as string | null),
    source: (r.source as string) ?? IMPORT_SOURCE,
  }),
} satisfies { [K in ImportableSection]: (r: Plain) => ExportSections[K][number] };

/**
 * Natural keys (issue 7): weight per day, circumference per day + site, caliper per day +
 * formula, reference values per type + day, nutrition per day + meal + source, activity per
 * start + type. The last two allow several rows per key; the import matches them in order.
 */
export const naturalKey: { [K in ImportableSection]: (r: ExportSections[K][number]) => string } = {
  weight: (r) => r.date,
  circumference: (r) => `${r.date}|${r.site}`,
  caliper: (r) => `${r.date}|${r.formula}`,
  activity: (r) => `${r.started_at}|${r.activity_type}`,
  nutrition: (r) => `${r.date}|${r.meal ?? ''}|${r.source}`,
  reference_values: (r) => `${r.type_key}|${r.measured_on}`,
};

/** Sections whose key must be unique inside one document (a database constraint backs it). */
const UNIQUE_KEY_SECTIONS: ImportableSection[] = [
  'weight',
  'circumference',
  'caliper',
  'reference_values',
];

export interface ValidDocument {
  user: Partial<ExportProfile> | null;
  sections: ExportSections;
  photos: number;
}

export interface ReferenceTypeRange {
  key: string;
  min_value: number;
  max_value: number;
  unit: string;
}

/**
 * Validates the whole document before anything is written and answers the canonical rows, or
 * the list of bad paths (`weight[3].weight_kg`). Nothing is partially accepted.
 */
export function validateDocument(
  doc: unknown,
  referenceTypes: ReferenceTypeRange[],
  now: Date = new Date(),
): { ok: true; value: ValidDocument } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const push = (path: string, message: string) => {
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ path, message });
  };
  if (!isPlainObject(doc))
    return { ok: false, errors: [{ path: '', message: 'the body must be a JSON object' }] };
  if (doc.format !== EXPORT_FORMAT) push('format', `format must be "${EXPORT_FORMAT}"`);
  for (const key of Object.keys(doc)) if (!TOP_LEVEL_KEYS.has(key)) push(key, 'unknown field');
  if (doc.exported_at !== undefined && typeof doc.exported_at !== 'string')
    push('exported_at', 'exported_at must be a string');

  let user: Partial<ExportProfile> | null = null;
  if (doc.user !== undefined && doc.user !== null) {
    if (!isPlainObject(doc.user)) push('user', 'user must be an object');
    else {
      const inst = plainToInstance(UpdateProfileRequest, doc.user);
      for (const e of check(inst)) push(`user.${e.path}`, e.message);
      user = inst as Partial<ExportProfile>;
    }
  }

  let photos = 0;
  if (doc.photos !== undefined) {
    if (!Array.isArray(doc.photos)) push('photos', 'photos must be an array');
    else photos = doc.photos.length;
  }

  const typeByKey = new Map(referenceTypes.map((t) => [t.key, t]));
  const latestStart = now.getTime() + DAY_MS;
  const sections = {} as Record<ImportableSection, unknown[]>;
  for (const section of IMPORTABLE_SECTIONS) {
    const raw = doc[section];
    sections[section] = [];
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) {
      push(section, `${section} must be an array`);
      continue;
    }
    const seen = new Map<string, number>();
    raw.forEach((row: unknown, i: number) => {
      const at = `${section}[${i}]`;
      if (!isPlainObject(row)) return push(at, 'each row must be an object');
      const rowErrors = check(plainToInstance(ROW_CLASSES[section], row));
      for (const e of rowErrors) push(`${at}.${e.path}`, e.message);
      if (rowErrors.length) return;
      const value = (normalize[section] as (r: Plain) => ExportSections[typeof section][number])(
        row,
      );
      for (const e of crossFieldErrors(section, value, typeByKey, latestStart))
        push(`${at}.${e.path}`, e.message);
      const key = dedupeKey(section, value);
      if (key !== null) {
        const first = seen.get(key);
        if (first !== undefined) push(at, `duplicates ${section}[${first}] (same natural key)`);
        else seen.set(key, i);
      }
      sections[section].push(value);
    });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { user, sections: sections as unknown as ExportSections, photos } };
}

function check(instance: object): FieldError[] {
  return flattenValidationErrors(
    validateSync(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      validationError: { target: false, value: false },
    }),
  );
}

/** Rules of the modules' services that span fields or need the type catalog. */
function crossFieldErrors(
  section: ImportableSection,
  row: ExportSections[ImportableSection][number],
  types: Map<string, ReferenceTypeRange>,
  latestStart: number,
): FieldError[] {
  const out: FieldError[] = [];
  if (section === 'activity') {
    const a = row as ActivityRow;
    if (Date.parse(a.started_at) > latestStart)
      out.push({ path: 'started_at', message: 'started_at must not be more than 1 day ahead' });
    if (a.avg_hr !== null && a.max_hr !== null && a.max_hr < a.avg_hr)
      out.push({ path: 'max_hr', message: 'max_hr must not be below avg_hr' });
  }
  if (section === 'nutrition' && isTooFarAhead((row as NutritionRow).date))
    out.push({ path: 'date', message: 'date must not be later than tomorrow' });
  if (section === 'reference_values') {
    const v = row as ReferenceValueRow;
    const type = types.get(v.type_key);
    if (!type)
      out.push({ path: 'type_key', message: `unknown reference value type ${v.type_key}` });
    else if (v.value < type.min_value || v.value > type.max_value)
      out.push({
        path: 'value',
        message: `value for ${type.key} must be between ${type.min_value} and ${type.max_value} ${type.unit}`,
      });
    if (isTooFarAhead(v.measured_on))
      out.push({ path: 'measured_on', message: 'measured_on must not be later than tomorrow' });
  }
  return out;
}

/** Key that must not repeat inside the document, or null when repeats are allowed. */
function dedupeKey(
  section: ImportableSection,
  row: ExportSections[ImportableSection][number],
): string | null {
  if (UNIQUE_KEY_SECTIONS.includes(section))
    return (naturalKey[section] as (r: typeof row) => string)(row);
  if (section === 'nutrition') {
    // One whole-day total per day and kind (partial unique indexes of nutrition_entries).
    const n = row as NutritionRow;
    if (n.meal === 'day') return `${n.date}|day|${n.source === 'csv' ? 'csv' : 'other'}`;
  }
  return null;
}
