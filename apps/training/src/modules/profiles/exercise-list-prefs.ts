import type { FieldError } from '@sports/common';
import { isUUID } from 'class-validator';

/** Largest stored `exercise_list_prefs`, measured as UTF-8 JSON. */
export const EXERCISE_LIST_PREFS_MAX_BYTES = 8 * 1024;

const VISIBILITIES = ['private', 'club', 'official'] as const;

type Check = (value: unknown) => string | null;

const isBool: Check = (v) => (typeof v === 'boolean' ? null : 'must be a boolean');
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max
      ? null
      : `must be a string of at most ${max} characters`;
const uuidOrNull: Check = (v) => (v === null || isUUID(v) ? null : 'must be a UUID or null');
const uuidList: Check = (v) =>
  Array.isArray(v) && v.length <= 100 && v.every((x) => isUUID(x))
    ? null
    : 'must be a list of at most 100 UUIDs';
const codeList =
  (allowed?: readonly string[]): Check =>
  (v) =>
    Array.isArray(v) &&
    v.length <= 20 &&
    v.every(
      (x) =>
        typeof x === 'string' &&
        /^[a-z][a-z0-9_]{0,49}$/.test(x) &&
        (!allowed || allowed.includes(x)),
    )
      ? null
      : allowed
        ? `must be a list of: ${allowed.join(', ')}`
        : 'must be a list of at most 20 lower-case codes';
const skillLevel: Check = (v) =>
  v === null || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 5)
    ? null
    : 'must be an integer from 1 to 5 or null';

/**
 * The filters of GET /api/exercises a profile may store as its defaults, with the type each
 * takes. `ai_search` is the typo-tolerant search switch (boolean); `focus_only_without` lists
 * focus areas an exercise must have none of besides the wanted ones (UUIDs).
 */
export const EXERCISE_LIST_PREF_CHECKS: Readonly<Record<string, Check>> = {
  q: text(200),
  ai_search: isBool,
  include_variants: isBool,
  include_archived: isBool,
  visibility_exclude_any: codeList(VISIBILITIES),
  status_exclude_any: codeList(),
  exclude_without_focus: isBool,
  must_include: uuidList,
  must_exclude: uuidList,
  focus_only_without: uuidList,
  style_direction_id: uuidOrNull,
  training_style_id: uuidOrNull,
  target_group_id: uuidOrNull,
  skill_level_min: skillLevel,
  skill_level_max: skillLevel,
};

export const EXERCISE_LIST_PREF_KEYS = Object.keys(EXERCISE_LIST_PREF_CHECKS);

/** Every problem of a stored exercise filter set; [] when it is valid. Paths are prefixed by `path`. */
export function validateExerciseListPrefs(
  value: unknown,
  path = 'exercise_list_prefs',
): FieldError[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path, message: 'must be a JSON object' }];
  }
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > EXERCISE_LIST_PREFS_MAX_BYTES) {
    return [{ path, message: `must be at most ${EXERCISE_LIST_PREFS_MAX_BYTES} bytes as JSON` }];
  }
  const errors: FieldError[] = [];
  const prefs = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(prefs)) {
    const check = Object.prototype.hasOwnProperty.call(EXERCISE_LIST_PREF_CHECKS, key)
      ? EXERCISE_LIST_PREF_CHECKS[key]
      : undefined;
    if (!check) {
      errors.push({ path: `${path}.${key}`, message: 'unknown filter' });
      continue;
    }
    const problem = check(v);
    if (problem) errors.push({ path: `${path}.${key}`, message: problem });
  }
  const min = prefs.skill_level_min;
  const max = prefs.skill_level_max;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    errors.push({
      path: `${path}.skill_level_min`,
      message: 'must not be greater than skill_level_max',
    });
  }
  return errors;
}
