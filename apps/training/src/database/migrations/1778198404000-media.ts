import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library (media_assets) and the links of exercises to assets (exercise_media).
 * De-duplication per (sha256, visibility, club_id) is backed by partial unique indexes: with a
 * club, per club; without one, official assets once per platform and private assets once per
 * owner (the profile stands in for the club, as in the storage layout).
 */
export class Media1778198404000 implements MigrationInterface {
  name = 'Media1778198404000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media_assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        media_kind text NOT NULL CHECK (media_kind IN ('image', 'video', 'audio', 'document', 'archive')),
        mime_type text NOT NULL CHECK (mime_type ~ '^[a-z0-9.+-]+/[a-z0-9.+-]+$'),
        extension text NOT NULL CHECK (extension ~ '^[a-z0-9]{1,10}$'),
        original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
        label text CHECK (label IS NULL OR length(label) <= 300),
        copyright_notice text CHECK (copyright_notice IS NULL OR length(copyright_notice) <= 500),
        tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 50),
        visibility text NOT NULL CHECK (visibility IN ('private', 'club', 'official')),
        club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
        uploaded_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        owner_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        storage_key text NOT NULL CHECK (storage_key !~ '(^|/)\\.\\.(/|$)' AND storage_key !~ '^/'),
        lifecycle text NOT NULL DEFAULT 'active' CHECK (lifecycle IN ('active', 'trash_soft', 'trash_hidden')),
        lifecycle_changed_at timestamptz NOT NULL DEFAULT now(),
        lifecycle_changed_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (visibility <> 'club' OR club_id IS NOT NULL),
        CHECK (visibility <> 'official' OR club_id IS NULL),
        CONSTRAINT media_assets_storage_key_key UNIQUE (storage_key)
      )`);
    await q.query(`CREATE UNIQUE INDEX media_assets_dedupe_club_key
      ON media_assets (sha256, visibility, club_id) WHERE club_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX media_assets_dedupe_official_key
      ON media_assets (sha256) WHERE club_id IS NULL AND visibility = 'official'`);
    await q.query(`CREATE UNIQUE INDEX media_assets_dedupe_private_key
      ON media_assets (sha256, owner_profile_id) WHERE club_id IS NULL AND visibility = 'private'`);
    await q.query(
      `CREATE INDEX media_assets_club_idx ON media_assets (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX media_assets_uploader_idx ON media_assets (uploaded_by_profile_id)`,
    );
    await q.query(`CREATE INDEX media_assets_trash_idx ON media_assets (lifecycle, lifecycle_changed_at)
      WHERE lifecycle <> 'active'`);

    await q.query(`
      CREATE TABLE exercise_media (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        exercise_id uuid NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
        media_asset_id uuid NOT NULL REFERENCES media_assets(id) ON DELETE CASCADE,
        file_path text NOT NULL,
        label text CHECK (label IS NULL OR length(label) <= 300),
        caption text CHECK (caption IS NULL OR length(caption) <= 1000),
        sort_order int NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 100000),
        created_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT exercise_media_asset_key UNIQUE (exercise_id, media_asset_id)
      )`);
    await q.query(`CREATE INDEX exercise_media_asset_idx ON exercise_media (media_asset_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE exercise_media');
    await q.query('DROP TABLE media_assets');
  }
}
