import type { UniqueConflicts } from '@sports/common';
import { slugTaken } from '../catalogs/slug-assignment';

export const SKILL_SLUG_KEY = 'skills_slug_key';

/** Unique constraints of `skills` and what a request that hits one is answered. */
export const SKILL_CONFLICTS: UniqueConflicts = {
  [SKILL_SLUG_KEY]: () => slugTaken(),
};
