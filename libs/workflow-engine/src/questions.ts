import type { QuestionCatalogEntry } from './types';

export interface QuestionCatalogLookup {
  /** Entries for the given keys; unknown keys are simply absent from the answer. */
  findByKeys(keys: readonly string[]): Promise<QuestionCatalogEntry[]>;
}

export function inMemoryQuestionCatalog(
  entries: readonly QuestionCatalogEntry[],
): QuestionCatalogLookup {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  return {
    findByKeys: async (keys) =>
      keys.flatMap((key) => {
        const entry = byKey.get(key);
        return entry ? [entry] : [];
      }),
  };
}

/**
 * Questions bound to the node override the prompt's default questions. An empty or absent
 * node list means "no override", since editors save an empty list for untouched nodes.
 */
export function selectQuestionKeys(
  nodeKeys: readonly string[] | null | undefined,
  defaultKeys: readonly string[] | null | undefined,
): string[] {
  const chosen = nodeKeys && nodeKeys.length > 0 ? nodeKeys : (defaultKeys ?? []);
  return [...new Set(chosen)];
}

export interface ResolvedQuestions {
  questions: QuestionCatalogEntry[];
  missing_keys: string[];
}

export async function resolveQuestions(
  keys: readonly string[],
  catalog: QuestionCatalogLookup,
): Promise<ResolvedQuestions> {
  if (keys.length === 0) return { questions: [], missing_keys: [] };
  const found = await catalog.findByKeys(keys);
  const byKey = new Map(found.map((entry) => [entry.key, entry]));
  return {
    questions: keys.flatMap((key) => {
      const entry = byKey.get(key);
      return entry ? [entry] : [];
    }),
    missing_keys: keys.filter((key) => !byKey.has(key)),
  };
}

export const SECTION_INSTRUCTION_HEADING = '## Antwortformat';

/** Appends the answer-format block (and the decision questions, if any) to a template. */
export function augmentTemplate(
  template: string,
  questions: readonly QuestionCatalogEntry[],
): string {
  return `${template.trimEnd()}\n\n${buildInstructionBlock(questions)}`;
}

export function buildInstructionBlock(questions: readonly QuestionCatalogEntry[]): string {
  const lines = [
    SECTION_INSTRUCTION_HEADING,
    '',
    'Gliedere die Antwort in genau drei Abschnitte mit diesen Überschriften:',
    '`## Analysekern`, `## Entscheidungsanteil` und `## Begründungsanker`.',
  ];
  if (questions.length === 0) return lines.join('\n');
  lines.push(
    '',
    'Beantworte im Abschnitt „Entscheidungsanteil“ jede der folgenden Fragen in einer eigenen',
    'Zeile im Format `key: value` (key genau wie angegeben, ohne weiteren Text):',
    '',
  );
  for (const question of questions) {
    lines.push(`- \`${question.key}\`: ${question.question.trim()} (${describeAnswer(question)})`);
  }
  lines.push(
    '',
    'Wenn eine Antwort unsicher ist, schreibe `unklar`; wenn sie sich aus den Daten nicht',
    'bestimmen lässt, schreibe `nicht entscheidbar`.',
  );
  return lines.join('\n');
}

function describeAnswer(question: QuestionCatalogEntry): string {
  switch (question.answer_type) {
    case 'enum': {
      const values = question.allowed_values?.length
        ? question.allowed_values
        : Object.keys(question.synonyms ?? {});
      return `einer von: ${values.join(', ')}`;
    }
    case 'number':
      return question.unit ? `Zahl in ${question.unit}` : 'Zahl';
    case 'boolean':
      return 'ja oder nein';
    case 'text':
      return 'kurzer Text';
  }
}
