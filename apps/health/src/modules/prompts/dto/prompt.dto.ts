import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import type { NormalizedSignal } from '@sports/workflow-engine';
import { InsightResponse } from '../../insights/dto/insight.dto';
import { ExecutionResponse } from '../../workflow/dto/workflow-execution.dto';
import { PROMPT_TYPES, PromptRow, PromptType } from '../prompts.repository';
import { PageQuery } from '@sports/common';

export const PROMPT_SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const QUESTION_KEY = /^[a-z][a-z0-9_]{0,63}$/;

export class CreatePromptRequest {
  @ApiProperty({ example: 'weight-check', pattern: PROMPT_SLUG_PATTERN.source })
  @Matches(PROMPT_SLUG_PATTERN, {
    message:
      'slug must be 1-64 lower-case letters, digits, - or _, starting with a letter or digit',
  })
  slug!: string;

  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiProperty({ enum: PROMPT_TYPES })
  @IsIn(PROMPT_TYPES)
  type!: PromptType;

  @ApiPropertyOptional({
    maxLength: 50000,
    description: 'Required for base prompts; data placeholders as {{weight.latest}}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(50000)
  template?: string;

  @ApiPropertyOptional({ type: [String], example: ['risk'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(QUESTION_KEY, { each: true, message: 'each question key must be a catalog key' })
  default_question_keys?: string[];

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'type workflow',
  })
  @IsOptional()
  @IsUUID()
  workflow_id?: string | null;

  @ApiPropertyOptional({ default: false, description: 'System prompt (admins only)' })
  @IsOptional()
  @IsBoolean()
  is_system?: boolean;
}

/** Replaces the fields sent; ownership (is_system) cannot change. */
export class UpdatePromptRequest {
  @ApiPropertyOptional({ pattern: PROMPT_SLUG_PATTERN.source })
  @IsOptional()
  @Matches(PROMPT_SLUG_PATTERN, { message: 'slug must be 1-64 lower-case letters, digits, - or _' })
  slug?: string;

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

  @ApiPropertyOptional({ enum: PROMPT_TYPES })
  @IsOptional()
  @IsIn(PROMPT_TYPES)
  type?: PromptType;

  @ApiPropertyOptional({ maxLength: 50000 })
  @IsOptional()
  @IsString()
  @MaxLength(50000)
  template?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(QUESTION_KEY, { each: true, message: 'each question key must be a catalog key' })
  default_question_keys?: string[];

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  @IsOptional()
  @IsUUID()
  workflow_id?: string | null;
}

export class PromptListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: PROMPT_TYPES })
  @IsOptional()
  @IsIn(PROMPT_TYPES)
  type?: PromptType;

  @ApiPropertyOptional({ enum: ['all', 'own', 'system'], default: 'all' })
  @IsOptional()
  @IsIn(['all', 'own', 'system'])
  scope?: 'all' | 'own' | 'system';
}

export class RunPromptRequest {
  @ApiPropertyOptional({
    type: [String],
    description: 'Questions for this run; a non-empty list overrides the prompt’s defaults',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(QUESTION_KEY, { each: true, message: 'each question key must be a catalog key' })
  question_keys?: string[];
}

export class PromptResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: PROMPT_TYPES }) type!: PromptType;
  @ApiProperty() template!: string;
  @ApiProperty({ type: [String] }) default_question_keys!: string[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) workflow_id!: string | null;
  @ApiProperty() is_system!: boolean;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) owner_id!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class PromptListResponse {
  @ApiProperty({ type: [PromptResponse] }) items!: PromptResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class PlaceholderResponse {
  @ApiProperty({ example: 'weight.latest' }) key!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ nullable: true, type: String, example: 'kg' }) unit!: string | null;
  @ApiProperty({ example: '{{weight.latest}}', description: 'Text to insert into a template' })
  placeholder!: string;
}

export class PlaceholderListResponse {
  @ApiProperty({ type: [PlaceholderResponse] }) items!: PlaceholderResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class PromptRunResponse {
  @ApiProperty({ enum: PROMPT_TYPES }) type!: PromptType;
  @ApiProperty({ type: InsightResponse, nullable: true }) insight!: InsightResponse | null;
  @ApiPropertyOptional({ type: ExecutionResponse, description: 'type workflow' })
  execution?: ExecutionResponse;
  @ApiPropertyOptional({ description: 'type base: the prompt as sent to the model' })
  prompt_sent?: string;
  @ApiPropertyOptional({ description: 'type base: the raw Markdown answer' }) answer?: string;
  @ApiPropertyOptional({ description: 'type base: section Analysekern' }) analysis_core?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'type base: key → { raw, value, status }',
  })
  decision_signals?: Record<string, NormalizedSignal>;
  @ApiPropertyOptional({ description: 'type base: section Begründungsanker' })
  rationale_anchors?: string;
  @ApiPropertyOptional({ type: [String] }) sections_found?: string[];
  @ApiPropertyOptional({ type: [String] }) question_keys?: string[];
  @ApiPropertyOptional() offline?: boolean;
  @ApiPropertyOptional() model?: string;
  @ApiPropertyOptional() tokens_in?: number;
  @ApiPropertyOptional() tokens_out?: number;
  @ApiPropertyOptional() cost?: number;
}

export function toPromptResponse(row: PromptRow): PromptResponse {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    type: row.type,
    template: row.template,
    default_question_keys: row.default_question_keys,
    workflow_id: row.workflow_id,
    is_system: row.is_system,
    owner_id: row.owner_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
