import {
  checkCondition,
  collectSignalRefs,
  describeCondition,
  evaluateCondition,
  parseSignalRef,
  type ConditionProblem,
  type SignalLookup,
} from './conditions';
import type { Condition, NormalizedSignal } from './types';

const signals: Record<string, NormalizedSignal> = {
  'a1.risk': { raw: 'Hoch', value: 'high', status: 'normalized' },
  'a1.weight': { raw: '72,5 kg', value: 72.5, status: 'normalized' },
  'a1.active': { raw: 'ja', value: true, status: 'normalized' },
  'a1.note': { raw: 'Knieschmerzen links', value: 'Knieschmerzen links', status: 'valid' },
  'a2.sleep': { raw: 'unklar', value: null, status: 'unclear' },
  'a2.mood': { raw: 'purple', value: null, status: 'invalid' },
  'a2.trend': { raw: 'n/a', value: null, status: 'not_decidable' },
};

const lookup: SignalLookup = (ref) => signals[`${ref.node_id}.${ref.key}`];
const result = (condition: Condition): string => evaluateCondition(condition, lookup).result;

describe('evaluateCondition', () => {
  describe('comparison operators', () => {
    it.each<[string, Condition, string]>([
      [
        'EQ matches the canonical value case-insensitively',
        { op: 'EQ', signal: 'a1.risk', value: 'HIGH' },
        'true',
      ],
      ['EQ is false for another value', { op: 'EQ', signal: 'a1.risk', value: 'low' }, 'false'],
      ['EQ compares numbers numerically', { op: 'EQ', signal: 'a1.weight', value: '72.5' }, 'true'],
      ['EQ compares booleans', { op: 'EQ', signal: 'a1.active', value: true }, 'true'],
      [
        'EQ compares a boolean with its text form',
        { op: 'EQ', signal: 'a1.active', value: 'false' },
        'false',
      ],
      ['NEQ is true for another value', { op: 'NEQ', signal: 'a1.risk', value: 'low' }, 'true'],
      ['NEQ is false for the same value', { op: 'NEQ', signal: 'a1.risk', value: 'high' }, 'false'],
      [
        'IN finds the value in the list',
        { op: 'IN', signal: 'a1.risk', value: ['medium', 'high'] },
        'true',
      ],
      [
        'IN is false when absent',
        { op: 'IN', signal: 'a1.risk', value: ['low', 'medium'] },
        'false',
      ],
      ['GT compares numbers', { op: 'GT', signal: 'a1.weight', value: 70 }, 'true'],
      ['GT is false at equality', { op: 'GT', signal: 'a1.weight', value: 72.5 }, 'false'],
      ['LT compares numbers', { op: 'LT', signal: 'a1.weight', value: 80 }, 'true'],
      ['LT is false above', { op: 'LT', signal: 'a1.weight', value: 60 }, 'false'],
      [
        'CONTAINS finds a substring case-insensitively',
        { op: 'CONTAINS', signal: 'a1.note', value: 'knie' },
        'true',
      ],
      [
        'CONTAINS is false without the substring',
        { op: 'CONTAINS', signal: 'a1.note', value: 'rücken' },
        'false',
      ],
    ])('%s', (_name, condition, expected) => {
      expect(result(condition)).toBe(expected);
    });

    it('GT on a non-numeric signal is undecided rather than false', () => {
      const evaluation = evaluateCondition({ op: 'GT', signal: 'a1.risk', value: 3 }, lookup);
      expect(evaluation).toEqual({
        result: 'undecided',
        undecided: [{ signal: 'a1.risk', reason: 'not_numeric' }],
      });
    });
  });

  describe('undecided signals', () => {
    it.each([
      ['a9.risk', 'missing'],
      ['a2.sleep', 'unclear'],
      ['a2.mood', 'invalid'],
      ['a2.trend', 'not_decidable'],
    ])('a comparison over %s is undecided (%s)', (signal, reason) => {
      const evaluation = evaluateCondition({ op: 'EQ', signal, value: 'x' }, lookup);
      expect(evaluation.result).toBe('undecided');
      expect(evaluation.undecided).toEqual([{ signal, reason }]);
    });

    it('NEQ over an unclear signal is undecided, not true', () => {
      expect(result({ op: 'NEQ', signal: 'a2.sleep', value: 'good' })).toBe('undecided');
    });
  });

  describe('combinators', () => {
    const isHigh: Condition = { op: 'EQ', signal: 'a1.risk', value: 'high' };
    const isLow: Condition = { op: 'EQ', signal: 'a1.risk', value: 'low' };
    const unclear: Condition = { op: 'EQ', signal: 'a2.sleep', value: 'good' };

    it('AND is true only when all parts are true', () => {
      expect(result({ op: 'AND', conditions: [isHigh, isHigh] })).toBe('true');
      expect(result({ op: 'AND', conditions: [isHigh, isLow] })).toBe('false');
    });

    it('OR is true when one part is true', () => {
      expect(result({ op: 'OR', conditions: [isLow, isHigh] })).toBe('true');
      expect(result({ op: 'OR', conditions: [isLow, isLow] })).toBe('false');
    });

    it('NOT negates', () => {
      expect(result({ op: 'NOT', condition: isHigh })).toBe('false');
      expect(result({ op: 'NOT', condition: isLow })).toBe('true');
    });

    it('an unclear part decides nothing when another part already fixes the result', () => {
      expect(result({ op: 'AND', conditions: [isLow, unclear] })).toBe('false');
      expect(result({ op: 'OR', conditions: [unclear, isHigh] })).toBe('true');
    });

    it('an unclear part that matters makes the result undecided and is reported', () => {
      const evaluation = evaluateCondition({ op: 'AND', conditions: [isHigh, unclear] }, lookup);
      expect(evaluation.result).toBe('undecided');
      expect(evaluation.undecided).toEqual([{ signal: 'a2.sleep', reason: 'unclear' }]);
      expect(result({ op: 'OR', conditions: [isLow, unclear] })).toBe('undecided');
      expect(result({ op: 'NOT', condition: unclear })).toBe('undecided');
    });
  });
});

