import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, ValidationFailedError } from '@sports/common';
import { ChartSeriesService } from '../data-layer/chart-series.service';
import { DataLayerService } from '../data-layer/data-layer.service';
import type { ActivityDay, WeightPoint } from '../data-layer/data-layer.types';
import { assertRange, shiftDate, utcToday } from '../data-layer/series-values';
import { ageOn } from '../../tracking/calendar-date';
import { ChartCode, chartByCode, CHARTS } from './chart-catalog';
import {
  acuteChronic,
  computeAcuteChronic,
  computeActiveEnergy,
  computeActivityMix,
  computeConsistency,
  computeDistancePace,
  computeIntensity,
  computeMonotony,
  computeWeeklyVolume,
} from './compute/activity';
import { computeBodyComposition, computeBodyIndices, computeCircumferences } from './compute/body';
import type { ChartComputation } from './compute/chart-types';
import {
  computeEnergyBalance,
  computeEnergyIntake,
  computeLoggingAdherence,
  computeMacros,
  computeProteinAdequacy,
} from './compute/energy';
import { energyGoalKcal } from './compute/energy-goal';
import {
  computeBloodPressure,
  computeHrv,
  computeReadiness,
  computeRestingHr,
  computeSleep,
  BASELINE_DAYS,
} from './compute/recovery';
import { isoWeekStart } from './compute/series-math';
import { computeWeightTrend, DatedValue, TREND_WARMUP_DAYS } from './compute/weight-trend';
import type { ChartCatalogResponse, ChartQuery, ChartResponse } from './dto/chart.dto';
import { CHART_ACCESS, type ChartAccess } from './chart-access';

/** Default window: the last 90 days ending today (UTC). */
export const DEFAULT_DAYS = 90;
/** Weigh-ins read before the window to find "the weight of that day" for activity energy. */
const ACTIVITY_WEIGHT_LOOKBACK_DAYS = 365;

const kg = (ws: readonly WeightPoint[]): DatedValue[] =>
  ws.map((w) => ({ date: w.date, value: w.weight_kg }));
const loads = (ds: readonly ActivityDay[]) => ds.map((d) => ({ date: d.date, load: d.load }));

type Compute = (userId: string, from: string, to: string) => Promise<ChartComputation>;

/**
 * The chart endpoints: resolves the window, checks the caller's features, reads the caller's
 * own series through the shared data layer (no SQL here) and hands them to the pure
 * computations in `compute/`.
 */
@Injectable()
export class ChartsService {
  constructor(
    private readonly data: DataLayerService,
    private readonly extra: ChartSeriesService,
    @Inject(CHART_ACCESS) private readonly access: ChartAccess,
  ) {}

