import type { FieldError } from '@sports/common';
import { EXPORT_FORMAT, ImportableSection } from '../exportdata/export-document';
import {
  ADMINISTRATIVE_GENDER,
  BLOOD_PRESSURE_TYPES,
  circumferenceCode,
  CODES,
  codeKey,
  Concept,
  LOINC,
  Measure,
  OWN,
  REFERENCE_LOINC,
  skinfoldCode,
  UCUM,
} from './fhir-codes';
import { CIRCUMFERENCE_SITES } from '../circumference/circumference-entry.entity';
import { SKINFOLD_SITES } from '../caliper/caliper-formulas';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A code of the bundle that the service does not store, with where it was found. */
export interface UnknownCode {
  path: string;
  system: string | null;
  code: string | null;
}

/** Where a row of the translated document came from: its entry and its fields' element paths. */
export interface RowOrigin {
  resource: string;
  fields: Record<string, string>;
}

export interface TranslatedBundle {
  /** A `health.export.v1` document, handed to the JSON import as it is. */
  document: Plain;
  /** `weight[3]` → the entry that row came from. */
  origins: Map<string, RowOrigin>;
  /** Derived values (BMI) that are recomputed from stored data rather than imported. */
  derivedSkipped: number;
}

export type TranslateResult =
  | { ok: true; value: TranslatedBundle }
  | { ok: false; invalid: FieldError[]; unknown: UnknownCode[] };

const BUNDLE_TYPES = ['collection', 'searchset'];
const FHIR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FHIR_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_REPORTED = 100;

type Kind =
  | { kind: 'weight' | 'height' | 'bmi' | 'bodyFat' | 'activity' | 'nutrition' | 'bloodPressure' }
  | { kind: 'circumference'; site: string; measure: Measure }
  | { kind: 'reference'; typeKey: string; measure: Measure | null };

/** Observation codes the import understands, by `system|code`. */
function observationKinds(): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  const put = (c: Concept, k: Kind) => kinds.set(codeKey(c.system, c.code), k);
  put(CODES.bodyWeight, { kind: 'weight' });
  put(CODES.bodyHeight, { kind: 'height' });
  put(CODES.bmi, { kind: 'bmi' });
  put(CODES.bodyFat, { kind: 'bodyFat' });
  put(CODES.exerciseActivity, { kind: 'activity' });
  put(CODES.calorieIntake, { kind: 'nutrition' });
  put(CODES.bloodPressure, { kind: 'bloodPressure' });
  for (const site of CIRCUMFERENCE_SITES) {
    const measure = circumferenceCode(site);
    put(measure, { kind: 'circumference', site, measure });
  }
  for (const [typeKey, t] of Object.entries(REFERENCE_LOINC))
    put(t.measure, { kind: 'reference', typeKey, measure: t.measure });
  for (const [typeKey, m] of Object.entries(BLOOD_PRESSURE_TYPES))
    put(m, { kind: 'reference', typeKey, measure: m });
  put(CODES.pulseOximetry, { kind: 'reference', typeKey: 'spo2', measure: CODES.oxygenSaturation });
  return kinds;
}

const KINDS = observationKinds();

/** Components each Observation kind may carry, by `system|code` → document field. */
const ACTIVITY_FIELDS = new Map<string, [string, Measure]>(
  (
    [
      ['duration_min', CODES.exerciseDuration],
      ['distance_km', CODES.activityDistance],
      ['kcal', CODES.caloriesBurned],
      ['avg_hr', CODES.meanHeartRate],
      ['max_hr', CODES.maxHeartRate],
      ['rpe', CODES.activityRpe],
    ] as [string, Measure][]
  ).map(([field, m]) => [codeKey(m.system, m.code), [field, m]]),
);
const NUTRITION_FIELDS = new Map<string, [string, Measure]>(
  (
    [
      ['protein_g', CODES.protein],
      ['carbohydrate_g', CODES.carbohydrate],
      ['fat_g', CODES.fat],
      ['fibre_g', CODES.fibre],
    ] as [string, Measure][]
  ).map(([field, m]) => [codeKey(m.system, m.code), [field, m]]),
);
const SKINFOLDS = new Map(
  SKINFOLD_SITES.map((s) => [codeKey(OWN.observation, skinfoldCode(s).code), s]),
);

/**
 * Turns a FHIR R4 Bundle of the export's shape (the same codes) into a `health.export.v1`
 * document, so that the JSON import validates and writes it. Reports every unknown code and
 * every malformed element with its path (`entry[4].resource.valueQuantity.code`).
 */