describe('condition helpers', () => {
  it('splits a signal reference at the first dot', () => {
    expect(parseSignalRef('a1.weight_kg')).toEqual({ node_id: 'a1', key: 'weight_kg' });
    expect(parseSignalRef('no-dot')).toBeNull();
  });

  it('collects every signal of a nested condition and describes it', () => {
    const condition: Condition = {
      op: 'AND',
      conditions: [
        { op: 'EQ', signal: 'a1.risk', value: 'high' },
        { op: 'NOT', condition: { op: 'GT', signal: 'a2.weight', value: 80 } },
      ],
    };
    expect(collectSignalRefs(condition)).toEqual(['a1.risk', 'a2.weight']);
    expect(describeCondition(condition)).toBe('(a1.risk EQ "high" AND NOT a2.weight GT 80)');
  });
});

describe('checkCondition', () => {
  const problemsOf = (input: unknown): ConditionProblem[] => {
    const problems: ConditionProblem[] = [];
    checkCondition(input, 'condition', problems);
    return problems;
  };

  it('accepts a well-formed nested condition', () => {
    expect(
      problemsOf({
        op: 'OR',
        conditions: [
          { op: 'IN', signal: 'a1.risk', value: ['low'] },
          { op: 'NOT', condition: { op: 'LT', signal: 'a1.weight', value: '80' } },
        ],
      }),
    ).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['an unknown operator', { op: 'XOR', signal: 'a1.x', value: 1 }, 'condition.op'],
    ['a signal without node id', { op: 'EQ', signal: 'risk', value: 1 }, 'condition.signal'],
    ['IN without a list', { op: 'IN', signal: 'a1.x', value: 'a' }, 'condition.value'],
    ['GT with text', { op: 'GT', signal: 'a1.x', value: 'high' }, 'condition.value'],
    ['EQ with an object', { op: 'EQ', signal: 'a1.x', value: { a: 1 } }, 'condition.value'],
    ['AND without parts', { op: 'AND', conditions: [] }, 'condition.conditions'],
    ['a nested bad part', { op: 'NOT', condition: { op: 'EQ' } }, 'condition.condition.signal'],
  ])('reports %s', (_name, input, path) => {
    expect(problemsOf(input).map((problem) => problem.path)).toContain(path);
  });
});
