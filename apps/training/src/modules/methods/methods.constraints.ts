import type { UniqueConflicts } from '@sports/common';
import { slugTaken } from '../catalogs/slug-assignment';

export const METHOD_SLUG_KEY = 'methods_slug_key';

/** Unique constraints of `methods` and what a request that hits one is answered. */
export const METHOD_CONFLICTS: UniqueConflicts = {
  [METHOD_SLUG_KEY]: () => slugTaken(),
};
