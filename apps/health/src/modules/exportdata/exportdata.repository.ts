import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExportProfile, PhotoRow, StoredData } from './export-document';

/** ISO UTC with milliseconds, the same text JavaScript's toISOString() writes. */
const isoUtc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's reads: every row of every tracking table of one user, in the document's stable
 * order. Runs on the given manager so the import can read inside its transaction.
 */
@Injectable()
export class ExportdataRepository {
  constructor(private readonly db: DataSource) {}

  async read(userId: string, manager: EntityManager = this.db.manager): Promise<StoredData | null> {
    const q = <T>(sql: string): Promise<T[]> => manager.query(sql, [userId]);
    const [profile] = await q<ExportProfile>(
      `SELECT display_name, sex, birth_date::text AS birth_date, height_cm::float8 AS height_cm,
              goal_weight_kg::float8 AS goal_weight_kg, activity_level, units
         FROM users WHERE id = $1`,
    );
    if (!profile) return null;
    // One client of a transaction runs one query at a time; outside one, the pool runs them side by side.
    const all = manager.queryRunner
      ? async (queries: (() => Promise<unknown[]>)[]) => {
          const out: unknown[][] = [];
          for (const run of queries) out.push(await run());
          return out;
        }
      : (queries: (() => Promise<unknown[]>)[]) => Promise.all(queries.map((run) => run()));
    const [weight, circumference, caliper, activity, nutrition, referenceValues, photos] =
      (await all([
        () =>
          q(`SELECT id, date::text AS date, weight_kg::float8 AS weight_kg,
                  body_fat_pct::float8 AS body_fat_pct, note, source
             FROM weight_entries WHERE user_id = $1 ORDER BY date`),
        () =>
          q(`SELECT id, date::text AS date, site, value_cm::float8 AS value_cm, note, source
             FROM circumference_entries WHERE user_id = $1 ORDER BY date, site`),
        () =>
          q(`SELECT id, date::text AS date, formula, sites, body_fat_pct::float8 AS body_fat_pct,
                  density::float8 AS density, age_years, sex, note, source
             FROM caliper_entries WHERE user_id = $1 ORDER BY date, formula`),
        () =>
          q(`SELECT id, activity_type, ${isoUtc('started_at')} AS started_at,
                  duration_min::float8 AS duration_min, distance_km::float8 AS distance_km,
                  kcal::float8 AS kcal, avg_hr, max_hr, rpe, notes, source
             FROM activity_entries WHERE user_id = $1
            ORDER BY started_at, activity_type, source, duration_min, distance_km, kcal, rpe,
                     avg_hr, max_hr, notes, id`),
        () =>
          q(`SELECT id, date::text AS date, meal, kcal::float8 AS kcal, protein_g::float8 AS protein_g,
                  carbohydrate_g::float8 AS carbohydrate_g, fat_g::float8 AS fat_g,
                  fibre_g::float8 AS fibre_g, note, source
             FROM nutrition_entries WHERE user_id = $1
            ORDER BY date, meal NULLS FIRST, source, kcal, protein_g, carbohydrate_g, fat_g,
                     fibre_g, note, id`),
        () =>
          q(`SELECT id, type_key, measured_on::text AS measured_on,
                  ${isoUtc('measured_at')} AS measured_at, value::float8 AS value, note, source
             FROM reference_values WHERE user_id = $1 ORDER BY type_key, measured_on`),
        () =>
          q<PhotoRow>(`SELECT taken_on::text AS taken_on, pose, mime_type, byte_size::float8 AS byte_size
             FROM photos WHERE user_id = $1 ORDER BY taken_on, created_at, id`),
      ])) as [never[], never[], never[], never[], never[], never[], PhotoRow[]];
    return {
      profile,
      sections: {
        weight,
        circumference,
        caliper,
        activity,
        nutrition,
        reference_values: referenceValues,
      } as StoredData['sections'],
      photos,
    };
  }
}
