import { DomainError } from '@sports/common';
import { GraphIssue, WorkflowGraphError } from '@sports/workflow-engine';
import { HEALTH_ERRORS } from '../../errors';

/**
 * A graph that failed validation, answered with the first error's code and its status in the
 * catalogue: 422 NODE_TEMPLATE_MISSING (the node's template cannot be loaded), otherwise 400
 * (e.g. GRAPH_CYCLE). `errors[]` has one entry per problem; `issues` adds codes and node ids.
 */
export function graphInvalidError(errors: GraphIssue[], warnings: GraphIssue[] = []): DomainError {
  const first = errors[0];
  const code = first?.code ?? 'GRAPH_SHAPE_INVALID';
  const { status, title } = HEALTH_ERRORS[code];
  const nodeIds = [...new Set(errors.flatMap((issue) => issue.node_ids ?? []))];
  return new DomainError(
    status,
    code,
    title,
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

/**
 * Maps an engine error thrown while compiling a stored graph to a problem. Compiling throws
 * only graph validation errors; anything else is not the client's fault and stays a 500.
 */
export function engineError(error: unknown): unknown {
  if (error instanceof WorkflowGraphError) return graphInvalidError(error.issues);
  return error;
}
