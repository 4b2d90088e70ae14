import { checkCondition, collectSignalRefs, isRecord, parseSignalRef } from './conditions';
import { checkEndTemplate } from './render';
import {
  EDGE_BRANCHES,
  END_NODE_OUTPUT_MODES,
  FALLBACK_STRATEGIES,
  JOIN_SKIP_HANDLINGS,
  JOIN_STRATEGIES,
  NODE_KINDS,
  type AnalysisNode,
  type CompiledEdge,
  type CompiledGraph,
  type EdgeBranch,
  type EndNode,
  type GraphIssue,
  type JoinNode,
  type LogicNode,
  type WorkflowNode,
} from './types';
import { WorkflowGraphError } from './workflow-engine.error';

/**
 * Node ids become top-level Liquid variables in end-node templates (`{{ a1.analysis_core }}`,
 * `{% if a1 %}`), so they must be plain identifiers: a letter, then letters, digits or `_`.
 * Hyphens and dots are refused because Liquid would read `a-1` / `a.1` differently, and the
 * Liquid literals below would shadow the node.
 */
export const NODE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const RESERVED_NODE_IDS: readonly string[] = [
  'true',
  'false',
  'nil',
  'null',
  'empty',
  'blank',
];

const MAX_TIMEOUT_MS = 3_600_000;
const MAX_RETRIES = 10;

export interface GraphValidationResult {
  valid: boolean;
  errors: GraphIssue[];
  warnings: GraphIssue[];
  /** Present only when valid. */
  graph: CompiledGraph | null;
}

/** Parses and validates untrusted graph JSON; throws WorkflowGraphError listing every error. */
export function compileWorkflowGraph(input: unknown): CompiledGraph {
  const result = validateWorkflowGraph(input);
  if (!result.graph) throw new WorkflowGraphError(result.errors);
  return result.graph;
}

