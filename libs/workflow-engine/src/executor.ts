import { describeCondition, evaluateCondition, type SignalRef } from './conditions';
import { downstreamOf } from './graph';
import { evaluateJoin, uniqueContributions, type JoinPath } from './join';
import { normalizeSignals } from './normalize';
import {
  augmentTemplate,
  inMemoryQuestionCatalog,
  resolveQuestions,
  selectQuestionKeys,
  type QuestionCatalogLookup,
} from './questions';
import { renderEndOutput } from './render';
import { normalizeSignalKey, parseAnswerSections } from './sections';
import { resolveNodeTemplate, type PromptTemplateLookup } from './template-source';
import type {
  AnalysisContribution,
  AnalysisNode,
  CompiledGraph,
  EdgeBranch,
  EdgeExecutionState,
  EdgeState,
  EndNode,
  ExecutionErrorInfo,
  ExecutionResult,
  JoinNode,
  LogicNode,
  NodeExecutionState,
  NormalizedSignal,
  PathStatus,
  QuestionCatalogEntry,
  UndecidedCondition,
  WorkflowNode,
} from './types';
import { WorkflowEngineError } from './workflow-engine.error';

export interface PromptRunRequest {
  node_id: string;
  /** The node's template with the answer-format and question block appended. */
  template: string;
  questions: QuestionCatalogEntry[];
  /** Completed analyses that arrived over the node's active incoming edges. */
  inputs: AnalysisContribution[];
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  signal?: AbortSignal;
}

export interface PromptRunResult {
  text: string;
  tokens_in?: number;
  tokens_out?: number;
  cost?: number;
  prompt_sent?: string;
}

export interface PromptRunner {
  run(request: PromptRunRequest): Promise<PromptRunResult>;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type NodeUpdateListener = (state: NodeExecutionState) => void | Promise<void>;

/**
 * What a host stores when a node has ended (COMPLETED, SKIPPED or FAILED) so that a later run
 * can continue after it without running it again (`WorkflowExecutor.continue`): the node's
 * state, the states its outgoing edges took, and the undecided condition a logic node noted.
 */
export interface NodeCheckpoint {
  node: NodeExecutionState;
  edges: { edge_id: string; state: EdgeState }[];
  undecided: UndecidedCondition | null;
}

/**
 * Called once per node as it ends, in the order nodes end, before any node downstream of it
 * starts; not awaited (a host storing checkpoints keeps their order itself).
 */
export type NodeEndListener = (checkpoint: NodeCheckpoint) => void | Promise<void>;

export interface WorkflowExecutorOptions {
  runner: PromptRunner;
  prompts: PromptTemplateLookup;
  questions?: QuestionCatalogLookup;
  clock?: Clock;
  sleep?: Sleep;
  /** Per-attempt limit for analysis nodes without their own timeout_ms. */
  defaultTimeoutMs?: number;
  /** Retries for analysis nodes without their own `retries`. */
  defaultRetries?: number;
  /** Wait before retry n is retryBackoffMs · 2^(n-1). */
  retryBackoffMs?: number;
  /** Analysis nodes running at the same time; unlimited when absent. */
  maxConcurrency?: number;
}

export interface RunOptions {
  onNodeUpdate?: NodeUpdateListener;
  onNodeEnd?: NodeEndListener;
  signal?: AbortSignal;
}

export interface ContinueOptions extends RunOptions {
  /** Reported as the result's resumed_node_ids (the continued run was a resume). */
  resumedNodeIds?: string[];
}

export const systemClock: Clock = { now: () => Date.now() };

export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_BACKOFF_MS = 500;

export class WorkflowExecutor {
  private readonly settings: Required<Omit<WorkflowExecutorOptions, 'maxConcurrency'>> & {
    maxConcurrency: number;
  };

  constructor(options: WorkflowExecutorOptions) {
    this.settings = {
      runner: options.runner,
      prompts: options.prompts,
      questions: options.questions ?? inMemoryQuestionCatalog([]),
      clock: options.clock ?? systemClock,
      sleep: options.sleep ?? timerSleep,
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      defaultRetries: options.defaultRetries ?? 0,
      retryBackoffMs: options.retryBackoffMs ?? DEFAULT_BACKOFF_MS,
      maxConcurrency: options.maxConcurrency ?? Number.POSITIVE_INFINITY,
    };
  }

