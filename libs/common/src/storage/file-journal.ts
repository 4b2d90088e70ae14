import { Logger } from '@nestjs/common';
import type { StorageDriver } from './storage-driver';

/**
 * The file operations of one database transaction. Moves and placements happen at once and
 * are undone (in reverse order) when the transaction fails; deletions wait for the commit.
 */
export class FileJournal {
  private readonly undo: (() => Promise<void>)[] = [];
  private readonly afterCommit: (() => Promise<void>)[] = [];
  private readonly logger = new Logger('StoredFiles');

  constructor(private readonly driver: StorageDriver) {}

  async move(from: string, to: string): Promise<void> {
    if (from === to) return;
    await this.driver.move(from, to);
    this.undo.push(() => this.driver.move(to, from));
  }

  async place(stagingPath: string, key: string, contentType: string): Promise<void> {
    await this.driver.putFromFile(stagingPath, key, contentType);
    this.undo.push(() => this.driver.delete(key));
  }

  /** Deletes the file once the transaction has committed. */
  deleteAfterCommit(key: string): void {
    this.afterCommit.push(() => this.driver.delete(key));
  }

  async rollback(): Promise<void> {
    for (const step of this.undo.splice(0).reverse()) {
      await step().catch((err: Error) =>
        this.logger.error(`undo of a file operation failed: ${err.message}`),
      );
    }
    this.afterCommit.length = 0;
  }

  async commit(): Promise<void> {
    this.undo.length = 0;
    for (const step of this.afterCommit.splice(0)) {
      await step().catch((err: Error) =>
        this.logger.warn(`deleting a file after the commit failed: ${err.message}`),
      );
    }
  }
}
