import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds: a club's IANA time zone, training units' location, cancel state and
 * iCalendar SEQUENCE (raised by a trigger whenever a field an event shows changes), and the
 * secret feed tokens (stored as SHA-256).
 */
export class Calendar1778198407000 implements MigrationInterface {
  name = 'Calendar1778198407000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE clubs ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'
        CHECK (length(time_zone) BETWEEN 1 AND 64)`);
    await q.query(`
      ALTER TABLE training_units
        ADD COLUMN location text CHECK (location IS NULL OR length(location) <= 500),
        ADD COLUMN status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        ADD COLUMN sequence integer NOT NULL DEFAULT 0 CHECK (sequence >= 0)`);
    // RFC 5545 §3.8.7.4: the sequence rises with every revision a calendar user should see.
    await q.query(`
      CREATE FUNCTION training_units_next_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.sequence := OLD.sequence + 1;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER training_units_sequence BEFORE UPDATE ON training_units
        FOR EACH ROW WHEN (
          OLD.title IS DISTINCT FROM NEW.title
          OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
          OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes
          OR OLD.location IS DISTINCT FROM NEW.location
          OR OLD.status IS DISTINCT FROM NEW.status
          OR OLD.group_id IS DISTINCT FROM NEW.group_id
          OR OLD.lead_trainer_profile_id IS DISTINCT FROM NEW.lead_trainer_profile_id)
        EXECUTE FUNCTION training_units_next_sequence()`);
    await q.query(`
      CREATE TABLE calendar_feeds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        scope text NOT NULL CHECK (scope IN ('personal', 'club')),
        club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
        group_id uuid REFERENCES groups(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz,
        CHECK ((scope = 'personal') = (club_id IS NULL)),
        CHECK (group_id IS NULL OR club_id IS NOT NULL),
        CONSTRAINT calendar_feeds_one_per_scope UNIQUE NULLS NOT DISTINCT (profile_id, scope, club_id, group_id)
      )`);
    await q.query(
      `CREATE INDEX calendar_feeds_club_idx ON calendar_feeds (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX calendar_feeds_group_idx ON calendar_feeds (group_id) WHERE group_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE calendar_feeds`);
    await q.query(`DROP TRIGGER training_units_sequence ON training_units`);
    await q.query(`DROP FUNCTION training_units_next_sequence()`);
    await q.query(`
      ALTER TABLE training_units DROP COLUMN sequence, DROP COLUMN status, DROP COLUMN location`);
    await q.query(`ALTER TABLE clubs DROP COLUMN time_zone`);
  }
}
