import { ConflictError, UniqueConflicts } from '@sports/common';

export function pendingConflict(): ConflictError {
  return new ConflictError(
    'You already have a pending join request for this club.',
    'JOIN_REQUEST_PENDING',
  );
}

/** Unique constraints of `club_join_requests` and what a request that hits one is answered. */
export const CLUB_JOIN_REQUEST_CONFLICTS: UniqueConflicts = {
  club_join_requests_one_pending: pendingConflict,
};
