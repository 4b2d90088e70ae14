import { DomainError, ForbiddenError } from '@sports/common';

/** 413: storing the upload would take the owner's media past the tier's storage quota. */
export function storageQuotaExceeded(v: {
  tier: string;
  quota_bytes: number;
  used_bytes: number;
  file_bytes: number;
}): DomainError {
  return new DomainError(
    413,
    'STORAGE_QUOTA_EXCEEDED',
    'Storage quota exceeded',
    `This upload needs ${v.file_bytes} bytes; ${v.used_bytes} of the ${v.quota_bytes} bytes of the ${v.tier} tier are in use.`,
    {
      extensions: v,
      hint: 'Move media you no longer need to the trash (it is purged after the retention period) or ask for a larger tier.',
    },
  );
}

/** 403: one more private exercise than the owner's tier allows. */
export function privateExerciseLimitReached(v: {
  tier: string;
  max_private_exercises: number;
  private_exercises: number;
}): ForbiddenError {
  return new ForbiddenError(
    `The ${v.tier} tier allows ${v.max_private_exercises} private exercises; ${v.private_exercises} exist.`,
    'PRIVATE_EXERCISE_LIMIT_REACHED',
    {
      extensions: v,
      hint: 'Delete or share private exercises (visibility club), or ask for a larger tier.',
    },
  );
}
