import {
  normalizeSignals,
  parseAnswerSections,
  QuestionCatalogEntry,
} from '@sports/workflow-engine';
import { OFFLINE_LABEL, OfflineAnalyst, PlaceholderSource } from './offline-analyst';

const catalog = [
  { key: 'weight.latest', description: 'Latest weigh-in', unit: 'kg' },
  { key: 'weight.change_30d', description: '30-day change', unit: 'kg' },
  { key: 'weight.change_7d', description: '7-day change', unit: 'kg' },
  { key: 'profile.bmi', description: 'BMI', unit: 'kg/m²' },
  { key: 'activity.acwr', description: 'ACWR', unit: null },
  { key: 'vitals.bp.latest', description: 'Blood pressure', unit: 'mmHg' },
  { key: 'nutrition.protein_g_per_kg_7d', description: 'Protein per kg', unit: 'g/kg' },
];

const questions: QuestionCatalogEntry[] = [
  {
    key: 'risk',
    question: 'Risiko?',
    answer_type: 'enum',
    allowed_values: ['low', 'medium', 'high'],
    synonyms: { low: ['niedrig'], medium: ['mittel'], high: ['hoch'] },
  },
  {
    key: 'weight_trend',
    question: 'Trend?',
    answer_type: 'enum',
    allowed_values: ['down', 'stable', 'up'],
  },
  { key: 'training_load_high', question: 'Zu hoch?', answer_type: 'boolean' },
  { key: 'protein_sufficient', question: 'Eiweiß?', answer_type: 'boolean' },
  { key: 'weight_change_kg', question: 'Änderung?', answer_type: 'number', unit: 'kg' },
  { key: 'mood', question: 'Stimmung?', answer_type: 'enum', allowed_values: ['good', 'bad'] },
];

function source(values: Record<string, string | number | null>): PlaceholderSource {
  return { placeholderCatalog: () => catalog, placeholderValues: async () => values };
}

describe('OfflineAnalyst', () => {
  const values = {
    'weight.latest': 82.4,
    'weight.change_30d': -1.2,
    'weight.change_7d': -0.3,
    'profile.bmi': 26.1,
    'activity.acwr': 1.42,
    'vitals.bp.latest': '128/82',
    'nutrition.protein_g_per_kg_7d': null,
  };

  it('answers in the three sections, labelled offline, with a signal line per question', async () => {
    const analyst = new OfflineAnalyst(source(values));
    const result = await analyst.complete([], { context: { user_id: 'u1', questions } });
    expect(result).toMatchObject({
      offline: true,
      model: 'offline-analyst',
      tokens_in: 0,
      cost: 0,
    });
    const parsed = parseAnswerSections(result.text);
    expect(parsed.sections_found).toEqual([
      'Analysekern',
      'Entscheidungsanteil',
      'Begründungsanker',
    ]);
    expect(parsed.analysis_core).toContain(OFFLINE_LABEL);
    expect(parsed.analysis_core).toContain('82.4 kg');
    expect(parsed.decision_signals).toEqual({
      risk: 'medium',
      weight_trend: 'down',
      training_load_high: 'ja',
      protein_sufficient: 'nicht entscheidbar',
      weight_change_kg: '-1.2',
      mood: 'nicht entscheidbar',
    });
    const normalized = normalizeSignals(parsed.decision_signals, questions);
    expect(normalized.risk).toEqual({ raw: 'medium', value: 'medium', status: 'valid' });
    expect(normalized.training_load_high).toMatchObject({ value: true, status: 'normalized' });
    expect(normalized.weight_change_kg).toMatchObject({ value: -1.2, status: 'valid' });
    expect(normalized.protein_sufficient.status).toBe('not_decidable');
    expect(parsed.rationale_anchors).toContain('activity.acwr = 1.42');
  });

  it('is deterministic: the same data gives the same text', async () => {
    const analyst = new OfflineAnalyst(source(values));
    const a = await analyst.complete([], { context: { user_id: 'u1', questions } });
    const b = await analyst.complete([], { context: { user_id: 'u1', questions } });
    expect(a.text).toBe(b.text);
  });

  it('lists only the placeholders the template uses when they are given', async () => {
    const analyst = new OfflineAnalyst(source(values));
    const result = await analyst.complete([], {
      context: { user_id: 'u1', questions: [], placeholder_keys: ['weight.latest'] },
    });
    const core = parseAnswerSections(result.text).analysis_core;
    expect(core).toContain('weight.latest');
    expect(core).not.toContain('profile.bmi');
  });

  it('says so when there is no data, and marks every question not decidable', async () => {
    const analyst = new OfflineAnalyst(source({}));
    const result = await analyst.complete([], { context: { user_id: 'u1', questions } });
    const parsed = parseAnswerSections(result.text);
    expect(parsed.analysis_core).toContain('keine Daten');
    expect(Object.values(parsed.decision_signals).every((v) => v === 'nicht entscheidbar')).toBe(
      true,
    );
  });

  it('rates a high blood pressure plus a high BMI as high risk', async () => {
    const analyst = new OfflineAnalyst(source({ 'vitals.bp.latest': '150/95', 'profile.bmi': 31 }));
    const result = await analyst.complete([], { context: { user_id: 'u1', questions } });
    expect(parseAnswerSections(result.text).decision_signals.risk).toBe('high');
  });
});
