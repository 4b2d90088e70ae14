import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { PageQuery } from '@sports/common';
import { IsIn, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import {
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import { MEALS, Meal } from '../nutrition.entity';

const NUM = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 };

export class CreateNutritionRequest {
  @ApiProperty({ example: '2026-04-10', description: 'At most one day in the future' })
  @IsCalendarDate()
  date!: string;

  @ApiPropertyOptional({ enum: MEALS, nullable: true, description: '`day` = whole-day total' })
  @IsOptional()
  @IsIn(MEALS)
  meal?: Meal | null;

  @ApiProperty({ minimum: 0, maximum: 20000 })
  @IsNumber(NUM)
  @Min(0)
  @Max(20000)
  kcal!: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  protein_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  carbohydrate_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  fat_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  fibre_g?: number | null;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;

  @NoteField(2000)
  note?: string | null;
}

/** PUT changes the fields sent; `null` clears an optional field. */
export class UpdateNutritionRequest {
  @ApiPropertyOptional({ example: '2026-04-10' })
  @IsOptional()
  @IsCalendarDate()
  date?: string;

  @ApiPropertyOptional({ enum: MEALS, nullable: true })
  @IsOptional()
  @IsIn(MEALS)
  meal?: Meal | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 20000 })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(20000)
  kcal?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  protein_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  carbohydrate_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  fat_g?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 2000, nullable: true, type: Number })
  @IsOptional()
  @IsNumber(NUM)
  @Min(0)
  @Max(2000)
  fibre_g?: number | null;

  @SourceField()
  source?: TrackingSource;

  @NoteField(2000)
  note?: string | null;
}

export class NutritionRangeQuery {
  @ApiPropertyOptional({ example: '2026-03-01', description: 'Default: 29 days before `to`' })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-30', description: 'Default: today (UTC)' })
  @IsOptional()
  @IsCalendarDate()
  to?: string;
}

export class ListNutritionQuery extends IntersectionType(NutritionRangeQuery, PageQuery) {}

export class NutritionResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026-04-10' }) date!: string;
  @ApiProperty({ enum: MEALS, nullable: true }) meal!: Meal | null;
  @ApiProperty() kcal!: number;
  @ApiProperty({ nullable: true, type: Number }) protein_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) carbohydrate_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) fat_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) fibre_g!: number | null;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class NutritionListResponse {
  @ApiProperty({ type: [NutritionResponse] }) items!: NutritionResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
}

export class NutritionDayResponse {
  @ApiProperty({ example: '2026-04-10' }) date!: string;
  @ApiProperty() kcal!: number;
  @ApiProperty({ nullable: true, type: Number }) protein_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) carbohydrate_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) fat_g!: number | null;
  @ApiProperty({ nullable: true, type: Number }) fibre_g!: number | null;
  @ApiProperty({ description: 'Number of entries summed' }) entries!: number;
}

export class NutritionDailyResponse {
  @ApiProperty({ type: [NutritionDayResponse], description: 'Days with entries, oldest first' })
  items!: NutritionDayResponse[];
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
}
