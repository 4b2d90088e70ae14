// Validation hints while editing: a short pause after the last change, the server checks the
// graph (POST /api/workflows/validate, operation validateWorkflowGraph) and the problem markers
// and warnings follow the graph without a save.
import type { GraphIssue } from '@sports/workflow-engine';
import type { Schemas } from '@sports/health-client';
import { useEffect } from 'react';
import { CONDITION_JSON_INVALID, requestGraph, worded } from './graph';
import { client } from './session/client';
import type { DraftGraph } from './types';

const PAUSE_MS = 600;

export function useLiveValidation(
  graph: DraftGraph | null,
  edited: boolean,
  report: (errors: GraphIssue[], warnings: Schemas['GraphIssueResponse'][]) => void,
): void {
  useEffect(() => {
    if (!graph || !edited) return;
    let live = true;
    const timer = window.setTimeout(() => {
      // Condition JSON that does not parse is the editor's own error (graphErrors).
      const drafts: GraphIssue[] = graph.nodes
        .filter((n) => n.condition_text !== undefined)
        .map((n) => ({
          code: 'NODE_INVALID',
          message: CONDITION_JSON_INVALID,
          node_ids: [n.id],
        }));
      client
        .POST('/api/workflows/validate', { body: { graph: requestGraph(graph) } })
        .then(({ data }) => {
          if (live && data)
            report([...drafts, ...worded(data.errors as GraphIssue[])], data.warnings);
        })
        // A hint only: a failed check (offline, session ended) leaves the markers as they are.
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `report` is a new function each render; the graph is what matters.
  }, [graph, edited]);
}
