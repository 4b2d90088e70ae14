import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracking data owned by one user each: activity, nutrition, baseline vital values (with the
 * admin-administered types) and progress photos. Ranges are physically plausible bounds; the
 * API validates the same bounds first so that clients get field-level messages.
 */
export class Tracking1775692802000 implements MigrationInterface {
  name = 'Tracking1775692802000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE activity_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        activity_type text NOT NULL CHECK (activity_type IN (
          'run', 'walk', 'cycle', 'swim', 'strength', 'hiit', 'yoga', 'row', 'hike', 'ski',
          'team_sport', 'other')),
        started_at timestamptz NOT NULL,
        duration_min numeric(7, 2) NOT NULL CHECK (duration_min > 0 AND duration_min <= 1440),
        distance_km numeric(8, 3) CHECK (distance_km IS NULL OR distance_km BETWEEN 0 AND 1000),
        kcal numeric(7, 1) CHECK (kcal IS NULL OR kcal BETWEEN 0 AND 20000),
        avg_hr integer CHECK (avg_hr IS NULL OR avg_hr BETWEEN 25 AND 250),
        max_hr integer CHECK (max_hr IS NULL OR max_hr BETWEEN 25 AND 250),
        rpe integer CHECK (rpe IS NULL OR rpe BETWEEN 1 AND 10),
        notes text CHECK (notes IS NULL OR length(notes) <= 2000),
        source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'csv', 'import')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT activity_entries_hr_order CHECK (
          max_hr IS NULL OR avg_hr IS NULL OR max_hr >= avg_hr)
      )`);
    await q.query(
      `CREATE INDEX activity_entries_user_started_idx ON activity_entries (user_id, started_at DESC)`,
    );

    await q.query(`
      CREATE TABLE nutrition_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        date date NOT NULL,
        meal text CHECK (meal IS NULL OR meal IN ('breakfast', 'lunch', 'dinner', 'snack', 'day')),
        kcal numeric(7, 1) NOT NULL CHECK (kcal BETWEEN 0 AND 20000),
        protein_g numeric(6, 1) CHECK (protein_g IS NULL OR protein_g BETWEEN 0 AND 2000),
        carbohydrate_g numeric(6, 1) CHECK (carbohydrate_g IS NULL OR carbohydrate_g BETWEEN 0 AND 2000),
        fat_g numeric(6, 1) CHECK (fat_g IS NULL OR fat_g BETWEEN 0 AND 2000),
        fibre_g numeric(6, 1) CHECK (fibre_g IS NULL OR fibre_g BETWEEN 0 AND 2000),
        source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'csv', 'import')),
        note text CHECK (note IS NULL OR length(note) <= 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX nutrition_entries_user_date_idx ON nutrition_entries (user_id, date)`,
    );
    // The CSV import writes one aggregated row per day; re-importing the same file must not add rows.
    await q.query(`
      CREATE UNIQUE INDEX nutrition_entries_csv_day_key ON nutrition_entries (user_id, date)
      WHERE meal = 'day' AND source = 'csv'`);
    // One manually kept daily total per day as well (the API also refuses a second across sources).
    await q.query(`
      CREATE UNIQUE INDEX nutrition_entries_day_total_key ON nutrition_entries (user_id, date)
      WHERE meal = 'day' AND source <> 'csv'`);

    await q.query(`
      CREATE TABLE reference_value_types (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{1,62}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        unit text NOT NULL CHECK (length(unit) BETWEEN 1 AND 40),
        min_value numeric NOT NULL,
        max_value numeric NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reference_value_types_range CHECK (min_value < max_value)
      )`);
    await q.query(`
      INSERT INTO reference_value_types (key, name, unit, min_value, max_value) VALUES
        ('resting_hr', 'Resting heart rate', 'bpm', 25, 150),
        ('hrv_rmssd', 'Heart rate variability (RMSSD)', 'ms', 1, 300),
        ('bp_systolic', 'Blood pressure, systolic', 'mmHg', 60, 260),
        ('bp_diastolic', 'Blood pressure, diastolic', 'mmHg', 30, 160),
        ('sleep_duration', 'Sleep duration', 'h', 0, 24),
        ('body_temperature', 'Body temperature', '°C', 33, 43),
        ('spo2', 'Oxygen saturation (SpO2)', '%', 50, 100)`);

    await q.query(`
      CREATE TABLE reference_values (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type_key text NOT NULL REFERENCES reference_value_types(key) ON UPDATE CASCADE,
        measured_on date NOT NULL,
        measured_at timestamptz,
        value numeric NOT NULL,
        source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'csv', 'import')),
        note text CHECK (note IS NULL OR length(note) <= 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reference_values_one_per_day UNIQUE (user_id, type_key, measured_on)
      )`);
    await q.query(`CREATE INDEX reference_values_type_idx ON reference_values (type_key)`);

    await q.query(`
      CREATE TABLE photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        taken_on date NOT NULL,
        pose text CHECK (pose IS NULL OR pose IN ('front', 'side', 'back', 'other')),
        mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif')),
        byte_size bigint NOT NULL CHECK (byte_size > 0),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        storage_path text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX photos_user_taken_idx ON photos (user_id, taken_on DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE photos`);
    await q.query(`DROP TABLE reference_values`);
    await q.query(`DROP TABLE reference_value_types`);
    await q.query(`DROP TABLE nutrition_entries`);
    await q.query(`DROP TABLE activity_entries`);
  }
}
