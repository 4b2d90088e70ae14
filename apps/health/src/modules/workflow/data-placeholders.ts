import type { PlaceholderValues } from '../data-layer/data-layer.types';

/** `{{ key }}` with a dotted data key; nothing else (no filters, tags or expressions). */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

export const MISSING_VALUE_TEXT = 'keine Daten';

/** Every `{{ key }}` of a template, in order of first use. */
export function placeholderKeysOf(template: string): string[] {
  const keys = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) keys.add(match[1]);
  return [...keys];
}

export interface RenderedTemplate {
  text: string;
  /** Catalog keys that were replaced. */
  used: string[];
}

/**
 * Fills the data placeholders of a prompt template. Only keys of the data-layer catalog are
 * replaced (a value that is null becomes "keine Daten"); anything else stays as written. This
 * is a plain lookup, never template evaluation: user text cannot run code or read other data.
 */
export function renderDataPlaceholders(
  template: string,
  catalogKeys: ReadonlySet<string>,
  values: PlaceholderValues,
): RenderedTemplate {
  const used = new Set<string>();
  const text = template.replace(PLACEHOLDER, (whole, key: string) => {
    if (!catalogKeys.has(key)) return whole;
    used.add(key);
    const value = values[key];
    return value === null || value === undefined || value === ''
      ? MISSING_VALUE_TEXT
      : String(value);
  });
  return { text, used: [...used] };
}
