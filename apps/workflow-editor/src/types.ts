// Wire types of the health API (apps/health/src/modules/workflow/engine/types.ts), trimmed to
// what the editor reads and writes.

export type NodeKind = 'analysis' | 'logic' | 'join' | 'end';
export type EdgeBranch = 'then' | 'else' | 'uncertain';
export type ComparisonOperator = 'EQ' | 'NEQ' | 'IN' | 'GT' | 'LT' | 'CONTAINS';
export type Scalar = string | number | boolean;

export type Condition =
  | { op: ComparisonOperator; signal: string; value: Scalar | Scalar[] }
  | { op: 'AND' | 'OR'; conditions: Condition[] }
  | { op: 'NOT'; condition: Condition };

export const COMPARISON_OPERATORS: ComparisonOperator[] = [
  'EQ',
  'NEQ',
  'IN',
  'GT',
  'LT',
  'CONTAINS',
];
export const FALLBACK_STRATEGIES = [
  'CONSERVATIVE_SKIP',
  'DEFAULT_PATH',
  'UNCERTAINTY_PATH',
  'DOCUMENT_ONLY',
] as const;
export const JOIN_STRATEGIES = ['wait_all', 'wait_any', 'best_effort'] as const;
export const SKIP_HANDLINGS = ['IGNORE_SKIPPED', 'USE_PLACEHOLDER', 'REQUIRE_MINIMUM'] as const;

export interface WorkflowNode {
  id: string;
  kind: NodeKind;
  label?: string | null;
  // analysis
  prompt_slug?: string | null;
  inline_template?: string | null;
  question_keys?: string[] | null;
  // logic
  condition?: Condition;
  fallback_strategy?: (typeof FALLBACK_STRATEGIES)[number] | null;
  default_branch?: 'then' | 'else' | null;
  // join
  join_strategy?: (typeof JOIN_STRATEGIES)[number];
  skip_handling?: (typeof SKIP_HANDLINGS)[number];
  min_completed?: number | null;
  // end
  output_mode?: 'AUTO' | 'TEMPLATE' | null;
  template?: string | null;
}

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

export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  graph: WorkflowGraph;
  updated_at?: string;
}

export interface GraphIssue {
  code: string;
  message: string;
  node_ids?: string[];
}

export interface ValidationResult {
  valid: boolean;
  errors: GraphIssue[];
  warnings: GraphIssue[];
  order: string[] | null;
}

export interface NodeExecutionState {
  node_id: string;
  kind: NodeKind;
  state: 'PENDING' | 'RUNNING' | 'COMPLETED' | 'SKIPPED' | 'FAILED';
  answer: string | null;
  analysis_core: string | null;
  decision_signals: Record<string, { raw: string; value: Scalar | null; status: string }> | null;
  condition_result: string | null;
  branch_taken: EdgeBranch | null;
  skip_reason: string | null;
  error: { code: string; message: string } | null;
}

export interface Execution {
  id: string;
  status: string;
  result: {
    status: string;
    nodes: NodeExecutionState[];
    output: string | null;
  } | null;
}

export interface Prompt {
  id: string;
  slug: string;
  name: string;
}

export interface DataPlaceholder {
  key: string;
  description: string;
  unit: string | null;
  placeholder: string;
}

export interface Question {
  key: string;
  question: string;
}
