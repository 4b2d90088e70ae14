import { createHash } from 'node:crypto';
import type {
  CodeableConcept,
  Extension,
  Observation,
  ObservationComponent,
  Patient,
  Quantity,
} from 'fhir/r4';
import type {
  ActivityRow,
  CaliperRow,
  CircumferenceRow,
  ExportProfile,
  NutritionRow,
  ReferenceValueRow,
  StoredData,
  WeightRow,
  WithId,
} from '../exportdata/export-document';
import {
  ADMINISTRATIVE_GENDER,
  BLOOD_PRESSURE_TYPES,
  Category,
  circumferenceCode,
  CODES,
  Concept,
  DATA_ABSENT_REASON,
  Measure,
  OBSERVATION_CATEGORY,
  OWN,
  REFERENCE_LOINC,
  skinfoldCode,
  UCUM,
  UCUM_OF_UNIT,
} from './fhir-codes';

/** What the export needs of a reference value type: its unit for types without a LOINC code. */
export interface ReferenceTypeUnit {
  key: string;
  unit: string;
}

const CATEGORY_DISPLAY: Record<Category, string> = {
  'vital-signs': 'Vital Signs',
  exam: 'Exam',
  activity: 'Activity',
};

/** A deterministic UUID (name-based, RFC 4122 §4.3 layout) for resources derived from a row. */
export function derivedId(rowId: string, kind: string): string {
  const h = createHash('sha1').update(`${rowId}:${kind}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const coding = (c: Concept) => ({ system: c.system, code: c.code, display: c.display });
const concept = (...cs: Concept[]): CodeableConcept => ({
  coding: cs.map(coding),
  text: cs[cs.length - 1].display,
});
const quantity = (value: number, m: Measure): Quantity => ({
  value,
  unit: m.unit,
  system: UCUM,
  code: m.ucum,
});
const measured = (m: Measure, value: number): ObservationComponent => ({
  code: concept(m),
  valueQuantity: quantity(value, m),
});

/** Builds the Patient and the Observations of one user's stored data (one per stored value). */
export class FhirExportMapper {
  private readonly subject: { reference: string };

  constructor(
    private readonly userId: string,
    private readonly referenceTypes: ReferenceTypeUnit[],
  ) {
    this.subject = { reference: `urn:uuid:${userId}` };
  }

  patient(p: ExportProfile): Patient {
    const extension: Extension[] = [];
    if (p.goal_weight_kg !== null)
      extension.push({
        url: OWN.goalWeightExtension,
        valueQuantity: quantity(p.goal_weight_kg, CODES.bodyWeight),
      });
    if (p.activity_level !== null)
      extension.push({
        url: OWN.activityLevelExtension,
        valueCoding: { system: OWN.activityLevel, code: p.activity_level },
      });
    extension.push({ url: OWN.unitsExtension, valueCode: p.units });
    return {
      resourceType: 'Patient',
      id: this.userId,
      extension,
      ...(p.display_name !== null ? { name: [{ text: p.display_name }] } : {}),
      ...(p.sex !== null ? { gender: p.sex } : {}),
      ...(p.birth_date !== null ? { birthDate: p.birth_date } : {}),
    };
  }

  /** Every Observation of the stored data; `now` dates the profile's height (it has no date). */
  observations(data: StoredData, now: Date): Observation[] {
    const s = data.sections;
    const out: Observation[] = [];
    const height = data.profile.height_cm;
    if (height !== null) out.push(this.height(height, now));
    for (const w of s.weight) out.push(...this.weight(w, height));
    for (const c of s.circumference) out.push(this.circumference(c));
    for (const c of s.caliper) out.push(this.caliper(c));
    for (const a of s.activity) out.push(this.activity(a));
    for (const n of s.nutrition) out.push(this.nutrition(n));
    out.push(...this.referenceValues(s.reference_values));
    return out;
  }

  private base(
    id: string,
    category: Category | null,
    code: CodeableConcept,
    source: string,
    effective: string,
    note: string | null,
  ): Observation {
    return {
      resourceType: 'Observation',
      id,
      meta: { tag: [{ system: OWN.source, code: source }] },
      status: 'final',
      ...(category
        ? {
            category: [
              {
                coding: [
                  {
                    system: OBSERVATION_CATEGORY,
                    code: category,
                    display: CATEGORY_DISPLAY[category],
                  },
                ],
              },
            ],
          }
        : {}),
      code,
      subject: this.subject,
      effectiveDateTime: effective,
      ...(note !== null ? { note: [{ text: note }] } : {}),
    };
  }

  private height(heightCm: number, now: Date): Observation {
    return {
      ...this.base(
        derivedId(this.userId, 'body-height'),
        'vital-signs',
        concept(CODES.bodyHeight),
        'manual',
        now.toISOString(),
        'Height as kept in the profile at the time of the export (no measurement date is recorded).',
      ),
      valueQuantity: quantity(heightCm, CODES.bodyHeight),
    };
  }

  private weight(w: WithId<WeightRow>, heightCm: number | null): Observation[] {
    const weight: Observation = {
      ...this.base(w.id, 'vital-signs', concept(CODES.bodyWeight), w.source, w.date, w.note),
      valueQuantity: quantity(w.weight_kg, CODES.bodyWeight),
    };
    const out = [weight];
    if (w.body_fat_pct !== null) {
      out.push({
        ...this.base(
          derivedId(w.id, 'body-fat'),
          'exam',
          concept(CODES.bodyFat),
          w.source,
          w.date,
          null,
        ),
        valueQuantity: quantity(w.body_fat_pct, CODES.bodyFat),
      });
    }
    if (heightCm !== null && heightCm > 0) {
      // BMI = kg / m², rounded to one decimal as clinical records state it.
      const bmi = Math.round((w.weight_kg / (heightCm / 100) ** 2) * 10) / 10;
      out.push({
        ...this.base(
          derivedId(w.id, 'bmi'),
          'vital-signs',
          concept(CODES.bmi),
          w.source,
          w.date,
          null,
        ),
        valueQuantity: quantity(bmi, CODES.bmi),
        derivedFrom: [{ reference: `urn:uuid:${w.id}` }],
      });
    }
    return out;
  }

  private circumference(c: WithId<CircumferenceRow>): Observation {
    const m = circumferenceCode(c.site);
    return {
      ...this.base(c.id, 'exam', concept(m), c.source, c.date, c.note),
      valueQuantity: quantity(c.value_cm, m),
    };
  }

  /** Body fat % from skinfolds: the formula is the method, the sites and inputs are components. */
  private caliper(c: WithId<CaliperRow>): Observation {
    return {
      ...this.base(c.id, 'exam', concept(CODES.bodyFat), c.source, c.date, c.note),
      valueQuantity: quantity(c.body_fat_pct, CODES.bodyFat),
      method: { coding: [{ system: OWN.caliperFormula, code: c.formula }], text: c.formula },
      component: [
        ...Object.entries(c.sites).map(([site, mm]) => measured(skinfoldCode(site), mm)),
        measured(CODES.bodyDensity, c.density),
        measured(CODES.ageAtMeasurement, c.age_years),
        {
          code: concept(CODES.sexAtMeasurement),
          valueCodeableConcept: { coding: [{ system: ADMINISTRATIVE_GENDER, code: c.sex }] },
        },
      ],
    };
  }

  private activity(a: WithId<ActivityRow>): Observation {
    const component: ObservationComponent[] = [measured(CODES.exerciseDuration, a.duration_min)];
    if (a.distance_km !== null) component.push(measured(CODES.activityDistance, a.distance_km));
    if (a.kcal !== null) component.push(measured(CODES.caloriesBurned, a.kcal));
    if (a.avg_hr !== null) component.push(measured(CODES.meanHeartRate, a.avg_hr));
    if (a.max_hr !== null) component.push(measured(CODES.maxHeartRate, a.max_hr));
    if (a.rpe !== null) component.push(measured(CODES.activityRpe, a.rpe));
    return {
      ...this.base(
        a.id,
        'activity',
        concept(CODES.exerciseActivity),
        a.source,
        a.started_at,
        a.notes,
      ),
      valueCodeableConcept: {
        coding: [{ system: OWN.activityType, code: a.activity_type }],
        text: a.activity_type,
      },
      component,
    };
  }

  /** Nutrition has no category of R4's observation-category code system that fits. */
  private nutrition(n: WithId<NutritionRow>): Observation {
    const component: ObservationComponent[] = [];
    if (n.meal !== null)
      component.push({
        code: concept(CODES.meal),
        valueCodeableConcept: { coding: [{ system: OWN.meal, code: n.meal }], text: n.meal },
      });
    if (n.protein_g !== null) component.push(measured(CODES.protein, n.protein_g));
    if (n.carbohydrate_g !== null) component.push(measured(CODES.carbohydrate, n.carbohydrate_g));
    if (n.fat_g !== null) component.push(measured(CODES.fat, n.fat_g));
    if (n.fibre_g !== null) component.push(measured(CODES.fibre, n.fibre_g));
    return {
      ...this.base(n.id, null, concept(CODES.calorieIntake), n.source, n.date, n.note),
      valueQuantity: quantity(n.kcal, CODES.calorieIntake),
      ...(component.length ? { component } : {}),
    };
  }

  /**
   * One Observation per stored value; systolic and diastolic values of the same moment, note and
   * source become one blood pressure panel (the other component absent when only one is stored).
   */
  private referenceValues(rows: WithId<ReferenceValueRow>[]): Observation[] {
    const out: Observation[] = [];
    const panels = new Map<
      string,
      Partial<Record<keyof typeof BLOOD_PRESSURE_TYPES, WithId<ReferenceValueRow>>>
    >();
    for (const r of rows) {
      if (r.type_key in BLOOD_PRESSURE_TYPES) {
        const key = JSON.stringify([r.measured_on, r.measured_at, r.note, r.source]);
        const panel = panels.get(key) ?? {};
        const type = r.type_key as keyof typeof BLOOD_PRESSURE_TYPES;
        if (panel[type]) out.push(this.bloodPressure({ [type]: r }));
        else {
          panel[type] = r;
          panels.set(key, panel);
        }
        continue;
      }
      out.push(this.referenceValue(r));
    }
    for (const panel of panels.values()) out.push(this.bloodPressure(panel));
    return out;
  }

  private referenceValue(r: WithId<ReferenceValueRow>): Observation {
    const known = REFERENCE_LOINC[r.type_key];
    const base = this.base(
      r.id,
      known?.category ?? null,
      known
        ? concept(...known.codes)
        : concept({ system: OWN.referenceValueType, code: r.type_key, display: r.type_key }),
      r.source,
      r.measured_at ?? r.measured_on,
      r.note,
    );
    const unit = this.referenceTypes.find((t) => t.key === r.type_key)?.unit ?? '';
    const ucum = known ? known.measure.ucum : UCUM_OF_UNIT[unit];
    return {
      ...base,
      ...this.measuredOn(r),
      valueQuantity: ucum
        ? { value: r.value, unit: known?.measure.unit ?? unit, system: UCUM, code: ucum }
        : { value: r.value, unit },
    };
  }

  private bloodPressure(
    panel: Partial<Record<keyof typeof BLOOD_PRESSURE_TYPES, WithId<ReferenceValueRow>>>,
  ): Observation {
    const first = (panel.bp_systolic ?? panel.bp_diastolic)!;
    const component = (
      Object.keys(BLOOD_PRESSURE_TYPES) as (keyof typeof BLOOD_PRESSURE_TYPES)[]
    ).map((type): ObservationComponent => {
      const m = BLOOD_PRESSURE_TYPES[type];
      const row = panel[type];
      return row
        ? measured(m, row.value)
        : {
            code: concept(m),
            dataAbsentReason: { coding: [{ system: DATA_ABSENT_REASON, code: 'unknown' }] },
          };
    });
    return {
      ...this.base(
        first.id,
        'vital-signs',
        concept(CODES.bloodPressure),
        first.source,
        first.measured_at ?? first.measured_on,
        first.note,
      ),
      ...this.measuredOn(first),
      component,
    };
  }

  /** The stored calendar day, when the instant's UTC day differs from it. */
  private measuredOn(r: ReferenceValueRow): { extension?: Extension[] } {
    if (r.measured_at === null || r.measured_at.slice(0, 10) === r.measured_on) return {};
    return { extension: [{ url: OWN.measuredOnExtension, valueDate: r.measured_on }] };
  }
}
