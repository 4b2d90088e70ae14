import { LazyMarkdown } from './LazyMarkdown';
import type { Execution } from './useRuns';

/** The output of the shown execution (Markdown), with Resume when a node of it failed. */
export function RunOutput(props: {
  execution: Execution;
  stale: boolean;
  busy: boolean;
  onResume: () => void;
}) {
  const { execution, stale } = props;
  const result = execution.result;
  if (!result) return null;
  const failed = result.nodes.filter((n) => n.state === 'FAILED').map((n) => n.node_id);
  return (
    <section aria-labelledby="output-title" className={stale ? 'output stale' : 'output'}>
      <h2 id="output-title">Output ({result.status})</h2>
      {stale && (
        <p className="stale-note" role="note">
          The graph changed since this run: run again for a current result.
        </p>
      )}
      {failed.length > 0 && execution.status !== 'running' && (
        <p className="resume">
          Failed: {failed.join(', ')}.{' '}
          <button type="button" disabled={props.busy} onClick={props.onResume}>
            Resume
          </button>
        </p>
      )}
      {result.output ? (
        <LazyMarkdown text={result.output} testId="run-output" />
      ) : (
        <p className="text" data-testid="run-output">
          (no output)
        </p>
      )}
    </section>
  );
}
