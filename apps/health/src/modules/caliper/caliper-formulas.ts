/**
 * Body density from skinfold thickness, and body fat from density. Pure functions, no I/O.
 *
 * Sources:
 * - JP men: Jackson AS, Pollock ML. Generalized equations for predicting body density of men.
 *   Br J Nutr 1978;40:497-504. Validation sample aged 18-61.
 * - JP women: Jackson AS, Pollock ML, Ward A. Generalized equations for predicting body density
 *   of women. Med Sci Sports Exerc 1980;12:175-182. Validation sample aged 18-55.
 * - DW: Durnin JVGA, Womersley J. Body fat assessed from total body density and its estimation
 *   from skinfold thickness. Br J Nutr 1974;32:77-97, Table 5 pp. 86-87 (log10 of the sum of
 *   biceps, triceps, subscapular and suprailiac). Bands: men 17-19 ... 50-72, women 16-19 ... 50-68.
 * - Siri WE. Body composition from fluid spaces and density. In: Brozek J, Henschel A (eds),
 *   Techniques for Measuring Body Composition, 1961: %fat = 495 / density - 450.
 */

export type CaliperFormula = 'jp3' | 'jp7' | 'dw4';
export type BodySex = 'female' | 'male';
export type SkinfoldSite =
  | 'chest'
  | 'abdomen'
  | 'thigh'
  | 'triceps'
  | 'suprailiac'
  | 'subscapular'
  | 'midaxillary'
  | 'biceps';

export const CALIPER_FORMULAS: readonly CaliperFormula[] = ['jp3', 'jp7', 'dw4'];
export const SKINFOLD_SITES: readonly SkinfoldSite[] = [
  'chest',
  'abdomen',
  'thigh',
  'triceps',
  'suprailiac',
  'subscapular',
  'midaxillary',
  'biceps',
];
/** Plausible single skinfold, millimetres (calipers open to about 60-80 mm). */
export const SKINFOLD_MM = { min: 1, max: 80 } as const;

export type Skinfolds = Partial<Record<SkinfoldSite, number>>;

const SITES: Record<CaliperFormula, Record<BodySex, readonly SkinfoldSite[]>> = {
  jp3: { male: ['chest', 'abdomen', 'thigh'], female: ['triceps', 'suprailiac', 'thigh'] },
  jp7: {
    male: ['chest', 'midaxillary', 'triceps', 'subscapular', 'abdomen', 'suprailiac', 'thigh'],
    female: ['chest', 'midaxillary', 'triceps', 'subscapular', 'abdomen', 'suprailiac', 'thigh'],
  },
  dw4: {
    male: ['biceps', 'triceps', 'subscapular', 'suprailiac'],
    female: ['biceps', 'triceps', 'subscapular', 'suprailiac'],
  },
};

/**
 * Ages each formula was derived on. Outside them the equation is an extrapolation, so the
 * service refuses instead of inventing a number. DW's "50+" band is capped at the oldest
 * subject of the 1974 sample.
 */
export const AGE_RANGES: Record<CaliperFormula, Record<BodySex, { min: number; max: number }>> = {
  jp3: { male: { min: 18, max: 61 }, female: { min: 18, max: 55 } },
  jp7: { male: { min: 18, max: 61 }, female: { min: 18, max: 55 } },
  dw4: { male: { min: 17, max: 72 }, female: { min: 16, max: 68 } },
};

/** Durnin & Womersley 1974, Table 5: density = c - m * log10(sum of 4 skinfolds). */
const DW_BANDS: Record<BodySex, { fromAge: number; c: number; m: number }[]> = {
  male: [
    { fromAge: 50, c: 1.1715, m: 0.0779 },
    { fromAge: 40, c: 1.162, m: 0.07 },
    { fromAge: 30, c: 1.1422, m: 0.0544 },
    { fromAge: 20, c: 1.1631, m: 0.0632 },
    { fromAge: 17, c: 1.162, m: 0.063 },
  ],
  female: [
    { fromAge: 50, c: 1.1339, m: 0.0645 },
    { fromAge: 40, c: 1.1333, m: 0.0612 },
    { fromAge: 30, c: 1.1423, m: 0.0632 },
    { fromAge: 20, c: 1.1599, m: 0.0717 },
    { fromAge: 16, c: 1.1549, m: 0.0678 },
  ],
};

export function requiredSites(formula: CaliperFormula, sex: BodySex): readonly SkinfoldSite[] {
  return SITES[formula][sex];
}

/** Siri 1961. */
export function siriBodyFatPct(density: number): number {
  return 495 / density - 450;
}

/** Jackson & Pollock 1978 (men) / Jackson, Pollock & Ward 1980 (women), sum of 3 sites. */
export function jacksonPollock3Density(sex: BodySex, sum: number, age: number): number {
  return sex === 'male'
    ? 1.10938 - 0.0008267 * sum + 0.0000016 * sum ** 2 - 0.0002574 * age
    : 1.0994921 - 0.0009929 * sum + 0.0000023 * sum ** 2 - 0.0001392 * age;
}

/** Jackson & Pollock 1978 (men) / Jackson, Pollock & Ward 1980 (women), sum of 7 sites. */
export function jacksonPollock7Density(sex: BodySex, sum: number, age: number): number {
  return sex === 'male'
    ? 1.112 - 0.00043499 * sum + 0.00000055 * sum ** 2 - 0.00028826 * age
    : 1.097 - 0.00046971 * sum + 0.00000056 * sum ** 2 - 0.00012828 * age;
}

/** Durnin & Womersley 1974; the caller guarantees the age is within AGE_RANGES.dw4. */
export function durninWomersleyDensity(sex: BodySex, sum: number, age: number): number {
  const band = DW_BANDS[sex].find((b) => age >= b.fromAge);
  if (!band) throw new RangeError(`no Durnin-Womersley age band for ${age}`);
  return band.c - band.m * Math.log10(sum);
}

export type CaliperEstimate =
  | {
      ok: true;
      sum_mm: number;
      density: number;
      body_fat_pct: number;
      sites_used: readonly SkinfoldSite[];
    }
  | { ok: false; reason: 'sites_missing'; missing: SkinfoldSite[] }
  | { ok: false; reason: 'age_out_of_range'; min: number; max: number };

/**
 * Body density and body-fat % by `formula`. Refuses (never guesses) when a required site is
 * missing or the age lies outside the population the equation was derived on.
 */
export function estimateBodyFat(input: {
  formula: CaliperFormula;
  sex: BodySex;
  age: number;
  sites: Skinfolds;
}): CaliperEstimate {
  const { formula, sex, age, sites } = input;
  const needed = requiredSites(formula, sex);
  const missing = needed.filter((s) => typeof sites[s] !== 'number');
  if (missing.length) return { ok: false, reason: 'sites_missing', missing };
  const range = AGE_RANGES[formula][sex];
  if (!Number.isFinite(age) || age < range.min || age > range.max) {
    return { ok: false, reason: 'age_out_of_range', ...range };
  }
  const sum = needed.reduce((acc, s) => acc + (sites[s] as number), 0);
  const density =
    formula === 'jp3'
      ? jacksonPollock3Density(sex, sum, age)
      : formula === 'jp7'
        ? jacksonPollock7Density(sex, sum, age)
        : durninWomersleyDensity(sex, sum, age);
  return {
    ok: true,
    sum_mm: sum,
    density,
    body_fat_pct: siriBodyFatPct(density),
    sites_used: needed,
  };
}
