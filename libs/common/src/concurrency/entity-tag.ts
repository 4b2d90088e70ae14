import { ValidationFailedError } from '../errors/domain-error';

/**
 * Entity tags (RFC 9110 §8.8.3) of editable resources and the `If-Match` precondition
 * (§13.1.1) of their writes.
 *
 * A resource's version is its row's version as PostgreSQL keeps it (`row-version.ts`), an opaque
 * string; its entity tag is that string quoted, a strong validator: `"7391"`.
 */
export function formatEntityTag(version: string): string {
  return `"${version}"`;
}

/** `If-Match` as received: `*` (any current representation) or a list of entity tags. */
export class IfMatch {
  private constructor(
    /** `If-Match: *`: true when the resource exists. */
    readonly any: boolean,
    /** Versions of the strong tags listed (quotes removed); weak tags never match (§13.1.1). */
    readonly versions: readonly string[],
  ) {}

  static any(): IfMatch {
    return new IfMatch(true, []);
  }

  static of(versions: readonly string[]): IfMatch {
    return new IfMatch(false, [...versions]);
  }

  /** Strong comparison of the current version (null: the resource does not exist). */
  matches(currentVersion: string | null): boolean {
    if (currentVersion === null) return false;
    return this.any || this.versions.includes(currentVersion);
  }
}

/** `etagc` of RFC 9110: VCHAR except DQUOTE, plus obs-text. */
const isEtagChar = (code: number): boolean =>
  code === 0x21 || (code >= 0x23 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);
const isOws = (char: string): boolean => char === ' ' || char === '\t';

function malformed(reason: string): ValidationFailedError {
  return new ValidationFailedError('The If-Match header is malformed.', [
    { path: 'If-Match', message: `${reason}; expected * or a list of entity tags like "123"` },
  ]);
}

/**
 * Parses an `If-Match` field value: undefined when absent (the write is unconditional),
 * otherwise `*` or the entity tags listed (`"a", W/"b"`, empty list elements ignored as §5.6.1
 * requires). Anything else, `*` mixed with tags, or a value listing no tag at all answers 400
 * VALIDATION_FAILED. Several `If-Match` fields arrive joined by a comma, i.e. as one list.
 */
export function parseIfMatch(value: string | string[] | undefined): IfMatch | undefined {
  if (value === undefined) return undefined;
  const text = (Array.isArray(value) ? value.join(', ') : value).trim();
  if (text === '*') return IfMatch.any();
  const versions: string[] = [];
  let tags = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (isOws(char) || char === ',') {
      i++;
      continue;
    }
    if (char === '*') throw malformed('* cannot be combined with entity tags');
    let weak = false;
    if (text.startsWith('W/', i)) {
      weak = true;
      i += 2;
    }
    if (text[i] !== '"') throw malformed(`an entity tag must be quoted (at character ${i + 1})`);
    const start = ++i;
    while (i < text.length && isEtagChar(text.charCodeAt(i))) i++;
    if (text[i] !== '"')
      throw malformed(`unterminated or invalid entity tag (at character ${i + 1})`);
    const opaque = text.slice(start, i++);
    tags++;
    if (!weak) versions.push(opaque);
    while (i < text.length && isOws(text[i])) i++;
    if (i < text.length && text[i] !== ',') {
      throw malformed(`entity tags must be separated by commas (at character ${i + 1})`);
    }
  }
  if (tags === 0) throw malformed('no entity tag given');
  return IfMatch.of(versions);
}
