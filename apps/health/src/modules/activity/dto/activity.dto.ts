import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsPositive,
  Max,
  Min,
} from 'class-validator';
import { ACTIVITY_TYPES, ActivityType } from '../activity.entity';
import {
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import { PageQueryOf } from '@sports/common';

/** As many decimals as the column keeps: more would be rounded, 0.001 minutes to a refused 0. */
const decimals = (maxDecimalPlaces: number) => ({
  allowNaN: false,
  allowInfinity: false,
  maxDecimalPlaces,
});

export class CreateActivityRequest {
  @ApiProperty({ enum: ACTIVITY_TYPES })
  @IsIn(ACTIVITY_TYPES)
  activity_type!: ActivityType;

  @ApiProperty({ example: '2026-04-10T06:30:00Z', description: 'At most one day in the future' })
  @IsISO8601({ strict: true })
  started_at!: string;

  @ApiProperty({ minimum: 0, exclusiveMinimum: true, maximum: 1440 })
  @IsNumber(decimals(2))
  @IsPositive()
  @Max(1440)
  duration_min!: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(decimals(3))
  @Min(0)
  @Max(1000)
  distance_km?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 20000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(decimals(1))
  @Min(0)
  @Max(20000)
  kcal?: number | null;

  @ApiPropertyOptional({ minimum: 25, maximum: 250, nullable: true, type: Number })
  @IsOptional()
  @IsInt()
  @Min(25)
  @Max(250)
  avg_hr?: number | null;

  @ApiPropertyOptional({
    minimum: 25,
    maximum: 250,
    nullable: true,
    type: Number,
    description: 'Not below avg_hr',
  })
  @IsOptional()
  @IsInt()
  @Min(25)
  @Max(250)
  max_hr?: number | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 10, nullable: true, type: Number })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10)
  rpe?: number | null;

  @NoteField(2000)
  notes?: string | null;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;
}

/** PUT changes the fields sent; `null` clears an optional field. */
export class UpdateActivityRequest {
  @ApiPropertyOptional({ enum: ACTIVITY_TYPES })
  @IsOptional()
  @IsIn(ACTIVITY_TYPES)
  activity_type?: ActivityType;

  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601({ strict: true })
  started_at?: string;

  @ApiPropertyOptional({ minimum: 0, exclusiveMinimum: true, maximum: 1440 })
  @IsOptional()
  @IsNumber(decimals(2))
  @IsPositive()
  @Max(1440)
  duration_min?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(decimals(3))
  @Min(0)
  @Max(1000)
  distance_km?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 20000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(decimals(1))
  @Min(0)
  @Max(20000)
  kcal?: number | null;

  @ApiPropertyOptional({ minimum: 25, maximum: 250, nullable: true, type: Number })
  @IsOptional()
  @IsInt()
  @Min(25)
  @Max(250)
  avg_hr?: number | null;

  @ApiPropertyOptional({ minimum: 25, maximum: 250, nullable: true, type: Number })
  @IsOptional()
  @IsInt()
  @Min(25)
  @Max(250)
  max_hr?: number | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 10, nullable: true, type: Number })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10)
  rpe?: number | null;

  @NoteField(2000)
  notes?: string | null;

  @SourceField()
  source?: TrackingSource;
}

export class ListActivityQuery extends PageQueryOf({ defaultLimit: 100, maxLimit: 1000 }) {
  @ApiPropertyOptional({ minimum: 1, maximum: 3650, default: 30, description: 'Time window' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  days?: number;
}

export class ActivityResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ACTIVITY_TYPES }) activity_type!: ActivityType;
  @ApiProperty() started_at!: string;
  @ApiProperty() duration_min!: number;
  @ApiProperty({ nullable: true, type: Number }) distance_km!: number | null;
  @ApiProperty({ nullable: true, type: Number }) kcal!: number | null;
  @ApiProperty({ nullable: true, type: Number }) avg_hr!: number | null;
  @ApiProperty({ nullable: true, type: Number }) max_hr!: number | null;
  @ApiProperty({ nullable: true, type: Number }) rpe!: number | null;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ActivityListResponse {
  @ApiProperty({ type: [ActivityResponse] }) items!: ActivityResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
  @ApiProperty({ description: 'Time window in days that was applied' }) days!: number;
}
