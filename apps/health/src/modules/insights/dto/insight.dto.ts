import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import type { InsightRow } from '../insights.repository';
import { PageQuery } from '@sports/common';

export class InsightListQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only insights of this prompt' })
  @IsOptional()
  @IsUUID()
  prompt_id?: string;
}

export class InsightResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) prompt_id!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  workflow_execution_id!: string | null;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Markdown' }) content!: string;
  @ApiProperty({ nullable: true, type: String }) analysis_core!: string | null;
  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: 'key → { raw, value, status } (workflow insights: `<node_id>.<key>`)',
  })
  decision_signals!: Record<string, unknown> | null;
  @ApiProperty({ description: 'Written by the offline analyst, not a language model' })
  offline!: boolean;
  @ApiProperty({ nullable: true, type: String }) model!: string | null;
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
  @ApiProperty() created_at!: string;
}

export class InsightListResponse {
  @ApiProperty({ type: [InsightResponse] }) items!: InsightResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toInsightResponse(row: InsightRow): InsightResponse {
  return {
    id: row.id,
    prompt_id: row.prompt_id,
    workflow_execution_id: row.workflow_execution_id,
    title: row.title,
    content: row.content,
    analysis_core: row.analysis_core,
    decision_signals: row.decision_signals,
    offline: row.offline,
    model: row.model,
    tokens_in: row.tokens_in,
    tokens_out: row.tokens_out,
    cost: row.cost,
    created_at: row.created_at.toISOString(),
  };
}
