import { ConflictError, UniqueConflicts } from '@sports/common';

/** Unique constraints of `progression_edges` and what a request that hits one is answered. */
export const PROGRESSION_GRAPH_CONFLICTS: UniqueConflicts = {
  progression_edges_key: () =>
    new ConflictError(
      'An edge between these exercises already exists in this graph; nothing was written.',
      'DUPLICATE_EDGE',
    ),
};
