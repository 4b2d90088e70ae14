import type { GraphIssue, GraphIssueCode } from './types';

export type WorkflowEngineErrorCode =
  | GraphIssueCode
  | 'PROMPT_NOT_FOUND'
  | 'QUESTION_NOT_FOUND'
  | 'NODE_TIMEOUT'
  | 'PROMPT_RUN_FAILED'
  | 'JOIN_MINIMUM_NOT_MET'
  | 'JOIN_NO_COMPLETED_PATH'
  | 'END_RENDER_FAILED'
  | 'EXECUTION_ABORTED'
  /** A host's: the node could not end on any attempt of its run (the workers died). */
  | 'EXECUTION_INTERRUPTED'
  | 'RESUME_GRAPH_MISMATCH';

/** Domain error of the engine; the service around it maps `code` to an HTTP status. */
export class WorkflowEngineError extends Error {
  constructor(
    readonly code: WorkflowEngineErrorCode,
    message: string,
    readonly node_id?: string,
  ) {
    super(message);
    this.name = 'WorkflowEngineError';
  }
}

/** A graph failed validation. `code` is the first error's code; `issues` lists all errors. */
export class WorkflowGraphError extends WorkflowEngineError {
  constructor(readonly issues: GraphIssue[]) {
    super(
      issues[0]?.code ?? 'GRAPH_SHAPE_INVALID',
      issues.map((issue) => issue.message).join('; ') || 'invalid workflow graph',
      issues[0]?.node_ids?.[0],
    );
    this.name = 'WorkflowGraphError';
  }
}