  /** Runs a validated graph (see compileWorkflowGraph). Never throws for node failures. */
  async execute(graph: CompiledGraph, options: RunOptions = {}): Promise<ExecutionResult> {
    const run = new ExecutionRun(graph, this.settings, options, new Set(graph.order), null);
    return run.start();
  }

  /**
   * Continues a run that stopped (its process died) from the checkpoints of the nodes that
   * had ended: those keep their results and are never run again, every other node runs.
   * A later checkpoint of a node replaces an earlier one.
   */
  async continue(
    graph: CompiledGraph,
    checkpoints: readonly NodeCheckpoint[],
    options: ContinueOptions = {},
  ): Promise<ExecutionResult> {
    const ended = new Map(checkpoints.map((c) => [c.node.node_id, c]));
    for (const { node } of ended.values()) {
      if (graph.node_by_id.get(node.node_id)?.kind !== node.kind) throw graphMismatch();
    }
    const carried: CarriedState = {
      nodes: [...ended.values()].map((c) => c.node),
      edges: [...ended.values()].flatMap((c) => c.edges),
      undecided: graph.order.flatMap((id) => ended.get(id)?.undecided ?? []),
      output: ended.get(graph.end_id)?.node.answer ?? null,
      resumed: options.resumedNodeIds ?? [],
    };
    const rerun = new Set(graph.order.filter((id) => !ended.has(id)));
    return new ExecutionRun(graph, this.settings, options, rerun, carried).start();
  }

