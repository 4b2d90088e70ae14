import { MigrationInterface, QueryRunner } from 'typeorm';

/** The smallest schema the shared building blocks need: accounts and their refresh tokens. */
export class Fixture1700000000000 implements MigrationInterface {
  name = 'Fixture1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE accounts (id uuid PRIMARY KEY, email text NOT NULL, role text NOT NULL)`,
    );
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE accounts`);
  }
}
