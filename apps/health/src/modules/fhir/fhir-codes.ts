/**
 * The codes of the FHIR R4 export and import. LOINC codes and UCUM units as the FHIR R4 vital
 * signs profile (hl7.org/fhir/R4/observation-vitalsigns.html), the HL7 Physical Activity IG
 * (ValueSet pa-observation-code-activity) and loinc.org name them; values without a standard
 * code use the service's own code systems below `OWN_BASE`, listed in the README.
 */
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DATA_ABSENT_REASON = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';
export const ADMINISTRATIVE_GENDER = 'http://hl7.org/fhir/administrative-gender';

/** Namespace of the service's own code systems and extensions: a stable name, not an address. */
export const OWN_BASE = 'https://sports-platform.example/fhir';
export const OWN = {
  /** Measurements without a LOINC code: circumference and skinfold sites, caliper results, … */
  observation: `${OWN_BASE}/CodeSystem/health-observation`,
  /** Reference value types without a LOINC code (hrv_rmssd and types admins add); code = type key. */
  referenceValueType: `${OWN_BASE}/CodeSystem/reference-value-type`,
  activityType: `${OWN_BASE}/CodeSystem/activity-type`,
  meal: `${OWN_BASE}/CodeSystem/meal`,
  caliperFormula: `${OWN_BASE}/CodeSystem/caliper-formula`,
  activityLevel: `${OWN_BASE}/CodeSystem/activity-level`,
  /** `meta.tag` of every Observation: where the stored row came from (manual, csv, import). */
  source: `${OWN_BASE}/CodeSystem/source`,
  goalWeightExtension: `${OWN_BASE}/StructureDefinition/goal-weight`,
  activityLevelExtension: `${OWN_BASE}/StructureDefinition/activity-level`,
  unitsExtension: `${OWN_BASE}/StructureDefinition/preferred-units`,
  /** The user's calendar day of a reference value when it differs from its instant's UTC day. */
  measuredOnExtension: `${OWN_BASE}/StructureDefinition/measured-on`,
} as const;

export type Category = 'vital-signs' | 'exam' | 'activity';

export interface Concept {
  system: string;
  code: string;
  display: string;
}

/** A measured quantity: its code and its unit (UCUM code and human unit). */
export interface Measure extends Concept {
  ucum: string;
  unit: string;
}

const loinc = (code: string, display: string): Concept => ({ system: LOINC, code, display });
const own = (code: string, display: string): Concept => ({
  system: OWN.observation,
  code,
  display,
});
const measure = (c: Concept, ucum: string, unit = ucum): Measure => ({ ...c, ucum, unit });

