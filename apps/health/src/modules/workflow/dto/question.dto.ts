import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { ANSWER_TYPES, AnswerType } from '@sports/workflow-engine';
import type { QuestionRow } from '../question-catalog.repository';

export const QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export class CreateQuestionRequest {
  @ApiProperty({ example: 'risk', pattern: QUESTION_KEY_PATTERN.source })
  @Matches(QUESTION_KEY_PATTERN, { message: 'key must be lower-case letters, digits or _' })
  key!: string;

  @ApiProperty({ example: 'Wie hoch ist das Risiko insgesamt?', maxLength: 1000 })
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  question!: string;

  @ApiProperty({ enum: ANSWER_TYPES })
  @IsIn(ANSWER_TYPES)
  answer_type!: AnswerType;

  @ApiPropertyOptional({ type: [String], example: ['low', 'medium', 'high'], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(100, { each: true })
  allowed_values?: string[] | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { low: ['niedrig', 'gering'], high: ['hoch'] },
    nullable: true,
    description: 'canonical value → synonyms',
  })
  @IsOptional()
  @IsObject()
  synonyms?: Record<string, string[]> | null;

  @ApiPropertyOptional({ example: 'kg', maxLength: 32, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(32)
  unit?: string | null;
}

/** Replaces the fields sent; the key cannot change. */
export class UpdateQuestionRequest {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  question?: string;

  @ApiPropertyOptional({ enum: ANSWER_TYPES })
  @IsOptional()
  @IsIn(ANSWER_TYPES)
  answer_type?: AnswerType;

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(100, { each: true })
  allowed_values?: string[] | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @IsOptional()
  @IsObject()
  synonyms?: Record<string, string[]> | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(32)
  unit?: string | null;
}

export class QuestionResponse {
  @ApiProperty() key!: string;
  @ApiProperty() question!: string;
  @ApiProperty({ enum: ANSWER_TYPES }) answer_type!: AnswerType;
  @ApiProperty({ type: [String], nullable: true }) allowed_values!: string[] | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  synonyms!: Record<string, string[]> | null;
  @ApiProperty({ nullable: true, type: String }) unit!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class QuestionListResponse {
  @ApiProperty({ type: [QuestionResponse] }) items!: QuestionResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toQuestionResponse(row: QuestionRow): QuestionResponse {
  return {
    key: row.key,
    question: row.question,
    answer_type: row.answer_type,
    allowed_values: row.allowed_values,
    synonyms: row.synonyms,
    unit: row.unit,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
