import { normalizeSignal, normalizeSignals, parseNumber } from './normalize';
import type { QuestionCatalogEntry } from './types';

const risk: QuestionCatalogEntry = {
  key: 'risk',
  question: 'Wie hoch ist das Risiko?',
  answer_type: 'enum',
  allowed_values: ['low', 'medium', 'high'],
  synonyms: { high: ['hoch', 'erhöht'], low: ['niedrig', 'gering'] },
};
const weight: QuestionCatalogEntry = {
  key: 'weight',
  question: 'Aktuelles Gewicht?',
  answer_type: 'number',
  unit: 'kg',
  synonyms: { '0': ['keines'] },
};
const active: QuestionCatalogEntry = {
  key: 'active',
  question: 'War die Person aktiv?',
  answer_type: 'boolean',
};
const note: QuestionCatalogEntry = { key: 'note', question: 'Bemerkung?', answer_type: 'text' };

describe('normalizeSignal', () => {
  describe('enum', () => {
    it('keeps an exact canonical value as valid', () => {
      expect(normalizeSignal('high', risk)).toEqual({
        raw: 'high',
        value: 'high',
        status: 'valid',
      });
    });

    it('maps case and whitespace variants to the canonical value', () => {
      expect(normalizeSignal('  HIGH ', risk)).toEqual({
        raw: '  HIGH ',
        value: 'high',
        status: 'normalized',
      });
    });

    it('maps synonyms to their canonical value', () => {
      expect(normalizeSignal('Hoch', risk)).toMatchObject({ value: 'high', status: 'normalized' });
      expect(normalizeSignal('  erhöht', risk)).toMatchObject({
        value: 'high',
        status: 'normalized',
      });
      expect(normalizeSignal('gering', risk)).toMatchObject({ value: 'low', status: 'normalized' });
    });

    it('marks an answer outside the allowed values invalid', () => {
      expect(normalizeSignal('extrem', risk)).toEqual({
        raw: 'extrem',
        value: null,
        status: 'invalid',
      });
    });
  });

  describe('uncertain answers', () => {
    it.each(['unklar', 'Unklar', 'unknown', ' UNKNOWN '])('"%s" is unclear', (raw) => {
      expect(normalizeSignal(raw, risk)).toEqual({ raw, value: null, status: 'unclear' });
    });

    it.each(['nicht entscheidbar', 'Nicht  Entscheidbar', 'n/a', 'N/A'])(
      '"%s" is not_decidable',
      (raw) => {
        expect(normalizeSignal(raw, weight)).toEqual({ raw, value: null, status: 'not_decidable' });
      },
    );

    it('an empty answer is invalid', () => {
      expect(normalizeSignal('  ', note).status).toBe('invalid');
    });
  });

  describe('number', () => {
    it.each<[string, number, string]>([
      ['72', 72, 'valid'],
      ['72.5', 72.5, 'valid'],
      ['72,5', 72.5, 'normalized'],
      ['72,5 kg', 72.5, 'normalized'],
      ['72.5kg', 72.5, 'normalized'],
      ['-3', -3, 'valid'],
      ['1.234,5', 1234.5, 'normalized'],
      ['1,234.5', 1234.5, 'normalized'],
      ['ca. 80', 80, 'normalized'],
      ['keines', 0, 'normalized'],
    ])('reads "%s" as %d (%s)', (raw, value, status) => {
      expect(normalizeSignal(raw, weight)).toEqual({ raw, value, status });
    });

    it('marks text that is no number invalid', () => {
      expect(normalizeSignal('viel', weight)).toMatchObject({ value: null, status: 'invalid' });
      expect(normalizeSignal('5 bis 7', weight)).toMatchObject({ value: null, status: 'invalid' });
    });
  });

  describe('boolean', () => {
    it.each<[string, boolean, string]>([
      ['true', true, 'valid'],
      ['false', false, 'valid'],
      ['ja', true, 'normalized'],
      ['Ja', true, 'normalized'],
      ['yes', true, 'normalized'],
      ['nein', false, 'normalized'],
      ['No', false, 'normalized'],
      ['TRUE', true, 'normalized'],
    ])('reads "%s" as %s (%s)', (raw, value, status) => {
      expect(normalizeSignal(raw, active)).toEqual({ raw, value, status });
    });

    it('marks other words invalid', () => {
      expect(normalizeSignal('vielleicht', active).status).toBe('invalid');
    });
  });

  it('keeps text answers as trimmed text', () => {
    expect(normalizeSignal('  Knie links ', note)).toEqual({
      raw: '  Knie links ',
      value: 'Knie links',
      status: 'valid',
    });
  });

  it('keeps a signal without catalog entry as text', () => {
    expect(normalizeSignal('irgendwas')).toEqual({
      raw: 'irgendwas',
      value: 'irgendwas',
      status: 'valid',
    });
    expect(normalizeSignal('unklar').status).toBe('unclear');
  });
});

describe('normalizeSignals', () => {
  it('normalizes every signal with the entry of its question', () => {
    expect(
      normalizeSignals({ risk: 'hoch', weight: '80,1 kg', extra: 'x' }, [risk, weight]),
    ).toEqual({
      risk: { raw: 'hoch', value: 'high', status: 'normalized' },
      weight: { raw: '80,1 kg', value: 80.1, status: 'normalized' },
      extra: { raw: 'x', value: 'x', status: 'valid' },
    });
  });

  it('matches question keys regardless of case and reports them under the catalog key', () => {
    const camel: QuestionCatalogEntry = { ...risk, key: 'riskLevel' };
    expect(normalizeSignals({ risklevel: 'hoch' }, [camel])).toEqual({
      riskLevel: { raw: 'hoch', value: 'high', status: 'normalized' },
    });
  });
});

describe('parseNumber', () => {
  it('drops a percent sign and unit words', () => {
    expect(parseNumber('12 %')).toBe(12);
    expect(parseNumber('8000 Schritte')).toBe(8000);
    expect(parseNumber('0,75 l')).toBe(0.75);
  });

  it('refuses text without digits', () => {
    expect(parseNumber('kg')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });
});
