import { ChartComputation, ChartPoint, ChartSeries, series } from './chart-types';
import { metOf } from './met-table';
import {
  inRange,
  isoWeekStart,
  isoWeeksOf,
  mean,
  populationSd,
  r,
  rn,
  shiftDate,
  streaks,
} from './series-math';

/** One session as the data layer answers it (only the fields the charts read). */
export interface Session {
  date: string;
  type: string;
  minutes: number;
  distance_km: number | null;
  kcal: number | null;
  avg_hr: number | null;
  rpe: number | null;
}

export interface DailyLoad {
  date: string;
  load: number;
}

const byType = (sessions: readonly Session[]) => [...new Set(sessions.map((s) => s.type))].sort();

/** Sums of `value` per ISO week over every week of [from, to] (a week without any is 0). */
function weeklySums(
  items: readonly { date: string; value: number }[],
  from: string,
  to: string,
  digits = 1,
): ChartPoint[] {
  const sums = new Map<string, number>();
  for (const i of items)
    sums.set(isoWeekStart(i.date), (sums.get(isoWeekStart(i.date)) ?? 0) + i.value);
  return isoWeeksOf(from, to).map((w) => ({ date: w, value: r(sums.get(w) ?? 0, digits) }));
}

const within = (sessions: readonly Session[], from: string, to: string) =>
  sessions.filter((s) => inRange(s.date, from, to));

const noSessions = 'No activity was logged in the range.';

// ---------------------------------------------------------------------------- A1