export class FhirBundleTranslator {
  private readonly invalid: FieldError[] = [];
  private readonly unknown: UnknownCode[] = [];
  private readonly sections: Record<ImportableSection, Plain[]> = {
    weight: [],
    circumference: [],
    caliper: [],
    activity: [],
    nutrition: [],
    reference_values: [],
  };
  private readonly origins = new Map<string, RowOrigin>();
  private readonly bodyFats: { date: string; value: number; at: string }[] = [];
  private user: Plain | null = null;
  private readonly userFields: Record<string, string> = {};
  private patientAt: string | null = null;
  private heightAt: string | null = null;
  private derivedSkipped = 0;

  constructor(private readonly referenceTypeKeys: Set<string>) {}

  translate(body: unknown): TranslateResult {
    if (!isPlain(body) || body.resourceType !== 'Bundle') {
      this.fail('resourceType', 'the body must be a FHIR R4 Bundle');
      return this.result();
    }
    if (typeof body.type !== 'string' || !BUNDLE_TYPES.includes(body.type))
      this.fail('type', `Bundle.type must be one of ${BUNDLE_TYPES.join(', ')}`);
    if (body.entry !== undefined && !Array.isArray(body.entry))
      this.fail('entry', 'Bundle.entry must be an array');
    list(body.entry).forEach((entry, i) => this.entry(entry, `entry[${i}]`));
    this.attachBodyFat();
    return this.result();
  }

  private result(): TranslateResult {
    if (this.invalid.length || this.unknown.length)
      return { ok: false, invalid: this.invalid, unknown: this.unknown };
    const document: Plain = { format: EXPORT_FORMAT, ...this.sections };
    if (this.user) {
      document.user = this.user;
      this.origins.set('user', { resource: this.patientAt ?? 'entry', fields: this.userFields });
    }
    return {
      ok: true,
      value: { document, origins: this.origins, derivedSkipped: this.derivedSkipped },
    };
  }

  private fail(path: string, message: string): void {
    if (this.invalid.length < MAX_REPORTED) this.invalid.push({ path, message });
  }

  private unknownCode(path: string, system: unknown, code: unknown): void {
    if (this.unknown.length < MAX_REPORTED)
      this.unknown.push({
        path,
        system: typeof system === 'string' ? system : null,
        code: typeof code === 'string' ? code : null,
      });
  }

  private push(section: ImportableSection, row: Plain, origin: RowOrigin): void {
    this.origins.set(`${section}[${this.sections[section].length}]`, origin);
    this.sections[section].push(row);
  }

  private entry(entry: unknown, at: string): void {
    const resource = isPlain(entry) ? entry.resource : undefined;
    const path = `${at}.resource`;
    if (!isPlain(resource)) return this.fail(path, 'each entry must carry a resource');
    if (resource.resourceType === 'Patient') return this.patient(resource, path);
    if (resource.resourceType === 'Observation') return this.observation(resource, path);
    if (resource.resourceType === 'OperationOutcome') return; // a searchset's messages
    this.fail(
      `${path}.resourceType`,
      `${String(resource.resourceType)} resources are not imported`,
    );
  }

  private patient(p: Plain, at: string): void {
    if (this.patientAt !== null) return this.fail(at, 'a bundle may contain one Patient');
    this.patientAt = at;
    const user: Plain = {};
    const set = (field: string, value: unknown, path: string) => {
      user[field] = value;
      this.userFields[field] = path;
    };
    const names = list(p.name);
    const name = names.find(isPlain);
    if (name && typeof name.text === 'string')
      set('display_name', name.text, `${at}.name[${names.indexOf(name)}].text`);
    if (p.gender !== undefined) {
      if (p.gender === 'female' || p.gender === 'male') set('sex', p.gender, `${at}.gender`);
      else this.fail(`${at}.gender`, 'only female and male can be stored');
    }
    if (p.birthDate !== undefined) set('birth_date', p.birthDate, `${at}.birthDate`);
    list(p.extension).forEach((raw, i) => {
      const ext = isPlain(raw) ? raw : {};
      const path = `${at}.extension[${i}]`;
      if (ext.url === OWN.goalWeightExtension)
        set(
          'goal_weight_kg',
          this.quantity(ext.valueQuantity, CODES.bodyWeight, `${path}.valueQuantity`),
          `${path}.valueQuantity.value`,
        );
      else if (ext.url === OWN.activityLevelExtension)
        set(
          'activity_level',
          isPlain(ext.valueCoding) ? ext.valueCoding.code : undefined,
          `${path}.valueCoding`,
        );
      else if (ext.url === OWN.unitsExtension) set('units', ext.valueCode, `${path}.valueCode`);
      // Extensions of other systems carry nothing the service stores; they are left out.
    });
    this.user = { ...(this.user ?? {}), ...user };
  }