export function validateWorkflowGraph(input: unknown): GraphValidationResult {
  const errors: GraphIssue[] = [];
  const warnings: GraphIssue[] = [];
  const fail = (): GraphValidationResult => ({ valid: false, errors, warnings, graph: null });

  if (!isRecord(input) || !Array.isArray(input.nodes)) {
    errors.push({
      code: 'GRAPH_SHAPE_INVALID',
      message: 'graph must be { nodes: [...], edges: [...] }',
    });
    return fail();
  }
  const rawEdges: unknown = input.edges ?? [];
  if (!Array.isArray(rawEdges)) {
    errors.push({ code: 'GRAPH_SHAPE_INVALID', message: 'edges must be a list', path: 'edges' });
    return fail();
  }

  // Settings problems are reported after the structural ones so that `code` names the most
  // fundamental problem first.
  const settingsErrors: GraphIssue[] = [];
  const nodes: WorkflowNode[] = [];
  const declaredIds = new Set<string>();
  input.nodes.forEach((raw, index) => {
    const node = parseNode(raw, `nodes[${index}]`, errors, settingsErrors, warnings);
    if (!node) return;
    if (declaredIds.has(node.id)) {
      errors.push({
        code: 'NODE_ID_DUPLICATE',
        message: `node id "${node.id}" is used more than once`,
        path: `nodes[${index}].id`,
        node_ids: [node.id],
      });
      return;
    }
    declaredIds.add(node.id);
    nodes.push(node);
  });
  const nodeById = new Map(nodes.map((node) => [node.id, node]));

  const edges = parseEdges(rawEdges, nodeById, declaredIds, errors);
  if (errors.length > 0) {
    errors.push(...settingsErrors);
    return fail();
  }

  const incoming = new Map<string, CompiledEdge[]>(nodes.map((node) => [node.id, []]));
  const outgoing = new Map<string, CompiledEdge[]>(nodes.map((node) => [node.id, []]));
  for (const edge of edges) {
    outgoing.get(edge.from)?.push(edge);
    incoming.get(edge.to)?.push(edge);
  }

  const ends = nodes.filter((node) => node.kind === 'end');
  if (ends.length === 0) {
    errors.push({ code: 'END_NODE_MISSING', message: 'the graph needs exactly one end node' });
  } else if (ends.length > 1) {
    errors.push({
      code: 'END_NODE_DUPLICATE',
      message: `the graph needs exactly one end node, found ${ends.length}`,
      node_ids: ends.map((node) => node.id),
    });
  }
  for (const end of ends) {
    if ((outgoing.get(end.id) ?? []).length > 0) {
      errors.push({
        code: 'END_NODE_HAS_OUTGOING',
        message: `end node "${end.id}" must not have outgoing edges`,
        node_ids: [end.id],
      });
    }
  }

  const { order, cycle } = topologicalOrder(nodes, outgoing, incoming);
  if (cycle) {
    errors.push({
      code: 'GRAPH_CYCLE',
      message: `the graph contains a cycle: ${[...cycle, cycle[0]].join(' → ')}`,
      node_ids: cycle,
    });
  }

  const startIds = nodes.filter((node) => incoming.get(node.id)?.length === 0).map((n) => n.id);
  const fromStart = reach(startIds, (id) => (outgoing.get(id) ?? []).map((edge) => edge.to));
  const unreached = nodes.filter((node) => !fromStart.has(node.id)).map((node) => node.id);
  if (unreached.length > 0) {
    errors.push({
      code: 'NODE_NOT_REACHABLE_FROM_START',
      message: `nodes not reachable from a start node: ${unreached.join(', ')}`,
      node_ids: unreached,
    });
  }
  if (ends.length === 1) {
    const toEnd = reach([ends[0].id], (id) => (incoming.get(id) ?? []).map((edge) => edge.from));
    const stranded = nodes.filter((node) => !toEnd.has(node.id)).map((node) => node.id);
    if (stranded.length > 0) {
      errors.push({
        code: 'NODE_CANNOT_REACH_END',
        message: `nodes that cannot reach the end node "${ends[0].id}": ${stranded.join(', ')}`,
        node_ids: stranded,
      });
    }
  }
  for (const id of startIds) {
    const node = nodeById.get(id);
    if (node && node.kind !== 'analysis') {
      errors.push({
        code: 'START_NODE_INVALID',
        message: `start node "${id}" is a ${node.kind} node; only analysis nodes can start a workflow`,
        node_ids: [id],
      });
    }
  }

  errors.push(...settingsErrors);
  if (!cycle) {
    checkEdgeDependentSettings(nodes, nodeById, incoming, outgoing, errors, warnings);
  }
  if (errors.length > 0) return fail();

  const graph: CompiledGraph = {
    nodes,
    edges,
    node_by_id: nodeById,
    incoming,
    outgoing,
    order,
    start_ids: startIds,
    end_id: ends[0].id,
    warnings,
  };
  return { valid: true, errors, warnings, graph };
}

// ---------------------------------------------------------------------------------------------
// Nodes

function parseNode(
  raw: unknown,
  path: string,
  errors: GraphIssue[],
  settingsErrors: GraphIssue[],
  warnings: GraphIssue[],
): WorkflowNode | null {
  if (!isRecord(raw)) {
    errors.push({ code: 'NODE_INVALID', message: `${path} must be an object`, path });
    return null;
  }
  const id = raw.id;
  if (typeof id !== 'string' || !NODE_ID_PATTERN.test(id)) {
    errors.push({
      code: 'NODE_ID_INVALID',
      message: `${path}.id ${JSON.stringify(id)} must match ${NODE_ID_PATTERN.source}`,
      path: `${path}.id`,
    });
    return null;
  }
  if (RESERVED_NODE_IDS.includes(id.toLowerCase())) {
    errors.push({
      code: 'NODE_ID_INVALID',
      message: `node id "${id}" is a reserved template word`,
      path: `${path}.id`,
      node_ids: [id],
    });
    return null;
  }
  const kind = raw.kind;
  if (typeof kind !== 'string' || !NODE_KINDS.some((known) => known === kind)) {
    errors.push({
      code: 'NODE_INVALID',
      message: `node "${id}" has unknown kind ${JSON.stringify(kind)}`,
      path: `${path}.kind`,
      node_ids: [id],
    });
    return null;
  }
  const label = optionalString(raw.label);
  const issue = (code: GraphIssue['code'], field: string, message: string): void => {
    settingsErrors.push({ code, message, path: `${path}.${field}`, node_ids: [id] });
  };

  switch (kind) {
    case 'analysis':
      return parseAnalysisNode(raw, id, label, path, issue, warnings);
    case 'logic':
      return parseLogicNode(raw, id, label, path, issue, settingsErrors);
    case 'join':
      return parseJoinNode(raw, id, label, issue);
    default:
      return parseEndNode(raw, id, label, issue);
  }
}

