import { ConflictError, UniqueConflicts } from '@sports/common';

/** Unique constraints of `workflow_question_catalog` and what a request that hits one is answered. */
export function questionConflicts(key: string): UniqueConflicts {
  return {
    workflow_question_catalog_pkey: () =>
      new ConflictError(`Question "${key}" exists already.`, 'QUESTION_KEY_EXISTS'),
  };
}