export const CODES = {
  bodyWeight: measure(loinc('29463-7', 'Body weight'), 'kg'),
  bodyHeight: measure(loinc('8302-2', 'Body height'), 'cm'),
  bmi: measure(loinc('39156-5', 'Body mass index (BMI) [Ratio]'), 'kg/m2'),
  bodyFat: measure(loinc('41982-0', 'Percentage of body fat Measured'), '%'),
  waist: measure(loinc('8280-0', 'Waist Circumference at umbilicus by Tape measure'), 'cm'),
  hip: measure(loinc('62409-8', 'PhenX - hip circumference protocol 020801'), 'cm'),
  bloodPressure: loinc('85354-9', 'Blood pressure panel with all children optional'),
  systolic: measure(loinc('8480-6', 'Systolic blood pressure'), 'mm[Hg]', 'mmHg'),
  diastolic: measure(loinc('8462-4', 'Diastolic blood pressure'), 'mm[Hg]', 'mmHg'),
  heartRate: loinc('8867-4', 'Heart rate'),
  restingHeartRate: measure(loinc('40443-4', 'Heart rate --resting'), '/min', 'beats/minute'),
  bodyTemperature: measure(loinc('8310-5', 'Body temperature'), 'Cel', '°C'),
  oxygenSaturation: measure(loinc('2708-6', 'Oxygen saturation in Arterial blood'), '%'),
  pulseOximetry: loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
  sleepDuration: measure(loinc('93832-4', 'Sleep duration'), 'h'),
  exerciseActivity: loinc('73985-4', 'Exercise activity'),
  exerciseDuration: measure(loinc('55411-3', 'Exercise duration'), 'min'),
  caloriesBurned: measure(
    loinc('55424-6', 'Calories burned in unspecified time Pedometer'),
    'kcal',
  ),
  meanHeartRate: measure(
    loinc('55425-3', 'Heart rate unspecified time mean by Pedometer'),
    '/min',
    'beats/minute',
  ),
  maxHeartRate: measure(
    loinc('55426-1', 'Heart rate unspecified time maximum by Pedometer'),
    '/min',
    'beats/minute',
  ),
  activityDistance: measure(own('activity-distance', 'Distance of the exercise session'), 'km'),
  activityRpe: measure(
    own('activity-rpe', 'Rating of perceived exertion (1-10)'),
    '{score}',
    'RPE',
  ),
  calorieIntake: measure(loinc('9052-2', 'Calorie intake total'), 'kcal'),
  meal: own('meal', 'Meal'),
  protein: measure(own('nutrition-protein', 'Protein intake'), 'g'),
  carbohydrate: measure(own('nutrition-carbohydrate', 'Carbohydrate intake'), 'g'),
  fat: measure(own('nutrition-fat', 'Fat intake'), 'g'),
  fibre: measure(own('nutrition-fibre', 'Fibre intake'), 'g'),
  bodyDensity: measure(own('body-density', 'Body density from skinfolds'), 'g/mL'),
  ageAtMeasurement: measure(own('age-at-measurement', 'Age at measurement'), 'a', 'years'),
  sexAtMeasurement: own('sex-at-measurement', 'Sex used by the formula'),
} as const;

/** Circumference site → code (LOINC for waist and hip, the service's own for the others). */
export function circumferenceCode(site: string): Measure {
  if (site === 'waist') return CODES.waist;
  if (site === 'hip') return CODES.hip;
  return measure(own(`circumference-${site}`, `Circumference: ${site}`), 'cm');
}

/** Skinfold site → the service's own code (LOINC has no general skinfold-site terms). */
export function skinfoldCode(site: string): Measure {
  return measure(own(`skinfold-${site}`, `Skinfold thickness: ${site}`), 'mm');
}

/** Reference value types with a LOINC code; the others use `OWN.referenceValueType`. */
export const REFERENCE_LOINC: Record<
  string,
  { codes: Concept[]; measure: Measure; category: Category }
> = {
  // The vital signs heart-rate profile requires 8867-4; 40443-4 says it was taken at rest.
  resting_hr: {
    codes: [CODES.heartRate, CODES.restingHeartRate],
    measure: CODES.restingHeartRate,
    category: 'vital-signs',
  },
  body_temperature: {
    codes: [CODES.bodyTemperature],
    measure: CODES.bodyTemperature,
    category: 'vital-signs',
  },
  spo2: {
    codes: [CODES.oxygenSaturation, CODES.pulseOximetry],
    measure: CODES.oxygenSaturation,
    category: 'vital-signs',
  },
  sleep_duration: {
    codes: [CODES.sleepDuration],
    measure: CODES.sleepDuration,
    category: 'activity',
  },
};

/** Blood pressure is stored as two reference value types and exported as one panel. */
export const BLOOD_PRESSURE_TYPES = { bp_systolic: CODES.systolic, bp_diastolic: CODES.diastolic };

/** UCUM codes of the unit texts reference value types use; other units are exported as text. */
export const UCUM_OF_UNIT: Record<string, string> = {
  ms: 'ms',
  bpm: '/min',
  mmHg: 'mm[Hg]',
  h: 'h',
  min: 'min',
  '°C': 'Cel',
  '%': '%',
  kg: 'kg',
  cm: 'cm',
  mm: 'mm',
};

export const codeKey = (system: string | undefined, code: string | undefined): string =>
  `${system ?? ''}|${code ?? ''}`;
