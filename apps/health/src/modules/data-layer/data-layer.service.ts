import { Injectable } from '@nestjs/common';
import { NotFoundError, ValidationFailedError } from '@sports/common';
import { ageOn, isCalendarDate } from '../../tracking/calendar-date';
import { DataLayerRepository } from './data-layer.repository';
import {
  ActivityDay,
  ActivityLoadDay,
  ActivitySession,
  CaliperPoint,
  CircumferencePoint,
  DATA_MODULES,
  LatestValues,
  MetricChange,
  ModuleCounts,
  NutritionDay,
  PlaceholderInfo,
  PlaceholderValues,
  ProfileFacts,
  VitalPoint,
  WeightPoint,
} from './data-layer.types';
import {
  assertRange,
  bodyMassIndex,
  difference,
  formatBloodPressure,
  roundTo,
  utcToday,
} from './series-values';

/** Every placeholder a prompt template may use; `placeholderValues` fills exactly these keys. */
export const PLACEHOLDER_CATALOG: readonly PlaceholderInfo[] = [
  { key: 'profile.age', description: 'Age in full years today', unit: 'years' },
  { key: 'profile.sex', description: 'Sex from the profile (female/male)', unit: null },
  { key: 'profile.height_cm', description: 'Height from the profile', unit: 'cm' },
  { key: 'profile.bmi', description: 'BMI from the latest weight and the height', unit: 'kg/m²' },
  { key: 'weight.latest', description: 'Latest weigh-in on or before today', unit: 'kg' },
  { key: 'weight.latest_date', description: 'Day of the latest weigh-in', unit: null },
  {
    key: 'weight.change_7d',
    description: 'Latest weight minus the latest weight on or before 7 days ago',
    unit: 'kg',
  },
  {
    key: 'weight.change_30d',
    description: 'Latest weight minus the latest weight on or before 30 days ago',
    unit: 'kg',
  },
  { key: 'weight.goal', description: 'Goal weight from the profile', unit: 'kg' },
  { key: 'weight.to_goal', description: 'Goal weight minus latest weight', unit: 'kg' },
  { key: 'bodyfat.latest', description: 'Latest skinfold (caliper) body-fat estimate', unit: '%' },
  { key: 'circumference.waist.latest', description: 'Latest waist circumference', unit: 'cm' },
  {
    key: 'nutrition.days_logged_7d',
    description: 'Days with nutrition entries in the last 7 days',
    unit: 'days',
  },
  {
    key: 'nutrition.avg_kcal_7d',
    description: 'Mean daily energy intake over the logged days of the last 7 days',
    unit: 'kcal',
  },
  {
    key: 'nutrition.avg_protein_g_7d',
    description: 'Mean daily protein over the logged days of the last 7 days',
    unit: 'g',
  },
  {
    key: 'nutrition.avg_carbohydrate_g_7d',
    description: 'Mean daily carbohydrate over the logged days of the last 7 days',
    unit: 'g',
  },
  {
    key: 'nutrition.avg_fat_g_7d',
    description: 'Mean daily fat over the logged days of the last 7 days',
    unit: 'g',
  },
  {
    key: 'nutrition.protein_g_per_kg_7d',
    description: 'Mean daily protein of the last 7 days per kg of latest body weight',
    unit: 'g/kg',
  },
  { key: 'activity.sessions_7d', description: 'Sessions in the last 7 days', unit: 'sessions' },
  {
    key: 'activity.minutes_7d',
    description: 'Minutes of activity in the last 7 days',
    unit: 'min',
  },
  {
    key: 'activity.load_7d',
    description: 'Session-RPE load (RPE × minutes, Foster) of the last 7 days',
    unit: 'AU',
  },
  {
    key: 'activity.active_days_7d',
    description: 'Days with at least one session in the last 7 days',
    unit: 'days',
  },
  { key: 'activity.sessions_28d', description: 'Sessions in the last 28 days', unit: 'sessions' },
  {
    key: 'activity.acwr',
    description: 'Acute:chronic workload ratio: 7-day load / (28-day load / 4)',
    unit: null,
  },
  { key: 'vitals.resting_hr.latest', description: 'Latest resting heart rate', unit: 'bpm' },
  {
    key: 'vitals.hrv_rmssd.latest',
    description: 'Latest heart-rate variability (RMSSD)',
    unit: 'ms',
  },
  {
    key: 'vitals.bp.latest',
    description: 'Latest blood pressure "systolic/diastolic" measured on one day',
    unit: 'mmHg',
  },
  {
    key: 'vitals.sleep_duration.avg_7d',
    description: 'Mean sleep duration over the nights logged in the last 7 days',
    unit: 'h',
  },
  { key: 'vitals.spo2.latest', description: 'Latest oxygen saturation', unit: '%' },
  { key: 'vitals.body_temperature.latest', description: 'Latest body temperature', unit: '°C' },
];

