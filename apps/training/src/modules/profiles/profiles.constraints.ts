import { ConflictError, UniqueConflicts } from '@sports/common';

export function emailTaken(): ConflictError {
  return new ConflictError('A profile with this email already exists.', 'EMAIL_TAKEN');
}

/** Unique constraints of `profiles` and what a request that hits one is answered. */
export const PROFILE_CONFLICTS: UniqueConflicts = {
  profiles_email_key: emailTaken,
};