/** A1 weekly volume: minutes and sessions per ISO week, in total and per activity type. */
export function computeWeeklyVolume(input: {
  sessions: readonly Session[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to);
  const minutes = (xs: readonly Session[]) => xs.map((x) => ({ date: x.date, value: x.minutes }));
  const count = (xs: readonly Session[]) => xs.map((x) => ({ date: x.date, value: 1 }));
  const out: ChartComputation = {
    series: [
      series('minutes', 'Minutes', 'min', weeklySums(minutes(s), from, to)),
      series('sessions', 'Sessions', 'sessions', weeklySums(count(s), from, to, 0)),
      ...byType(s).flatMap((t) => {
        const of = s.filter((x) => x.type === t);
        return [
          series(`minutes.${t}`, `Minutes (${t})`, 'min', weeklySums(minutes(of), from, to)),
          series(
            `sessions.${t}`,
            `Sessions (${t})`,
            'sessions',
            weeklySums(count(of), from, to, 0),
          ),
        ];
      }),
    ],
    summary: {
      minutes: r(
        s.reduce((a, x) => a + x.minutes, 0),
        1,
      ),
      sessions: s.length,
      weeks: isoWeeksOf(from, to).length,
      mean_minutes_per_week: r(
        s.reduce((a, x) => a + x.minutes, 0) / isoWeeksOf(from, to).length,
        1,
      ),
    },
    data_points: s.length,
  };
  if (!s.length) out.insufficient_reason = noSessions;
  return out;
}

// ---------------------------------------------------------------------------- A2

export const ACWR_SWEET_SPOT = { low: 0.8, high: 1.3 } as const;
export const ACWR_DANGER_ABOVE = 1.5;

export type AcwrZone = 'low' | 'sweet_spot' | 'elevated' | 'danger';

/** Zones of the acute:chronic workload ratio (Gabbett 2016, Br J Sports Med 50:273-280). */
export function acwrZone(rawRatio: number): AcwrZone {
  // Classify the ratio as displayed (2 decimals): 2.8 / 3.5 is 0.7999… in floating point and
  // must count as the 0.8 it shows.
  const ratio = Math.round(rawRatio * 100) / 100;
  if (ratio > ACWR_DANGER_ABOVE) return 'danger';
  if (ratio > ACWR_SWEET_SPOT.high) return 'elevated';
  if (ratio >= ACWR_SWEET_SPOT.low) return 'sweet_spot';
  return 'low';
}

export interface AcwrDay {
  date: string;
  acute: number;
  chronic: number;
  ratio: number | null;
}

/**
 * Rolling acute (7-day sum) and chronic (28-day sum / 4, i.e. the mean weekly load) loads and
 * their ratio, from daily session-RPE loads (Foster et al. 2001: load = RPE × minutes).
 * `daily` must hold every calendar day (zeros included) from `from − 27` on.
 */
export function acuteChronic(daily: readonly DailyLoad[], from: string): AcwrDay[] {
  const out: AcwrDay[] = [];
  for (let i = 0; i < daily.length; i++) {
    if (daily[i].date < from) continue;
    let acute = 0;
    let chronic = 0;
    for (let k = 0; k < 28 && i - k >= 0; k++) {
      chronic += daily[i - k].load;
      if (k < 7) acute += daily[i - k].load;
    }
    chronic /= 4;
    out.push({ date: daily[i].date, acute, chronic, ratio: chronic > 0 ? acute / chronic : null });
  }
  return out;
}

/** A2 acute:chronic workload. Every day is a rolling sum, so each day of the range has a point. */
export function computeAcuteChronic(input: {
  /** Every calendar day from `from − 27` to `to`, zeros included. */
  daily: readonly DailyLoad[];
  from: string;
  to: string;
}): ChartComputation {
  const days = acuteChronic(input.daily, input.from);
  const loaded = input.daily.filter((d) => d.load > 0);
  const ratios = days.filter((d) => d.ratio !== null);
  const last = ratios[ratios.length - 1];
  const out: ChartComputation = {
    series: [
      series(
        'acute',
        'Acute load (7 d)',
        'AU',
        days.map((d) => ({ date: d.date, value: r(d.acute, 1) })),
      ),
      series(
        'chronic',
        'Chronic load (28 d, per week)',
        'AU',
        days.map((d) => ({ date: d.date, value: r(d.chronic, 1) })),
      ),
      series(
        'ratio',
        'Acute:chronic ratio',
        null,
        ratios.map((d) => ({ date: d.date, value: r(d.ratio as number, 2) })),
      ),
    ],
    summary: {
      latest_ratio: last ? r(last.ratio as number, 2) : null,
      latest_zone: last ? acwrZone(last.ratio as number) : null,
      days_in_sweet_spot: ratios.filter((d) => acwrZone(d.ratio as number) === 'sweet_spot').length,
      days_in_danger: ratios.filter((d) => acwrZone(d.ratio as number) === 'danger').length,
      sweet_spot: ACWR_SWEET_SPOT,
      danger_above: ACWR_DANGER_ABOVE,
    },
    data_points: loaded.filter((d) => inRange(d.date, input.from, input.to)).length,
  };
  if (!loaded.length) {
    out.insufficient_reason =
      'No session with an RPE was logged in the range or the 27 days before.';
  }
  return out;
}

// ---------------------------------------------------------------------------- A3

/**
 * Foster C. Monitoring training in athletes with reference to overtraining syndrome. Med Sci
 * Sports Exerc 1998;30:1164-1168: monotony = mean daily load / SD of daily load over 7 days
 * (rest days count as 0); strain = weekly load × monotony. null when the SD is 0.
 *
 * The SD is the population SD (divided by n = 7): the 7 days are the whole week, not a sample of
 * it. Published worked examples reproduce only with n: Runalyze's formula (blog "New formula for
 * Monotony": one training day in seven gives mean / (SD + mean) = 1 / (1 + √6), i.e. SD = √6 ×
 * mean) and its open-source implementation (inc/core/Calculation/Monotony.php divides the
 * variance by 7; its test expects loads 5, 15, 20, 20, 20, 25, 35 → monotony 20 / 8.45).
 */
export function monotonyAndStrain(loads7: readonly number[]): {
  load: number;
  monotony: number | null;
  strain: number | null;
} {
  const load = loads7.reduce((a, b) => a + b, 0);
  const sd = populationSd(loads7);
  if (!sd) return { load, monotony: null, strain: null };
  const monotony = (mean(loads7) as number) / sd;
  return { load, monotony, strain: load * monotony };
}

/** A3 monotony and strain per complete ISO week, and for the last 7 days of the range. */
export function computeMonotony(input: {
  /** Every calendar day from the Monday of `from`'s week to `to`, zeros included. */
  daily: readonly DailyLoad[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const loadOf = new Map(input.daily.map((d) => [d.date, d.load]));
  const week = (start: string) =>
    Array.from({ length: 7 }, (_, k) => loadOf.get(shiftDate(start, k)) ?? 0);
  const mono: ChartPoint[] = [];
  const strain: ChartPoint[] = [];
  const load: ChartPoint[] = [];
  for (const w of isoWeeksOf(from, to)) {
    if (shiftDate(w, 6) > to) break; // only complete weeks
    const m = monotonyAndStrain(week(w));
    load.push({ date: w, value: r(m.load, 1) });
    if (m.monotony !== null) mono.push({ date: w, value: r(m.monotony, 2) });
    if (m.strain !== null) strain.push({ date: w, value: r(m.strain, 0) });
  }
  const last = monotonyAndStrain(week(shiftDate(to, -6)));
  const loaded = input.daily.filter((d) => d.load > 0 && inRange(d.date, from, to));
  const out: ChartComputation = {
    series: [
      series('weekly_load', 'Weekly load', 'AU', load),
      series('monotony', 'Monotony', null, mono),
      series('strain', 'Strain', 'AU', strain),
    ],
    summary: {
      last_7d: {
        load: r(last.load, 1),
        monotony: rn(last.monotony, 2),
        strain: rn(last.strain, 0),
      },
    },
    data_points: loaded.length,
  };
  if (!loaded.length) out.insufficient_reason = 'No session with an RPE was logged in the range.';
  return out;
}

// ---------------------------------------------------------------------------- A4

/** Energy of one session: the logged kcal, else MET × kg × hours (Ainsworth 2011). */
export function sessionKcal(
  s: Pick<Session, 'kcal' | 'type' | 'minutes'>,
  weightKg: number | null,
): { kcal: number; estimated: boolean } | null {
  if (s.kcal !== null) return { kcal: s.kcal, estimated: false };
  if (weightKg === null) return null;
  return { kcal: metOf(s.type) * weightKg * (s.minutes / 60), estimated: true };
}

/** A4 active energy per day (days with sessions) and per ISO week (sums). */
export function computeActiveEnergy(input: {
  sessions: readonly Session[];
  /** Weight on a day: the latest weigh-in on or before it, else the first one after. */
  weightOn: (date: string) => number | null;
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to);
  const perDay = new Map<string, number>();
  let logged = 0;
  let estimated = 0;
  let missing = 0;
  for (const x of s) {
    const e = sessionKcal(x, input.weightOn(x.date));
    if (!e) {
      missing += 1;
      continue;
    }
    if (e.estimated) estimated += 1;
    else logged += 1;
    perDay.set(x.date, (perDay.get(x.date) ?? 0) + e.kcal);
  }
  const daily = [...perDay].map(([date, value]) => ({ date, value }));
  const total = daily.reduce((a, d) => a + d.value, 0);
  const out: ChartComputation = {
    series: [
      series(
        'kcal_day',
        'Active energy per day',
        'kcal',
        daily.map((d) => ({ date: d.date, value: r(d.value, 0) })),
      ),
      series('kcal_week', 'Active energy per week', 'kcal', weeklySums(daily, from, to, 0)),
    ],
    summary: {
      total_kcal: r(total, 0),
      sessions_logged_kcal: logged,
      sessions_estimated_kcal: estimated,
      sessions_without_estimate: missing,
    },
    data_points: s.length,
  };
  if (!s.length) out.insufficient_reason = noSessions;
  else if (!daily.length) {
    out.insufficient_reason = 'No session has logged kcal and no weigh-in exists to estimate them.';
  }
  return out;
}

// ---------------------------------------------------------------------------- A5

export type Intensity = 'low' | 'moderate' | 'high';

/** Tanaka H, Monahan KD, Seals DR. J Am Coll Cardiol 2001;37:153-156: HRmax = 208 − 0.7 × age. */
export const maxHeartRate = (age: number): number => 208 - 0.7 * age;

/**
 * Intensity of one session. With a mean heart rate and a known age: % of HRmax with the
 * ACSM bands (Garber et al. 2011, Med Sci Sports Exerc 43:1334-1359): < 64 % low, 64-76 %
 * moderate, ≥ 77 % high. Otherwise session RPE (CR-10): ≤ 4 low, 5-6 moderate, ≥ 7 high.
 */
export function intensityOf(
  s: Pick<Session, 'avg_hr' | 'rpe'>,
  age: number | null,
): { intensity: Intensity; by: 'heart_rate' | 'rpe' } | null {
  if (s.avg_hr !== null && age !== null) {
    const pct = (s.avg_hr / maxHeartRate(age)) * 100;
    return { intensity: pct < 64 ? 'low' : pct < 77 ? 'moderate' : 'high', by: 'heart_rate' };
  }
  if (s.rpe !== null) {
    return { intensity: s.rpe <= 4 ? 'low' : s.rpe <= 6 ? 'moderate' : 'high', by: 'rpe' };
  }
  return null;
}

/** A5 intensity distribution: minutes per intensity per ISO week and shares for the period. */
export function computeIntensity(input: {
  sessions: readonly Session[];
  age: number | null;
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to);
  const items: Record<Intensity, { date: string; value: number }[]> = {
    low: [],
    moderate: [],
    high: [],
  };
  let byHr = 0;
  let byRpe = 0;
  let unclassified = 0;
  for (const x of s) {
    const c = intensityOf(x, input.age);
    if (!c) {
      unclassified += x.minutes;
      continue;
    }
    if (c.by === 'heart_rate') byHr += 1;
    else byRpe += 1;
    items[c.intensity].push({ date: x.date, value: x.minutes });
  }
  const sum = (i: Intensity) => items[i].reduce((a, b) => a + b.value, 0);
  const classified = sum('low') + sum('moderate') + sum('high');
  const share = (i: Intensity) => (classified ? r((sum(i) / classified) * 100, 1) : null);
  const out: ChartComputation = {
    series: (['low', 'moderate', 'high'] as Intensity[]).map((i) =>
      series(`minutes_${i}`, `Minutes at ${i} intensity`, 'min', weeklySums(items[i], from, to)),
    ),
    summary: {
      share_pct: { low: share('low'), moderate: share('moderate'), high: share('high') },
      minutes: { low: r(sum('low'), 1), moderate: r(sum('moderate'), 1), high: r(sum('high'), 1) },
      unclassified_minutes: r(unclassified, 1),
      sessions_by_heart_rate: byHr,
      sessions_by_rpe: byRpe,
    },
    data_points: s.length,
  };
  if (!s.length) out.insufficient_reason = noSessions;
  else if (!classified) {
    out.insufficient_reason = 'No session has an RPE or (with a birth date) a heart rate.';
  }
  return out;
}

// ---------------------------------------------------------------------------- A6

/** A6 activity mix: share of minutes per type per ISO week (weeks with activity) and overall. */
export function computeActivityMix(input: {
  sessions: readonly Session[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to);
  const total = s.reduce((a, x) => a + x.minutes, 0);
  const weekTotals = new Map<string, number>();
  for (const x of s)
    weekTotals.set(isoWeekStart(x.date), (weekTotals.get(isoWeekStart(x.date)) ?? 0) + x.minutes);
  const types = byType(s);
  const shares: Record<string, { minutes: number; share_pct: number }> = {};
  const out: ChartComputation = {
    series: types.map((t) => {
      const perWeek = new Map<string, number>();
      let minutes = 0;
      for (const x of s.filter((y) => y.type === t)) {
        perWeek.set(isoWeekStart(x.date), (perWeek.get(isoWeekStart(x.date)) ?? 0) + x.minutes);
        minutes += x.minutes;
      }
      shares[t] = { minutes: r(minutes, 1), share_pct: r((minutes / total) * 100, 1) };
      return series(
        `share.${t}`,
        `Share of minutes (${t})`,
        '%',
        [...weekTotals.keys()].sort().map((w) => ({
          date: w,
          value: r(((perWeek.get(w) ?? 0) / (weekTotals.get(w) as number)) * 100, 1),
        })),
      );
    }),
    summary: { total_minutes: r(total, 1), types: shares },
    data_points: s.length,
  };
  if (!s.length || total <= 0) out.insufficient_reason = noSessions;
  return out;
}

// ---------------------------------------------------------------------------- A7

/** A7 consistency: active days per ISO week (a day with ≥ 1 session), current/longest streak. */
export function computeConsistency(input: {
  sessions: readonly Session[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to);
  const days = new Set(s.map((x) => x.date));
  const st = streaks(days, from, to);
  const perWeek = weeklySums(
    [...days].map((d) => ({ date: d, value: 1 })),
    from,
    to,
    0,
  );
  const out: ChartComputation = {
    series: [series('active_days', 'Active days', 'days', perWeek)],
    summary: {
      active_days: days.size,
      mean_active_days_per_week: r(days.size / perWeek.length, 2),
      current_streak: st.current,
      longest_streak: st.longest,
    },
    data_points: s.length,
  };
  if (!s.length) out.insufficient_reason = noSessions;
  return out;
}

// ---------------------------------------------------------------------------- A8

/** Types whose mean is shown as a pace (min/km); the others as a speed (km/h). */
export const PACE_TYPES = new Set(['run', 'walk', 'hike', 'swim']);

/**
 * Duration-weighted mean speed = Σ(t_i × v_i) / Σ t_i = Σ km / Σ h; the pace is its
 * reciprocal (min/km). Only sessions with both distance and duration count.
 */
export function meanSpeed(
  sessions: readonly Pick<Session, 'minutes' | 'distance_km'>[],
): number | null {
  const withDistance = sessions.filter(
    (s) => s.distance_km !== null && s.distance_km > 0 && s.minutes > 0,
  );
  const hours = withDistance.reduce((a, s) => a + s.minutes / 60, 0);
  if (!hours) return null;
  return withDistance.reduce((a, s) => a + (s.distance_km as number), 0) / hours;
}

/** A8 distance per ISO week and type (sums) and the duration-weighted pace/speed per type. */
export function computeDistancePace(input: {
  sessions: readonly Session[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const s = within(input.sessions, from, to).filter(
    (x) => x.distance_km !== null && x.distance_km > 0,
  );
  const out: ChartSeries[] = [];
  const perType: Record<
    string,
    { distance_km: number; speed_kmh: number | null; pace_min_per_km: number | null }
  > = {};
  for (const t of byType(s)) {
    const of = s.filter((x) => x.type === t);
    out.push(
      series(
        `distance.${t}`,
        `Distance (${t})`,
        'km',
        weeklySums(
          of.map((x) => ({ date: x.date, value: x.distance_km as number })),
          from,
          to,
          2,
        ),
      ),
    );
    const weeks = new Map<string, Session[]>();
    for (const x of of)
      weeks.set(isoWeekStart(x.date), [...(weeks.get(isoWeekStart(x.date)) ?? []), x]);
    const pace = PACE_TYPES.has(t);
    out.push(
      series(
        pace ? `pace.${t}` : `speed.${t}`,
        pace ? `Mean pace (${t})` : `Mean speed (${t})`,
        pace ? 'min/km' : 'km/h',
        [...weeks]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([w, xs]) => {
            const v = meanSpeed(xs) as number;
            return { date: w, value: r(pace ? 60 / v : v, 2) };
          }),
      ),
    );
    const v = meanSpeed(of);
    perType[t] = {
      distance_km: r(
        of.reduce((a, x) => a + (x.distance_km as number), 0),
        2,
      ),
      speed_kmh: rn(v, 2),
      pace_min_per_km: v ? r(60 / v, 2) : null,
    };
  }
  const result: ChartComputation = {
    series: out,
    summary: { types: perType },
    data_points: s.length,
  };
  if (!s.length) result.insufficient_reason = 'No session with a distance was logged in the range.';
  return result;
}
