import { type EdgeBranch, type GraphIssue, type NodeKind } from '@sports/workflow-engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ProblemError, type Schemas } from '@sports/health-client';
import { ConflictDialog } from './dialogs/ConflictDialog';
import { edgeId, GraphCanvas } from './GraphCanvas';
import { autoLayout, graphErrors, issuesByNode, newNode, Positions, requestGraph } from './graph';
import { useHistory } from './history';
import {
  freeSpot,
  inView,
  loadedPositions,
  savedLayout,
  type CanvasView,
  type Point,
} from './layout';
import { useLiveValidation } from './liveValidation';
import { NodePanel, RunDetails } from './NodePanel';
import { NodeTestRun } from './runs/NodeTestRun';
import { RunHistory, ViewingBanner } from './runs/RunHistory';
import { RunOutput } from './runs/RunOutput';
import { useRuns } from './runs/useRuns';
import { NodePalette } from './palette/NodePalette';
import { useShortcuts } from './shortcuts';
import { exportWorkflow } from './transfer';
import { client, errorText, fieldErrors } from './session/client';
import { withSession } from './session/relogin';
import { setUnsaved, useBeforeUnload } from './unsaved';
import type { DataPlaceholder, DraftGraph, DraftNode, Prompt, Question } from './types';

/** The status line of a refused save: the problems themselves are listed one by one. */
const notSaved = (n: number) =>
  `Not saved: ${n} problem${n === 1 ? '' : 's'}, listed under Problems.`;
const byId = (id: string) => ({ params: { path: { id } } });

