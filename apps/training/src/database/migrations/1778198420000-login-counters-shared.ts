import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-account login backoff moved to the shared login protection of libs/common (counted
 * in Redis or in memory, together with the per-address limits): its columns go.
 */
export class LoginCountersShared1778198420000 implements MigrationInterface {
  name = 'LoginCountersShared1778198420000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE profiles DROP COLUMN login_locked_until, DROP COLUMN failed_login_count`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE profiles
        ADD COLUMN failed_login_count int NOT NULL DEFAULT 0 CHECK (failed_login_count >= 0),
        ADD COLUMN login_locked_until timestamptz`);
  }
}