type IssueSink = (code: GraphIssue['code'], field: string, message: string) => void;

function parseAnalysisNode(
  raw: Record<string, unknown>,
  id: string,
  label: string | null,
  path: string,
  issue: IssueSink,
  warnings: GraphIssue[],
): AnalysisNode {
  const promptSlug = optionalString(raw.prompt_slug);
  const inlineTemplate = optionalString(raw.inline_template);
  if (!promptSlug && !inlineTemplate) {
    issue(
      'NODE_TEMPLATE_MISSING',
      'prompt_slug',
      `analysis node "${id}" needs prompt_slug or inline_template`,
    );
  } else if (promptSlug && inlineTemplate) {
    warnings.push({
      code: 'NODE_TEMPLATE_AMBIGUOUS',
      message: `analysis node "${id}" sets both prompt_slug and inline_template; inline_template is used`,
      path: `${path}.inline_template`,
      node_ids: [id],
    });
  }

  let questionKeys: string[] | null = null;
  if (raw.question_keys !== undefined && raw.question_keys !== null) {
    if (
      Array.isArray(raw.question_keys) &&
      raw.question_keys.every((key) => typeof key === 'string' && key.trim() !== '')
    ) {
      questionKeys = raw.question_keys.map((key: string) => key.trim());
    } else {
      issue(
        'ANALYSIS_SETTINGS_INVALID',
        'question_keys',
        `question_keys of "${id}" must be a list of keys`,
      );
    }
  }

  const timeout = optionalInteger(raw.timeout_ms);
  if (timeout === undefined || (timeout !== null && (timeout < 1 || timeout > MAX_TIMEOUT_MS))) {
    issue(
      'ANALYSIS_SETTINGS_INVALID',
      'timeout_ms',
      `timeout_ms of "${id}" must be an integer between 1 and ${MAX_TIMEOUT_MS}`,
    );
  }
  const retries = optionalInteger(raw.retries);
  if (retries === undefined || (retries !== null && (retries < 0 || retries > MAX_RETRIES))) {
    issue(
      'ANALYSIS_SETTINGS_INVALID',
      'retries',
      `retries of "${id}" must be an integer between 0 and ${MAX_RETRIES}`,
    );
  }

  return {
    id,
    kind: 'analysis',
    label,
    prompt_slug: promptSlug,
    inline_template: inlineTemplate,
    question_keys: questionKeys,
    timeout_ms: timeout ?? null,
    retries: retries ?? null,
  };
}

function parseLogicNode(
  raw: Record<string, unknown>,
  id: string,
  label: string | null,
  path: string,
  issue: IssueSink,
  settingsErrors: GraphIssue[],
): LogicNode {
  const condition = raw.condition;
  const problems: { path: string; message: string }[] = [];
  const conditionOk = checkCondition(condition, `${path}.condition`, problems);
  for (const problem of problems) {
    settingsErrors.push({
      code: 'CONDITION_INVALID',
      message: `logic node "${id}": ${problem.message}`,
      path: problem.path,
      node_ids: [id],
    });
  }
  const fallbackRaw = raw.fallback_strategy ?? 'CONSERVATIVE_SKIP';
  const fallback = FALLBACK_STRATEGIES.find((known) => known === fallbackRaw);
  if (!fallback) {
    issue(
      'LOGIC_FALLBACK_EDGES_MISSING',
      'fallback_strategy',
      `logic node "${id}" has unknown fallback_strategy ${JSON.stringify(fallbackRaw)}`,
    );
  }
  const branchRaw = raw.default_branch ?? null;
  const defaultBranch = branchRaw === 'then' || branchRaw === 'else' ? branchRaw : null;
  if (branchRaw !== null && defaultBranch === null) {
    issue(
      'LOGIC_FALLBACK_EDGES_MISSING',
      'default_branch',
      `default_branch of "${id}" must be "then" or "else"`,
    );
  }
  return {
    id,
    kind: 'logic',
    label,
    // An invalid condition is already reported; the stand-in keeps the node in the graph so
    // that its edges are still checked.
    condition: conditionOk ? condition : { op: 'AND', conditions: [] },
    fallback_strategy: fallback ?? 'CONSERVATIVE_SKIP',
    default_branch: defaultBranch,
  };
}

