import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WebP renditions of progress photos (a 256 px thumbnail and a 1280 px preview, made by the
 * job queue's `photo-renditions` jobs) and where each photo's renditions stand. Photos stored
 * before count as `none` (their original is served).
 */
export class PhotoRenditions1795464300000 implements MigrationInterface {
  name = 'PhotoRenditions1795464300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE photos ADD COLUMN renditions_status text NOT NULL DEFAULT 'none'
        CHECK (renditions_status IN ('pending', 'ready', 'unsupported', 'none'))`);
    await q.query(`
      CREATE TABLE photo_renditions (
        photo_id uuid NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
        variant text NOT NULL CHECK (variant IN ('thumbnail', 'preview')),
        width int NOT NULL CHECK (width > 0),
        height int NOT NULL CHECK (height > 0),
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        storage_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (photo_id, variant)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE photo_renditions');
    await q.query('ALTER TABLE photos DROP COLUMN renditions_status');
  }
}
