import type { NormalizedSignal, QuestionCatalogEntry } from './types';

const UNCLEAR = new Set(['unklar', 'unknown', 'unsicher', 'unsure', 'unclear', '?']);
const NOT_DECIDABLE = new Set([
  'nicht entscheidbar',
  'not decidable',
  'nicht bestimmbar',
  'n/a',
  'n.a.',
]);
const TRUE_WORDS = new Set(['ja', 'yes', 'true', 'wahr', 'j', 'y']);
const FALSE_WORDS = new Set(['nein', 'no', 'false', 'falsch', 'n']);

/** Case- and whitespace-insensitive comparison key. */
export function foldValue(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Maps a raw answer to its canonical value. `valid`: the answer was already canonical;
 * `normalized`: it was mapped (case, synonym, decimal comma, unit, yes/no word); `unclear` /
 * `not_decidable`: the model said so; `invalid`: it cannot be mapped.
 */
export function normalizeSignal(
  raw: string,
  entry?: QuestionCatalogEntry | null,
): NormalizedSignal {
  const trimmed = raw.trim();
  const folded = foldValue(trimmed);
  if (folded === '') return { raw, value: null, status: 'invalid' };

  const synonym = entry ? matchSynonym(folded, entry) : null;
  if (synonym !== null && entry?.answer_type !== 'number' && entry?.answer_type !== 'boolean') {
    return { raw, value: synonym, status: synonym === trimmed ? 'valid' : 'normalized' };
  }
  if (UNCLEAR.has(folded)) return { raw, value: null, status: 'unclear' };
  if (NOT_DECIDABLE.has(folded)) return { raw, value: null, status: 'not_decidable' };

  switch (entry?.answer_type) {
    case undefined:
    case 'text':
      return { raw, value: trimmed, status: 'valid' };
    case 'enum':
      return { raw, value: null, status: 'invalid' };
    case 'number': {
      const source = synonym ?? trimmed;
      const value = parseNumber(source, entry.unit);
      if (value === null) return { raw, value: null, status: 'invalid' };
      const plain = synonym === null && /^-?\d+(\.\d+)?$/.test(trimmed);
      return { raw, value, status: plain ? 'valid' : 'normalized' };
    }
    case 'boolean': {
      const word = synonym !== null ? foldValue(synonym) : folded;
      if (TRUE_WORDS.has(word))
        return { raw, value: true, status: booleanStatus(trimmed, synonym) };
      if (FALSE_WORDS.has(word))
        return { raw, value: false, status: booleanStatus(trimmed, synonym) };
      return { raw, value: null, status: 'invalid' };
    }
  }
}

export function normalizeSignals(
  raw: Record<string, string>,
  questions: readonly QuestionCatalogEntry[],
): Record<string, NormalizedSignal> {
  const byKey = new Map(questions.map((question) => [question.key.toLowerCase(), question]));
  const result: Record<string, NormalizedSignal> = {};
  for (const [key, value] of Object.entries(raw)) {
    const entry = byKey.get(key.toLowerCase());
    result[entry?.key ?? key] = normalizeSignal(value, entry);
  }
  return result;
}

/** Canonical value whose spelling or synonym matches, or null. */
function matchSynonym(folded: string, entry: QuestionCatalogEntry): string | null {
  const synonyms = entry.synonyms ?? {};
  const canonicals = [...(entry.allowed_values ?? []), ...Object.keys(synonyms)];
  for (const canonical of canonicals) {
    if (foldValue(canonical) === folded) return canonical;
  }
  for (const [canonical, words] of Object.entries(synonyms)) {
    if (words.some((word) => foldValue(word) === folded)) return canonical;
  }
  return null;
}

function booleanStatus(trimmed: string, synonym: string | null): 'valid' | 'normalized' {
  return synonym === null && (trimmed === 'true' || trimmed === 'false') ? 'valid' : 'normalized';
}

/**
 * Reads "72,5 kg", "1.234,5", "≈ 80 %" and similar. The last of `.`/`,` is the decimal
 * separator when both occur; a unit or other trailing word is dropped.
 */
export function parseNumber(text: string, unit?: string | null): number | null {
  let source = text.trim().replace(/^(?:ca\.?|circa|etwa|~|≈)\s*/i, '');
  if (unit && source.toLowerCase().endsWith(unit.toLowerCase())) {
    source = source.slice(0, source.length - unit.length).trim();
  }
  const match = /^([+-]?[\d.,\s']*\d)\s*(?:[A-Za-zÄÖÜäöüß%°/²³]+[A-Za-z0-9ÄÖÜäöüß%°/²³.]*)?$/.exec(
    source,
  );
  if (!match) return null;
  let digits = match[1].replace(/[\s']/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    digits = digits.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    digits =
      (digits.match(/,/g) ?? []).length > 1 ? digits.split(',').join('') : digits.replace(',', '.');
  } else if ((digits.match(/\./g) ?? []).length > 1) {
    digits = digits.split('.').join('');
  }
  if (!/^[+-]?\d+(\.\d+)?$/.test(digits) && !/^[+-]?\.\d+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}
