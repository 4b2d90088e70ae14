import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExportProfile, ImportableSection } from '../exportdata/export-document';
import type { ReferenceTypeRange } from './import-rows';

/** Column list of each section's table, in the document's field names (= column names). */
const TABLES: Record<ImportableSection, { table: string; columns: [string, string][] }> = {
  weight: {
    table: 'weight_entries',
    columns: [
      ['date', 'date'],
      ['weight_kg', 'numeric'],
      ['body_fat_pct', 'numeric'],
      ['note', 'text'],
      ['source', 'text'],
    ],
  },
  circumference: {
    table: 'circumference_entries',
    columns: [
      ['date', 'date'],
      ['site', 'text'],
      ['value_cm', 'numeric'],
      ['note', 'text'],
      ['source', 'text'],
    ],
  },
  caliper: {
    table: 'caliper_entries',
    columns: [
      ['date', 'date'],
      ['formula', 'text'],
      ['sites', 'jsonb'],
      ['body_fat_pct', 'numeric'],
      ['density', 'numeric'],
      ['age_years', 'integer'],
      ['sex', 'text'],
      ['note', 'text'],
      ['source', 'text'],
    ],
  },
  activity: {
    table: 'activity_entries',
    columns: [
      ['activity_type', 'text'],
      ['started_at', 'timestamptz'],
      ['duration_min', 'numeric'],
      ['distance_km', 'numeric'],
      ['kcal', 'numeric'],
      ['avg_hr', 'integer'],
      ['max_hr', 'integer'],
      ['rpe', 'integer'],
      ['notes', 'text'],
      ['source', 'text'],
    ],
  },
  nutrition: {
    table: 'nutrition_entries',
    columns: [
      ['date', 'date'],
      ['meal', 'text'],
      ['kcal', 'numeric'],
      ['protein_g', 'numeric'],
      ['carbohydrate_g', 'numeric'],
      ['fat_g', 'numeric'],
      ['fibre_g', 'numeric'],
      ['note', 'text'],
      ['source', 'text'],
    ],
  },
  reference_values: {
    table: 'reference_values',
    columns: [
      ['type_key', 'text'],
      ['measured_on', 'date'],
      ['measured_at', 'timestamptz'],
      ['value', 'numeric'],
      ['note', 'text'],
      ['source', 'text'],
    ],
  },
};

/** Rows per statement: keeps each JSON parameter well below PostgreSQL's limits. */
const CHUNK = 5000;

const PROFILE_COLUMNS: (keyof ExportProfile)[] = [
  'display_name',
  'sex',
  'birth_date',
  'height_cm',
  'goal_weight_kg',
  'activity_level',
  'units',
];

/** The import's writes: set-based inserts and updates through jsonb_to_recordset. */
@Injectable()
export class ImportdataRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  referenceTypes(): Promise<ReferenceTypeRange[]> {
    return this.db.query(
      `SELECT key, min_value::float8 AS min_value, max_value::float8 AS max_value, unit
         FROM reference_value_types`,
    );
  }

  /** Serialises concurrent imports of one user (row lock until the transaction ends). */
  async lockUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  }

  async insert(
    m: EntityManager,
    userId: string,
    section: ImportableSection,
    rows: object[],
  ): Promise<void> {
    const { table, columns } = TABLES[section];
    const names = columns.map(([c]) => c).join(', ');
    const record = columns.map(([c, t]) => `${c} ${t}`).join(', ');
    for (let i = 0; i < rows.length; i += CHUNK) {
      await m.query(
        `INSERT INTO ${table} (user_id, ${names})
         SELECT $1, ${names} FROM jsonb_to_recordset($2::jsonb) AS r(${record})`,
        [userId, JSON.stringify(rows.slice(i, i + CHUNK))],
      );
    }
  }

  async update(
    m: EntityManager,
    userId: string,
    section: ImportableSection,
    rows: { id: string; row: object }[],
  ): Promise<void> {
    const { table, columns } = TABLES[section];
    const set = columns.map(([c]) => `${c} = r.${c}`).join(', ');
    const record = columns.map(([c, t]) => `${c} ${t}`).join(', ');
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK).map((u) => ({ ...u.row, id: u.id }));
      await m.query(
        `UPDATE ${table} AS t SET ${set}, updated_at = now()
           FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, ${record})
          WHERE t.id = r.id AND t.user_id = $1`,
        [userId, JSON.stringify(chunk)],
      );
    }
  }

  /** Writes the profile fields present in `values`. */
  async updateProfile(
    m: EntityManager,
    userId: string,
    values: Partial<ExportProfile>,
  ): Promise<void> {
    const cols = PROFILE_COLUMNS.filter((c) => values[c] !== undefined);
    if (!cols.length) return;
    await m.query(
      `UPDATE users SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
        WHERE id = $1`,
      [userId, ...cols.map((c) => values[c])],
    );
  }
}

export { PROFILE_COLUMNS };