  /**
   * Re-runs the FAILED nodes of a previous execution of the same graph and everything
   * downstream of them; all other nodes keep their recorded results.
   */
  async resume(
    graph: CompiledGraph,
    previous: ExecutionResult,
    options: RunOptions = {},
  ): Promise<ExecutionResult> {
    assertSameGraph(graph, previous);
    const failed = previous.nodes.filter((node) => node.state === 'FAILED').map((n) => n.node_id);
    if (failed.length === 0) return { ...previous, resumed_node_ids: [] };
    const rerun = downstreamOf(graph, failed);
    const carried: CarriedState = {
      nodes: previous.nodes,
      edges: previous.edges,
      undecided: previous.undecided_conditions,
      output: previous.output,
      resumed: graph.order.filter((id) => rerun.has(id)),
    };
    const run = new ExecutionRun(graph, this.settings, options, rerun, carried);
    return run.start();
  }
}

function assertSameGraph(graph: CompiledGraph, previous: ExecutionResult): void {
  const recorded = new Map(previous.nodes.map((node) => [node.node_id, node.kind]));
  const edges = new Set(previous.edges.map((edge) => edge.edge_id));
  const sameNodes =
    recorded.size === graph.nodes.length &&
    graph.nodes.every((node) => recorded.get(node.id) === node.kind);
  const sameEdges =
    edges.size === graph.edges.length && graph.edges.every((edge) => edges.has(edge.id));
  if (!sameNodes || !sameEdges) throw graphMismatch();
}

const ENDED: ReadonlySet<string> = new Set(['COMPLETED', 'SKIPPED', 'FAILED']);

/** Whether a node state is final for its run (a checkpoint may be taken of it). */
export function hasEnded(state: NodeExecutionState): boolean {
  return ENDED.has(state.state);
}

/** The checkpoints of the ended nodes of a whole stored result. */
export function checkpointsOf(result: ExecutionResult): NodeCheckpoint[] {
  return result.nodes.filter(hasEnded).map((node) => ({
    node,
    edges: result.edges
      .filter((edge) => edge.from === node.node_id)
      .map((edge) => ({ edge_id: edge.edge_id, state: edge.state })),
    undecided: result.undecided_conditions.find((u) => u.node_id === node.node_id) ?? null,
  }));
}

function graphMismatch(): WorkflowEngineError {
  return new WorkflowEngineError(
    'RESUME_GRAPH_MISMATCH',
    'the previous execution belongs to a different version of this workflow graph',
  );
}

/** What a resumed or continued run takes over from before: the nodes not run again. */
interface CarriedState {
  nodes: readonly NodeExecutionState[];
  edges: readonly { edge_id: string; state: EdgeState }[];
  undecided: readonly UndecidedCondition[];
  output: string | null;
  resumed: string[];
}

type Settings = WorkflowExecutor['settings'];

class ExecutionRun {
  private readonly states = new Map<string, NodeExecutionState>();
  private readonly edgeStates = new Map<string, EdgeState>();
  private readonly undecided: UndecidedCondition[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private readonly contributionCache = new Map<string, AnalysisContribution[]>();
  private readonly slots: Semaphore;
  private output: string | null = null;
  private startedAt = 0;

  constructor(
    private readonly graph: CompiledGraph,
    private readonly settings: Settings,
    private readonly options: RunOptions,
    private readonly rerun: ReadonlySet<string>,
    private readonly previous: CarriedState | null,
  ) {
    this.slots = new Semaphore(settings.maxConcurrency);
    const previousStates = new Map(previous?.nodes.map((node) => [node.node_id, node]));
    const previousEdges = new Map(previous?.edges.map((edge) => [edge.edge_id, edge.state]));
    for (const node of graph.nodes) {
      const kept = rerun.has(node.id) ? undefined : previousStates.get(node.id);
      this.states.set(node.id, kept ? { ...kept } : pendingNodeState(node));
    }
    for (const edge of graph.edges) {
      const kept = rerun.has(edge.from) ? undefined : previousEdges.get(edge.id);
      this.edgeStates.set(edge.id, kept ?? 'pending');
    }
    if (previous) {
      this.undecided.push(...previous.undecided.filter((entry) => !rerun.has(entry.node_id)));
      if (!rerun.has(graph.end_id)) this.output = previous.output;
    }
  }

  async start(): Promise<ExecutionResult> {
    this.startedAt = this.settings.clock.now();
    for (const id of this.graph.order) {
      if (this.rerun.has(id)) this.evaluate(id);
    }
    while (this.inflight.size > 0) {
      await Promise.all([...this.inflight]);
    }
    for (const state of this.states.values()) {
      if (state.state === 'PENDING') this.skip(state.node_id, 'not_reached', false);
    }
    return this.result();
  }

  // -------------------------------------------------------------------------------------------
  // Scheduling: a node is looked at whenever one of its inputs ends.

  private evaluate(id: string): void {
    const state = this.stateOf(id);
    if (state.state !== 'PENDING') return;
    const node = this.nodeOf(id);
    const incoming = this.graph.incoming.get(id) ?? [];

    if (node.kind === 'join') {
      this.applyJoin(
        node,
        incoming.map((edge) => this.pathOf(edge.id, edge.from)),
      );
      return;
    }
    if (incoming.length > 0) {
      const edgeStates = incoming.map((edge) => this.edgeState(edge.id));
      if (edgeStates.includes('pending')) return;
      if (node.kind === 'end') {
        if (this.hasRenderableResult()) this.launch(id, () => this.runEnd(node));
        else this.skip(id, 'no_completed_analysis', edgeStates.includes('failed'));
        return;
      }
      if (!edgeStates.includes('active')) {
        const failedUpstream = edgeStates.includes('failed');
        this.skip(id, failedUpstream ? 'upstream_failed' : 'upstream_not_taken', failedUpstream);
        return;
      }
    }
    if (node.kind === 'logic') this.runLogic(node);
    else if (node.kind === 'analysis') this.launch(id, () => this.runAnalysis(node));
    else this.launch(id, () => this.runEnd(node));
  }

  private launch(id: string, work: () => Promise<void>): void {
    this.mark(id, { state: 'RUNNING', started_at: this.isoNow() });
    const task = work()
      .catch((error: unknown) => this.fail(id, errorInfo(error)))
      .finally(() => this.inflight.delete(task));
    this.inflight.add(task);
  }

  /** Sets the outgoing edges of an ended node, checkpoints it, then looks at its targets. */
  private finish(id: string, outgoing: (branch: EdgeBranch | null) => EdgeState): void {
    const targets: string[] = [];
    const edges: NodeCheckpoint['edges'] = [];
    for (const edge of this.graph.outgoing.get(id) ?? []) {
      const state = outgoing(edge.branch);
      this.edgeStates.set(edge.id, state);
      edges.push({ edge_id: edge.id, state });
      targets.push(edge.to);
    }
    this.checkpoint(id, edges);
    for (const target of targets) this.evaluate(target);
  }

  private checkpoint(id: string, edges: NodeCheckpoint['edges']): void {
    const listener = this.options.onNodeEnd;
    if (!listener) return;
    const checkpoint: NodeCheckpoint = {
      node: { ...this.stateOf(id) },
      edges,
      undecided: this.undecided.find((entry) => entry.node_id === id) ?? null,
    };
    // As with progress: storing checkpoints never changes the outcome of the run itself.
    try {
      void Promise.resolve(listener(checkpoint)).catch(() => undefined);
    } catch {
      // see above
    }
  }

  // -------------------------------------------------------------------------------------------
  // Node kinds

  private async runAnalysis(node: AnalysisNode): Promise<void> {
    const resolved = await resolveNodeTemplate(node, this.settings.prompts);
    this.mark(node.id, { template_mode: resolved.mode });
    const keys = selectQuestionKeys(node.question_keys, resolved.default_question_keys);
    const { questions, missing_keys } = await resolveQuestions(keys, this.settings.questions);
    if (missing_keys.length > 0) {
      throw new WorkflowEngineError(
        'QUESTION_NOT_FOUND',
        `analysis node "${node.id}" uses unknown question keys: ${missing_keys.join(', ')}`,
        node.id,
      );
    }
    const template = augmentTemplate(resolved.template, questions);
    const inputs = this.inputsOf(node.id);
    const retries = node.retries ?? this.settings.defaultRetries;
    const timeoutMs = node.timeout_ms ?? this.settings.defaultTimeoutMs;
    const outer = this.options.signal;

    let answer: PromptRunResult | null = null;
    let lastError: unknown = null;
    for (let attempt = 1; attempt <= retries + 1 && answer === null; attempt += 1) {
      if (outer?.aborted) throw abortedError(node.id);
      this.mark(node.id, { attempts: attempt, prompt_sent: template });
      try {
        answer = await this.slots.use(() =>
          withTimeout(
            (signal) =>
              this.settings.runner.run({
                node_id: node.id,
                template,
                questions,
                inputs,
                attempt,
                signal,
              }),
            timeoutMs,
            node.id,
            outer,
          ),
        );
      } catch (error) {
        lastError = error;
        if (outer?.aborted) throw abortedError(node.id);
        if (attempt <= retries) {
          await this.settings.sleep(this.settings.retryBackoffMs * 2 ** (attempt - 1), outer);
        }
      }
    }
    if (answer === null) throw lastError;

    this.addUsage(node.id, answer);
    const parsed = parseAnswerSections(answer.text);
    this.complete(node.id, {
      prompt_sent: answer.prompt_sent ?? template,
      answer: answer.text,
      analysis_core: parsed.analysis_core,
      decision_signals: normalizeSignals(parsed.decision_signals, questions),
    });
    this.finish(node.id, () => 'active');
  }

  private runLogic(node: LogicNode): void {
    this.mark(node.id, { state: 'RUNNING', started_at: this.isoNow() });
    const evaluation = evaluateCondition(node.condition, (ref) => this.signalOf(ref));
    const fallback = node.fallback_strategy ?? 'CONSERVATIVE_SKIP';
    let branch: EdgeBranch | null;
    if (evaluation.result === 'true') branch = 'then';
    else if (evaluation.result === 'false') branch = 'else';
    else {
      this.undecided.push({
        node_id: node.id,
        label: node.label ?? null,
        condition: describeCondition(node.condition),
        fallback_strategy: fallback,
        signals: evaluation.undecided,
      });
      branch =
        fallback === 'DEFAULT_PATH'
          ? (node.default_branch ?? null)
          : fallback === 'UNCERTAINTY_PATH'
            ? 'uncertain'
            : null;
    }
    this.complete(node.id, { condition_result: evaluation.result, branch_taken: branch });
    this.finish(node.id, (edgeBranch) =>
      branch !== null && edgeBranch === branch ? 'active' : 'inactive',
    );
  }

  private applyJoin(node: JoinNode, paths: JoinPath[]): void {
    const decision = evaluateJoin(node, paths);
    if (!decision.ready) return;
    const now = this.isoNow();
    if (decision.state === 'COMPLETED') {
      this.mark(node.id, { state: 'RUNNING', started_at: now });
      this.complete(node.id, {
        analysis_core: decision.consolidation.analysis_core,
        decision_signals: decision.consolidation.decision_signals,
        join: decision.record,
      });
      this.finish(node.id, () => 'active');
    } else if (decision.state === 'SKIPPED') {
      this.mark(node.id, { join: decision.record });
      this.skip(node.id, decision.reason, decision.carries_failure);
    } else {
      this.mark(node.id, { state: 'RUNNING', started_at: now, join: decision.record });
      this.fail(node.id, decision.error);
    }
  }

  private async runEnd(node: EndNode): Promise<void> {
    const ordered = this.graph.order.map((id) => this.stateOf(id));
    const output = await renderEndOutput(node, ordered, this.undecided);
    this.output = output;
    this.complete(node.id, { answer: output });
    this.finish(node.id, () => 'active'); // the end node has no outgoing edge: checkpoints it
  }

  // -------------------------------------------------------------------------------------------
  // State transitions

  private complete(id: string, patch: Partial<NodeExecutionState>): void {
    this.mark(id, { ...patch, state: 'COMPLETED', ...this.endTiming(id) });
  }

  private fail(id: string, error: ExecutionErrorInfo): void {
    if (this.stateOf(id).state === 'COMPLETED') return;
    this.mark(id, { state: 'FAILED', error, ...this.endTiming(id) });
    this.finish(id, () => 'failed');
  }

  private skip(id: string, reason: string, carriesFailure: boolean): void {
    this.mark(id, { state: 'SKIPPED', skip_reason: reason });
    this.finish(id, () => (carriesFailure ? 'failed' : 'inactive'));
  }

  private endTiming(id: string): Partial<NodeExecutionState> {
    const startedAt = this.stateOf(id).started_at;
    const now = this.settings.clock.now();
    return {
      ended_at: new Date(now).toISOString(),
      duration_ms: startedAt ? Math.max(0, now - Date.parse(startedAt)) : 0,
    };
  }

  private mark(id: string, patch: Partial<NodeExecutionState>): void {
    const next = { ...this.stateOf(id), ...patch };
    this.states.set(id, next);
    if (patch.state) this.notify(next);
  }

  private notify(state: NodeExecutionState): void {
    const listener = this.options.onNodeUpdate;
    if (!listener) return;
    // Progress reporting must never change the outcome of the workflow itself.
    try {
      void Promise.resolve(listener({ ...state })).catch(() => undefined);
    } catch {
      // see above
    }
  }

  private addUsage(id: string, answer: PromptRunResult): void {
    const state = this.stateOf(id);
    const add = (total: number | null, value: number | undefined): number | null =>
      value === undefined ? total : (total ?? 0) + value;
    this.mark(id, {
      tokens_in: add(state.tokens_in, answer.tokens_in),
      tokens_out: add(state.tokens_out, answer.tokens_out),
      cost: add(state.cost, answer.cost),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Data flow

  private pathOf(edgeId: string, from: string): JoinPath {
    const status = PATH_STATUS[this.edgeState(edgeId)];
    return {
      edge_id: edgeId,
      from,
      status,
      contributions: status === 'completed' ? this.contributionsOf(from) : [],
    };
  }

  private inputsOf(id: string): AnalysisContribution[] {
    return uniqueContributions(
      (this.graph.incoming.get(id) ?? [])
        .filter((edge) => this.edgeState(edge.id) === 'active')
        .flatMap((edge) => this.contributionsOf(edge.from)),
    );
  }

  /** The analyses a completed node passes on: its own, or those it let through / merged. */
  private contributionsOf(id: string): AnalysisContribution[] {
    const cached = this.contributionCache.get(id);
    if (cached) return cached;
    const state = this.stateOf(id);
    if (state.state !== 'COMPLETED') return [];
    let contributions: AnalysisContribution[];
    if (state.kind === 'analysis') {
      contributions = [
        {
          node_id: id,
          label: state.label,
          analysis_core: state.analysis_core ?? '',
          decision_signals: state.decision_signals ?? {},
        },
      ];
    } else if (state.kind === 'join') {
      contributions = uniqueContributions(
        (state.join?.included ?? []).flatMap((path) => this.contributionsOf(path.from)),
      );
    } else {
      contributions = this.inputsOf(id);
    }
    this.contributionCache.set(id, contributions);
    return contributions;
  }

  private signalOf(ref: SignalRef): NormalizedSignal | undefined {
    const state = this.states.get(ref.node_id);
    if (state?.kind !== 'analysis' || state.state !== 'COMPLETED') return undefined;
    const signals = state.decision_signals ?? {};
    return signals[ref.key] ?? signals[normalizeSignalKey(ref.key)];
  }

  private hasRenderableResult(): boolean {
    const completedAnalysis = [...this.states.values()].some(
      (state) => state.kind === 'analysis' && state.state === 'COMPLETED',
    );
    return (
      completedAnalysis ||
      this.undecided.some((entry) => entry.fallback_strategy === 'DOCUMENT_ONLY')
    );
  }

  // -------------------------------------------------------------------------------------------

  private result(): ExecutionResult {
    const endedAt = this.settings.clock.now();
    const nodes = this.graph.order.map((id) => this.stateOf(id));
    const end = this.stateOf(this.graph.end_id);
    const anyFailed = nodes.some((node) => node.state === 'FAILED');
    const endNode = this.nodeOf(this.graph.end_id) as EndNode;
    const edges: EdgeExecutionState[] = this.graph.edges.map((edge) => ({
      edge_id: edge.id,
      from: edge.from,
      to: edge.to,
      branch: edge.branch,
      state: this.edgeState(edge.id),
    }));
    return {
      status: end.state !== 'COMPLETED' ? 'failed' : anyFailed ? 'partial' : 'completed',
      started_at: new Date(this.startedAt).toISOString(),
      ended_at: new Date(endedAt).toISOString(),
      duration_ms: Math.max(0, endedAt - this.startedAt),
      order: [...this.graph.order],
      nodes,
      edges,
      output_mode: endNode.output_mode ?? 'AUTO',
      output: end.state === 'COMPLETED' ? this.output : null,
      undecided_conditions: [...this.undecided],
      warnings: [...this.graph.warnings],
      tokens_in: sum(nodes.map((node) => node.tokens_in)),
      tokens_out: sum(nodes.map((node) => node.tokens_out)),
      cost: sum(nodes.map((node) => node.cost)),
      resumed_node_ids: this.previous?.resumed ?? [],
    };
  }

  private stateOf(id: string): NodeExecutionState {
    const state = this.states.get(id);
    if (!state) throw new Error(`unknown node ${id}`);
    return state;
  }

  private nodeOf(id: string): WorkflowNode {
    const node = this.graph.node_by_id.get(id);
    if (!node) throw new Error(`unknown node ${id}`);
    return node;
  }

  private edgeState(id: string): EdgeState {
    return this.edgeStates.get(id) ?? 'pending';
  }

  private isoNow(): string {
    return new Date(this.settings.clock.now()).toISOString();
  }
}

const PATH_STATUS: Record<EdgeState, PathStatus> = {
  pending: 'pending',
  active: 'completed',
  inactive: 'skipped',
  failed: 'failed',
};

/** The state of a node before it runs. */
export function pendingNodeState(node: WorkflowNode): NodeExecutionState {
  return {
    node_id: node.id,
    kind: node.kind,
    label: node.label ?? null,
    state: 'PENDING',
    started_at: null,
    ended_at: null,
    duration_ms: null,
    attempts: 0,
    tokens_in: null,
    tokens_out: null,
    cost: null,
    template_mode: null,
    prompt_sent: null,
    answer: null,
    analysis_core: null,
    decision_signals: null,
    condition_result: null,
    branch_taken: null,
    join: null,
    skip_reason: null,
    error: null,
  };
}

async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  nodeId: string,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const guards = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new WorkflowEngineError(
        'NODE_TIMEOUT',
        `analysis node "${nodeId}" did not answer within ${timeoutMs} ms`,
        nodeId,
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    onAbort = () => {
      const error = abortedError(nodeId);
      controller.abort(error);
      reject(error);
    };
    outer?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work(controller.signal), guards]);
  } finally {
    clearTimeout(timer);
    if (onAbort) outer?.removeEventListener('abort', onAbort);
  }
}

function abortedError(nodeId: string): WorkflowEngineError {
  return new WorkflowEngineError('EXECUTION_ABORTED', 'the execution was aborted', nodeId);
}

function errorInfo(error: unknown): ExecutionErrorInfo {
  if (error instanceof WorkflowEngineError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'PROMPT_RUN_FAILED', message: error.message };
  return { code: 'PROMPT_RUN_FAILED', message: String(error) };
}

function sum(values: readonly (number | null)[]): number {
  return values.reduce<number>((total, value) => total + (value ?? 0), 0);
}

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    // A released slot is handed straight to the next waiter, so the limit is never exceeded.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