function parseJoinNode(
  raw: Record<string, unknown>,
  id: string,
  label: string | null,
  issue: IssueSink,
): JoinNode {
  const strategy = raw.join_strategy;
  const skip = raw.skip_handling;
  const strategyOk = JOIN_STRATEGIES.find((known) => known === strategy);
  const skipOk = JOIN_SKIP_HANDLINGS.find((known) => known === skip);
  if (!strategyOk) {
    issue(
      'JOIN_SETTINGS_INVALID',
      'join_strategy',
      `join node "${id}" needs join_strategy ${JOIN_STRATEGIES.join(' | ')}`,
    );
  }
  if (!skipOk) {
    issue(
      'JOIN_SETTINGS_INVALID',
      'skip_handling',
      `join node "${id}" needs skip_handling ${JOIN_SKIP_HANDLINGS.join(' | ')}`,
    );
  }
  const minCompleted = optionalInteger(raw.min_completed);
  if (minCompleted === undefined) {
    issue('JOIN_SETTINGS_INVALID', 'min_completed', `min_completed of "${id}" must be an integer`);
  }
  const placeholder = raw.placeholder_text;
  if (placeholder !== undefined && placeholder !== null && typeof placeholder !== 'string') {
    issue('JOIN_SETTINGS_INVALID', 'placeholder_text', `placeholder_text of "${id}" must be text`);
  }
  return {
    id,
    kind: 'join',
    label,
    join_strategy: strategyOk ?? 'wait_all',
    skip_handling: skipOk ?? 'IGNORE_SKIPPED',
    min_completed: minCompleted ?? null,
    placeholder_text: typeof placeholder === 'string' ? placeholder : null,
  };
}

function parseEndNode(
  raw: Record<string, unknown>,
  id: string,
  label: string | null,
  issue: IssueSink,
): EndNode {
  const mode = raw.output_mode ?? 'AUTO';
  const modeOk = END_NODE_OUTPUT_MODES.find((known) => known === mode);
  if (!modeOk) {
    issue('END_TEMPLATE_INVALID', 'output_mode', `output_mode of "${id}" must be AUTO or TEMPLATE`);
  }
  const template = optionalString(raw.template);
  if (modeOk === 'TEMPLATE') {
    if (!template) {
      issue(
        'END_TEMPLATE_INVALID',
        'template',
        `end node "${id}" in TEMPLATE mode needs a template`,
      );
    } else {
      const check = checkEndTemplate(template);
      if (check.error) {
        issue(
          'END_TEMPLATE_INVALID',
          'template',
          `template of "${id}" does not parse: ${check.error}`,
        );
      }
    }
  }
  return { id, kind: 'end', label, output_mode: modeOk ?? 'AUTO', template };
}

// ---------------------------------------------------------------------------------------------
// Edges

