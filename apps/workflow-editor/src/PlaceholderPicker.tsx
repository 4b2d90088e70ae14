import { RefObject, useId, useState } from 'react';
import type { DataPlaceholder, DraftNode, Question } from './types';

interface Option {
  text: string;
  label: string;
}

/** Inserts `text` into the textarea at its cursor (replacing a selection) and reports it. */
export function insertAtCursor(
  textarea: HTMLTextAreaElement | null,
  value: string,
  text: string,
  onChange: (next: string) => void,
): void {
  const start = textarea?.selectionStart ?? value.length;
  const end = textarea?.selectionEnd ?? value.length;
  const next = value.slice(0, start) + text + value.slice(end);
  onChange(next);
  requestAnimationFrame(() => {
    if (!textarea) return;
    textarea.focus();
    const caret = start + text.length;
    textarea.setSelectionRange(caret, caret);
  });
}

export function nodePlaceholders(nodes: DraftNode[], questions: Question[]): Option[] {
  const options: Option[] = [];
  for (const node of nodes) {
    if (node.kind !== 'analysis') continue;
    options.push({
      text: `{{${node.id}.analysis_core}}`,
      label: `{{${node.id}.analysis_core}}`,
    });
    const keys = node.question_keys?.length ? node.question_keys : questions.map((q) => q.key);
    for (const key of keys) {
      options.push({
        text: `{{${node.id}.decision_signals.${key}}}`,
        label: `{{${node.id}.decision_signals.${key}}}`,
      });
    }
    options.push({
      text: `{% if ${node.id} %}…{% endif %}`,
      label: `{% if ${node.id} %}…{% endif %}`,
    });
  }
  return options;
}

export function PlaceholderPicker(props: {
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (next: string) => void;
  data: DataPlaceholder[];
  nodes: DraftNode[];
  questions: Question[];
}) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const nodeOptions = nodePlaceholders(props.nodes, props.questions);

  const insert = () => {
    if (!choice) return;
    insertAtCursor(props.target.current, props.value, choice, props.onChange);
  };

  return (
    <div className="picker">
      <label htmlFor={id}>Placeholder</label>
      <div className="row">
        <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a placeholder…</option>
          <optgroup label="Data">
            {props.data.map((p) => (
              <option key={p.key} value={p.placeholder || `{{${p.key}}}`}>
                {`{{${p.key}}}`} – {p.description}
                {p.unit ? ` (${p.unit})` : ''}
              </option>
            ))}
          </optgroup>
          <optgroup label="Nodes">
            {nodeOptions.map((o) => (
              <option key={o.text} value={o.text}>
                {o.label}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" onClick={insert} disabled={!choice}>
          Insert
        </button>
      </div>
    </div>
  );
}
