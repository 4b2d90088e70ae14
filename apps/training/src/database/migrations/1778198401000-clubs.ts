import { MigrationInterface, QueryRunner } from 'typeorm';

/** Clubs, their members (several roles each), join requests and training groups. */
export class Clubs1778198401000 implements MigrationInterface {
  name = 'Clubs1778198401000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clubs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 5000),
        city text CHECK (city IS NULL OR length(city) <= 200),
        is_listed boolean NOT NULL DEFAULT true,
        primary_admin_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX clubs_listed_name_idx ON clubs (lower(name)) WHERE is_listed`);
    await q.query(`
      CREATE TABLE club_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        roles text[] NOT NULL CHECK (
          cardinality(roles) >= 1
          AND roles <@ ARRAY['club_admin', 'trainer', 'member']::text[]
        ),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT club_members_club_profile_key UNIQUE (club_id, profile_id)
      )`);
    await q.query(`CREATE INDEX club_members_profile_idx ON club_members (profile_id)`);
    await q.query(`
      CREATE TABLE club_join_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        message text CHECK (message IS NULL OR length(message) <= 2000),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
        decided_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'pending') = (decided_at IS NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX club_join_requests_one_pending ON club_join_requests (club_id, profile_id) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX club_join_requests_profile_idx ON club_join_requests (profile_id)`);
    await q.query(`
      CREATE TABLE groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        default_lead_trainer_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        default_assistant_trainer_profile_ids uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX groups_club_idx ON groups (club_id)`);
    await q.query(`
      ALTER TABLE profiles ADD CONSTRAINT profiles_active_club_fk
        FOREIGN KEY (active_club_id) REFERENCES clubs(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE profiles DROP CONSTRAINT profiles_active_club_fk`);
    await q.query(`DROP TABLE groups`);
    await q.query(`DROP TABLE club_join_requests`);
    await q.query(`DROP TABLE club_members`);
    await q.query(`DROP TABLE clubs`);
  }
}