  private observation(o: Plain, at: string): void {
    const codings = isPlain(o.code) ? list(o.code.coding).filter(isPlain) : [];
    const kinds = codings
      .map((c) => KINDS.get(codeKey(c.system as string, c.code as string)))
      .filter((k): k is Kind => k !== undefined);
    const ownType = codings.find((c) => c.system === OWN.referenceValueType);
    let kind: Kind | undefined = kinds[0];
    if (!kind && ownType) {
      if (typeof ownType.code === 'string' && this.referenceTypeKeys.has(ownType.code))
        kind = { kind: 'reference', typeKey: ownType.code, measure: null };
    }
    if (!kind) {
      const first = codings[0];
      return this.unknownCode(`${at}.code`, first?.system, first?.code);
    }
    const common = this.common(o, at);
    if (!common) return;
    switch (kind.kind) {
      case 'weight':
        return this.push(
          'weight',
          {
            date: common.date,
            weight_kg: this.quantity(o.valueQuantity, CODES.bodyWeight, `${at}.valueQuantity`),
            note: common.note,
            source: common.source,
          },
          {
            resource: at,
            fields: {
              weight_kg: `${at}.valueQuantity.value`,
              date: `${at}.effectiveDateTime`,
              note: `${at}.note`,
            },
          },
        );
      case 'height':
        return this.height(o, at, common.effective);
      case 'bmi':
        this.derivedSkipped += 1;
        return;
      case 'bodyFat':
        return this.bodyFat(o, at, common);
      case 'circumference':
        return this.push(
          'circumference',
          {
            date: common.date,
            site: kind.site,
            value_cm: this.quantity(o.valueQuantity, kind.measure, `${at}.valueQuantity`),
            note: common.note,
            source: common.source,
          },
          {
            resource: at,
            fields: { value_cm: `${at}.valueQuantity.value`, date: `${at}.effectiveDateTime` },
          },
        );
      case 'activity':
        return this.activity(o, at, common);
      case 'nutrition':
        return this.nutrition(o, at, common);
      case 'bloodPressure':
        return this.bloodPressure(o, at, common);
      case 'reference':
        return this.referenceValue(
          kind.typeKey,
          kind.measure
            ? this.quantity(o.valueQuantity, kind.measure, `${at}.valueQuantity`)
            : this.value(o.valueQuantity, `${at}.valueQuantity`),
          common,
          { resource: at, fields: { value: `${at}.valueQuantity.value` } },
        );
    }
  }

  /** Effective time, note and source: what every row carries. */
  private common(o: Plain, at: string): Common | null {
    const period = isPlain(o.effectivePeriod) ? o.effectivePeriod : null;
    const effective = o.effectiveDateTime ?? period?.start;
    const path =
      o.effectiveDateTime !== undefined ? `${at}.effectiveDateTime` : `${at}.effectivePeriod.start`;
    if (
      typeof effective !== 'string' ||
      !(FHIR_DATE.test(effective) || FHIR_DATE_TIME.test(effective))
    ) {
      this.fail(path, 'a date (YYYY-MM-DD) or date-time with time zone is required');
      return null;
    }
    const notes = list(o.note)
      .filter(isPlain)
      .map((n) => n.text)
      .filter((t): t is string => typeof t === 'string');
    const tag = isPlain(o.meta)
      ? list(o.meta.tag)
          .filter(isPlain)
          .find((t) => t.system === OWN.source)
      : undefined;
    const ext = list(o.extension)
      .filter(isPlain)
      .find((e) => e.url === OWN.measuredOnExtension);
    return {
      effective,
      date: typeof ext?.valueDate === 'string' ? ext.valueDate : effective.slice(0, 10),
      instant: effective.includes('T') ? new Date(effective).toISOString() : null,
      note: notes.length ? notes.join('\n\n') : null,
      source: typeof tag?.code === 'string' ? tag.code : undefined,
      path,
    };
  }

