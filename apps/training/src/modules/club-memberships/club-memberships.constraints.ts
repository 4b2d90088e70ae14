import { ConflictError, UniqueConflicts } from '@sports/common';

export function alreadyMember(): ConflictError {
  return new ConflictError('This profile is already a member of the club.', 'ALREADY_MEMBER');
}

/** Unique constraints of `club_members` and what a request that hits one is answered. */
export const CLUB_MEMBERSHIP_CONFLICTS: UniqueConflicts = {
  club_members_club_profile_key: alreadyMember,
};
