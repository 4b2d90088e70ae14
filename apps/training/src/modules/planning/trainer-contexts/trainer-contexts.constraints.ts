import { ConflictError, UniqueConflicts } from '@sports/common';

export function duplicateContextName(): ConflictError {
  return new ConflictError('You already have a trainer context with this name.', 'NAME_TAKEN');
}

/** Unique constraints of `trainer_contexts` and what a request that hits one is answered. */
export const TRAINER_CONTEXT_CONFLICTS: UniqueConflicts = {
  trainer_contexts_name_key: duplicateContextName,
};
