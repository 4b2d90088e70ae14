import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import {
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import { PageQuery } from '@sports/common';

const NUM = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 };

export class CreateReferenceValueRequest {
  @ApiProperty({ example: 'resting_hr', description: 'Key of an active reference value type' })
  @IsString()
  @MaxLength(63)
  type_key!: string;

  @ApiProperty({ example: '2026-04-10' })
  @IsCalendarDate()
  measured_on!: string;

  @ApiPropertyOptional({ nullable: true, type: String, example: '2026-04-10T06:45:00Z' })
  @IsOptional()
  @IsISO8601({ strict: true })
  measured_at?: string | null;

  @ApiProperty({ description: "Within the type's min_value..max_value" })
  @IsNumber(NUM)
  value!: number;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;

  @NoteField(2000)
  note?: string | null;
}

/** PUT changes the fields sent; `null` clears an optional field. */
export class UpdateReferenceValueRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(63)
  type_key?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsCalendarDate()
  measured_on?: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsISO8601({ strict: true })
  measured_at?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsNumber(NUM)
  value?: number;

  @SourceField()
  source?: TrackingSource;

  @NoteField(2000)
  note?: string | null;
}

export class ListReferenceValuesQuery extends PageQuery {
  @ApiPropertyOptional({ example: 'resting_hr' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  type_key?: string;

  @ApiPropertyOptional({ example: '2026-01-01' })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ example: '2026-04-10' })
  @IsOptional()
  @IsCalendarDate()
  to?: string;
}

export class ReferenceValueResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'resting_hr' }) type_key!: string;
  @ApiProperty({ example: '2026-04-10' }) measured_on!: string;
  @ApiProperty({ nullable: true, type: String }) measured_at!: string | null;
  @ApiProperty() value!: number;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ReferenceValueListResponse {
  @ApiProperty({ type: [ReferenceValueResponse] }) items!: ReferenceValueResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