export function Editor({ workflowId, onDeleted }: { workflowId: string; onDeleted: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState<string | null>(null);
  /** The canvas's view: where new nodes fit on screen. */
  const view = useRef<CanvasView | null>(null);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [graph, setGraph] = useState<DraftGraph | null>(null);
  /** Graph and node positions together: undo takes back a node's move too. */
  const history = useHistory<{ graph: DraftGraph; positions: Positions }>();
  const clipboard = useRef<DraftNode | null>(null);
  const [positions, setPositions] = useState<Positions>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [issues, setIssues] = useState<GraphIssue[]>([]);
  /** The graph changed since the shown run: its result stays, marked as stale. */
  const [runStale, setRunStale] = useState(false);
  /** The server's warnings of the last load or save (they do not block a save). */
  const [warnings, setWarnings] = useState<Schemas['GraphIssueResponse'][]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const runs = useRuns(workflowId, setStatus);
  /** The version this tab loaded or last saved: sent as If-Match, so two tabs cannot overwrite. */
  const [etag, setEtag] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  /** Changed since the last load or save: marker in the toolbar, guard on leaving. */
  const [dirty, setDirty] = useState(false);
  useBeforeUnload(dirty);
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [data, setData] = useState<DataPlaceholder[]>([]);
  const [questions, setQuestions] = useState<Question[]>([]);

  const load = useCallback(async () => {
    const { data: wf, response } = await withSession(() =>
      client.GET('/api/workflows/{id}', byId(workflowId)),
    );
    if (!wf) return;
    const loaded = wf.graph as DraftGraph;
    setEtag(response.headers.get('etag'));
    setName(wf.name);
    setDescription(wf.description);
    setWarnings(wf.warnings);
    setGraph(loaded);
    setPositions(loadedPositions(loaded, wf.layout));
    setDirty(false);
    history.reset();
  }, [workflowId, history.reset]);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        await load();
      } catch (err) {
        setStatus({ kind: 'error', text: errorText(err) });
      }
      // Catalogs are optional helpers: the editor works without them.
      const [p, d, q] = await Promise.allSettled([
        withSession(() => client.GET('/api/prompts', { params: { query: { limit: 100 } } })),
        withSession(() => client.GET('/api/prompts/placeholders')),
        withSession(() =>
          client.GET('/api/workflows/questions', { params: { query: { limit: 100 } } }),
        ),
      ]);
      if (!live) return;
      if (p.status === 'fulfilled') setPrompts((p.value.data?.items ?? []) as Prompt[]);
      if (d.status === 'fulfilled') setData((d.value.data?.items ?? []) as DataPlaceholder[]);
      if (q.status === 'fulfilled') setQuestions((q.value.data?.items ?? []) as Question[]);
    })();
    return () => {
      live = false;
    };
  }, [workflowId, load]);

  useLiveValidation(graph, dirty, (errors, next) => {
    setIssues(errors);
    setWarnings(next);
  });

  const problems = useMemo(() => issuesByNode(issues), [issues]);
  const states = runs.states;

  const update = (next: DraftGraph) => {
    if (runs.viewing) return; // an earlier run is open read-only
    if (graph) history.record({ graph, positions });
    setGraph(next);
    markEdited();
  };

  const markEdited = () => {
    setRunStale(true);
    setDirty(true);
    // "Saved." no longer describes the graph once it changed.
    setStatus((s) => (s?.kind === 'info' ? null : s));
  };

  const travel = (step: typeof history.undo) => {
    if (!graph || runs.viewing) return;
    const next = step({ graph, positions });
    if (!next) return;
    setGraph(next.graph);
    setPositions(next.positions);
    if (selectedId && !next.graph.nodes.some((n) => n.id === selectedId)) setSelectedId(null);
    markEdited();
  };

  /** Places a copy of `node` under a new id next to the original. */
  const duplicateNode = (node: DraftNode | null) => {
    if (!graph || !node || node.kind === 'end') return;
    const id = newNode(node.kind, graph.nodes).id;
    const at = positions[node.id] ?? { x: 0, y: 0 };
    setPositions((p) => ({ ...p, [id]: { x: at.x + 40, y: at.y + 120 } }));
    update({ ...graph, nodes: [...graph.nodes, { ...node, id }] });
    setSelectedId(id);
    setSelectedEdge(null);
  };

  useShortcuts({
    // save and askDeleteNode are defined once a graph is loaded (below the early return).
    save: () => {
      if (graph) void save();
    },
    undo: () => travel(history.undo),
    redo: () => travel(history.redo),
    deleteSelected: () => {
      const edge = graph?.edges.find((e) => edgeId(e) === selectedEdge);
      if (graph && edge) {
        update({ ...graph, edges: graph.edges.filter((e) => e !== edge) });
        setSelectedEdge(null);
      } else if (graph && selectedId) askDeleteNode(selectedId);
    },
    copy: () => {
      clipboard.current = graph?.nodes.find((n) => n.id === selectedId) ?? null;
    },
    paste: () => duplicateNode(clipboard.current),
    duplicate: () => duplicateNode(graph?.nodes.find((n) => n.id === selectedId) ?? null),
  });

  if (!graph) {
    return (
      <p role={status?.kind === 'error' ? 'alert' : undefined}>{status?.text ?? 'Loading…'}</p>
    );
  }

  const selected = graph.nodes.find((n) => n.id === selectedId) ?? null;

  const selectNode = (id: string | null) => {
    setSelectedId(id);
    setSelectedEdge(null);
  };

  /** Adds a node at `at` (a drop from the palette) or at a free spot in view. */
  const addNode = (kind: NodeKind, at?: Point) => {
    const node = newNode(kind, graph.nodes);
    const near = selected ? positions[selected.id] : undefined;
    const area = view.current?.visibleArea() ?? null;
    const spot = at ?? freeSpot(positions, area, near, view.current?.nodeBoxes());
    if (!inView(spot, area)) view.current?.reveal(spot);
    setPositions({ ...positions, [node.id]: spot });
    update({ ...graph, nodes: [...graph.nodes, node] });
    selectNode(node.id);
  };

  const changeNode = (node: DraftNode) => {
    update({ ...graph, nodes: graph.nodes.map((n) => (n.id === node.id ? node : n)) });
    if (issues.length) setIssues(issues.filter((i) => !(i.node_ids ?? []).includes(node.id)));
  };

  /** Deletes at once when nothing refers to the node; otherwise asks, naming what uses it. */
  const askDeleteNode = (id: string) => {
    if (!graph) return;
    const edges = graph.edges.filter((e) => e.from === id || e.to === id).length;
    const users = graph.nodes
      .filter((n) => n.id !== id && JSON.stringify(n).includes(`${id}.`))
      .map((n) => n.id);
    if (edges || users.length) {
      const parts = [];
      if (edges) parts.push(`${edges} edge${edges === 1 ? '' : 's'}`);
      if (users.length) parts.push(`in use by ${users.join(', ')}`);
      if (!window.confirm(`Delete node ${id}? It has ${parts.join(' and is ')}.`)) return;
    }
    deleteNode(id);
  };

  const deleteNode = (id: string) => {
    update({
      nodes: graph.nodes.filter((n) => n.id !== id),
      edges: graph.edges.filter((e) => e.from !== id && e.to !== id),
    });
    setSelectedId(null);
  };

  /** Node positions are saved with the workflow: moving one is an unsaved change. */
  const move = (next: (current: Positions) => Positions) => {
    setPositions(next);
    setDirty(true);
    setStatus((s) => (s?.kind === 'info' ? null : s));
  };

  const connect = (from: string, to: string, branch: EdgeBranch | null) => {
    if (from === to) return;
    const exists = graph.edges.some(
      (e) => e.from === from && e.to === to && (e.branch ?? null) === branch,
    );
    if (exists) return;
    update({ ...graph, edges: [...graph.edges, branch ? { from, to, branch } : { from, to }] });
  };

  /**
   * The engine's check in the browser, the server's check (the same, for an editor older than
   * the service), then PUT. Returns whether the workflow is saved.
   */
  const save = async (ifMatch: string | null = etag): Promise<boolean> => {
    const local = graphErrors(graph);
    if (local.length) {
      setIssues(local);
      setSelectedId(local[0].node_ids?.[0] ?? selectedId);
      setStatus({ kind: 'error', text: notSaved(local.length) });
      return false;
    }
    setBusy(true);
    try {
      const body = requestGraph(graph);
      const { data: check } = await withSession(() =>
        client.POST('/api/workflows/validate', { body: { graph: body } }),
      );
      if (check && !check.valid) {
        setIssues(check.errors as GraphIssue[]);
        setStatus({ kind: 'error', text: notSaved(check.errors.length) });
        return false;
      }
      const { data: saved, response } = await withSession(() =>
        client.PUT('/api/workflows/{id}', {
          params: { path: { id: workflowId }, header: ifMatch ? { 'If-Match': ifMatch } : {} },
          body: {
            name,
            graph: body,
            layout: savedLayout(graph, positions),
          },
        }),
      );
      setEtag(response.headers.get('etag'));
      setDirty(false);
      setWarnings(saved?.warnings ?? []);
      setNameError(null);
      setIssues([]);
      setStatus({ kind: 'info', text: 'Saved.' });
      return true;
    } catch (err) {
      if (err instanceof ProblemError && err.code === 'PRECONDITION_FAILED') {
        const current = err.problem.current_etag;
        setConflict(typeof current === 'string' ? current : '*');
        setStatus({ kind: 'error', text: 'Not saved: changed elsewhere.' });
        return false;
      }
      setNameError(fieldErrors(err).get('name') ?? null);
      const errors = err instanceof ProblemError ? (err.errors as unknown as GraphIssue[]) : [];
      if (errors.some((e) => e.node_ids)) setIssues(errors.filter((e) => e.node_ids));
      setStatus({ kind: 'error', text: errorText(err) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Saves, then runs asynchronously with live node states (runs/useRuns.ts). */
  const run = async () => {
    if (!(await save())) return;
    setRunStale(false);
    await runs.run();
  };
  /** The graph on the canvas: an opened earlier run shows the graph that ran. */
  const shownGraph = runs.viewing ? (runs.viewing.graph as unknown as DraftGraph) : graph;

  const remove = async () => {
    if (!window.confirm(`Delete workflow "${name}"?`)) return;
    try {
      await withSession(() => client.DELETE('/api/workflows/{id}', byId(workflowId)));
      setUnsaved(false);
      onDeleted();
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };

  return (
    <div className="editor">
      <div
        className="toolbar"
        role="toolbar"
        aria-label="Workflow actions"
        inert={runs.viewing !== null}
      >
        <label className="name">
          Name
          <input
            value={name}
            maxLength={200}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? 'name-error' : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
              setDirty(true);
              setStatus((s) => (s?.kind === 'info' ? null : s));
            }}
          />
          {nameError && (
            <span className="error field-error" id="name-error">
              {nameError}
            </span>
          )}
        </label>
        <NodePalette onAdd={(kind) => addNode(kind)} />
        <button
          type="button"
          onClick={() => {
            history.record({ graph, positions });
            move(() => autoLayout(graph));
          }}
        >
          Arrange
        </button>
        <button
          type="button"
          disabled={!history.canUndo}
          onClick={() => travel(history.undo)}
          title="Ctrl+Z"
        >
          Undo
        </button>
        <button
          type="button"
          disabled={!history.canRedo}
          onClick={() => travel(history.redo)}
          title="Ctrl+Shift+Z"
        >
          Redo
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
          Save
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || runs.running}
          onClick={() => void run()}
        >
          Run
        </button>
        <button
          type="button"
          onClick={() =>
            exportWorkflow({
              name,
              description,
              graph: requestGraph(graph),
              layout: savedLayout(graph, positions),
            })
          }
        >
          Export
        </button>
        <button type="button" className="danger" onClick={() => void remove()}>
          Delete workflow
        </button>
        {dirty && (
          <span className="unsaved" role="status">
            Unsaved changes
          </span>
        )}
      </div>
      {conflict && (
        <ConflictDialog
          onCancel={() => setConflict(null)}
          onReload={() => {
            setConflict(null);
            void load()
              .then(() => setStatus({ kind: 'info', text: 'Reloaded their version.' }))
              .catch((err: unknown) => setStatus({ kind: 'error', text: errorText(err) }));
          }}
          onOverwrite={() => {
            const current = conflict;
            setConflict(null);
            void save(current);
          }}
        />
      )}
      {status && (
        <p className={`status ${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      {runs.viewing && <ViewingBanner execution={runs.viewing} onClose={runs.close} />}
      <div className="workspace">
        <GraphCanvas
          graph={shownGraph}
          readOnly={runs.viewing !== null}
          positions={runs.viewing ? { ...autoLayout(shownGraph), ...positions } : positions}
          selectedId={selectedId}
          selectedEdge={selectedEdge}
          states={states}
          problems={problems}
          onSelect={selectNode}
          onSelectEdge={(id) => {
            setSelectedEdge(id);
            setSelectedId(null);
          }}
          onDropKind={addNode}
          onReady={(v) => {
            view.current = v;
          }}
          onMove={(id, pos) => move((p) => ({ ...p, [id]: pos }))}
          // One undo step per drag (not per position change): the state before it.
          onMoveStart={() => history.record({ graph, positions })}
          onConnect={connect}
        />
        <aside className="side-panel" aria-label="Node settings">
          <label>
            Selected node
            <select value={selectedId ?? ''} onChange={(e) => selectNode(e.target.value || null)}>
              <option value="">None</option>
              {graph.nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.id} ({n.kind})
                </option>
              ))}
            </select>
          </label>
          {runs.viewing ? (
            states.get(selectedId ?? '') && <RunDetails run={states.get(selectedId ?? '')!} />
          ) : selected ? (
            <NodePanel
              key={selected.id}
              node={selected}
              graph={graph}
              prompts={prompts}
              data={data}
              questions={questions}
              problems={problems.get(selected.id) ?? []}
              run={states.get(selected.id) ?? null}
              onChange={changeNode}
              onDelete={() => askDeleteNode(selected.id)}
              onConnect={(to, branch) => connect(selected.id, to, branch)}
              onRemoveEdge={(edge) =>
                update({ ...graph, edges: graph.edges.filter((e) => e !== edge) })
              }
            />
          ) : (
            <p>Select a node in the graph or the list above to edit it.</p>
          )}
          {selected?.kind === 'analysis' && !runs.viewing && (
            <NodeTestRun
              key={`test-${selected.id}`}
              workflowId={workflowId}
              nodeId={selected.id}
              graph={graph}
            />
          )}
          {issues.length > 0 && (
            <section aria-label="Problems">
              <h2>Problems</h2>
              <ul className="problems">
                {issues.map((i, n) => (
                  <li key={n}>
                    <strong>{i.code}</strong>{' '}
                    {i.node_ids?.length ? `${i.node_ids.join(', ')}: ` : ''}
                    {i.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {warnings.length > 0 && (
            <section aria-label="Warnings">
              <h2>Warnings</h2>
              <ul className="warnings">
                {warnings.map((w, n) => (
                  <li key={n}>
                    <strong>{w.code}</strong>{' '}
                    {w.node_ids?.length ? `${w.node_ids.join(', ')}: ` : ''}
                    {w.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {runs.shown && (
            <RunOutput
              execution={runs.shown}
              stale={runStale && !runs.viewing}
              busy={busy || runs.running}
              onResume={() => {
                if (runs.shown) void runs.resume(runs.shown);
              }}
            />
          )}
          <RunHistory
            items={runs.history}
            viewing={runs.viewing}
            onOpen={(id) => void runs.open(id)}
          />
        </aside>
      </div>
    </div>
  );
}
