import { MigrationInterface, QueryRunner } from 'typeorm';

/** Profiles (sign-in with email + PIN) and their refresh tokens. */
export class Init1778198400000 implements MigrationInterface {
  name = 'Init1778198400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(`
      CREATE TABLE profiles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        pin_hash text NOT NULL,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin', 'superadmin')),
        tier text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'trainer', 'club')),
        active_club_id uuid,
        exercise_list_prefs jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(exercise_list_prefs) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX profiles_email_key ON profiles (lower(email))`);
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_subject_idx ON refresh_tokens (subject_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE profiles`);
  }
}
