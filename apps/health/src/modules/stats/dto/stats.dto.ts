import { ApiExtraModels, ApiProperty } from '@nestjs/swagger';
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

/** Rows and first/last day of every data module (`implements`: one property per DataModule). */
export class ModuleCountsResponse implements ModuleCounts {
  @ApiProperty({ type: ModuleCountResponse }) weight!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) circumference!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) caliper!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) activity!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) nutrition!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) reference_values!: ModuleCountResponse;
  @ApiProperty({ type: ModuleCountResponse }) photos!: ModuleCountResponse;
}

export class LatestWeightResponse {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() weight_kg!: number;
  @ApiProperty({ type: Number, nullable: true }) body_fat_pct!: number | null;
}

export class LatestBodyFatResponse {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() body_fat_pct!: number;
  @ApiProperty({ example: 'jp3' }) formula!: string;
}

export class LatestCircumferenceResponse {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() value_cm!: number;
}

export class LatestVitalResponse {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() value!: number;
}

export class NutritionDayResponse {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() kcal!: number;
  @ApiProperty({ type: Number, nullable: true }) protein_g!: number | null;
  @ApiProperty({ type: Number, nullable: true }) carbohydrate_g!: number | null;
  @ApiProperty({ type: Number, nullable: true }) fat_g!: number | null;
  @ApiProperty({ type: Number, nullable: true }) fibre_g!: number | null;
  @ApiProperty({ description: 'Rows summed into this day' }) entries!: number;
}

export class ActivitySessionResponse {
  @ApiProperty({ example: '2026-04-01', description: 'Day (UTC) the session started' })
  date!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty({ example: 'run' }) type!: string;
  @ApiProperty() minutes!: number;
  @ApiProperty({ type: Number, nullable: true }) distance_km!: number | null;
  @ApiProperty({ type: Number, nullable: true }) kcal!: number | null;
  @ApiProperty({ type: Number, nullable: true }) avg_hr!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max_hr!: number | null;
  @ApiProperty({ type: Number, nullable: true }) rpe!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Session-RPE load = RPE × minutes' })
  load!: number | null;
}

export class LatestValuesResponse {
  @ApiProperty({ type: LatestWeightResponse, nullable: true })
  weight!: LatestWeightResponse | null;
  @ApiProperty({ type: LatestBodyFatResponse, nullable: true })
  bodyfat!: LatestBodyFatResponse | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/LatestCircumferenceResponse' },
    description: 'Latest value per circumference site (keys: site)',
  })
  circumference!: Record<string, LatestCircumferenceResponse>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/LatestVitalResponse' },
    description: 'Latest value per reference value type (keys: type key)',
  })
  vitals!: Record<string, LatestVitalResponse>;
  @ApiProperty({ type: NutritionDayResponse, nullable: true })
  nutrition!: NutritionDayResponse | null;
  @ApiProperty({ type: ActivitySessionResponse, nullable: true })
  activity!: ActivitySessionResponse | null;
}

@ApiExtraModels(LatestCircumferenceResponse, LatestVitalResponse)
export class StatsResponse {
  @ApiProperty({ example: '2026-04-01', description: 'Day (UTC) the changes are computed for' })
  as_of!: string;

  @ApiProperty({ type: ModuleCountsResponse, description: 'Rows and first/last day per module' })
  modules!: ModuleCounts;

  @ApiProperty({
    type: LatestValuesResponse,
    description:
      'Latest value per module (weight, body fat, circumference per site, vitals per type, last nutrition day, last activity)',
  })
  current!: LatestValues;

  @ApiProperty({ type: [MetricChangeResponse] })
  changes!: MetricChange[];
}