/**
 * The shared data layer: typed daily series over all tracking tables. Charts, stats and
 * prompts read tracking data only through this service (docs/decisions/0012-health-data-layer.md). Every method takes the
 * caller's own user id; the SQL lives in DataLayerRepository.
 */
@Injectable()
export class DataLayerService {
  constructor(private readonly repo: DataLayerRepository) {}

  async weightSeries(userId: string, from: string, to: string): Promise<WeightPoint[]> {
    assertRange(from, to);
    return this.repo.weightSeries(userId, from, to);
  }

  async nutritionDaily(userId: string, from: string, to: string): Promise<NutritionDay[]> {
    assertRange(from, to);
    return this.repo.nutritionDaily(userId, from, to);
  }

  async activitySessions(userId: string, from: string, to: string): Promise<ActivitySession[]> {
    assertRange(from, to);
    return this.repo.activitySessions(userId, from, to);
  }

  /** Days with sessions only, or with `fillGaps` every calendar day of the range (zeros). */
  async activityDaily(
    userId: string,
    from: string,
    to: string,
    options: { fillGaps?: boolean } = {},
  ): Promise<ActivityDay[]> {
    assertRange(from, to);
    return this.repo.activityDaily(userId, from, to, options.fillGaps ?? false);
  }

  /** Every calendar day with its load and rolling acute (7 d) / chronic (28 d) loads. */
  async activityLoad(userId: string, from: string, to: string): Promise<ActivityLoadDay[]> {
    assertRange(from, to);
    return this.repo.activityLoad(userId, from, to);
  }

  async vitalsDaily(
    userId: string,
    typeKey: string,
    from: string,
    to: string,
  ): Promise<VitalPoint[]> {
    assertRange(from, to);
    return this.repo.vitalsDaily(userId, typeKey, from, to);
  }

  async circumferenceSeries(
    userId: string,
    from: string,
    to: string,
  ): Promise<CircumferencePoint[]> {
    assertRange(from, to);
    return this.repo.circumferenceSeries(userId, from, to);
  }

  async caliperSeries(userId: string, from: string, to: string): Promise<CaliperPoint[]> {
    assertRange(from, to);
    return this.repo.caliperSeries(userId, from, to);
  }

  async profile(userId: string): Promise<ProfileFacts> {
    const profile = await this.repo.profile(userId);
    if (!profile) throw new NotFoundError('User', userId);
    return profile;
  }

  /** Rows and first/last day per module (every module listed, zero when empty). */
  async counts(userId: string): Promise<ModuleCounts> {
    const rows = await this.repo.counts(userId);
    const out = {} as ModuleCounts;
    for (const m of DATA_MODULES) {
      const r = rows.find((x) => x.module === m);
      out[m] = {
        rows: r?.rows ?? 0,
        first_date: r?.first_date ?? null,
        last_date: r?.last_date ?? null,
      };
    }
    return out;
  }

  async latestValues(userId: string): Promise<LatestValues> {
    const rows = await this.repo.latest(userId);
    return {
      weight: rows.weight,
      bodyfat: rows.bodyfat,
      circumference: Object.fromEntries(
        rows.circumference.map((c) => [c.site, { date: c.date, value_cm: c.value_cm }]),
      ),
      vitals: Object.fromEntries(
        rows.vitals.map((v) => [v.type_key, { date: v.date, value: v.value }]),
      ),
      nutrition: rows.nutrition,
      activity: rows.activity,
    };
  }

