// Wire types of the workflow engine. Field names are snake_case because they are stored in
// workflow_definitions / workflow_executions and returned unchanged by the HTTP API.

export type NodeKind = 'analysis' | 'logic' | 'join' | 'end';
export type EdgeBranch = 'then' | 'else' | 'uncertain';

export type ComparisonOperator = 'EQ' | 'NEQ' | 'IN' | 'GT' | 'LT' | 'CONTAINS';
export type CombinatorOperator = 'AND' | 'OR';
export type LogicOperator = ComparisonOperator | CombinatorOperator | 'NOT';

export type FallbackStrategy =
  'CONSERVATIVE_SKIP' | 'DEFAULT_PATH' | 'UNCERTAINTY_PATH' | 'DOCUMENT_ONLY';
export type JoinStrategy = 'wait_all' | 'wait_any' | 'best_effort';
export type JoinSkipHandling = 'IGNORE_SKIPPED' | 'USE_PLACEHOLDER' | 'REQUIRE_MINIMUM';
export type EndNodeOutputMode = 'AUTO' | 'TEMPLATE';
export type NormalizationStatus = 'valid' | 'normalized' | 'unclear' | 'invalid' | 'not_decidable';
export type NodeState = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'SKIPPED' | 'FAILED';
export type ExecutionStatus = 'completed' | 'partial' | 'failed';
export type AnswerType = 'enum' | 'number' | 'boolean' | 'text';
export type TemplateMode = 'inline' | 'reference';
export type ConditionResult = 'true' | 'false' | 'undecided';

/** `active`: the path carries a result; `inactive`: not taken; `failed`: a failure upstream. */
export type EdgeState = 'pending' | 'active' | 'inactive' | 'failed';

export const NODE_KINDS: readonly NodeKind[] = ['analysis', 'logic', 'join', 'end'];
export const EDGE_BRANCHES: readonly EdgeBranch[] = ['then', 'else', 'uncertain'];
export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  'EQ',
  'NEQ',
  'IN',
  'GT',
  'LT',
  'CONTAINS',
];
export const FALLBACK_STRATEGIES: readonly FallbackStrategy[] = [
  'CONSERVATIVE_SKIP',
  'DEFAULT_PATH',
  'UNCERTAINTY_PATH',
  'DOCUMENT_ONLY',
];
export const JOIN_STRATEGIES: readonly JoinStrategy[] = ['wait_all', 'wait_any', 'best_effort'];
export const JOIN_SKIP_HANDLINGS: readonly JoinSkipHandling[] = [
  'IGNORE_SKIPPED',
  'USE_PLACEHOLDER',
  'REQUIRE_MINIMUM',
];
export const END_NODE_OUTPUT_MODES: readonly EndNodeOutputMode[] = ['AUTO', 'TEMPLATE'];
export const ANSWER_TYPES: readonly AnswerType[] = ['enum', 'number', 'boolean', 'text'];

// ---------------------------------------------------------------------------------------------
// Question catalog