  private height(o: Plain, at: string, effective: string): void {
    if (this.heightAt !== null && this.heightAt > effective) return; // the latest height wins
    this.heightAt = effective;
    const heightCm = this.quantity(o.valueQuantity, CODES.bodyHeight, `${at}.valueQuantity`);
    this.user = { ...(this.user ?? {}), height_cm: heightCm };
    this.userFields.height_cm = `${at}.valueQuantity.value`;
  }

  /** Body fat from skinfolds (a caliper formula as method) or measured with a weigh-in. */
  private bodyFat(o: Plain, at: string, common: Common): void {
    const method = isPlain(o.method) ? list(o.method.coding).filter(isPlain) : [];
    const formula = method.find((c) => c.system === OWN.caliperFormula)?.code;
    const value = this.quantity(o.valueQuantity, CODES.bodyFat, `${at}.valueQuantity`);
    if (formula === undefined) {
      if (list(o.component).length)
        this.fail(`${at}.component`, 'body fat with components needs a caliper formula as method');
      this.bodyFats.push({ date: common.date, value: value as number, at });
      return;
    }
    const row: Plain = {
      date: common.date,
      formula,
      sites: {},
      body_fat_pct: value,
      note: common.note,
      source: common.source,
    };
    const fields: Record<string, string> = {
      body_fat_pct: `${at}.valueQuantity.value`,
      formula: `${at}.method`,
    };
    list(o.component).forEach((raw, i) => {
      const c = isPlain(raw) ? raw : {};
      const path = `${at}.component[${i}]`;
      const cc = isPlain(c.code) ? list(c.code.coding).filter(isPlain) : [];
      const key = codeKey(cc[0]?.system as string, cc[0]?.code as string);
      const site = SKINFOLDS.get(key);
      if (site) {
        (row.sites as Plain)[site] = this.quantity(
          c.valueQuantity,
          skinfoldCode(site),
          `${path}.valueQuantity`,
        );
        fields[`sites.${site}`] = `${path}.valueQuantity.value`;
      } else if (key === codeKey(OWN.observation, CODES.bodyDensity.code)) {
        row.density = this.quantity(c.valueQuantity, CODES.bodyDensity, `${path}.valueQuantity`);
        fields.density = `${path}.valueQuantity.value`;
      } else if (key === codeKey(OWN.observation, CODES.ageAtMeasurement.code)) {
        row.age_years = this.quantity(
          c.valueQuantity,
          CODES.ageAtMeasurement,
          `${path}.valueQuantity`,
        );
        fields.age_years = `${path}.valueQuantity.value`;
      } else if (key === codeKey(OWN.observation, CODES.sexAtMeasurement.code)) {
        const g = isPlain(c.valueCodeableConcept)
          ? list(c.valueCodeableConcept.coding).filter(isPlain)
          : [];
        row.sex = g.find((x) => x.system === ADMINISTRATIVE_GENDER)?.code;
        fields.sex = `${path}.valueCodeableConcept`;
      } else this.unknownCode(`${path}.code`, cc[0]?.system, cc[0]?.code);
    });
    this.push('caliper', row, { resource: at, fields });
  }

  private activity(o: Plain, at: string, common: Common): void {
    if (common.instant === null)
      return this.fail(common.path, 'an exercise session needs a start time');
    const type = isPlain(o.valueCodeableConcept)
      ? list(o.valueCodeableConcept.coding)
          .filter(isPlain)
          .find((c) => c.system === OWN.activityType)?.code
      : undefined;
    if (type === undefined)
      this.fail(
        `${at}.valueCodeableConcept`,
        `the activity type must be a code of ${OWN.activityType}`,
      );
    const row: Plain = {
      activity_type: type,
      started_at: common.instant,
      notes: common.note,
      source: common.source,
    };
    const fields: Record<string, string> = {
      activity_type: `${at}.valueCodeableConcept`,
      started_at: common.path,
    };
    this.components(o, at, ACTIVITY_FIELDS, row, fields);
    this.push('activity', row, { resource: at, fields });
  }

  private nutrition(o: Plain, at: string, common: Common): void {
    const row: Plain = {
      date: common.date,
      kcal: this.quantity(o.valueQuantity, CODES.calorieIntake, `${at}.valueQuantity`),
      note: common.note,
      source: common.source,
    };
    const fields: Record<string, string> = { kcal: `${at}.valueQuantity.value`, date: common.path };
    const mealKey = codeKey(CODES.meal.system, CODES.meal.code);
    list(o.component).forEach((raw, i) => {
      const c = isPlain(raw) ? raw : {};
      const cc = isPlain(c.code) ? list(c.code.coding).filter(isPlain) : [];
      if (codeKey(cc[0]?.system as string, cc[0]?.code as string) !== mealKey) return;
      const meal = isPlain(c.valueCodeableConcept)
        ? list(c.valueCodeableConcept.coding)
            .filter(isPlain)
            .find((x) => x.system === OWN.meal)?.code
        : undefined;
      row.meal = meal;
      fields.meal = `${at}.component[${i}].valueCodeableConcept`;
    });
    this.components(o, at, NUTRITION_FIELDS, row, fields, mealKey);
    this.push('nutrition', row, { resource: at, fields });
  }