  /** Latest value per metric with its 7- and 30-day changes, as of `today` (UTC default). */
  async metricChanges(userId: string, today: string = utcToday()): Promise<MetricChange[]> {
    assertDay(today);
    const rows = await this.repo.metricChanges(userId, today);
    return rows.map((r) => ({
      ...r,
      change_7d: difference(r.value_7d_ago, r.latest, 2),
      change_30d: difference(r.value_30d_ago, r.latest, 2),
    }));
  }

  placeholderCatalog(): PlaceholderInfo[] {
    return PLACEHOLDER_CATALOG.map((p) => ({ ...p }));
  }

  /** Values for every catalog key as of `today` (UTC default); unknown data gives null. */
  async placeholderValues(userId: string, today: string = utcToday()): Promise<PlaceholderValues> {
    assertDay(today);
    const [profile, changes, windows] = await Promise.all([
      this.profile(userId),
      this.repo.metricChanges(userId, today),
      this.repo.windowAggregates(userId, today),
    ]);
    const metric = (name: string) => changes.find((c) => c.metric === name) ?? null;
    const weight = metric('weight');
    const latestWeight = weight?.latest ?? null;
    const bodyfat = changes
      .filter((c) => c.metric.startsWith('bodyfat.'))
      .sort((a, b) =>
        a.latest_date < b.latest_date ? 1 : a.latest_date > b.latest_date ? -1 : 0,
      )[0];
    const vital = (key: string, digits: number) => roundTo(metric(`vitals.${key}`)?.latest, digits);
    const n = windows.nutrition_7d;
    const a7 = windows.activity_7d;
    const a28 = windows.activity_28d;
    const chronic = Number(a28.load) / 4;
    const values: PlaceholderValues = {
      'profile.age': profile.birth_date ? ageOn(profile.birth_date, today) : null,
      'profile.sex': profile.sex,
      'profile.height_cm': profile.height_cm,
      'profile.bmi': bodyMassIndex(latestWeight, profile.height_cm),
      'weight.latest': latestWeight,
      'weight.latest_date': weight?.latest_date ?? null,
      'weight.change_7d': difference(weight?.value_7d_ago ?? null, latestWeight, 2),
      'weight.change_30d': difference(weight?.value_30d_ago ?? null, latestWeight, 2),
      'weight.goal': profile.goal_weight_kg,
      'weight.to_goal': difference(latestWeight, profile.goal_weight_kg, 2),
      'bodyfat.latest': roundTo(bodyfat?.latest, 1),
      'circumference.waist.latest': roundTo(metric('circumference.waist')?.latest, 1),
      'nutrition.days_logged_7d': n.days,
      'nutrition.avg_kcal_7d': roundTo(n.kcal, 0),
      'nutrition.avg_protein_g_7d': roundTo(n.protein_g, 1),
      'nutrition.avg_carbohydrate_g_7d': roundTo(n.carbohydrate_g, 1),
      'nutrition.avg_fat_g_7d': roundTo(n.fat_g, 1),
      'nutrition.protein_g_per_kg_7d':
        n.protein_g !== null && latestWeight ? roundTo(n.protein_g / latestWeight, 2) : null,
      'activity.sessions_7d': a7.sessions,
      'activity.minutes_7d': roundTo(Number(a7.minutes), 0),
      'activity.load_7d': roundTo(Number(a7.load), 0),
      'activity.active_days_7d': a7.active_days,
      'activity.sessions_28d': a28.sessions,
      'activity.acwr': chronic > 0 ? roundTo(Number(a7.load) / chronic, 2) : null,
      'vitals.resting_hr.latest': vital('resting_hr', 0),
      'vitals.hrv_rmssd.latest': vital('hrv_rmssd', 0),
      'vitals.bp.latest': windows.bp_latest
        ? formatBloodPressure(windows.bp_latest.systolic, windows.bp_latest.diastolic)
        : null,
      'vitals.sleep_duration.avg_7d': roundTo(windows.sleep_avg_7d, 1),
      'vitals.spo2.latest': vital('spo2', 0),
      'vitals.body_temperature.latest': vital('body_temperature', 1),
    };
    return values;
  }
}

function assertDay(today: string): void {
  if (!isCalendarDate(today)) {
    throw new ValidationFailedError('The reference day is not valid.', [
      { path: 'today', message: 'today must be YYYY-MM-DD' },
    ]);
  }
}
