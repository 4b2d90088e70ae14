import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { NestedArray } from '@sports/common';
import { PlanContentRequest, PlanContentResponse } from '../../dto/plan-content.dto';
import { Absent, Nullable } from '../../dto/plan-sections.dto';

export const EDGE_TYPES = ['next_exercise'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export class CreateProgressionGraphRequest extends PlanContentRequest {}
export class UpdateProgressionGraphRequest extends PartialType(CreateProgressionGraphRequest) {}

export class CreateEdgeRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  from_exercise_id!: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  to_exercise_id!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  from_variant_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  to_variant_id?: string | null;

  @ApiPropertyOptional({ enum: EDGE_TYPES, default: 'next_exercise' })
  @Absent()
  @IsIn(EDGE_TYPES)
  edge_type?: EdgeType;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 5000,
    description: 'development goal',
  })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  notes?: string | null;
}

export class SequenceStep {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  exercise_id!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  variant_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 5000,
    description: 'development goal of the edge from the previous step to this one',
  })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  notes?: string | null;
}

export class EdgeSequenceRequest {
  @NestedArray(() => SequenceStep, { min: 2, max: 501 })
  steps!: SequenceStep[];

  @ApiPropertyOptional({ enum: EDGE_TYPES, default: 'next_exercise' })
  @Absent()
  @IsIn(EDGE_TYPES)
  edge_type?: EdgeType;

  @ApiPropertyOptional({
    default: false,
    description:
      'true: edges that already exist are left as they are; false: 409 and nothing written',
  })
  @Absent()
  @IsBoolean()
  skip_existing?: boolean;
}

export class DeleteEdgesRequest {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 500 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  edge_ids!: string[];
}

export class EdgeResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) graph_id!: string;
  @ApiProperty({ enum: EDGE_TYPES }) edge_type!: EdgeType;
  @ApiProperty({ format: 'uuid' }) from_exercise_id!: string;
  @ApiProperty({ nullable: true, type: String }) from_exercise_title!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) from_variant_id!: string | null;
  @ApiProperty({ format: 'uuid' }) to_exercise_id!: string;
  @ApiProperty({ nullable: true, type: String }) to_exercise_title!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) to_variant_id!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'development goal' }) notes!:
    string | null;
  @ApiProperty() created_at!: string;
}

export class ProgressionGraphSummary extends PlanContentResponse {
  @ApiProperty() edge_count!: number;
}

export class ProgressionGraphResponse extends ProgressionGraphSummary {
  @ApiProperty({ type: [EdgeResponse] }) edges!: EdgeResponse[];
}

export class ProgressionGraphListResponse {
  @ApiProperty({ type: [ProgressionGraphSummary] }) items!: ProgressionGraphSummary[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class EdgeListResponse {
  @ApiProperty({ type: [EdgeResponse] }) items!: EdgeResponse[];
}

export class DeleteEdgesResponse {
  @ApiProperty() deleted!: number;
}
