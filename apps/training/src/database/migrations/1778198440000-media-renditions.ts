import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Image renditions of media assets (a 256 px thumbnail and a 1280 px preview in WebP, made by
 * the job queue's `media-renditions` jobs) and where each asset's renditions stand. Assets
 * stored before count as `none` (no renditions; their original is served).
 */
export class MediaRenditions1778198440000 implements MigrationInterface {
  name = 'MediaRenditions1778198440000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE media_assets ADD COLUMN renditions_status text NOT NULL DEFAULT 'none'
        CHECK (renditions_status IN ('pending', 'ready', 'unsupported', 'none'))`);
    await q.query(`
      CREATE TABLE media_asset_renditions (
        asset_id uuid NOT NULL REFERENCES media_assets(id) ON DELETE CASCADE,
        variant text NOT NULL CHECK (variant IN ('thumbnail', 'preview')),
        width int NOT NULL CHECK (width > 0),
        height int NOT NULL CHECK (height > 0),
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        storage_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (asset_id, variant)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE media_asset_renditions');
    await q.query('ALTER TABLE media_assets DROP COLUMN renditions_status');
  }
}
