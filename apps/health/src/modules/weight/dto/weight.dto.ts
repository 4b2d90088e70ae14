import { withEntityTag, VersionedRow } from '@sports/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { IsPastOrTodayDate } from '../../../tracking/calendar-date';
import {
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import type { WeightEntry } from '../weight-entry.entity';
import type { WeightRow } from '../weight.repository';

export class CreateWeightRequest {
  @ApiProperty({ example: '2026-04-01', description: 'YYYY-MM-DD, not in the future' })
  @IsPastOrTodayDate()
  date!: string;

  @ApiProperty({ example: 78.4, minimum: 20, maximum: 400 })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(20)
  @Max(400)
  weight_kg!: number;

  @ApiPropertyOptional({ example: 18.5, minimum: 2, maximum: 70, nullable: true, type: Number })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(2)
  @Max(70)
  body_fat_pct?: number | null;

  @NoteField(500)
  note?: string | null;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;
}

/** Changes the fields sent; `null` clears body_fat_pct or note. */
export class UpdateWeightRequest {
  @ApiPropertyOptional({ example: '2026-04-01' })
  @ValidateIf((o: UpdateWeightRequest) => o.date !== undefined)
  @IsPastOrTodayDate()
  date?: string;

  @ApiPropertyOptional({ example: 78.4, minimum: 20, maximum: 400 })
  @ValidateIf((o: UpdateWeightRequest) => o.weight_kg !== undefined)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(20)
  @Max(400)
  weight_kg?: number;

  @ApiPropertyOptional({ minimum: 2, maximum: 70, nullable: true, type: Number })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(2)
  @Max(70)
  body_fat_pct?: number | null;

  @NoteField(500)
  note?: string | null;

  @SourceField({ nullRefused: true })
  source?: TrackingSource;
}

export class WeightResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ example: 78.4 }) weight_kg!: number;
  @ApiProperty({ nullable: true, type: Number }) body_fat_pct!: number | null;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class WeightListResponse {
  @ApiProperty({ type: [WeightResponse] }) items!: WeightResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toWeightResponse(e: WeightEntry): WeightResponse {
  return withEntityTag(
    {
      id: e.id,
      date: e.date,
      weight_kg: e.weightKg,
      body_fat_pct: e.bodyFatPct,
      note: e.note,
      source: e.source,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    },
    e.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function weightRowBody(r: WeightRow): WeightResponse {
  return {
    id: r.id,
    date: r.date,
    weight_kg: r.weight_kg,
    body_fat_pct: r.body_fat_pct,
    note: r.note,
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function weightRowResponse(r: WeightRow & VersionedRow): WeightResponse {
  return withEntityTag(weightRowBody(r), r.row_version);
}
