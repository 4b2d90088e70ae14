// The workflow types are the engine's (@sports/workflow-engine, the code the health service
// runs); here are the editor's own: a node while it is edited, and the other API answers.
import type {
  AnalysisNode,
  EndNode,
  ExecutionResult,
  GraphIssue,
  JoinNode,
  LogicNode,
  NodeKind,
  WorkflowEdge,
  WorkflowGraph,
} from '@sports/workflow-engine';

type NodeFields<T> = Partial<Omit<T, 'id' | 'kind'>>;

/**
 * A node as the editor holds it: the fields of every kind, all optional (a logic node may have
 * no condition yet). The engine checks the graph before it is saved.
 */
export type DraftNode = { id: string; kind: NodeKind } & NodeFields<AnalysisNode> &
  NodeFields<LogicNode> &
  NodeFields<JoinNode> &
  NodeFields<EndNode>;

export interface DraftGraph {
  nodes: DraftNode[];
  edges: WorkflowEdge[];
}

export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  graph: WorkflowGraph;
  updated_at?: string;
}

/** POST /api/workflows/validate */
export interface ValidationResult {
  valid: boolean;
  errors: GraphIssue[];
  warnings: GraphIssue[];
  order: string[] | null;
}

export interface Execution {
  id: string;
  status: string;
  result: ExecutionResult | null;
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
