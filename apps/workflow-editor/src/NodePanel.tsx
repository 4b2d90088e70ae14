import { useId, useRef, useState } from 'react';
import {
  FALLBACK_STRATEGIES,
  JOIN_SKIP_HANDLINGS,
  JOIN_STRATEGIES,
  type EdgeBranch,
  type NodeExecutionState,
  type WorkflowEdge,
} from '@sports/workflow-engine';
import { ConditionBuilder } from './conditions/ConditionBuilder';
import { signalValues, upstreamSignals } from './conditions/signals';
import { PlaceholderPicker } from './PlaceholderPicker';
import type { DataPlaceholder, DraftGraph, DraftNode, Prompt, Question } from './types';
import { LazyMarkdown } from './runs/LazyMarkdown';

interface Props {
  node: DraftNode;
  graph: DraftGraph;
  prompts: Prompt[];
  data: DataPlaceholder[];
  questions: Question[];
  problems: string[];
  run: NodeExecutionState | null;
  onChange: (node: DraftNode) => void;
  onDelete: () => void;
  onConnect: (to: string, branch: EdgeBranch | null) => void;
  onRemoveEdge: (edge: WorkflowEdge) => void;
}

export function NodePanel(props: Props) {
  const { node, problems, run } = props;
  const set = (patch: Partial<DraftNode>) => props.onChange({ ...node, ...patch });
  return (
    <section className="panel-section" aria-labelledby="node-title">
      <h2 id="node-title">
        {node.kind} node <code>{node.id}</code>
      </h2>
      {problems.length > 0 && (
        <ul className="problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <label>
        Label
        <input value={node.label ?? ''} onChange={(e) => set({ label: e.target.value })} />
      </label>
      {node.kind === 'analysis' && <AnalysisFields {...props} set={set} />}
      {node.kind === 'logic' && (
        <LogicFields
          node={node}
          set={set}
          signals={upstreamSignals(props.graph, node.id, props.questions)}
          valuesOf={(signal) => signalValues(signal, props.questions)}
        />
      )}
      {node.kind === 'join' && <JoinFields node={node} set={set} />}
      {node.kind === 'end' && <EndFields {...props} set={set} />}
      <Connections {...props} />
      <button type="button" className="danger" onClick={props.onDelete}>
        Delete node
      </button>
      {run && <RunDetails run={run} />}
    </section>
  );
}

type Setter = (patch: Partial<DraftNode>) => void;

function AnalysisFields(props: Props & { set: Setter }) {
  const { node, set } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  const inline = node.inline_template !== null && node.inline_template !== undefined;
  const name = useId();
  return (
    <>
      <fieldset>
        <legend>Prompt source</legend>
        <label className="inline">
          <input
            type="radio"
            name={name}
            checked={!inline}
            onChange={() => set({ inline_template: null })}
          />
          Reference mode (stored prompt)
        </label>
        <label className="inline">
          <input
            type="radio"
            name={name}
            checked={inline}
            onChange={() => set({ inline_template: node.inline_template ?? '', prompt_slug: null })}
          />
          Inline mode (template in the node)
        </label>
      </fieldset>
      {inline ? (
        <>
          <label htmlFor={`${name}-inline`}>Inline template</label>
          <textarea
            id={`${name}-inline`}
            ref={ref}
            rows={6}
            value={node.inline_template ?? ''}
            onChange={(e) => set({ inline_template: e.target.value })}
          />
          <PlaceholderPicker
            target={ref}
            value={node.inline_template ?? ''}
            onChange={(v) => set({ inline_template: v })}
            data={props.data}
            nodes={props.graph.nodes.filter((n) => n.id !== node.id)}
            questions={props.questions}
          />
        </>
      ) : (
        <>
          <label htmlFor={`${name}-prompt`}>Stored prompt</label>
          <select
            id={`${name}-prompt`}
            value={node.prompt_slug ?? ''}
            onChange={(e) => set({ prompt_slug: e.target.value || null })}
          >
            <option value="">Choose a prompt…</option>
            {props.prompts.map((p) => (
              <option key={p.id} value={p.slug}>
                {p.name} ({p.slug})
              </option>
            ))}
          </select>
        </>
      )}
      <label>
        Question keys (comma separated)
        <input
          value={(node.question_keys ?? []).join(', ')}
          onChange={(e) =>
            set({
              question_keys: e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            })
          }
        />
      </label>
    </>
  );
}

function LogicFields(props: {
  node: DraftNode;
  set: Setter;
  signals: string[];
  valuesOf: (signal: string) => string[];
}) {
  const { node, set } = props;
  return (
    <>
      <ConditionBuilder {...props} />
      <label>
        Fallback strategy
        <select
          value={node.fallback_strategy ?? 'CONSERVATIVE_SKIP'}
          onChange={(e) =>
            set({ fallback_strategy: e.target.value as DraftNode['fallback_strategy'] })
          }
        >
          {FALLBACK_STRATEGIES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      {node.fallback_strategy === 'DEFAULT_PATH' && (
        <label>
          Default branch
          <select
            value={node.default_branch ?? ''}
            onChange={(e) =>
              set({ default_branch: (e.target.value || null) as DraftNode['default_branch'] })
            }
          >
            <option value="">Choose…</option>
            <option value="then">then</option>
            <option value="else">else</option>
          </select>
        </label>
      )}
    </>
  );
}

function JoinFields({ node, set }: { node: DraftNode; set: Setter }) {
  return (
    <>
      <label>
        Join strategy
        <select
          value={node.join_strategy ?? 'wait_all'}
          onChange={(e) => set({ join_strategy: e.target.value as DraftNode['join_strategy'] })}
        >
          {JOIN_STRATEGIES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Skip handling
        <select
          value={node.skip_handling ?? 'IGNORE_SKIPPED'}
          onChange={(e) => set({ skip_handling: e.target.value as DraftNode['skip_handling'] })}
        >
          {JOIN_SKIP_HANDLINGS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      {node.skip_handling === 'REQUIRE_MINIMUM' && (
        <label>
          Minimum completed paths
          <input
            type="number"
            min={1}
            value={node.min_completed ?? ''}
            onChange={(e) =>
              set({ min_completed: e.target.value === '' ? null : Number(e.target.value) })
            }
          />
        </label>
      )}
    </>
  );
}

function EndFields(props: Props & { set: Setter }) {
  const { node, set } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <label>
        Output mode
        <select
          value={node.output_mode ?? 'AUTO'}
          onChange={(e) => set({ output_mode: e.target.value as 'AUTO' | 'TEMPLATE' })}
        >
          <option value="AUTO">AUTO (all analyses)</option>
          <option value="TEMPLATE">TEMPLATE</option>
        </select>
      </label>
      {node.output_mode === 'TEMPLATE' && (
        <>
          <label>
            Output template
            <textarea
              ref={ref}
              rows={6}
              value={node.template ?? ''}
              onChange={(e) => set({ template: e.target.value })}
            />
          </label>
          <PlaceholderPicker
            target={ref}
            value={node.template ?? ''}
            onChange={(v) => set({ template: v })}
            data={props.data}
            nodes={props.graph.nodes}
            questions={props.questions}
          />
        </>
      )}
    </>
  );
}

function Connections(props: Props) {
  const { node, graph } = props;
  const [to, setTo] = useState('');
  const [branch, setBranch] = useState<EdgeBranch>('then');
  const outgoing = graph.edges.filter((e) => e.from === node.id);
  const targets = graph.nodes.filter((n) => n.id !== node.id);
  if (node.kind === 'end') return null;
  return (
    <fieldset>
      <legend>Outgoing edges</legend>
      <ul className="edges">
        {outgoing.map((e) => (
          <li key={`${e.to}-${e.branch ?? ''}`}>
            → {e.to}
            {e.branch ? ` (${e.branch})` : ''}
            <button type="button" onClick={() => props.onRemoveEdge(e)}>
              Remove <span className="sr-only">edge to {e.to}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="row wrap">
        <label>
          Connect to
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">Choose a node…</option>
            {targets.map((n) => (
              <option key={n.id} value={n.id}>
                {n.id}
              </option>
            ))}
          </select>
        </label>
        {node.kind === 'logic' && (
          <label>
            Edge branch
            <select value={branch} onChange={(e) => setBranch(e.target.value as EdgeBranch)}>
              <option value="then">then</option>
              <option value="else">else</option>
              <option value="uncertain">uncertain</option>
            </select>
          </label>
        )}
        <button
          type="button"
          disabled={!to}
          onClick={() => {
            props.onConnect(to, node.kind === 'logic' ? branch : null);
            setTo('');
          }}
        >
          Add edge
        </button>
      </div>
    </fieldset>
  );
}

export function RunDetails({ run }: { run: NodeExecutionState }) {
  return (
    <section className="run-details" aria-label="Last run of this node">
      <h3>
        Last run: <span className={`badge state-${run.state.toLowerCase()}`}>{run.state}</span>
      </h3>
      {run.skip_reason && <p>Skipped: {run.skip_reason}</p>}
      {run.error && (
        <p className="error">
          {run.error.code}: {run.error.message}
        </p>
      )}
      {run.condition_result && (
        <p>
          Condition: {run.condition_result}
          {run.branch_taken ? `, branch ${run.branch_taken}` : ''}
        </p>
      )}
      {run.analysis_core && (
        <>
          <h4>Analysis</h4>
          <LazyMarkdown text={run.analysis_core} />
        </>
      )}
      {run.decision_signals && Object.keys(run.decision_signals).length > 0 && (
        <>
          <h4>Signals</h4>
          <dl className="signals">
            {Object.entries(run.decision_signals).map(([k, s]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>
                  {String(s.value ?? s.raw)} <small>({s.status})</small>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {run.answer && (
        <details>
          <summary>Full answer</summary>
          <LazyMarkdown text={run.answer} />
        </details>
      )}
    </section>
  );
}
