import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import { MAX_SERIES_DAYS } from '../../data-layer/series-values';
import { CHART_CODES } from '../chart-catalog';

export class ChartQuery {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'First day (default: to − 89 days)' })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'Last day (default: today, UTC)' })
  @IsOptional()
  @IsCalendarDate()
  to?: string;

  @ApiPropertyOptional({
    example: 365,
    description: 'Window length ending on `to`; not with `from`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SERIES_DAYS)
  days?: number;
}

export class ChartPointResponse {
  @ApiProperty({ example: '2026-01-01' }) date!: string;
  @ApiProperty({ example: 82.4 }) value!: number;
}

export class ChartSeriesResponse {
  @ApiProperty({ example: 'trend' }) key!: string;
  @ApiProperty({ example: 'Trend (EMA)' }) label!: string;
  @ApiProperty({ example: 'kg', nullable: true, type: String }) unit!: string | null;
  @ApiProperty({ type: [ChartPointResponse] }) points!: ChartPointResponse[];
}

export class ChartMetaResponse {
  @ApiProperty({ example: 88 }) data_points!: number;
  @ApiProperty({ example: ['weight'] }) sources!: string[];
  @ApiProperty() insufficient_data!: boolean;
  @ApiPropertyOptional({ example: 'At least 2 weigh-ins in the range are needed for a trend.' })
  reason?: string;
}

export class ChartResponse {
  @ApiProperty({ enum: CHART_CODES }) code!: string;
  @ApiProperty({ example: 'Weight trend' }) title!: string;
  @ApiProperty({ example: '2026-01-01' }) from!: string;
  @ApiProperty({ example: '2026-03-31' }) to!: string;
  @ApiProperty({ type: [ChartSeriesResponse] }) series!: ChartSeriesResponse[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'Key figures of the chart; their names depend on the chart code (see the chart specification). An open map by design: numbers, strings, null, and per-type objects',
    example: { slope_kg_per_week: -0.42, goal_date: '2026-06-02' },
  })
  summary!: Record<string, unknown>;
  @ApiProperty({ type: ChartMetaResponse }) meta!: ChartMetaResponse;
}

export class ChartCatalogItemResponse {
  @ApiProperty({ enum: CHART_CODES }) code!: string;
  @ApiProperty({ example: 'Weight trend' }) title!: string;
  @ApiProperty({ example: ['kg', 'kg/week'] }) units!: string[];
  @ApiProperty({ example: ['charts.basic'] }) features!: string[];
  @ApiProperty({ example: ['weight', 'profile'], description: 'Data the chart reads' })
  sources!: string[];
}

export class ChartCatalogResponse {
  @ApiProperty({ type: [ChartCatalogItemResponse] }) items!: ChartCatalogItemResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