  private bloodPressure(o: Plain, at: string, common: Common): void {
    list(o.component).forEach((raw, i) => {
      const c = isPlain(raw) ? raw : {};
      const path = `${at}.component[${i}]`;
      const cc = isPlain(c.code) ? list(c.code.coding).filter(isPlain) : [];
      const key = codeKey(cc[0]?.system as string, cc[0]?.code as string);
      const type = (
        Object.keys(BLOOD_PRESSURE_TYPES) as (keyof typeof BLOOD_PRESSURE_TYPES)[]
      ).find((t) => codeKey(LOINC, BLOOD_PRESSURE_TYPES[t].code) === key);
      if (!type) return this.unknownCode(`${path}.code`, cc[0]?.system, cc[0]?.code);
      if (c.dataAbsentReason !== undefined && c.valueQuantity === undefined) return;
      const value = this.quantity(
        c.valueQuantity,
        BLOOD_PRESSURE_TYPES[type],
        `${path}.valueQuantity`,
      );
      this.referenceValue(type, value, common, {
        resource: at,
        fields: { value: `${path}.valueQuantity.value` },
      });
    });
  }

  private referenceValue(typeKey: string, value: unknown, common: Common, origin: RowOrigin): void {
    origin.fields.measured_on = common.path;
    this.push(
      'reference_values',
      {
        type_key: typeKey,
        measured_on: common.date,
        measured_at: common.instant,
        value,
        note: common.note,
        source: common.source,
      },
      origin,
    );
  }

  /** Quantities of known components into `row`; unknown component codes are reported. */
  private components(
    o: Plain,
    at: string,
    known: Map<string, [string, Measure]>,
    row: Plain,
    fields: Record<string, string>,
    skip?: string,
  ): void {
    list(o.component).forEach((raw, i) => {
      const c = isPlain(raw) ? raw : {};
      const path = `${at}.component[${i}]`;
      const cc = isPlain(c.code) ? list(c.code.coding).filter(isPlain) : [];
      const key = codeKey(cc[0]?.system as string, cc[0]?.code as string);
      if (key === skip) return;
      const field = known.get(key);
      if (!field) return this.unknownCode(`${path}.code`, cc[0]?.system, cc[0]?.code);
      row[field[0]] = this.quantity(c.valueQuantity, field[1], `${path}.valueQuantity`);
      fields[field[0]] = `${path}.valueQuantity.value`;
    });
  }

  /** A weigh-in's body fat belongs to the weight of the same day (the table stores them together). */
  private attachBodyFat(): void {
    for (const bf of this.bodyFats) {
      const i = this.sections.weight.findIndex((w) => w.date === bf.date);
      if (i < 0) {
        this.fail(
          bf.at,
          `body fat % is stored with a weigh-in: the bundle has no body weight on ${bf.date}`,
        );
        continue;
      }
      this.sections.weight[i].body_fat_pct = bf.value;
      this.origins.get(`weight[${i}]`)!.fields.body_fat_pct = `${bf.at}.valueQuantity.value`;
    }
  }

  /** The number of a Quantity in the unit the service stores (no conversion: another unit is refused). */
  private quantity(q: unknown, m: Measure, at: string): unknown {
    if (!isPlain(q)) {
      this.fail(at, `a valueQuantity in ${m.ucum} is required`);
      return undefined;
    }
    if (
      q.code !== undefined &&
      (q.code !== m.ucum || (q.system !== undefined && q.system !== UCUM))
    )
      this.fail(`${at}.code`, `the unit must be UCUM ${m.ucum}`);
    return q.value;
  }

  private value(q: unknown, at: string): unknown {
    if (!isPlain(q)) {
      this.fail(at, 'a valueQuantity is required');
      return undefined;
    }
    return q.value;
  }
}

interface Common {
  effective: string;
  date: string;
  instant: string | null;
  note: string | null;
  source: string | undefined;
  path: string;
}
