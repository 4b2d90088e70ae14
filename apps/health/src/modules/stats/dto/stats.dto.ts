import { ApiProperty } from '@nestjs/swagger';
import type { LatestValues, MetricChange, ModuleCounts } from '../../data-layer/data-layer.types';

export class ModuleCountResponse {
  @ApiProperty() rows!: number;
  @ApiProperty({ nullable: true, type: String, example: '2025-01-01' }) first_date!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-04-01' }) last_date!: string | null;
}

export class MetricChangeResponse {
  @ApiProperty({
    example: 'weight',
    description: 'weight, vitals.<type>, circumference.<site>, bodyfat.<formula>',
  })
  metric!: string;
  @ApiProperty({ example: 78.4 }) latest!: number;
  @ApiProperty({ example: '2026-04-01' }) latest_date!: string;
  @ApiProperty({ nullable: true, type: Number }) value_7d_ago!: number | null;
  @ApiProperty({ nullable: true, type: Number }) value_30d_ago!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'latest − value 7 days ago' })
  change_7d!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'latest − value 30 days ago' })
  change_30d!: number | null;
}

export class StatsResponse {
  @ApiProperty({ example: '2026-04-01', description: 'Day (UTC) the changes are computed for' })
  as_of!: string;

  @ApiProperty({
    description: 'Rows and first/last day per module',
    example: { weight: { rows: 120, first_date: '2025-12-01', last_date: '2026-04-01' } },
  })
  modules!: ModuleCounts;

  @ApiProperty({
    description:
      'Latest value per module (weight, body fat, circumference per site, vitals per type, last nutrition day, last activity)',
  })
  current!: LatestValues;

  @ApiProperty({ type: [MetricChangeResponse] })
  changes!: MetricChange[];
}
