import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { GraphIssue } from '@sports/workflow-engine';
import type { WorkflowDefinitionRow, WorkflowLayout } from '../workflow-definitions.repository';
import { MAX_LAYOUT_COORDINATE, MAX_LAYOUT_ENTRIES } from '../workflow-layout';
import { WorkflowGraphSchema } from './workflow-graph.dto';
import { GraphIssueResponse } from './workflow-result.dto';

/** Names are stored trimmed; trimming first lets MinLength refuse a name of only spaces (400). */
const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

const GRAPH = {
  type: WorkflowGraphSchema,
  description:
    'Checked by the engine on save (cycles, reachability, one end node, fallback edges, templates), not by the field rules: a graph that breaks them answers 400 with the first issue’s code',
};

export class NodePositionSchema {
  @ApiProperty({ minimum: -MAX_LAYOUT_COORDINATE, maximum: MAX_LAYOUT_COORDINATE, example: 120 })
  x!: number;
  @ApiProperty({ minimum: -MAX_LAYOUT_COORDINATE, maximum: MAX_LAYOUT_COORDINATE, example: 80 })
  y!: number;
}

const POSITION = { $ref: getSchemaPath(NodePositionSchema) };

const LAYOUT_REQUEST = {
  type: 'object' as const,
  additionalProperties: POSITION,
  maxProperties: MAX_LAYOUT_ENTRIES,
  nullable: true,
  example: { a1: { x: 120, y: 80 }, end: { x: 120, y: 240 } },
  description: `Editor positions by node id (at most ${MAX_LAYOUT_ENTRIES}; x and y finite numbers within ±${MAX_LAYOUT_COORDINATE}). Positions of ids the graph does not have are dropped. Optional: on create omitted or null is \`{}\`; on replace omitted keeps the stored positions (of the nodes still in the graph), null clears them. A bad position answers 400 VALIDATION_FAILED with its path (\`layout.<node id>\`).`,
};

@ApiExtraModels(NodePositionSchema)
export class CreateWorkflowRequest {
  @ApiProperty({ maxLength: 200, example: 'Wochencheck' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiProperty(GRAPH)
  @IsObject()
  graph!: Record<string, unknown>;

  @ApiPropertyOptional(LAYOUT_REQUEST)
  @IsOptional()
  @IsObject()
  layout?: WorkflowLayout | null;
}

@ApiExtraModels(NodePositionSchema)
export class UpdateWorkflowRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiPropertyOptional(GRAPH)
  @IsOptional()
  @IsObject()
  graph?: Record<string, unknown>;

  @ApiPropertyOptional(LAYOUT_REQUEST)
  @IsOptional()
  @IsObject()
  layout?: WorkflowLayout | null;
}

export class ValidateWorkflowRequest {
  @ApiProperty(GRAPH)
  @IsObject()
  graph!: Record<string, unknown>;
}

export class ValidationResultResponse {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ type: [GraphIssueResponse] }) errors!: GraphIssue[];
  @ApiProperty({ type: [GraphIssueResponse] }) warnings!: GraphIssue[];
  @ApiProperty({ type: [String], nullable: true, description: 'Topological order when valid' })
  order!: string[] | null;
}

@ApiExtraModels(NodePositionSchema)
export class WorkflowResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ type: WorkflowGraphSchema, description: 'The graph as saved' })
  graph!: Record<string, unknown>;
  @ApiProperty({
    type: 'object' as const,
    additionalProperties: POSITION,
    description: 'Editor positions by node id as saved (`{}` when none were saved)',
  })
  layout!: WorkflowLayout;
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
    layout: row.layout ?? {},
    order,
    warnings,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
