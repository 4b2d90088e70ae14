/** Longest accepted relative media root. */
export const RELATIVE_ROOT_MAX_LENGTH = 200;

/** Used while no superadmin has set a relative media root. */
export const DEFAULT_RELATIVE_ROOT = 'media';

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * Why `value` is not a safe media root below MEDIA_ROOT, or null when it is: one or more
 * `/`-separated segments of [A-Za-z0-9._-], no `.` or `..` segment, nothing absolute (leading
 * `/` or `\`, drive letters), no encoded separators, at most 200 characters.
 */
export function relativeRootProblem(value: string): string | null {
  if (value.length === 0) return 'must not be empty';
  if (value.length > RELATIVE_ROOT_MAX_LENGTH)
    return `must be at most ${RELATIVE_ROOT_MAX_LENGTH} characters`;
  if (/%(2f|5c|2e)/i.test(value)) return 'must not contain encoded separators or dots';
  if (/^[\\/]/.test(value)) return 'must be relative (no leading / or \\)';
  if (/^[A-Za-z]:/.test(value)) return 'must not name a drive';
  if (value.includes('\\')) return 'must use / as the only separator';
  const segments = value.split('/');
  if (segments.some((s) => s === '..')) return 'must not contain ..';
  if (segments.some((s) => s === '' || s === '.')) return 'must not contain empty or . segments';
  if (!segments.every((s) => SEGMENT.test(s)))
    return 'segments may only contain letters, digits, dot, underscore and hyphen';
  return null;
}
