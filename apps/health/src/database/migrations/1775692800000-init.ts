import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts (sign-in with email + password) and their refresh tokens. */
export class Init1775692800000 implements MigrationInterface {
  name = 'Init1775692800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        password_hash text NOT NULL,
        display_name text CHECK (display_name IS NULL OR length(display_name) <= 200),
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        tier text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'plus', 'pro')),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
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
    await q.query(`DROP TABLE users`);
  }
}
