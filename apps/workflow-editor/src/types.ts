// The workflow types are the engine's (@sports/workflow-engine, the code the health service
// runs), the API's are the typed client's (@sports/health-client); here is a node while edited.
import type { Schemas } from '@sports/health-client';
import type {
  AnalysisNode,
  EndNode,
  JoinNode,
  LogicNode,
  NodeKind,
  WorkflowEdge,
} from '@sports/workflow-engine';

type NodeFields<T> = Partial<Omit<T, 'id' | 'kind'>>;

/**
 * A node as the editor holds it: the fields of every kind, all optional (a logic node may have
 * no condition yet). The engine checks the graph before it is saved.
 */
export type DraftNode = { id: string; kind: NodeKind } & NodeFields<AnalysisNode> &
  NodeFields<LogicNode> &
  NodeFields<JoinNode> &
  NodeFields<EndNode> & {
    /** Compound-condition JSON being typed that does not parse: blocks Save (never sent). */
    condition_text?: string;
  };

export interface DraftGraph {
  nodes: DraftNode[];
  edges: WorkflowEdge[];
}

/** The catalog entries the side panel offers (the service's answers, reduced to what is used). */
export type Prompt = Pick<Schemas['PromptResponse'], 'id' | 'slug' | 'name'>;
export type DataPlaceholder = Pick<
  Schemas['PlaceholderResponse'],
  'key' | 'description' | 'unit' | 'placeholder'
>;
export type Question = Pick<
  Schemas['QuestionResponse'],
  'key' | 'question' | 'answer_type' | 'allowed_values'
>;
