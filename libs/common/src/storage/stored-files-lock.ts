import type { EntityManager } from 'typeorm';

/**
 * The advisory lock between transactions that place or move stored files (shared) and the
 * orphan sweep (exclusive): while the sweep checks rows and deletes, no such transaction is
 * open, so a file whose row is not committed yet is never taken for an orphan.
 */
const STORED_FILES_LOCK = 'storage:stored-files';

/** Taken first in every storage transaction (before any row lock, so no lock cycle forms). */
export async function lockStoredFilesShared(m: EntityManager): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [
    STORED_FILES_LOCK,
  ]);
}

/** Taken by the sweep around its row check and deletions; waits for open storage transactions. */
export async function lockStoredFilesExclusive(m: EntityManager): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [STORED_FILES_LOCK]);
}
