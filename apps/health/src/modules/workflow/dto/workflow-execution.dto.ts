import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '@sports/common';
import type { ExecutionResult, NodeExecutionState } from '@sports/workflow-engine';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import type {
  AttemptRow,
  AttemptTrigger,
  ExecutionEventRow,
  ExecutionRow,
  ExecutionStatusValue,
} from '../workflow-executions.repository';
import { WorkflowGraphSchema } from './workflow-graph.dto';
import {
  ExecutionResultResponse,
  NODE_STATES,
  NodeExecutionStateResponse,
} from './workflow-result.dto';

export const EXECUTION_STATUSES: ExecutionStatusValue[] = [
  'running',
  'completed',
  'partial',
  'failed',
  'cancelled',
];

export class ExecutionSummaryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) prompt_id!: string | null;
  @ApiProperty({ enum: EXECUTION_STATUSES })
  status!: ExecutionStatusValue;
  @ApiProperty({ nullable: true, type: String, description: 'Rendered end-node output (Markdown)' })
  output!: string | null;
  @ApiProperty({ nullable: true, type: String }) model!: string | null;
  @ApiProperty({ description: 'Answered by the offline analyst' }) offline!: boolean;
  @ApiProperty({ description: 'Spent by every attempt (a node run again counts again)' })
  tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
  @ApiProperty() started_at!: string;
  @ApiProperty({ nullable: true, type: String }) ended_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) resumed_at!: string | null;
}

export class ExecutionAttemptResponse {
  @ApiProperty() attempt!: number;
  @ApiProperty({
    enum: ['run', 'retry', 'resume', 'given_up'],
    description:
      'retry: the job was picked up again after its worker died or failed; given_up: the nodes no attempt could end were failed',
  })
  trigger!: AttemptTrigger;
  @ApiProperty() started_at!: string;
  @ApiProperty({ nullable: true, type: String }) ended_at!: string | null;
  @ApiProperty({
    nullable: true,
    enum: ['completed', 'partial', 'failed', 'interrupted', 'cancelled'],
    type: String,
  })
  outcome!: string | null;
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
  @ApiProperty({ type: [String], description: 'Nodes that ended in this attempt, in order' })
  nodes_ended!: string[];
}

export class ExecutionResponse extends ExecutionSummaryResponse {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) insight_id!: string | null;
  @ApiProperty({
    type: ExecutionResultResponse,
    nullable: true,
    description: 'Per-node results; null until the execution has ended once',
  })
  result!: ExecutionResult | null;
  @ApiProperty({ type: WorkflowGraphSchema, description: 'The graph that ran' })
  graph!: Record<string, unknown>;
  @ApiProperty({ type: [ExecutionAttemptResponse] }) attempts!: ExecutionAttemptResponse[];
}

export class ExecutionListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: EXECUTION_STATUSES })
  @IsOptional()
  @IsIn(EXECUTION_STATUSES)
  status?: ExecutionStatusValue;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  workflow_id?: string;
}

/** The data of one `node` event of an execution's event stream (its event id is `seq`). */
export class ExecutionNodeEvent {
  @ApiProperty({ description: 'Position among the execution’s events, from 1; the event id' })
  seq!: number;
  @ApiProperty({
    description: 'The attempt (see ExecutionResponse.attempts) that changed the node',
  })
  attempt!: number;
  @ApiProperty() node_id!: string;
  @ApiProperty({ enum: NODE_STATES, description: 'The state the node changed to' })
  state!: NodeExecutionState['state'];
  @ApiProperty({ description: 'When the change was stored (ISO 8601)' }) at!: string;
  @ApiProperty({ type: NodeExecutionStateResponse, description: 'The node after the change' })
  node!: NodeExecutionState;
}

/** The data of the `end` event, the last of an execution's event stream. */
export class ExecutionEndEvent {
  @ApiProperty({
    enum: [...EXECUTION_STATUSES.filter((s) => s !== 'running'), 'deleted'],
    description: 'How the execution ended; deleted when it was deleted while followed',
  })
  status!: Exclude<ExecutionStatusValue, 'running'> | 'deleted';
}

export function toEventData(row: ExecutionEventRow): ExecutionNodeEvent {
  return {
    seq: row.seq,
    attempt: row.attempt,
    node_id: row.node_id,
    state: row.state,
    at: row.at.toISOString(),
    node: row.node,
  };
}

export class ExecutionListResponse {
  @ApiProperty({ type: [ExecutionSummaryResponse] }) items!: ExecutionSummaryResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toExecutionSummary(row: ExecutionRow): ExecutionSummaryResponse {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    prompt_id: row.prompt_id,
    status: row.status,
    output: row.output,
    model: row.model,
    offline: row.offline,
    tokens_in: row.tokens_in,
    tokens_out: row.tokens_out,
    cost: row.cost,
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    resumed_at: row.resumed_at?.toISOString() ?? null,
  };
}

export function toExecutionResponse(
  row: ExecutionRow,
  insightId: string | null,
  attempts: AttemptRow[],
): ExecutionResponse {
  return {
    ...toExecutionSummary(row),
    insight_id: insightId,
    result: row.result,
    graph: row.graph,
    attempts: attempts.map((a) => ({
      ...a,
      started_at: a.started_at.toISOString(),
      ended_at: a.ended_at?.toISOString() ?? null,
    })),
  };
}
