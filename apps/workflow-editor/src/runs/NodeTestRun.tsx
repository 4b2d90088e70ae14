// Test-run of one analysis node with the caller's real data (POST
// /api/workflows/{id}/nodes/{node}/test-run, runWorkflowNode): the node as edited is sent, the
// rendered prompt and the model's answer are shown. Nothing is stored but the usage.
import type { Schemas } from '@sports/health-client';
import { useState } from 'react';
import { requestGraph } from '../graph';
import { client, errorText } from '../session/client';
import { withSession } from '../session/relogin';
import type { DraftGraph } from '../types';
import { LazyMarkdown } from './LazyMarkdown';

type TestRun = Schemas['TestRunWorkflowNodeResponse'];

export function NodeTestRun(props: { workflowId: string; nodeId: string; graph: DraftGraph }) {
  const [result, setResult] = useState<TestRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const test = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await withSession(() =>
        client.POST('/api/workflows/{id}/nodes/{node}/test-run', {
          params: { path: { id: props.workflowId, node: props.nodeId } },
          body: { graph: requestGraph(props.graph) },
        }),
      );
      setResult(data ?? null);
    } catch (err) {
      setResult(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="node-test" aria-label="Test this node">
      <button type="button" disabled={busy} onClick={() => void test()}>
        {busy ? 'Testing…' : 'Test node'}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <>
          <h3>Rendered prompt</h3>
          <pre className="text" data-testid="test-prompt">
            {result.rendered_prompt}
          </pre>
          <h3>
            Answer{' '}
            <small>
              ({result.model}
              {result.offline ? ', offline' : ''}, {result.duration_ms} ms)
            </small>
          </h3>
          <LazyMarkdown text={result.answer} testId="test-answer" />
        </>
      )}
    </section>
  );
}
