import { ConflictError, UniqueConflicts } from '@sports/common';

export function wikiImportRunning(): ConflictError {
  return new ConflictError('An import from this wiki is already running.', 'WIKI_IMPORT_RUNNING', {
    hint: 'Wait for it to end (GET /api/import-wiki/jobs) or cancel it.',
  });
}

/** Unique constraints of `wiki_import_jobs` and what a request that hits one is answered. */
export const IMPORT_WIKI_CONFLICTS: UniqueConflicts = {
  wiki_import_jobs_one_active: wikiImportRunning,
};
