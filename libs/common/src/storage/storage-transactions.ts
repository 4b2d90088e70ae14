import type { DataSource, EntityManager } from 'typeorm';
import { FileJournal } from './file-journal';
import type { StorageDriver } from './storage-driver';
import { lockStoredFilesShared } from './stored-files-lock';

/**
 * Database transactions bound to file operations: moves and placements done through the
 * journal are undone when the transaction fails, deletions happen after the commit.
 */
export class StorageTransactions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly driver: StorageDriver,
  ) {}

  async run<T>(work: (m: EntityManager, files: FileJournal) => Promise<T>): Promise<T> {
    const files = new FileJournal(this.driver);
    let result: T;
    try {
      result = await this.dataSource.transaction(async (m) => {
        await lockStoredFilesShared(m);
        try {
          return await work(m, files);
        } catch (err) {
          // Undone while the lock is held: the sweep must not see a half-undone move.
          await files.rollback();
          throw err;
        }
      });
    } catch (err) {
      await files.rollback();
      throw err;
    }
    await files.commit();
    return result;
  }
}
