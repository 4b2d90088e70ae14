export type AnswerSectionName = 'Analysekern' | 'Entscheidungsanteil' | 'Begründungsanker';

export interface ParsedAnswer {
  /** Text of Analysekern; the whole answer when the model used no known section. */
  analysis_core: string;
  /** `key: value` lines of Entscheidungsanteil; keys lower-cased, spaces and dashes as `_`. */
  decision_signals: Record<string, string>;
  rationale_anchors: string;
  sections_found: AnswerSectionName[];
}

const SECTION_NAMES: Record<string, AnswerSectionName> = {
  analysekern: 'Analysekern',
  entscheidungsanteil: 'Entscheidungsanteil',
  begründungsanker: 'Begründungsanker',
  begruendungsanker: 'Begründungsanker',
  begrundungsanker: 'Begründungsanker',
};

// A heading line: optional `#`s, bullet, numbering and emphasis around a section name,
// an optional colon, and possibly the first words of the section after it.
const HEADING =
  /^\s{0,3}(?:#{1,6}\s*)?(?:[-*+•]\s+)?(?:\d+[.)]\s*)?[*_]{0,3}\s*([A-Za-zÄÖÜäöüß]+)\s*[*_]{0,3}\s*(:)?\s*[*_]{0,3}\s*(.*)$/;

const SIGNAL_LINE =
  /^\s*(?:[-*+•]\s+|\d+[.)]\s+)?[*_`]{0,3}\s*([A-Za-zÄÖÜäöüß][\wÄÖÜäöüß .-]{0,63}?)\s*[*_`]{0,3}\s*[:=]\s*(.+?)\s*$/;

interface HeadingMatch {
  name: AnswerSectionName;
  rest: string;
}

function matchHeading(line: string): HeadingMatch | null {
  const match = HEADING.exec(line);
  if (!match) return null;
  const name = SECTION_NAMES[match[1].toLowerCase()];
  if (!name) return null;
  const rest = match[3].trim();
  const marked = /^\s{0,3}#/.test(line) || /[*_]/.test(line) || match[2] === ':';
  // "Analysekern zeigt ..." is prose, not a heading; trailing text needs a colon before it.
  if (rest !== '' && match[2] !== ':') return null;
  if (rest === '' && !marked && line.trim().toLowerCase() !== match[1].toLowerCase()) return null;
  return { name, rest };
}

export function parseAnswerSections(markdown: string): ParsedAnswer {
  const buckets = new Map<AnswerSectionName, string[]>();
  let current: AnswerSectionName | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = matchHeading(line);
    if (heading) {
      current = heading.name;
      if (!buckets.has(current)) buckets.set(current, []);
      if (heading.rest) buckets.get(current)?.push(heading.rest);
      continue;
    }
    if (current) buckets.get(current)?.push(line);
  }

  const text = (name: AnswerSectionName): string => (buckets.get(name) ?? []).join('\n').trim();
  const found = [...buckets.keys()];
  return {
    analysis_core: found.length === 0 ? markdown.trim() : text('Analysekern'),
    decision_signals: parseSignalLines(buckets.get('Entscheidungsanteil') ?? []),
    rationale_anchors: text('Begründungsanker'),
    sections_found: found,
  };
}

export function parseSignalLines(lines: readonly string[]): Record<string, string> {
  const signals: Record<string, string> = {};
  for (const line of lines) {
    const match = SIGNAL_LINE.exec(line);
    if (!match) continue;
    const key = normalizeSignalKey(match[1]);
    const value = stripEmphasis(match[2]);
    if (key === '' || value === '' || key in signals) continue;
    signals[key] = value;
  }
  return signals;
}

export function normalizeSignalKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function stripEmphasis(value: string): string {
  return value
    .trim()
    .replace(/^[*_`"'„“]+|[*_`"'“”]+$/g, '')
    .trim();
}
