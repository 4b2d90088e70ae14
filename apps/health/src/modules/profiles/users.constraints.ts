import { ConflictError, UniqueConflicts } from '@sports/common';

export function emailTaken(): ConflictError {
  return new ConflictError('An account with this email already exists.', 'EMAIL_TAKEN');
}

/** Unique constraints of `users` and what a request that hits one is answered. */
export const USER_CONFLICTS: UniqueConflicts = {
  users_email_key: emailTaken,
};
