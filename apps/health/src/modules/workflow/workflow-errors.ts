import { DomainError, UnprocessableError } from '@sports/common';
import { GraphIssue, WorkflowEngineError, WorkflowGraphError } from '@sports/workflow-engine';

/**
 * A graph that failed validation: 422 NODE_TEMPLATE_MISSING when that is the first error
 * (the node's template cannot be loaded), otherwise 400 with the first error's code (e.g.
 * GRAPH_CYCLE). `errors[]` has one entry per problem; `issues` adds codes and node ids.
 */
export function graphInvalidError(errors: GraphIssue[], warnings: GraphIssue[] = []): DomainError {
  const first = errors[0];
  const code = first?.code ?? 'GRAPH_SHAPE_INVALID';
  const status = code === 'NODE_TEMPLATE_MISSING' ? 422 : 400;
  const nodeIds = [...new Set(errors.flatMap((issue) => issue.node_ids ?? []))];
  return new DomainError(
    status,
    code,
    status === 422 ? 'Unprocessable content' : 'Invalid workflow graph',
    errors.map((issue) => issue.message).join('; ') || 'The workflow graph is invalid.',
    {
      errors: errors.map((issue) => ({
        path: `graph.${issue.path ?? ''}`.replace(/\.$/, ''),
        message: issue.message,
      })),
      extensions: { issues: errors, warnings, node_ids: nodeIds },
    },
  );
}

/** Maps an engine error thrown outside node execution to a problem. */
export function engineError(error: unknown): unknown {
  if (error instanceof WorkflowGraphError) return graphInvalidError(error.issues);
  if (error instanceof WorkflowEngineError) {
    if (error.code === 'NODE_TEMPLATE_MISSING') {
      return new UnprocessableError(error.message, error.code, {
        extensions: { node_ids: error.node_id ? [error.node_id] : [] },
      });
    }
    if (error.code === 'RESUME_GRAPH_MISMATCH') {
      return new DomainError(409, error.code, 'Conflict', error.message);
    }
    return new DomainError(400, error.code, 'Workflow error', error.message);
  }
  return error;
}
