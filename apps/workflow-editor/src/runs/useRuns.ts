// The runs of the open workflow: start a run or a resume asynchronously (Prefer:
// respond-async), follow its node states live, load the ended execution; the run history, and
// one earlier execution opened read-only on the canvas.
import type { NodeExecutionState } from '@sports/workflow-engine';
import type { Schemas } from '@sports/health-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { client, errorText } from '../session/client';
import { withSession } from '../session/relogin';
import { followExecution } from './events';

export type Execution = Schemas['ExecutionResponse'];
export type ExecutionSummary = Schemas['ExecutionSummaryResponse'];
export type RunStatus = { kind: 'info' | 'error'; text: string };
type States = Map<string, NodeExecutionState>;

const ASYNC = { Prefer: 'respond-async' };
const HISTORY_LIMIT = 20;

const statesOf = (execution: Execution | null): States =>
  new Map((execution?.result?.nodes ?? []).map((n) => [n.node_id, n as NodeExecutionState]));

/** "Run completed." / "Run failed." (an error) for an ended execution. */
export function outcomeStatus(execution: Execution): RunStatus {
  const outcome = execution.result?.status ?? execution.status;
  return { kind: outcome === 'failed' ? 'error' : 'info', text: `Run ${outcome}.` };
}

export function useRuns(workflowId: string, report: (status: RunStatus) => void) {
  /** The run of this session of the editor (its result stays until the next run). */
  const [execution, setExecution] = useState<Execution | null>(null);
  /** Node states while a run is in progress, from the event stream. */
  const [live, setLive] = useState<States | null>(null);
  const [history, setHistory] = useState<ExecutionSummary[]>([]);
  /** An earlier execution opened from the history (read-only). */
  const [viewing, setViewing] = useState<Execution | null>(null);
  const [running, setRunning] = useState(false);
  const stop = useRef<AbortController | null>(null);
  const reportRef = useRef(report);
  reportRef.current = report;

  const loadHistory = useCallback(async () => {
    const { data } = await withSession(() =>
      client.GET('/api/workflows/{id}/executions', {
        params: { path: { id: workflowId }, query: { limit: HISTORY_LIMIT } },
      }),
    );
    if (data) setHistory(data.items);
  }, [workflowId]);

  useEffect(() => {
    void loadHistory().catch(() => undefined); // the history is a help: the editor works without
    return () => stop.current?.abort();
  }, [loadHistory]);

  /**
   * Starts a run or resume (`call` answers the execution, 202 while running) and follows it:
   * `base` are the states before (a resume's earlier attempts), events of attempts before
   * `fromAttempt` are already in them.
   */
  const follow = async (
    call: () => Promise<{ data?: Execution }>,
    base: States,
    fromAttempt: number,
  ) => {
    stop.current?.abort();
    const abort = new AbortController();
    stop.current = abort;
    setRunning(true);
    setViewing(null);
    reportRef.current({ kind: 'info', text: 'Running…' });
    try {
      const { data: started } = await withSession(call);
      if (!started) return;
      setExecution(started);
      let ended = started;
      if (started.status === 'running') {
        const states = new Map(base);
        setLive(new Map(states));
        await followExecution(
          started.id,
          (event) => {
            if (event.attempt < fromAttempt) return;
            states.set(event.node_id, event.node as NodeExecutionState);
            setLive(new Map(states));
          },
          abort.signal,
        );
        const { data } = await withSession(() =>
          client.GET('/api/workflows/executions/{id}', {
            params: { path: { id: started.id } },
          }),
        );
        if (data) ended = data;
      }
      setExecution(ended);
      reportRef.current(outcomeStatus(ended));
      void loadHistory().catch(() => undefined);
    } catch (err) {
      if (!abort.signal.aborted) reportRef.current({ kind: 'error', text: errorText(err) });
    } finally {
      if (stop.current === abort) {
        stop.current = null;
        setLive(null);
        setRunning(false);
      }
    }
  };

  const run = () =>
    follow(
      () =>
        client.POST('/api/workflows/{id}/execute', {
          params: { path: { id: workflowId }, header: ASYNC },
        }),
      new Map(),
      1,
    );

  const resume = (failed: Execution) =>
    follow(
      () =>
        client.POST('/api/workflows/executions/{id}/resume', {
          params: { path: { id: failed.id }, header: ASYNC },
        }),
      statesOf(failed),
      Math.max(0, ...failed.attempts.map((a) => a.attempt)) + 1,
    );

  const open = async (id: string) => {
    try {
      const { data } = await withSession(() =>
        client.GET('/api/workflows/executions/{id}', { params: { path: { id } } }),
      );
      // Still running: followed live like a run started here (its events replayed from the
      // first), not shown frozen read-only.
      if (data?.status === 'running') void follow(async () => ({ data }), new Map(), 1);
      else if (data) setViewing(data);
    } catch (err) {
      reportRef.current({ kind: 'error', text: errorText(err) });
    }
  };

  const shown = viewing ?? execution;
  const states = useMemo(() => live ?? statesOf(shown), [live, shown]);

  return {
    /** The execution whose states and output are shown (an opened earlier one first). */
    shown,
    states,
    running,
    history,
    viewing,
    run,
    resume,
    open,
    close: () => setViewing(null),
  };
}
