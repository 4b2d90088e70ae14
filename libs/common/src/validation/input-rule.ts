import type { FieldError } from '../errors/domain-error';
import { ValidationFailedError } from '../errors/domain-error';

/**
 * The text-input rule every body, query string and path parameter of both services passes
 * before it is transformed or validated (and any parser of a service's own, such as the CSV
 * reader, applies to what it reads):
 *
 * - no NUL character (U+0000) in a string or a key: PostgreSQL cannot store it in `text`;
 * - no value nested deeper than MAX_INPUT_DEPTH objects/arrays: transformation, validation and
 *   the services' own walkers recurse, so an unbounded depth overflows the stack;
 * - every number finite, at most Number.MAX_SAFE_INTEGER in magnitude (JSON's `1e400` parses to
 *   Infinity, integers beyond 2^53 are no longer exact) and 0 or at least MIN_INPUT_MAGNITUDE
 *   (JavaScript writes smaller numbers in exponent notation, which class-validator's decimal
 *   places check cannot read, and no field takes more than six decimals);
 * - no key `__proto__`, `constructor` or `prototype` (class-transformer drops them silently,
 *   so they would escape the "unknown field" refusal, and they are what prototype pollution needs).
 *
 * The walk is iterative, so the check itself cannot overflow the stack.
 */
export const MAX_INPUT_DEPTH = 64;
export const MIN_INPUT_MAGNITUDE = 1e-6;

/** At most this many violations are reported; the rest of the value is not walked. */
const MAX_REPORTED = 100;

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

const NUL = '\u0000';

export const INPUT_RULE_MESSAGES = {
  nul: 'must not contain the NUL character (U+0000)',
  nulKey: 'field name must not contain the NUL character (U+0000)',
  depth: `is nested deeper than ${MAX_INPUT_DEPTH} levels`,
  number: `must be a finite number, 0 or between ${MIN_INPUT_MAGNITUDE} and ${Number.MAX_SAFE_INTEGER} in magnitude`,
  forbiddenKey: 'unknown field',
} as const;

const join = (parent: string, key: string): string => (parent ? `${parent}.${key}` : key);

/** Every place where `value` breaks the input rule, with `root` as the path of the value itself. */
export function inputRuleViolations(value: unknown, root = ''): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length && errors.length < MAX_REPORTED) {
    const { value: v, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof v === 'string') {
      if (v.includes(NUL)) errors.push({ path, message: INPUT_RULE_MESSAGES.nul });
    } else if (typeof v === 'number') {
      const magnitude = Math.abs(v);
      if (
        !Number.isFinite(v) ||
        magnitude > Number.MAX_SAFE_INTEGER ||
        (magnitude > 0 && magnitude < MIN_INPUT_MAGNITUDE)
      )
        errors.push({ path, message: INPUT_RULE_MESSAGES.number });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (depth >= MAX_INPUT_DEPTH) {
        errors.push({ path, message: INPUT_RULE_MESSAGES.depth });
        continue;
      }
      const entries: [string, unknown][] = Array.isArray(v)
        ? v.map((item, i) => [String(i), item])
        : Object.keys(v).map((k) => [k, (v as Record<string, unknown>)[k]]);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        const itemPath = join(path, key);
        if (!Array.isArray(v)) {
          if (key.includes(NUL)) {
            errors.push({
              path: join(path, key.replaceAll(NUL, '\\u0000')),
              message: INPUT_RULE_MESSAGES.nulKey,
            });
            continue;
          }
          if (FORBIDDEN_KEYS.has(key)) {
            errors.push({ path: itemPath, message: INPUT_RULE_MESSAGES.forbiddenKey });
            continue;
          }
        }
        stack.push({ value: item, path: itemPath, depth: depth + 1 });
      }
    }
  }
  return errors;
}

/** 400 VALIDATION_FAILED naming every path that breaks the input rule. */
export function assertInputRule(value: unknown, root = ''): void {
  const errors = inputRuleViolations(value, root);
  if (errors.length) {
    throw new ValidationFailedError(
      `The request has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}.`,
      errors,
    );
  }
}
