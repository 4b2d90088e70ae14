import {
  augmentTemplate,
  inMemoryQuestionCatalog,
  resolveQuestions,
  selectQuestionKeys,
} from './questions';
import { parseAnswerSections } from './sections';
import type { QuestionCatalogEntry } from './types';

const risk: QuestionCatalogEntry = {
  key: 'risk',
  question: 'Wie hoch ist das Risiko?',
  answer_type: 'enum',
  allowed_values: ['low', 'medium', 'high'],
  synonyms: { high: ['hoch'] },
};
const weight: QuestionCatalogEntry = {
  key: 'weight',
  question: 'Aktuelles Gewicht?',
  answer_type: 'number',
  unit: 'kg',
};
const active: QuestionCatalogEntry = { key: 'active', question: 'Aktiv?', answer_type: 'boolean' };

describe('selectQuestionKeys', () => {
  it('uses the node questions instead of the prompt defaults', () => {
    expect(selectQuestionKeys(['weight'], ['risk', 'active'])).toEqual(['weight']);
  });

  it('falls back to the prompt defaults when the node binds none', () => {
    expect(selectQuestionKeys(undefined, ['risk', 'active'])).toEqual(['risk', 'active']);
    expect(selectQuestionKeys([], ['risk'])).toEqual(['risk']);
    expect(selectQuestionKeys(null, null)).toEqual([]);
  });

  it('drops duplicate keys', () => {
    expect(selectQuestionKeys(['risk', 'risk'], [])).toEqual(['risk']);
  });
});

describe('resolveQuestions', () => {
  it('returns catalog entries in the requested order and reports unknown keys', async () => {
    const catalog = inMemoryQuestionCatalog([risk, weight, active]);
    await expect(resolveQuestions(['weight', 'nope', 'risk'], catalog)).resolves.toEqual({
      questions: [weight, risk],
      missing_keys: ['nope'],
    });
  });
});

describe('augmentTemplate', () => {
  it('keeps the template and appends a key: value block for each question', () => {
    const augmented = augmentTemplate('Analysiere das Gewicht.\n', [risk, weight, active]);
    expect(augmented.startsWith('Analysiere das Gewicht.\n\n## Antwortformat')).toBe(true);
    expect(augmented).toContain('`key: value`');
    expect(augmented).toContain('Entscheidungsanteil');
    expect(augmented).toContain(
      '- `risk`: Wie hoch ist das Risiko? (einer von: low, medium, high)',
    );
    expect(augmented).toContain('- `weight`: Aktuelles Gewicht? (Zahl in kg)');
    expect(augmented).toContain('- `active`: Aktiv? (ja oder nein)');
    expect(augmented).toContain('nicht entscheidbar');
  });

  it('without questions asks only for the three sections', () => {
    const augmented = augmentTemplate('Prompt', []);
    expect(augmented).toContain('## Analysekern');
    expect(augmented).not.toContain('key: value');
  });

  it('does not itself look like an answer section to the parser', () => {
    const parsed = parseAnswerSections(augmentTemplate('Prompt', [risk]));
    expect(parsed.decision_signals).toEqual({});
  });
});
