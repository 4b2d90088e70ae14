import { Injectable } from '@nestjs/common';
import { isoTimestamp, PreparedReads } from '@sports/common';
import { CALIPER_FORMULAS } from '../caliper/caliper-formulas';
import { CIRCUMFERENCE_SITES } from '../circumference/circumference-entry.entity';
import type {
  ActivityDay,
  ActivityLoadDay,
  ActivitySession,
  CaliperPoint,
  CircumferencePoint,
  ModuleCount,
  NutritionDay,
  ProfileFacts,
  VitalPoint,
  WeightPoint,
} from './data-layer.types';
import { toNumber } from './series-values';

/** A session's day is its UTC calendar day; ranges on started_at use UTC day bounds. */
const SESSION_DAY = `(started_at AT TIME ZONE 'UTC')::date`;
const startsOn = (p: string) => `(${p}::date)::timestamp AT TIME ZONE 'UTC'`;
const endsAfter = (p: string) => `(${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

const NUTRITION_DAY_COLUMNS = `
  round(sum(kcal), 1)::float8 AS kcal,
  round(sum(protein_g), 1)::float8 AS protein_g,
  round(sum(carbohydrate_g), 1)::float8 AS carbohydrate_g,
  round(sum(fat_g), 1)::float8 AS fat_g,
  round(sum(fibre_g), 1)::float8 AS fibre_g,
  count(*)::int AS entries`;

const SESSION_COLUMNS = `
  ${SESSION_DAY}::text AS date,
  ${isoTimestamp('started_at')} AS started_at,
  activity_type AS type,
  duration_min::float8 AS minutes,
  distance_km::float8 AS distance_km,
  kcal::float8 AS kcal,
  avg_hr,
  max_hr,
  rpe,
  round(rpe * duration_min, 1)::float8 AS load`;

/** `ProfileFacts` of a row of `users`. */
export const PROFILE_COLUMNS = `sex, birth_date::text AS birth_date, height_cm::float8 AS height_cm,
  goal_weight_kg::float8 AS goal_weight_kg`;

export interface MetricRow {
  metric: string;
  latest_date: string;
  latest: number;
  value_7d_ago: number | null;
  value_30d_ago: number | null;
}

export interface WindowAggregates {
  nutrition_7d: {
    days: number;
    kcal: number | null;
    protein_g: number | null;
    carbohydrate_g: number | null;
    fat_g: number | null;
  };
  activity_7d: { sessions: number; minutes: number; load: number; active_days: number };
  activity_28d: { sessions: number; minutes: number; load: number; active_days: number };
  sleep_avg_7d: number | null;
  bp_latest: { date: string; systolic: number; diastolic: number } | null;
}

export interface LatestRows {
  weight: { date: string; weight_kg: number; body_fat_pct: number | null } | null;
  bodyfat: { date: string; body_fat_pct: number; formula: string } | null;
  circumference: { site: string; date: string; value_cm: number }[];
  vitals: { type_key: string; date: string; value: number }[];
  nutrition: NutritionDay | null;
  activity: ActivitySession | null;
}

/**
 * The only place that aggregates tracking data (docs/decisions/0012-health-data-layer.md). Every
 * query filters by `user_id = $1` first, so no series ever mixes in another user's rows.
 */
@Injectable()
export class DataLayerRepository {
  constructor(private readonly db: PreparedReads) {}

  weightSeries(userId: string, from: string, to: string): Promise<WeightPoint[]> {
    return this.db.query(
      `SELECT date::text AS date, weight_kg::float8 AS weight_kg
         FROM weight_entries
        WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date
        ORDER BY date`,
      [userId, from, to],
    );
  }

  nutritionDaily(userId: string, from: string, to: string): Promise<NutritionDay[]> {
    return this.db.query(
      `SELECT date::text AS date, ${NUTRITION_DAY_COLUMNS}
         FROM nutrition_entries
        WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date
        GROUP BY date
        ORDER BY date`,
      [userId, from, to],
    );
  }

  async activitySessions(userId: string, from: string, to: string): Promise<ActivitySession[]> {
    // ORDER BY names the table's column: the output column of the same name is its ISO text.
    return this.db.query(
      `SELECT ${SESSION_COLUMNS}
         FROM activity_entries
        WHERE user_id = $1 AND started_at >= ${startsOn('$2')} AND started_at < ${endsAfter('$3')}
        ORDER BY activity_entries.started_at, id`,
      [userId, from, to],
    );
  }

  /** Per-day sums; with `fillGaps` every calendar day of the range (generate_series), zeros included. */
  activityDaily(
    userId: string,
    from: string,
    to: string,
    fillGaps: boolean,
  ): Promise<ActivityDay[]> {
    const perDay = `
      SELECT ${SESSION_DAY} AS day,
             sum(duration_min) AS minutes,
             count(*) AS sessions,
             coalesce(sum(rpe * duration_min), 0) AS load,
             coalesce(sum(kcal), 0) AS kcal,
             coalesce(sum(distance_km), 0) AS distance_km
        FROM activity_entries
       WHERE user_id = $1 AND started_at >= ${startsOn('$2')} AND started_at < ${endsAfter('$3')}
       GROUP BY 1`;
    const select = `
      day::text AS date,
      round(coalesce(d.minutes, 0), 2)::float8 AS minutes,
      coalesce(d.sessions, 0)::int AS sessions,
      round(coalesce(d.load, 0), 1)::float8 AS load,
      round(coalesce(d.kcal, 0), 1)::float8 AS kcal,
      round(coalesce(d.distance_km, 0), 3)::float8 AS distance_km`;
    const sql = fillGaps
      ? `WITH d AS (${perDay})
         SELECT ${select}
           FROM generate_series($2::date, $3::date, interval '1 day') AS g(ts)
           CROSS JOIN LATERAL (SELECT g.ts::date AS day) AS c
           LEFT JOIN d USING (day)
          ORDER BY day`
      : `SELECT ${select} FROM (${perDay}) AS d ORDER BY day`;
    return this.db.query(sql, [userId, from, to]);
  }

  /**
   * Daily session-RPE load with its rolling sums (window functions over a gap-free calendar):
   * acute = 7-day sum, chronic = 28-day sum / 4, ratio = acute / chronic (Gabbett 2016).
   * The calendar starts 27 days before `from` so the first day's windows are complete.
   */
  activityLoad(userId: string, from: string, to: string): Promise<ActivityLoadDay[]> {
    return this.db.query(
      `WITH d AS (
         SELECT ${SESSION_DAY} AS day, sum(rpe * duration_min) AS load
           FROM activity_entries
          WHERE user_id = $1 AND rpe IS NOT NULL
            AND started_at >= ${startsOn('($2::date - 27)')} AND started_at < ${endsAfter('$3')}
          GROUP BY 1),
       r AS (
         SELECT c.day,
                coalesce(d.load, 0) AS load,
                sum(coalesce(d.load, 0)) OVER w7 AS acute,
                sum(coalesce(d.load, 0)) OVER w28 / 4.0 AS chronic
           FROM generate_series($2::date - 27, $3::date, interval '1 day') AS g(ts)
           CROSS JOIN LATERAL (SELECT g.ts::date AS day) AS c
           LEFT JOIN d ON d.day = c.day
         WINDOW w7 AS (ORDER BY c.day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW),
                w28 AS (ORDER BY c.day ROWS BETWEEN 27 PRECEDING AND CURRENT ROW))
       SELECT day::text AS date,
              round(load, 1)::float8 AS load,
              round(acute, 1)::float8 AS acute_7d,
              round(chronic, 1)::float8 AS chronic_28d,
              CASE WHEN chronic > 0 THEN round(acute / chronic, 2)::float8 END AS ratio
         FROM r
        WHERE day >= $2::date
        ORDER BY day`,
      [userId, from, to],
    );
  }

  vitalsDaily(userId: string, typeKey: string, from: string, to: string): Promise<VitalPoint[]> {
    return this.db.query(
      `SELECT measured_on::text AS date, value::float8 AS value
         FROM reference_values
        WHERE user_id = $1 AND type_key = $2 AND measured_on BETWEEN $3::date AND $4::date
        ORDER BY measured_on`,
      [userId, typeKey, from, to],
    );
  }

  circumferenceSeries(userId: string, from: string, to: string): Promise<CircumferencePoint[]> {
    return this.db.query(
      `SELECT date::text AS date, site, value_cm::float8 AS value_cm
         FROM circumference_entries
        WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date
        ORDER BY date, site`,
      [userId, from, to],
    );
  }

  caliperSeries(userId: string, from: string, to: string): Promise<CaliperPoint[]> {
    return this.db.query(
      `SELECT date::text AS date, formula, body_fat_pct::float8 AS body_fat_pct,
              density::float8 AS density
         FROM caliper_entries
        WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date
        ORDER BY date, formula`,
      [userId, from, to],
    );
  }

  async profile(userId: string): Promise<ProfileFacts | null> {
    const rows: ProfileFacts[] = await this.db.query(
      `SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Rows and first/last day per module, in one round trip. Count, min and max are separate
   * subqueries so that min/max are single index probes and the count an index-only scan.
   */
  async counts(userId: string): Promise<(ModuleCount & { module: string })[]> {
    const part = (module: string, table: string, column: string, asDay = (c: string) => c) =>
      `SELECT '${module}' AS module,
              (SELECT count(*) FROM ${table} WHERE user_id = $1)::int AS rows,
              (SELECT ${asDay(`min(${column})`)} FROM ${table} WHERE user_id = $1)::text AS first_date,
              (SELECT ${asDay(`max(${column})`)} FROM ${table} WHERE user_id = $1)::text AS last_date`;
    return this.db.query(
      [
        part('weight', 'weight_entries', 'date'),
        part('circumference', 'circumference_entries', 'date'),
        part('caliper', 'caliper_entries', 'date'),
        part(
          'activity',
          'activity_entries',
          'started_at',
          (c) => `(${c} AT TIME ZONE 'UTC')::date`,
        ),
        part('nutrition', 'nutrition_entries', 'date'),
        part('reference_values', 'reference_values', 'measured_on'),
        part('photos', 'photos', 'taken_on'),
      ].join(' UNION ALL '),
      [userId],
    );
  }

  /**
   * Per metric (weight, each vital type, each circumference site, each caliper formula): the
   * latest value on or before `today` and the latest values on or before today − 7 and − 30.
   * Each lookup is one descending index probe, so the cost does not grow with history.
   */
  async metricChanges(userId: string, today: string): Promise<MetricRow[]> {
    const probe = (value: string, table: string, day: string, where: string, back: number) =>
      `(SELECT ${value} FROM ${table}
         WHERE user_id = $1 AND ${where} AND ${day} <= $2::date - ${back}
         ORDER BY ${day} DESC LIMIT 1)`;
    const metric = (name: string, value: string, table: string, day: string, where: string) => `
      SELECT ${name} AS metric,
             ${probe(`ARRAY[${day}::text, ${value}::text]`, table, day, where, 0)} AS cur,
             ${probe(`${value}::float8`, table, day, where, 7)} AS v7,
             ${probe(`${value}::float8`, table, day, where, 30)} AS v30`;
    const rows: { metric: string; cur: string[] | null; v7: number | null; v30: number | null }[] =
      await this.db.query(
        `${metric(`'weight'`, 'weight_kg', 'weight_entries', 'date', 'true')}
         UNION ALL
         ${metric(`'vitals.' || t.key`, 'value', 'reference_values', 'measured_on', 'type_key = t.key')}
           FROM reference_value_types t
         UNION ALL
         ${metric(`'circumference.' || s.site`, 'value_cm', 'circumference_entries', 'date', 'site = s.site')}
           FROM unnest($3::text[]) AS s(site)
         UNION ALL
         ${metric(`'bodyfat.' || f.formula`, 'body_fat_pct', 'caliper_entries', 'date', 'formula = f.formula')}
           FROM unnest($4::text[]) AS f(formula)`,
        [userId, today, [...CIRCUMFERENCE_SITES], [...CALIPER_FORMULAS]],
      );
    return rows
      .filter((r) => r.cur !== null)
      .map((r) => ({
        metric: r.metric,
        latest_date: r.cur![0],
        latest: Number(r.cur![1]),
        value_7d_ago: r.v7,
        value_30d_ago: r.v30,
      }))
      .sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0));
  }

  /** Window sums for the prompt placeholders: the 7 (and 28) days ending on `today`. */
  async windowAggregates(userId: string, today: string): Promise<WindowAggregates> {
    const activity = (days: number) => `
      (SELECT json_build_object(
                'sessions', count(*),
                'minutes', round(coalesce(sum(duration_min), 0), 1),
                'load', round(coalesce(sum(rpe * duration_min), 0), 1),
                'active_days', count(DISTINCT ${SESSION_DAY}))
         FROM activity_entries
        WHERE user_id = $1 AND started_at >= ${startsOn(`($2::date - ${days - 1})`)}
          AND started_at < ${endsAfter('$2')})`;
    const [row] = await this.db.query(
      `SELECT
         (SELECT json_build_object(
                   'days', count(*),
                   'kcal', round(avg(kcal), 1),
                   'protein_g', round(avg(protein_g), 1),
                   'carbohydrate_g', round(avg(carbohydrate_g), 1),
                   'fat_g', round(avg(fat_g), 1))
            FROM (SELECT date, sum(kcal) AS kcal, sum(protein_g) AS protein_g,
                         sum(carbohydrate_g) AS carbohydrate_g, sum(fat_g) AS fat_g
                    FROM nutrition_entries
                   WHERE user_id = $1 AND date BETWEEN $2::date - 6 AND $2::date
                   GROUP BY date) AS n) AS nutrition_7d,
         ${activity(7)} AS activity_7d,
         ${activity(28)} AS activity_28d,
         (SELECT round(avg(value), 2)::float8 FROM reference_values
           WHERE user_id = $1 AND type_key = 'sleep_duration'
             AND measured_on BETWEEN $2::date - 6 AND $2::date) AS sleep_avg_7d,
         (SELECT json_build_object('date', s.measured_on::text, 'systolic', s.value,
                                   'diastolic', d.value)
            FROM reference_values s
            JOIN reference_values d
              ON d.user_id = s.user_id AND d.type_key = 'bp_diastolic'
             AND d.measured_on = s.measured_on
           WHERE s.user_id = $1 AND s.type_key = 'bp_systolic' AND s.measured_on <= $2::date
           ORDER BY s.measured_on DESC LIMIT 1) AS bp_latest`,
      [userId, today],
    );
    return row as WindowAggregates;
  }

  async latest(userId: string): Promise<LatestRows> {
    const [weight, bodyfat, circumference, vitals, nutrition, activity] = await Promise.all([
      this.db.query<NonNullable<LatestRows['weight']>>(
        `SELECT date::text AS date, weight_kg::float8 AS weight_kg,
                body_fat_pct::float8 AS body_fat_pct
           FROM weight_entries WHERE user_id = $1 ORDER BY date DESC LIMIT 1`,
        [userId],
      ),
      this.db.query<NonNullable<LatestRows['bodyfat']>>(
        `SELECT date::text AS date, body_fat_pct::float8 AS body_fat_pct, formula
           FROM caliper_entries WHERE user_id = $1 ORDER BY date DESC, formula LIMIT 1`,
        [userId],
      ),
      this.db.query<LatestRows['circumference'][number]>(
        `SELECT DISTINCT ON (site) site, date::text AS date, value_cm::float8 AS value_cm
           FROM circumference_entries WHERE user_id = $1 ORDER BY site, date DESC`,
        [userId],
      ),
      this.db.query<{ type_key: string; date: string; value: unknown }>(
        `SELECT t.key AS type_key, v.date, v.value
           FROM reference_value_types t
           CROSS JOIN LATERAL (
             SELECT measured_on::text AS date, value::float8 AS value FROM reference_values
              WHERE user_id = $1 AND type_key = t.key ORDER BY measured_on DESC LIMIT 1) AS v
          ORDER BY t.key`,
        [userId],
      ),
      this.db.query<NutritionDay>(
        `SELECT date::text AS date, ${NUTRITION_DAY_COLUMNS}
           FROM nutrition_entries
          WHERE user_id = $1
            AND date = (SELECT max(date) FROM nutrition_entries WHERE user_id = $1)
          GROUP BY date`,
        [userId],
      ),
      this.db.query<ActivitySession>(
        `SELECT ${SESSION_COLUMNS} FROM activity_entries
          WHERE user_id = $1 ORDER BY activity_entries.started_at DESC, id DESC LIMIT 1`,
        [userId],
      ),
    ]);
    return {
      weight: weight[0] ?? null,
      bodyfat: bodyfat[0] ?? null,
      circumference,
      vitals: vitals.map((v) => ({
        ...v,
        value: toNumber(v.value) as number,
      })),
      nutrition: nutrition[0] ?? null,
      activity: activity[0] ?? null,
    };
  }
}