  catalog(): ChartCatalogResponse {
    const items = CHARTS.map((c) => ({
      ...c,
      units: [...c.units],
      features: [...c.features],
      sources: [...c.sources],
    }));
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async chart(userId: string, code: string, query: ChartQuery): Promise<ChartResponse> {
    const def = chartByCode(code);
    if (!def) throw new NotFoundError('Chart', code);
    // The access check and the reads run at the same time; nothing is answered before the check
    // passes, and its 403 comes before a bad range's 400 as when they ran one after the other.
    const access = this.access.requireChart(userId, def.code, def.features);
    let range: { from: string; to: string };
    try {
      range = resolveRange(query);
    } catch (error) {
      await access;
      throw error;
    }
    const { from, to } = range;
    const computed = this.compute[def.code](userId, from, to);
    computed.catch(() => undefined); // awaited below once access is known
    await access;
    const c = await computed;
    return {
      code: def.code,
      title: def.title,
      from,
      to,
      series: c.series,
      summary: c.summary,
      meta: {
        data_points: c.data_points,
        sources: [...def.sources],
        insufficient_data: c.insufficient_reason !== undefined,
        ...(c.insufficient_reason !== undefined ? { reason: c.insufficient_reason } : {}),
      },
    };
  }

  private readonly compute: Record<ChartCode, Compute> = {
    E1: async (u, from, to) => {
      const [days, weights, profile] = await Promise.all([
        this.data.nutritionDaily(u, shiftDate(from, -6), to),
        this.data.weightSeries(u, shiftDate(to, -TREND_WARMUP_DAYS), to),
        this.extra.energyProfile(u),
      ]);
      const goalKcal = energyGoalKcal({
        sex: profile.sex,
        weightKg: weights.length ? weights[weights.length - 1].weight_kg : null,
        heightCm: profile.height_cm,
        age: profile.birth_date ? ageOn(profile.birth_date, to) : null,
        activityLevel: profile.activity_level,
        goalWeightKg: profile.goal_weight_kg,
      });
      return computeEnergyIntake({ days, from, to, goalKcal });
    },
    E2: async (u, from, to) =>
      computeMacros({ days: await this.data.nutritionDaily(u, from, to), from, to }),
    E3: async (u, from, to) => {
      const [days, weights] = await Promise.all([
        this.data.nutritionDaily(u, from, to),
        this.data.weightSeries(u, shiftDate(from, -TREND_WARMUP_DAYS), to),
      ]);
      return computeProteinAdequacy({ days, weights: kg(weights), from, to });
    },
    E4: async (u, from, to) => {
      const [days, weights] = await Promise.all([
        this.data.nutritionDaily(u, from, to),
        this.data.weightSeries(u, shiftDate(from, -TREND_WARMUP_DAYS), to),
      ]);
      return computeEnergyBalance({ days, weights: kg(weights), from, to });
    },
    E5: async (u, from, to) => {
      const [days, weights] = await Promise.all([
        this.data.nutritionDaily(u, from, to),
        this.data.weightSeries(u, from, to),
      ]);
      return computeLoggingAdherence({
        nutritionDays: days.map((d) => d.date),
        weightDays: weights.map((w) => w.date),
        from,
        to,
      });
    },
    A1: async (u, from, to) =>
      computeWeeklyVolume({ sessions: await this.data.activitySessions(u, from, to), from, to }),
    A2: async (u, from, to) =>
      computeAcuteChronic({
        daily: loads(
          await this.data.activityDaily(u, shiftDate(from, -27), to, { fillGaps: true }),
        ),
        from,
        to,
      }),
    A3: async (u, from, to) => {
      const weekStart = isoWeekStart(from);
      const last7 = shiftDate(to, -6);
      const start = last7 < weekStart ? last7 : weekStart;
      return computeMonotony({
        daily: loads(await this.data.activityDaily(u, start, to, { fillGaps: true })),
        from,
        to,
      });
    },
    A4: async (u, from, to) => {
      const [sessions, weights] = await Promise.all([
        this.data.activitySessions(u, from, to),
        this.data.weightSeries(u, shiftDate(from, -ACTIVITY_WEIGHT_LOOKBACK_DAYS), to),
      ]);
      return computeActiveEnergy({ sessions, weightOn: weightOnOrNear(weights), from, to });
    },
    A5: async (u, from, to) => {
      const [sessions, profile] = await Promise.all([
        this.data.activitySessions(u, from, to),
        this.data.profile(u),
      ]);
      const age = profile.birth_date ? ageOn(profile.birth_date, to) : null;
      return computeIntensity({ sessions, age, from, to });
    },
    A6: async (u, from, to) =>
      computeActivityMix({ sessions: await this.data.activitySessions(u, from, to), from, to }),
    A7: async (u, from, to) =>
      computeConsistency({ sessions: await this.data.activitySessions(u, from, to), from, to }),
    A8: async (u, from, to) =>
      computeDistancePace({ sessions: await this.data.activitySessions(u, from, to), from, to }),
    R1: async (u, from, to) =>
      computeRestingHr({
        values: await this.data.vitalsDaily(u, 'resting_hr', shiftDate(from, -BASELINE_DAYS), to),
        from,
        to,
      }),
    R2: async (u, from, to) =>
      computeHrv({
        values: await this.data.vitalsDaily(u, 'hrv_rmssd', shiftDate(from, -BASELINE_DAYS), to),
        from,
        to,
      }),
    R3: async (u, from, to) => {
      const [systolic, diastolic] = await Promise.all([
        this.data.vitalsDaily(u, 'bp_systolic', from, to),
        this.data.vitalsDaily(u, 'bp_diastolic', from, to),
      ]);
      return computeBloodPressure({ systolic, diastolic, from, to });
    },
    R4: async (u, from, to) =>
      computeSleep({
        values: await this.data.vitalsDaily(u, 'sleep_duration', shiftDate(from, -6), to),
        from,
        to,
      }),
    R5: async (u, from, to) => {
      const back = shiftDate(from, -BASELINE_DAYS);
      const [restingHr, rmssd, sleep, daily] = await Promise.all([
        this.data.vitalsDaily(u, 'resting_hr', back, to),
        this.data.vitalsDaily(u, 'hrv_rmssd', back, to),
        this.data.vitalsDaily(u, 'sleep_duration', back, to),
        this.data.activityDaily(u, shiftDate(from, -27), to, { fillGaps: true }),
      ]);
      return computeReadiness({
        restingHr,
        rmssd,
        sleep,
        acwr: acuteChronic(loads(daily), from),
        from,
        to,
      });
    },
    C1: async (u, from, to) => {
      const [weights, profile] = await Promise.all([
        this.data.weightSeries(u, shiftDate(from, -TREND_WARMUP_DAYS), to),
        this.data.profile(u),
      ]);
      return computeWeightTrend({ weights: kg(weights), from, to, goalKg: profile.goal_weight_kg });
    },
    C2: async (u, from, to) => {
      const [readings, weights] = await Promise.all([
        this.data.caliperSeries(u, from, to),
        this.data.weightSeries(u, shiftDate(from, -7), to),
      ]);
      return computeBodyComposition({ readings, weights: kg(weights), from, to });
    },
    C3: async (u, from, to) => {
      const [points, profile] = await Promise.all([
        this.data.circumferenceSeries(u, from, to),
        this.data.profile(u),
      ]);
      return computeCircumferences({
        points,
        heightCm: profile.height_cm,
        sex: profile.sex,
        from,
        to,
      });
    },
    C4: async (u, from, to) => {
      const [weights, readings, profile] = await Promise.all([
        this.data.weightSeries(u, shiftDate(from, -7), to),
        this.data.caliperSeries(u, from, to),
        this.data.profile(u),
      ]);
      return computeBodyIndices({
        weights: kg(weights),
        readings,
        heightCm: profile.height_cm,
        from,
        to,
      });
    },
  };
}

/** `from`/`to` (default: the last 90 days ending today, UTC) or `days` ending on `to`. */
export function resolveRange(
  query: ChartQuery,
  today: string = utcToday(),
): { from: string; to: string } {
  if (query.days !== undefined && query.from !== undefined) {
    throw new ValidationFailedError('Give either from or days, not both.', [
      { path: 'days', message: 'days cannot be combined with from' },
    ]);
  }
  const to = query.to ?? today;
  const from = query.from ?? shiftDate(to, -((query.days ?? DEFAULT_DAYS) - 1));
  assertRange(from, to);
  return { from, to };
}

/** The latest weigh-in on or before a day, else the first one after it (sorted input). */
function weightOnOrNear(weights: readonly WeightPoint[]): (date: string) => number | null {
  return (date: string) => {
    if (!weights.length) return null;
    let lo = 0;
    let hi = weights.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (weights[mid].date <= date) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return weights[found === -1 ? 0 : found].weight_kg;
  };
}
