import { ConflictError, UniqueConflicts } from '@sports/common';

export function searchNameTaken(name?: string): ConflictError {
  return new ConflictError(
    name ? `You already have a search named "${name}".` : 'You already have a search of that name.',
    'NAME_TAKEN',
  );
}

/** Unique constraints of `exercise_searches` and what a request that hits one is answered. */
export const EXERCISE_SEARCH_CONFLICTS: UniqueConflicts = {
  exercise_searches_name_key: () => searchNameTaken(),
};
