import { withEntityTag, VersionedRow } from '@sports/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { IsPastOrTodayDate } from '../../../tracking/calendar-date';
import {
  DateRangeQuery,
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import {
  CIRCUMFERENCE_SITES,
  CircumferenceEntry,
  CircumferenceSite,
} from '../circumference-entry.entity';
import type { CircumferenceRow } from '../circumference.repository';

export class CreateCircumferenceRequest {
  @ApiProperty({ example: '2026-04-01', description: 'YYYY-MM-DD, not in the future' })
  @IsPastOrTodayDate()
  date!: string;

  @ApiProperty({ enum: CIRCUMFERENCE_SITES })
  @IsIn(CIRCUMFERENCE_SITES)
  site!: CircumferenceSite;

  @ApiProperty({ example: 84.5, minimum: 10, maximum: 250 })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(10)
  @Max(250)
  value_cm!: number;

  @NoteField(500)
  note?: string | null;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;
}

/** Changes the fields sent; `null` clears the note. */
export class UpdateCircumferenceRequest {
  @ApiPropertyOptional({ example: '2026-04-01' })
  @ValidateIf((o: UpdateCircumferenceRequest) => o.date !== undefined)
  @IsPastOrTodayDate()
  date?: string;

  @ApiPropertyOptional({ enum: CIRCUMFERENCE_SITES })
  @ValidateIf((o: UpdateCircumferenceRequest) => o.site !== undefined)
  @IsIn(CIRCUMFERENCE_SITES)
  site?: CircumferenceSite;

  @ApiPropertyOptional({ minimum: 10, maximum: 250 })
  @ValidateIf((o: UpdateCircumferenceRequest) => o.value_cm !== undefined)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(10)
  @Max(250)
  value_cm?: number;

  @NoteField(500)
  note?: string | null;

  @SourceField({ nullRefused: true })
  source?: TrackingSource;
}

export class CircumferenceQuery extends DateRangeQuery {
  @ApiPropertyOptional({ enum: CIRCUMFERENCE_SITES })
  @IsOptional()
  @IsIn(CIRCUMFERENCE_SITES)
  site?: CircumferenceSite;
}

export class CircumferenceResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ enum: CIRCUMFERENCE_SITES }) site!: CircumferenceSite;
  @ApiProperty({ example: 84.5 }) value_cm!: number;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class CircumferenceListResponse {
  @ApiProperty({ type: [CircumferenceResponse] }) items!: CircumferenceResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toCircumferenceResponse(e: CircumferenceEntry): CircumferenceResponse {
  return withEntityTag(
    {
      id: e.id,
      date: e.date,
      site: e.site,
      value_cm: e.valueCm,
      note: e.note,
      source: e.source,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    },
    e.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function circumferenceRowBody(r: CircumferenceRow): CircumferenceResponse {
  return {
    id: r.id,
    date: r.date,
    site: r.site,
    value_cm: r.value_cm,
    note: r.note,
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function circumferenceRowResponse(
  r: CircumferenceRow & VersionedRow,
): CircumferenceResponse {
  return withEntityTag(circumferenceRowBody(r), r.row_version);
}