function parseEdges(
  rawEdges: unknown[],
  nodeById: ReadonlyMap<string, WorkflowNode>,
  declaredIds: ReadonlySet<string>,
  errors: GraphIssue[],
): CompiledEdge[] {
  const edges: CompiledEdge[] = [];
  const seenIds = new Set<string>();
  const seenLinks = new Set<string>();
  rawEdges.forEach((raw, index) => {
    const path = `edges[${index}]`;
    if (!isRecord(raw) || typeof raw.from !== 'string' || typeof raw.to !== 'string') {
      errors.push({ code: 'EDGE_INVALID', message: `${path} needs string from and to`, path });
      return;
    }
    const { from, to } = raw;
    const branchRaw = raw.branch ?? null;
    const branch = EDGE_BRANCHES.find((known) => known === branchRaw) ?? null;
    if (branchRaw !== null && branch === null) {
      errors.push({
        code: 'EDGE_INVALID',
        message: `${path}.branch must be then, else or uncertain`,
        path: `${path}.branch`,
      });
      return;
    }
    const explicitId = raw.id === undefined || raw.id === null ? null : raw.id;
    if (explicitId !== null && (typeof explicitId !== 'string' || explicitId.trim() === '')) {
      errors.push({ code: 'EDGE_INVALID', message: `${path}.id must be a non-empty string`, path });
      return;
    }
    const id = explicitId ?? `${from}->${to}${branch ? `:${branch}` : ''}`;
    for (const end of [from, to]) {
      if (!declaredIds.has(end)) {
        errors.push({
          code: 'EDGE_UNKNOWN_NODE',
          message: `edge "${id}" refers to unknown node "${end}"`,
          path,
          edge_id: id,
          node_ids: [end],
        });
      }
    }
    if (!nodeById.has(from) || !nodeById.has(to)) return;

    const link = `${from}\u0000${to}\u0000${branch ?? ''}`;
    if (seenIds.has(id) || seenLinks.has(link)) {
      errors.push({
        code: 'EDGE_DUPLICATE',
        message: `edge "${id}" is declared twice`,
        path,
        edge_id: id,
      });
      return;
    }
    seenIds.add(id);
    seenLinks.add(link);

    const source = nodeById.get(from);
    if (source?.kind === 'logic' && branch === null) {
      errors.push({
        code: 'EDGE_BRANCH_MISSING',
        message: `edge "${id}" leaves logic node "${from}" and needs branch then, else or uncertain`,
        path: `${path}.branch`,
        edge_id: id,
        node_ids: [from],
      });
      return;
    }
    if (source?.kind !== 'logic' && branch !== null) {
      errors.push({
        code: 'EDGE_BRANCH_UNEXPECTED',
        message: `edge "${id}" has a branch but "${from}" is not a logic node`,
        path: `${path}.branch`,
        edge_id: id,
        node_ids: [from],
      });
      return;
    }
    edges.push({ id, from, to, branch });
  });
  return edges;
}

// ---------------------------------------------------------------------------------------------
// Checks that need the edges

