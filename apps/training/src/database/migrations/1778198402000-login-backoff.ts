import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-account login backoff (consecutive failures and the lock they cause) and the
 * platform-wide settings table (first key: the relative media root).
 */
export class LoginBackoff1778198402000 implements MigrationInterface {
  name = 'LoginBackoff1778198402000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE profiles
        ADD COLUMN failed_login_count int NOT NULL DEFAULT 0 CHECK (failed_login_count >= 0),
        ADD COLUMN login_locked_until timestamptz`);
    await q.query(`
      CREATE TABLE platform_settings (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{0,62}$'),
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE platform_settings`);
    await q.query(
      `ALTER TABLE profiles DROP COLUMN login_locked_until, DROP COLUMN failed_login_count`,
    );
  }
}
