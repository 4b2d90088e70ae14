import {
  validateWorkflowGraph,
  type GraphIssue,
  type GraphIssueCode,
  type NodeKind,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@sports/workflow-engine';
import type { Schemas } from '@sports/health-client';
import type { DraftGraph, DraftNode } from './types';

export type Positions = Record<string, { x: number; y: number }>;

export function starterGraph(): DraftGraph {
  return {
    nodes: [
      {
        id: 'start',
        kind: 'analysis',
        label: 'Start',
        inline_template: 'Gewicht: {{weight.latest}} kg.',
      },
      { id: 'end', kind: 'end', output_mode: 'AUTO' },
    ],
    edges: [{ from: 'start', to: 'end' }],
  };
}

/** A fresh node of `kind` with an id not used yet (`analysis_1`, `logic_2`, ...). */
export function newNode(kind: NodeKind, existing: DraftNode[]): DraftNode {
  const ids = new Set(existing.map((n) => n.id));
  let i = 1;
  while (ids.has(`${kind}_${i}`)) i += 1;
  const id = `${kind}_${i}`;
  switch (kind) {
    case 'analysis':
      return { id, kind, prompt_slug: null, inline_template: null };
    case 'logic':
      return {
        id,
        kind,
        condition: { op: 'EQ', signal: '', value: '' },
        fallback_strategy: 'CONSERVATIVE_SKIP',
      };
    case 'join':
      return { id, kind, join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' };
    case 'end':
      return { id, kind, output_mode: 'AUTO' };
  }
}

/** The graph as sent to the API: empty optional fields are left out. */
export function wireGraph(graph: DraftGraph): WorkflowGraph {
  const nodes = graph.nodes.map((node) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (value === null || value === undefined || value === '') continue;
      if (Array.isArray(value) && value.length === 0) continue;
      out[key] = value;
    }
    delete out.condition_text;
    if (node.kind === 'end' && node.output_mode !== 'TEMPLATE') delete out.template;
    if (node.kind === 'logic' && node.fallback_strategy !== 'DEFAULT_PATH')
      delete out.default_branch;
    if (node.kind === 'join' && node.skip_handling !== 'REQUIRE_MINIMUM') delete out.min_completed;
    return out as unknown as WorkflowNode;
  });
  const edges = graph.edges.map((e) => {
    const edge: WorkflowEdge = { from: e.from, to: e.to };
    if (e.branch) edge.branch = e.branch;
    return edge;
  });
  return { nodes, edges };
}

/** The editor's words for what a user meets while drawing; the engine's message otherwise. */
const WORDING: Partial<Record<GraphIssueCode, string>> = {
  NODE_TEMPLATE_MISSING: 'Choose a stored prompt or write an inline template.',
};

/** The engine's errors for the graph as it would be saved (the server runs the same check). */
export function graphErrors(graph: DraftGraph): GraphIssue[] {
  // Condition JSON that does not parse is the editor's own error: the engine never sees it.
  const drafts = graph.nodes
    .filter((n) => n.condition_text !== undefined)
    .map((n) => ({
      code: 'NODE_INVALID' as GraphIssue['code'],
      message: CONDITION_JSON_INVALID,
      node_ids: [n.id],
      path: 'condition',
    }));
  return [...drafts, ...worded(validateWorkflowGraph(wireGraph(graph)).errors)];
}

/** The engine's issues in the editor's wording (the server's check answers the same codes). */
export function worded(issues: GraphIssue[]): GraphIssue[] {
  return issues.map((issue) => ({ ...issue, message: WORDING[issue.code] ?? issue.message }));
}

export const CONDITION_JSON_INVALID = 'The condition (JSON) is not valid JSON: fix it or undo.';

/** Left-to-right layering by longest path; used when a workflow is opened. */
export function autoLayout(graph: DraftGraph): Positions {
  const depth = new Map<string, number>(graph.nodes.map((n) => [n.id, 0]));
  for (let round = 0; round < graph.nodes.length; round += 1) {
    let changed = false;
    for (const e of graph.edges) {
      const d = (depth.get(e.from) ?? 0) + 1;
      if (depth.has(e.to) && d > (depth.get(e.to) ?? 0)) {
        depth.set(e.to, d);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const rows = new Map<number, number>();
  const positions: Positions = {};
  for (const node of graph.nodes) {
    const d = depth.get(node.id) ?? 0;
    const row = rows.get(d) ?? 0;
    rows.set(d, row + 1);
    positions[node.id] = { x: 40 + d * 220, y: 40 + row * 110 };
  }
  return positions;
}

export function issuesByNode(issues: GraphIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of issues) {
    for (const id of issue.node_ids ?? []) {
      map.set(id, [...(map.get(id) ?? []), issue.message]);
    }
  }
  return map;
}

/** The graph as the typed client sends it (the engine's type and the API schema's are alike). */
export function requestGraph(graph: DraftGraph): Schemas['WorkflowGraphSchema'] {
  return wireGraph(graph) as unknown as Schemas['WorkflowGraphSchema'];
}