function checkEdgeDependentSettings(
  nodes: readonly WorkflowNode[],
  nodeById: ReadonlyMap<string, WorkflowNode>,
  incoming: ReadonlyMap<string, CompiledEdge[]>,
  outgoing: ReadonlyMap<string, CompiledEdge[]>,
  errors: GraphIssue[],
  warnings: GraphIssue[],
): void {
  for (const node of nodes) {
    if (node.kind === 'logic') {
      const branches = new Set<EdgeBranch | null>(
        (outgoing.get(node.id) ?? []).map((e) => e.branch),
      );
      const fallback = node.fallback_strategy ?? 'CONSERVATIVE_SKIP';
      if (fallback === 'DEFAULT_PATH') {
        if (!node.default_branch) {
          errors.push({
            code: 'LOGIC_FALLBACK_EDGES_MISSING',
            message: `logic node "${node.id}" uses DEFAULT_PATH and needs default_branch then or else`,
            node_ids: [node.id],
          });
        } else if (!branches.has(node.default_branch)) {
          errors.push({
            code: 'LOGIC_FALLBACK_EDGES_MISSING',
            message: `logic node "${node.id}" uses DEFAULT_PATH "${node.default_branch}" but has no ${node.default_branch} edge`,
            node_ids: [node.id],
          });
        }
      }
      if (fallback === 'UNCERTAINTY_PATH' && !branches.has('uncertain')) {
        errors.push({
          code: 'LOGIC_FALLBACK_EDGES_MISSING',
          message: `logic node "${node.id}" uses UNCERTAINTY_PATH and needs an uncertain edge`,
          node_ids: [node.id],
        });
      }
      if (fallback !== 'UNCERTAINTY_PATH' && branches.has('uncertain')) {
        warnings.push({
          code: 'EDGE_BRANCH_UNUSED',
          message: `uncertain edges of "${node.id}" are never taken with ${fallback}`,
          node_ids: [node.id],
        });
      }
      const upstream = reach([node.id], (id) => (incoming.get(id) ?? []).map((e) => e.from));
      for (const signal of collectSignalRefs(node.condition)) {
        const ref = parseSignalRef(signal);
        const target = ref ? nodeById.get(ref.node_id) : undefined;
        if (!ref || target?.kind !== 'analysis' || !upstream.has(ref.node_id)) {
          errors.push({
            code: 'CONDITION_SIGNAL_UNKNOWN',
            message: `logic node "${node.id}" reads "${signal}", which is not a signal of an upstream analysis node`,
            node_ids: [node.id],
          });
        }
      }
    }

    if (node.kind === 'join' && node.skip_handling === 'REQUIRE_MINIMUM') {
      const paths = (incoming.get(node.id) ?? []).length;
      const min = node.min_completed;
      if (min === null || min === undefined || min < 1 || min > paths) {
        errors.push({
          code: 'JOIN_SETTINGS_INVALID',
          message: `join node "${node.id}" uses REQUIRE_MINIMUM and needs min_completed between 1 and ${paths}`,
          node_ids: [node.id],
        });
      }
    }

    if (node.kind === 'end' && node.output_mode === 'TEMPLATE' && node.template) {
      const { referenced } = checkEndTemplate(node.template);
      const unknown = referenced.filter((name) => !nodeById.has(name));
      if (unknown.length > 0) {
        warnings.push({
          code: 'END_TEMPLATE_UNKNOWN_NODE',
          message: `the end template reads ${unknown.join(', ')}, which are not node ids`,
          node_ids: unknown,
        });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Graph algorithms

/** Kahn's algorithm; on a cycle it returns one concrete cycle's node ids. */
export function topologicalOrder(
  nodes: readonly WorkflowNode[],
  outgoing: ReadonlyMap<string, CompiledEdge[]>,
  incoming: ReadonlyMap<string, CompiledEdge[]>,
): { order: string[]; cycle: string[] | null } {
  const position = new Map(nodes.map((node, index) => [node.id, index]));
  const indegree = new Map(nodes.map((node) => [node.id, incoming.get(node.id)?.length ?? 0]));
  const ready = nodes.filter((node) => indegree.get(node.id) === 0).map((node) => node.id);
  const order: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    const id = ready.shift() as string;
    order.push(id);
    for (const edge of outgoing.get(id) ?? []) {
      const left = (indegree.get(edge.to) ?? 0) - 1;
      indegree.set(edge.to, left);
      if (left === 0) ready.push(edge.to);
    }
  }
  if (order.length === nodes.length) return { order, cycle: null };
  const remaining = new Set(nodes.map((node) => node.id).filter((id) => !order.includes(id)));
  const cycle = findCycle(remaining, incoming);
  // Start the reported cycle at its first declared node so the message is stable.
  let first = 0;
  cycle.forEach((id, index) => {
    if ((position.get(id) ?? 0) < (position.get(cycle[first]) ?? 0)) first = index;
  });
  return { order, cycle: [...cycle.slice(first), ...cycle.slice(0, first)] };
}

function findCycle(
  candidates: ReadonlySet<string>,
  incoming: ReadonlyMap<string, CompiledEdge[]>,
): string[] {
  // Every node Kahn's algorithm leaves over keeps a predecessor that is also left over, so a
  // backwards walk inside that set must repeat a node; the repeated stretch is a cycle.
  const path: string[] = [];
  const seenAt = new Map<string, number>();
  let current = [...candidates][0];
  while (!seenAt.has(current)) {
    seenAt.set(current, path.length);
    path.push(current);
    const previous = (incoming.get(current) ?? []).find((edge) => candidates.has(edge.from));
    if (!previous) return path.reverse();
    current = previous.from;
  }
  return path.slice(seenAt.get(current)).reverse();
}

function reach(starts: readonly string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const other of next(id)) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

/** Node ids downstream of the given ones (inclusive). */
export function downstreamOf(graph: CompiledGraph, ids: readonly string[]): Set<string> {
  return reach(ids, (id) => (graph.outgoing.get(id) ?? []).map((edge) => edge.to));
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** null when absent, undefined when present but not an integer. */
function optionalInteger(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
