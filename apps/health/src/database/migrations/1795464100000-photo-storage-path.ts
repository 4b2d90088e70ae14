import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per stored photo file, and an index for the storage sweep, which looks up listed
 * files by their path to find the ones no row references.
 */
export class PhotoStoragePath1795464100000 implements MigrationInterface {
  name = 'PhotoStoragePath1795464100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX photos_storage_path_key ON photos (storage_path)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX photos_storage_path_key`);
  }
}
