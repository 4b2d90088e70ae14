import {
  COMPARISON_OPERATORS,
  type ComparisonCondition,
  type ComparisonOperator,
  type Condition,
  type ConditionResult,
  type ConditionScalar,
  type NormalizedSignal,
  type SignalValue,
  type UndecidedSignal,
} from './types';

export interface SignalRef {
  node_id: string;
  key: string;
}

/** Looks a `<node_id>.<key>` reference up; undefined when the node produced no such signal. */
export type SignalLookup = (ref: SignalRef) => NormalizedSignal | undefined;

export interface ConditionEvaluation {
  result: ConditionResult;
  /** Why the result is undecided; empty when it is decided. */
  undecided: UndecidedSignal[];
}

const SIGNAL_REF = /^([A-Za-z][A-Za-z0-9_]*)\.(.+)$/;

export function parseSignalRef(signal: string): SignalRef | null {
  const match = SIGNAL_REF.exec(signal.trim());
  if (!match) return null;
  return { node_id: match[1], key: match[2].trim() };
}

export function collectSignalRefs(condition: Condition): string[] {
  switch (condition.op) {
    case 'AND':
    case 'OR':
      return condition.conditions.flatMap(collectSignalRefs);
    case 'NOT':
      return collectSignalRefs(condition.condition);
    default:
      return [condition.signal];
  }
}

export function describeCondition(condition: Condition): string {
  switch (condition.op) {
    case 'AND':
    case 'OR':
      return `(${condition.conditions.map(describeCondition).join(` ${condition.op} `)})`;
    case 'NOT':
      return `NOT ${describeCondition(condition.condition)}`;
    default:
      return `${condition.signal} ${condition.op} ${JSON.stringify(condition.value)}`;
  }
}

/**
 * Three-valued (Kleene) evaluation: a comparison is undecided when its signal is missing or
 * not usable; AND is false as soon as one operand is false, OR true as soon as one is true,
 * so an unclear signal only leads to the fallback when it actually matters for the outcome.
 */
export function evaluateCondition(condition: Condition, lookup: SignalLookup): ConditionEvaluation {
  switch (condition.op) {
    case 'AND':
    case 'OR': {
      const parts = condition.conditions.map((part) => evaluateCondition(part, lookup));
      const decisive: ConditionResult = condition.op === 'AND' ? 'false' : 'true';
      if (parts.some((part) => part.result === decisive)) return decided(decisive);
      const undecided = parts.flatMap((part) => part.undecided);
      if (parts.some((part) => part.result === 'undecided'))
        return { result: 'undecided', undecided };
      return decided(condition.op === 'AND' ? 'true' : 'false');
    }
    case 'NOT': {
      const inner = evaluateCondition(condition.condition, lookup);
      if (inner.result === 'undecided') return inner;
      return decided(inner.result === 'true' ? 'false' : 'true');
    }
    default:
      return evaluateComparison(condition, lookup);
  }
}

function evaluateComparison(
  condition: ComparisonCondition,
  lookup: SignalLookup,
): ConditionEvaluation {
  const ref = parseSignalRef(condition.signal);
  const signal = ref ? lookup(ref) : undefined;
  if (!signal) return undecidedBy(condition.signal, 'missing');
  if (signal.status !== 'valid' && signal.status !== 'normalized') {
    return undecidedBy(condition.signal, signal.status);
  }
  if (signal.value === null) return undecidedBy(condition.signal, 'missing');
  const actual = signal.value;

  switch (condition.op) {
    case 'EQ':
      return decided(bool(scalarEquals(actual, condition.value)));
    case 'NEQ':
      return decided(bool(!scalarEquals(actual, condition.value)));
    case 'IN': {
      const options = Array.isArray(condition.value) ? condition.value : [condition.value];
      return decided(bool(options.some((option) => scalarEquals(actual, option))));
    }
    case 'GT':
    case 'LT': {
      const left = asNumber(actual);
      const right = Array.isArray(condition.value) ? null : asNumber(condition.value);
      if (left === null || right === null) return undecidedBy(condition.signal, 'not_numeric');
      return decided(bool(condition.op === 'GT' ? left > right : left < right));
    }
    case 'CONTAINS': {
      const needles = Array.isArray(condition.value) ? condition.value : [condition.value];
      const haystack = fold(String(actual));
      return decided(bool(needles.some((needle) => haystack.includes(fold(String(needle))))));
    }
  }
}

function scalarEquals(actual: SignalValue, expected: ConditionScalar | ConditionScalar[]): boolean {
  if (Array.isArray(expected)) return false;
  if (typeof actual === 'number') {
    const other = asNumber(expected);
    return other !== null && other === actual;
  }
  if (typeof actual === 'boolean') {
    if (typeof expected === 'boolean') return expected === actual;
    return fold(String(expected)) === String(actual);
  }
  return fold(actual) === fold(String(expected));
}

function asNumber(value: ConditionScalar | SignalValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim().replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : null;
}

function fold(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function bool(value: boolean): ConditionResult {
  return value ? 'true' : 'false';
}

function decided(result: ConditionResult): ConditionEvaluation {
  return { result, undecided: [] };
}

function undecidedBy(signal: string, reason: string): ConditionEvaluation {
  return { result: 'undecided', undecided: [{ signal, reason }] };
}

// ---------------------------------------------------------------------------------------------
// Structural validation of untrusted condition JSON (used by graph.ts)

export interface ConditionProblem {
  path: string;
  message: string;
}

const MAX_DEPTH = 16;

export function checkCondition(
  input: unknown,
  path: string,
  problems: ConditionProblem[],
  depth = 0,
): input is Condition {
  if (depth > MAX_DEPTH) {
    problems.push({ path, message: `condition is nested deeper than ${MAX_DEPTH} levels` });
    return false;
  }
  if (!isRecord(input)) {
    problems.push({ path, message: 'condition must be an object' });
    return false;
  }
  const op = input.op;
  if (op === 'AND' || op === 'OR') {
    const parts = input.conditions;
    if (!Array.isArray(parts) || parts.length === 0) {
      problems.push({
        path: `${path}.conditions`,
        message: `${op} needs a non-empty conditions list`,
      });
      return false;
    }
    let ok = true;
    parts.forEach((part, index) => {
      ok = checkCondition(part, `${path}.conditions[${index}]`, problems, depth + 1) && ok;
    });
    return ok;
  }
  if (op === 'NOT') {
    return checkCondition(input.condition, `${path}.condition`, problems, depth + 1);
  }
  if (typeof op !== 'string' || !COMPARISON_OPERATORS.includes(op as ComparisonOperator)) {
    problems.push({ path: `${path}.op`, message: `unknown operator ${JSON.stringify(op)}` });
    return false;
  }
  let ok = true;
  if (typeof input.signal !== 'string' || !parseSignalRef(input.signal)) {
    problems.push({
      path: `${path}.signal`,
      message: 'signal must be written as "<node_id>.<key>"',
    });
    ok = false;
  }
  const value = input.value;
  if (op === 'IN') {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isScalar)) {
      problems.push({ path: `${path}.value`, message: 'IN needs a non-empty list of values' });
      ok = false;
    }
  } else if (op === 'GT' || op === 'LT') {
    if (!isScalar(value) || asNumber(value) === null) {
      problems.push({ path: `${path}.value`, message: `${op} needs a numeric value` });
      ok = false;
    }
  } else if (!isScalar(value)) {
    problems.push({ path: `${path}.value`, message: `${op} needs a string, number or boolean` });
    ok = false;
  }
  return ok;
}

function isScalar(value: unknown): value is ConditionScalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
