import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsCalendarDate } from './calendar-date';
import { PageQuery } from '@sports/common';

/** Where a tracking row came from. */
export type TrackingSource = 'manual' | 'csv' | 'import';
export const TRACKING_SOURCES: readonly TrackingSource[] = ['manual', 'csv', 'import'];

// Composed field decorators of the tracking bodies. applyDecorators applies its list first to
// last, the reverse of a written stack, so the validators are listed bottom-up: class-validator
// then reports in the order the written stacks did.

/** An optional free-text note of at most `maxLength` characters; null clears it. */
export const NoteField = (maxLength: number): PropertyDecorator =>
  applyDecorators(
    MaxLength(maxLength),
    IsString(),
    IsOptional(),
    ApiPropertyOptional({ maxLength, nullable: true, type: String }),
  );

/**
 * Where a row came from. On create it may be left out (`manual`); on update `nullRefused`
 * refuses an explicit null instead of skipping it.
 */
export const SourceField = (
  options: { defaultManual?: boolean; nullRefused?: boolean } = {},
): PropertyDecorator =>
  applyDecorators(
    IsIn(TRACKING_SOURCES),
    options.nullRefused
      ? ValidateIf((_o: object, value: unknown) => value !== undefined)
      : IsOptional(),
    ApiPropertyOptional({
      enum: TRACKING_SOURCES,
      ...(options.defaultManual && { default: 'manual' }),
    }),
  );

/** `?from&to&limit&offset` of the tracking lists (dates inclusive). */
export class DateRangeQuery extends PageQuery {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'first day, inclusive' })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'last day, inclusive' })
  @IsOptional()
  @IsCalendarDate()
  to?: string;
}
