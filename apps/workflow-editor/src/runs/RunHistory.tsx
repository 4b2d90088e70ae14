import type { Execution, ExecutionSummary } from './useRuns';

const when = (at: string) => new Date(at).toLocaleString();

/** The workflow's earlier executions, newest first; each opens read-only on the canvas. */
export function RunHistory(props: {
  items: ExecutionSummary[];
  viewing: Execution | null;
  onOpen: (id: string) => void;
}) {
  if (props.items.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="run-history">
      <h2 id="history-title">Run history</h2>
      <ul>
        {props.items.map((e) => (
          <li key={e.id}>
            <button
              type="button"
              className="link"
              aria-current={props.viewing?.id === e.id ? 'true' : undefined}
              onClick={() => props.onOpen(e.id)}
            >
              {when(e.started_at)}
            </button>{' '}
            <span className={`badge state-${e.status}`}>{e.status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Shown while an earlier execution is open: its states are on the canvas, nothing is edited. */
export function ViewingBanner(props: { execution: Execution; onClose: () => void }) {
  return (
    <p className="status viewing" role="status">
      Viewing the run of {when(props.execution.started_at)} ({props.execution.status}), read-only.{' '}
      <button type="button" onClick={props.onClose}>
        Back to the current workflow
      </button>
    </p>
  );
}
