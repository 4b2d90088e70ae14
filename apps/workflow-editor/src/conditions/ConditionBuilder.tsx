// The condition of a logic node, built visually: a comparison (signal, operator, value) or AND/OR
// of sub-conditions (added and removed one by one, nested as deep as needed) or NOT of one. The
// signal fields offer the signals of the upstream analysis nodes, the value fields the values the
// question catalogue knows for the chosen signal. The JSON stays editable for
// pasting; JSON that does not parse blocks Save (condition_text, graphErrors).
import { useEffect, useId, useState } from 'react';
import {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  type Condition,
  type ConditionScalar,
} from '@sports/workflow-engine';
import { CONDITION_JSON_INVALID } from '../graph';
import type { DraftNode } from '../types';

const OPERATORS = [...COMPARISON_OPERATORS, 'AND', 'OR', 'NOT'];
const EMPTY: Condition = { op: 'EQ', signal: '', value: '' };

function parseValue(op: ComparisonOperator, raw: string): ConditionScalar | ConditionScalar[] {
  const scalar = (s: string): ConditionScalar => {
    const t = s.trim();
    if (t === 'true') return true;
    if (t === 'false') return false;
    // Only a number as written ("1." while typing 1.5 stays text, so the dot is not lost).
    if (t !== '' && String(Number(t)) === t) return Number(t);
    return t;
  };
  if (op === 'IN') return raw.split(',').map(scalar);
  if (op === 'GT' || op === 'LT') return scalar(raw);
  return raw;
}

/** `condition` under operator `op`, or null when the user keeps it (sub-conditions would go). */
function withOperator(condition: Condition, op: string): Condition | null {
  if (op === condition.op) return condition;
  if (op === 'AND' || op === 'OR') {
    if ('conditions' in condition) return { op, conditions: condition.conditions };
    return { op, conditions: ['condition' in condition ? condition.condition : condition] };
  }
  if (op === 'NOT') return { op, condition };
  const subs =
    'conditions' in condition ? condition.conditions.length : 'condition' in condition ? 1 : 0;
  if (
    subs > 0 &&
    !window.confirm(
      `Switching to ${op} drops ${subs} sub-condition${subs === 1 ? '' : 's'}. Continue?`,
    )
  )
    return null;
  const base = 'signal' in condition ? condition : { signal: '', value: '' };
  return { op: op as ComparisonOperator, signal: base.signal, value: base.value };
}

/** Whether the builder can show this level (JSON typed by hand may hold anything). */
function shown(c: unknown): c is Condition {
  if (typeof c !== 'object' || c === null || !('op' in c)) return false;
  if (c.op === 'AND' || c.op === 'OR') return 'conditions' in c && Array.isArray(c.conditions);
  if (c.op === 'NOT') return 'condition' in c && typeof c.condition === 'object';
  return 'signal' in c;
}

/**
 * One condition; `name` is empty at the top ("Operator", "Signal", "Value") and names the
 * sub-condition below it ("Condition 1.2 type", "… signal", "… value").
 */
