import { ApiProperty } from '@nestjs/swagger';
import type { ExecutionResult } from '@sports/workflow-engine';
import type { ExecutionRow, ExecutionStatusValue } from '../workflow-executions.repository';

export class ExecutionSummaryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) prompt_id!: string | null;
  @ApiProperty({ enum: ['running', 'completed', 'partial', 'failed'] })
  status!: ExecutionStatusValue;
  @ApiProperty({ nullable: true, type: String, description: 'Rendered end-node output (Markdown)' })
  output!: string | null;
  @ApiProperty({ nullable: true, type: String }) model!: string | null;
  @ApiProperty({ description: 'Answered by the offline analyst' }) offline!: boolean;
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
  @ApiProperty() started_at!: string;
  @ApiProperty({ nullable: true, type: String }) ended_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) resumed_at!: string | null;
}

export class ExecutionResponse extends ExecutionSummaryResponse {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) insight_id!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'ExecutionResult: status, order, nodes[] (NodeExecutionState: node_id, kind, state, started_at, ended_at, duration_ms, attempts, tokens_in, tokens_out, cost, template_mode, prompt_sent, answer, analysis_core, decision_signals, condition_result, branch_taken, join, skip_reason, error), edges[], output, undecided_conditions[], warnings[], totals, resumed_node_ids',
  })
  result!: ExecutionResult | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The graph that ran' })
  graph!: Record<string, unknown>;
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
): ExecutionResponse {
  return {
    ...toExecutionSummary(row),
    insight_id: insightId,
    result: row.result,
    graph: row.graph,
  };
}
