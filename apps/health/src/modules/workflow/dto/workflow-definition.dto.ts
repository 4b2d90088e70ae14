import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { GraphIssue } from '@sports/workflow-engine';
import type { WorkflowDefinitionRow } from '../workflow-definitions.repository';

const GRAPH_DOC =
  '{ nodes: [{ id, kind: analysis|logic|join|end, label?, ... }], edges: [{ id?, from, to, branch?: then|else|uncertain }] }. ' +
  'analysis: prompt_slug | inline_template (inline wins), question_keys?, timeout_ms?, retries?; ' +
  'logic: condition, fallback_strategy?, default_branch?; join: join_strategy, skip_handling, min_completed?, placeholder_text?; ' +
  'end: output_mode? AUTO|TEMPLATE, template?';

export class CreateWorkflowRequest {
  @ApiProperty({ maxLength: 200, example: 'Wochencheck' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: GRAPH_DOC })
  @IsObject()
  graph!: Record<string, unknown>;
}

export class UpdateWorkflowRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: GRAPH_DOC })
  @IsOptional()
  @IsObject()
  graph?: Record<string, unknown>;
}

export class ValidateWorkflowRequest {
  @ApiProperty({ type: 'object', additionalProperties: true, description: GRAPH_DOC })
  @IsObject()
  graph!: Record<string, unknown>;
}

export class GraphIssueResponse {
  @ApiProperty({ example: 'GRAPH_CYCLE' }) code!: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ example: 'nodes[2].inline_template' }) path?: string;
  @ApiPropertyOptional({ type: [String] }) node_ids?: string[];
  @ApiPropertyOptional() edge_id?: string;
}

export class ValidationResultResponse {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ type: [GraphIssueResponse] }) errors!: GraphIssue[];
  @ApiProperty({ type: [GraphIssueResponse] }) warnings!: GraphIssue[];
  @ApiProperty({ type: [String], nullable: true, description: 'Topological order when valid' })
  order!: string[] | null;
}

export class WorkflowResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) graph!: Record<string, unknown>;
  @ApiProperty({ type: [String], description: 'Topological order of the node ids' })
  order!: string[];
  @ApiProperty({ type: [GraphIssueResponse] }) warnings!: GraphIssue[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class WorkflowListResponse {
  @ApiProperty({ type: [WorkflowResponse] }) items!: WorkflowResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toWorkflowResponse(
  row: WorkflowDefinitionRow,
  order: string[],
  warnings: GraphIssue[],
): WorkflowResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    graph: row.graph,
    order,
    warnings,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