function ConditionEditor(props: {
  condition: Condition;
  name: string;
  signals: string;
  /** The known values of a signal (suggested, not enforced). */
  valuesOf: (signal: string) => string[];
  onChange: (next: Condition) => void;
}) {
  const { condition, name, signals, valuesOf, onChange } = props;
  const valuesId = useId();
  const label = (part: string, top: string) => (name ? `${name} ${part}` : top);
  if (!shown(condition)) {
    return <p className="error">{name || 'The condition'}: not a condition, fix it as JSON.</p>;
  }
  const child = (i: number) => (name ? `${name}.${i + 1}` : `Condition ${i + 1}`);
  const sub = (i: number, c: Condition, setSub: (next: Condition) => void) => (
    <ConditionEditor
      condition={c}
      name={child(i)}
      signals={signals}
      valuesOf={valuesOf}
      onChange={setSub}
    />
  );
  return (
    <>
      <label>
        {label('type', 'Operator')}
        <select
          value={condition.op}
          onChange={(e) => {
            const next = withOperator(condition, e.target.value);
            if (next) onChange(next);
          }}
        >
          {OPERATORS.map((op) => (
            <option key={op}>{op}</option>
          ))}
        </select>
      </label>
      {'conditions' in condition ? (
        <div className="conditions">
          {condition.conditions.map((c, i) => (
            <fieldset key={i}>
              <legend>{child(i)}</legend>
              {sub(i, c, (next) =>
                onChange({
                  ...condition,
                  conditions: condition.conditions.map((x, j) => (j === i ? next : x)),
                }),
              )}
              <button
                type="button"
                disabled={condition.conditions.length < 2}
                onClick={() =>
                  onChange({
                    ...condition,
                    conditions: condition.conditions.filter((_, j) => j !== i),
                  })
                }
              >
                Remove {child(i)}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            onClick={() => onChange({ ...condition, conditions: [...condition.conditions, EMPTY] })}
          >
            {name ? `Add to ${name}` : 'Add condition'}
          </button>
        </div>
      ) : 'condition' in condition ? (
        <fieldset>
          <legend>{child(0)} (negated)</legend>
          {sub(0, condition.condition, (next) => onChange({ op: 'NOT', condition: next }))}
        </fieldset>
      ) : (
        <>
          <label>
            {label('signal', 'Signal (node_id.key)')}
            <input
              list={signals}
              value={condition.signal}
              placeholder="a1.risk"
              onChange={(e) => onChange({ ...condition, signal: e.target.value })}
            />
          </label>
          <label>
            {label('value', 'Value')}
            {condition.op === 'IN' ? 's (comma separated)' : ''}
            <input
              list={valuesId}
              value={
                Array.isArray(condition.value) ? condition.value.join(',') : String(condition.value)
              }
              onChange={(e) =>
                onChange({ ...condition, value: parseValue(condition.op, e.target.value) })
              }
            />
          </label>
          <datalist id={valuesId}>
            {valuesOf(condition.signal).map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </>
      )}
    </>
  );
}

export function ConditionBuilder(props: {
  node: DraftNode;
  signals: string[];
  valuesOf: (signal: string) => string[];
  set: (patch: Partial<DraftNode>) => void;
}) {
  const { node, signals, valuesOf, set } = props;
  const listId = useId();
  const condition: Condition = node.condition ?? EMPTY;
  const [json, setJson] = useState(() => node.condition_text ?? JSON.stringify(condition, null, 2));
  const invalid = node.condition_text !== undefined;
  // Open at first when the JSON does not parse (its error is shown there); the user's after.
  const [jsonOpen] = useState(invalid);
  const jsonId = `${listId}-json`;
  // The JSON follows the condition (builder, undo, redo), except while it is being typed.
  useEffect(() => {
    if (node.condition_text === undefined && document.activeElement?.id !== jsonId) {
      setJson(JSON.stringify(node.condition ?? EMPTY, null, 2));
    }
  }, [node.condition, node.condition_text, jsonId]);
  const apply = (next: Condition) => set({ condition: next, condition_text: undefined });
  return (
    <fieldset>
      <legend>Condition</legend>
      <datalist id={listId}>
        {signals.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <p className="hint" data-testid="signals">
        {signals.length
          ? `Signals upstream: ${signals.join(', ')}`
          : 'No analysis node upstream answers a question yet: connect one, give it question keys.'}
      </p>
      <ConditionEditor
        condition={condition}
        name=""
        signals={listId}
        valuesOf={valuesOf}
        onChange={apply}
      />
      <details open={jsonOpen}>
        <summary>Edit as JSON</summary>
        {/* Not wrapping the field: its text would be part of the label's. */}
        <label htmlFor={jsonId}>Condition (JSON)</label>
        <textarea
          id={jsonId}
          rows={8}
          value={json}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${node.id}-condition-error` : undefined}
          onChange={(e) => {
            setJson(e.target.value);
            try {
              set({
                condition: JSON.parse(e.target.value) as Condition,
                condition_text: undefined,
              });
            } catch {
              set({ condition_text: e.target.value });
            }
          }}
        />
        {invalid && (
          <span className="error field-error" id={`${node.id}-condition-error`}>
            {CONDITION_JSON_INVALID}
          </span>
        )}
      </details>
    </fieldset>
  );
}
