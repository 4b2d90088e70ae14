/**
 * Units of CSV columns: read from a header ("Weight (lb)", "Fat mass (kg)", "Energy (kJ)"),
 * declared by a mapping (`units`), or written after a value ("78.4 kg"), and the conversion
 * of each into the unit a target field stores. Plain data and functions.
 */

export const CSV_UNITS = ['kg', 'lb', '%', 'kcal', 'kJ', 'g', 'mmHg', 'bpm'] as const;
export type CsvUnit = (typeof CSV_UNITS)[number];

/** Spellings of each unit in headers and after values, lower case. */
const SPELLINGS: Record<string, CsvUnit> = {
  kg: 'kg',
  kgs: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  '%': '%',
  pct: '%',
  percent: '%',
  kcal: 'kcal',
  cal: 'kcal',
  kj: 'kJ',
  g: 'g',
  gram: 'g',
  grams: 'g',
  mmhg: 'mmHg',
  bpm: 'bpm',
  '1/min': 'bpm',
  'beats/min': 'bpm',
};

export const unitOfSpelling = (text: string): CsvUnit | null =>
  SPELLINGS[text.trim().toLowerCase()] ?? null;

const KG_PER_LB = 0.45359237;
const KJ_PER_KCAL = 4.184;

/**
 * The unit a header names: in brackets ("Weight (kg)", "Gewicht [kg]", "Weight(lb)"), as a
 * trailing word or symbol ("Body Fat %", "Energy kJ") or as the whole header ("kg").
 */
export function headerUnit(header: string | null): CsvUnit | null {
  if (!header) return null;
  const h = header.trim();
  const bracket = /[([]\s*([^)\]]+?)\s*[)\]]\s*$/.exec(h);
  if (bracket) return unitOfSpelling(bracket[1]);
  const whole = unitOfSpelling(h);
  if (whole) return whole;
  const tail = /(?:^|[\s_-])(%|kg|lbs?|kcal|kj|mmhg|bpm)$/i.exec(h);
  return tail ? unitOfSpelling(tail[1]) : null;
}

/**
 * How a value in `unit` becomes the stored unit of a field. `fat_mass` marks body fat given
 * as a mass: it is divided by the row's weight (both in kg) and stored as a percentage.
 */
export type Conversion = { factor: number; fatMass?: true };

/** The units each numeric target field accepts, and their conversion. */
export const FIELD_UNITS: Record<string, Partial<Record<CsvUnit, Conversion>>> = {
  weight_kg: { kg: { factor: 1 }, lb: { factor: KG_PER_LB } },
  body_fat_pct: {
    '%': { factor: 1 },
    kg: { factor: 1, fatMass: true },
    lb: { factor: KG_PER_LB, fatMass: true },
  },
  kcal: { kcal: { factor: 1 }, kJ: { factor: 1 / KJ_PER_KCAL } },
  protein_g: { g: { factor: 1 } },
  carbohydrate_g: { g: { factor: 1 } },
  fat_g: { g: { factor: 1 } },
  fibre_g: { g: { factor: 1 } },
  systolic: { mmHg: { factor: 1 } },
  diastolic: { mmHg: { factor: 1 } },
  pulse: { bpm: { factor: 1 } },
};

/** The units a field accepts (for messages and validation). */
export const unitsOfField = (field: string): CsvUnit[] =>
  Object.keys(FIELD_UNITS[field] ?? {}) as CsvUnit[];