export interface QuestionCatalogEntry {
  key: string;
  question: string;
  answer_type: AnswerType;
  allowed_values?: string[] | null;
  /** canonical value → synonyms that mean it */
  synonyms?: Record<string, string[]> | null;
  unit?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Conditions

export type ConditionScalar = string | number | boolean;

export interface ComparisonCondition {
  op: ComparisonOperator;
  /** `<node_id>.<key>` of an upstream analysis node's decision signal */
  signal: string;
  value: ConditionScalar | ConditionScalar[];
}

export interface CombinatorCondition {
  op: CombinatorOperator;
  conditions: Condition[];
}

export interface NotCondition {
  op: 'NOT';
  condition: Condition;
}

export type Condition = ComparisonCondition | CombinatorCondition | NotCondition;

// ---------------------------------------------------------------------------------------------
// Graph

interface NodeBase {
  id: string;
  label?: string | null;
}

export interface AnalysisNode extends NodeBase {
  kind: 'analysis';
  /** Reference mode: slug of a stored base prompt. */
  prompt_slug?: string | null;
  /** Inline mode: the template text itself. Wins over prompt_slug when both are set. */
  inline_template?: string | null;
  /** Catalog keys bound to this node; a non-empty list overrides the prompt's defaults. */
  question_keys?: string[] | null;
  timeout_ms?: number | null;
  retries?: number | null;
}

export interface LogicNode extends NodeBase {
  kind: 'logic';
  condition: Condition;
  /** Defaults to CONSERVATIVE_SKIP. */
  fallback_strategy?: FallbackStrategy | null;
  /** Required for DEFAULT_PATH. */
  default_branch?: 'then' | 'else' | null;
}

export interface JoinNode extends NodeBase {
  kind: 'join';
  join_strategy: JoinStrategy;
  skip_handling: JoinSkipHandling;
  /** Required for REQUIRE_MINIMUM. */
  min_completed?: number | null;
  /** Text inserted per missing path under USE_PLACEHOLDER; a default is used when empty. */
  placeholder_text?: string | null;
}

export interface EndNode extends NodeBase {
  kind: 'end';
  /** Defaults to AUTO. */
  output_mode?: EndNodeOutputMode | null;
  /** Liquid template, required for TEMPLATE. */
  template?: string | null;
}

export type WorkflowNode = AnalysisNode | LogicNode | JoinNode | EndNode;

export interface WorkflowEdge {
  id?: string | null;
  from: string;
  to: string;
  branch?: EdgeBranch | null;
}

export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** An edge after validation: it always has an id. */
export interface CompiledEdge {
  id: string;
  from: string;
  to: string;
  branch: EdgeBranch | null;
}

export type GraphIssueCode =
  | 'GRAPH_SHAPE_INVALID'
  | 'NODE_INVALID'
  | 'NODE_ID_INVALID'
  | 'NODE_ID_DUPLICATE'
  | 'EDGE_INVALID'
  | 'EDGE_UNKNOWN_NODE'
  | 'EDGE_DUPLICATE'
  | 'EDGE_BRANCH_MISSING'
  | 'EDGE_BRANCH_UNEXPECTED'
  | 'EDGE_BRANCH_UNUSED'
  | 'END_NODE_MISSING'
  | 'END_NODE_DUPLICATE'
  | 'END_NODE_HAS_OUTGOING'
  | 'GRAPH_CYCLE'
  | 'NODE_CANNOT_REACH_END'
  | 'NODE_NOT_REACHABLE_FROM_START'
  | 'START_NODE_INVALID'
  | 'NODE_TEMPLATE_MISSING'
  | 'NODE_TEMPLATE_AMBIGUOUS'
  | 'ANALYSIS_SETTINGS_INVALID'
  | 'CONDITION_INVALID'
  | 'CONDITION_SIGNAL_UNKNOWN'
  | 'LOGIC_FALLBACK_EDGES_MISSING'
  | 'JOIN_SETTINGS_INVALID'
  | 'END_TEMPLATE_INVALID'
  | 'END_TEMPLATE_UNKNOWN_NODE';

export interface GraphIssue {
  code: GraphIssueCode;
  message: string;
  /** JSON path into the submitted graph, e.g. `nodes[2].inline_template` */
  path?: string;
  node_ids?: string[];
  edge_id?: string;
}

export interface CompiledGraph {
  nodes: WorkflowNode[];
  edges: CompiledEdge[];
  node_by_id: ReadonlyMap<string, WorkflowNode>;
  incoming: ReadonlyMap<string, CompiledEdge[]>;
  outgoing: ReadonlyMap<string, CompiledEdge[]>;
  /** Topological order; ties keep the order of declaration. */
  order: string[];
  start_ids: string[];
  end_id: string;
  warnings: GraphIssue[];
}

// ---------------------------------------------------------------------------------------------
// Results

export type SignalValue = string | number | boolean;

export interface NormalizedSignal {
  raw: string;
  /** Canonical value; null when the status is unclear, invalid or not_decidable. */
  value: SignalValue | null;
  status: NormalizationStatus;
}

/** One analysis node's result as it travels along active edges. */
export interface AnalysisContribution {
  node_id: string;
  label: string | null;
  analysis_core: string;
  decision_signals: Record<string, NormalizedSignal>;
}

export type PathStatus = 'completed' | 'skipped' | 'failed' | 'pending';

export interface JoinPathSummary {
  edge_id: string;
  from: string;
  status: PathStatus;
}

export interface JoinOutcomeRecord {
  included: JoinPathSummary[];
  missing: JoinPathSummary[];
}

export interface ExecutionErrorInfo {
  code: string;
  message: string;
}

export interface NodeExecutionState {
  node_id: string;
  kind: NodeKind;
  label: string | null;
  state: NodeState;
  started_at: string | null;
  ended_at: string | null;
  duration_ms: number | null;
  attempts: number;
  tokens_in: number | null;
  tokens_out: number | null;
  cost: number | null;
  template_mode: TemplateMode | null;
  prompt_sent: string | null;
  answer: string | null;
  /** Analysis: the Analysekern section. Join: the merged cores of the included paths. */
  analysis_core: string | null;
  /** Analysis: keyed by question key. Join: keyed by `<node_id>.<key>`. */
  decision_signals: Record<string, NormalizedSignal> | null;
  condition_result: ConditionResult | null;
  branch_taken: EdgeBranch | null;
  join: JoinOutcomeRecord | null;
  skip_reason: string | null;
  error: ExecutionErrorInfo | null;
}

export interface EdgeExecutionState {
  edge_id: string;
  from: string;
  to: string;
  branch: EdgeBranch | null;
  state: EdgeState;
}

export interface UndecidedSignal {
  signal: string;
  /** `missing`, `not_numeric`, or the signal's normalization status */
  reason: string;
}

export interface UndecidedCondition {
  node_id: string;
  label: string | null;
  condition: string;
  fallback_strategy: FallbackStrategy;
  signals: UndecidedSignal[];
}

export interface ExecutionResult {
  status: ExecutionStatus;
  started_at: string;
  ended_at: string;
  duration_ms: number;
  order: string[];
  /** In topological order. */
  nodes: NodeExecutionState[];
  edges: EdgeExecutionState[];
  output_mode: EndNodeOutputMode;
  output: string | null;
  undecided_conditions: UndecidedCondition[];
  warnings: GraphIssue[];
  tokens_in: number;
  tokens_out: number;
  cost: number;
  /** Nodes that were re-run by resume(); empty for a fresh run. */
  resumed_node_ids: string[];
}
