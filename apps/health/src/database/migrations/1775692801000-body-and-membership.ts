import { MigrationInterface, QueryRunner } from 'typeorm';

const SOURCE_CHECK = `source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'csv', 'import'))`;

/**
 * Profile body fields, membership (tiers, feature catalog, per-user overrides) and the body
 * tracking tables weight, circumference and caliper.
 *
 * Tier seed: free = {charts.basic}; plus = free + {charts.advanced, csv_import, photos, export};
 * pro = plus + {workflow.run}. Admins edit the sets later through the API.
 */
export class BodyAndMembership1775692801000 implements MigrationInterface {
  name = 'BodyAndMembership1775692801000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN sex text CHECK (sex IN ('female', 'male')),
        ADD COLUMN birth_date date,
        ADD COLUMN height_cm numeric(5,1) CHECK (height_cm BETWEEN 50 AND 272),
        ADD COLUMN goal_weight_kg numeric(5,2) CHECK (goal_weight_kg BETWEEN 20 AND 400),
        ADD COLUMN activity_level text
          CHECK (activity_level IN ('sedentary', 'light', 'moderate', 'active', 'very_active')),
        ADD COLUMN units text NOT NULL DEFAULT 'metric' CHECK (units IN ('metric', 'imperial'))`);

    await q.query(`
      CREATE TABLE features (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$'),
        description text NOT NULL
      )`);
    await q.query(`
      INSERT INTO features (key, description) VALUES
        ('charts.basic', 'Basic charts (E group)'),
        ('charts.advanced', 'Advanced charts (A, R and C groups)'),
        ('workflow.run', 'Run workflows and workflow prompts'),
        ('csv_import', 'Import data from CSV files'),
        ('photos', 'Progress photos'),
        ('export', 'Data export')`);
    await q.query(`
      CREATE TABLE membership_tiers (
        tier text PRIMARY KEY CHECK (tier IN ('free', 'plus', 'pro')),
        features text[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO membership_tiers (tier, features) VALUES
        ('free', '{charts.basic}'),
        ('plus', '{charts.basic,charts.advanced,csv_import,photos,export}'),
        ('pro', '{charts.basic,charts.advanced,csv_import,photos,export,workflow.run}')`);
    await q.query(`
      ALTER TABLE users ADD CONSTRAINT users_tier_fkey
        FOREIGN KEY (tier) REFERENCES membership_tiers(tier)`);
    await q.query(`
      CREATE TABLE user_feature_overrides (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        feature text NOT NULL REFERENCES features(key) ON DELETE CASCADE,
        granted boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, feature)
      )`);

    await q.query(`
      CREATE TABLE weight_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        date date NOT NULL,
        weight_kg numeric(5,2) NOT NULL CHECK (weight_kg BETWEEN 20 AND 400),
        body_fat_pct numeric(4,1) CHECK (body_fat_pct BETWEEN 2 AND 70),
        note text CHECK (note IS NULL OR length(note) <= 500),
        ${SOURCE_CHECK},
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT weight_entries_user_date_key UNIQUE (user_id, date)
      )`);
    await q.query(`
      CREATE TABLE circumference_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        date date NOT NULL,
        site text NOT NULL CHECK (site IN
          ('neck', 'chest', 'waist', 'hip', 'thigh', 'arm', 'calf', 'forearm', 'shoulders')),
        value_cm numeric(5,1) NOT NULL CHECK (value_cm BETWEEN 10 AND 250),
        note text CHECK (note IS NULL OR length(note) <= 500),
        ${SOURCE_CHECK},
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT circumference_entries_user_date_site_key UNIQUE (user_id, date, site)
      )`);
    await q.query(`
      CREATE TABLE caliper_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        date date NOT NULL,
        formula text NOT NULL CHECK (formula IN ('jp3', 'jp7', 'dw4')),
        sites jsonb NOT NULL CHECK (jsonb_typeof(sites) = 'object'),
        body_fat_pct numeric(4,1) NOT NULL CHECK (body_fat_pct BETWEEN 0 AND 80),
        density numeric(6,4) NOT NULL CHECK (density BETWEEN 0.9 AND 1.2),
        age_years integer NOT NULL CHECK (age_years BETWEEN 5 AND 120),
        sex text NOT NULL CHECK (sex IN ('female', 'male')),
        note text CHECK (note IS NULL OR length(note) <= 500),
        ${SOURCE_CHECK},
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT caliper_entries_user_date_formula_key UNIQUE (user_id, date, formula)
      )`);
    // The unique constraints above lead with (user_id, date) and serve range queries too;
    // these plain indexes keep date-range scans independent of the unique key's shape.
    await q.query(
      `CREATE INDEX circumference_entries_user_date_idx ON circumference_entries (user_id, date)`,
    );
    await q.query(`CREATE INDEX caliper_entries_user_date_idx ON caliper_entries (user_id, date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE caliper_entries`);
    await q.query(`DROP TABLE circumference_entries`);
    await q.query(`DROP TABLE weight_entries`);
    await q.query(`DROP TABLE user_feature_overrides`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_tier_fkey`);
    await q.query(`DROP TABLE membership_tiers`);
    await q.query(`DROP TABLE features`);
    await q.query(`
      ALTER TABLE users
        DROP COLUMN units, DROP COLUMN activity_level, DROP COLUMN goal_weight_kg,
        DROP COLUMN height_cm, DROP COLUMN birth_date, DROP COLUMN sex`);
  }
}
