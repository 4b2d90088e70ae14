import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate } from './calendar-date';

/** Where a tracking row came from. */
export type TrackingSource = 'manual' | 'csv' | 'import';
export const TRACKING_SOURCES: readonly TrackingSource[] = ['manual', 'csv', 'import'];

/** `?from&to&limit&offset` of the tracking lists (dates inclusive). */
export class DateRangeQuery {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'first day, inclusive' })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'last day, inclusive' })
  @IsOptional()
  @IsCalendarDate()
  to?: string;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit = 50;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset = 0;
}
