import { ApiProperty } from '@nestjs/swagger';
import {
  EXPORT_FORMAT,
  type ActivityRow,
  type CaliperRow,
  type CircumferenceRow,
  type ExportDocument,
  type ExportProfile,
  type NutritionRow,
  type PhotoRow,
  type ReferenceValueRow,
  type WeightRow,
} from '../export-document';

const NullableString = { type: String, nullable: true } as const;
const NullableNumber = { type: Number, nullable: true } as const;

export class ExportProfileResponse implements ExportProfile {
  @ApiProperty(NullableString) display_name!: string | null;
  @ApiProperty({ enum: ['female', 'male'], nullable: true }) sex!: 'female' | 'male' | null;
  @ApiProperty({ ...NullableString, example: '1990-05-01' }) birth_date!: string | null;
  @ApiProperty(NullableNumber) height_cm!: number | null;
  @ApiProperty(NullableNumber) goal_weight_kg!: number | null;
  @ApiProperty(NullableString) activity_level!: string | null;
  @ApiProperty({ enum: ['metric', 'imperial'] }) units!: 'metric' | 'imperial';
}

export class ExportWeightRow implements WeightRow {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty() weight_kg!: number;
  @ApiProperty(NullableNumber) body_fat_pct!: number | null;
  @ApiProperty(NullableString) note!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportCircumferenceRow implements CircumferenceRow {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ example: 'waist' }) site!: string;
  @ApiProperty() value_cm!: number;
  @ApiProperty(NullableString) note!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportCaliperRow implements CaliperRow {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ example: 'jp3' }) formula!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Skinfold in mm per site (keys: site names)',
    example: { chest: 12, abdomen: 20, thigh: 15 },
  })
  sites!: Record<string, number>;
  @ApiProperty() body_fat_pct!: number;
  @ApiProperty() density!: number;
  @ApiProperty() age_years!: number;
  @ApiProperty({ enum: ['female', 'male'] }) sex!: 'female' | 'male';
  @ApiProperty(NullableString) note!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportActivityRow implements ActivityRow {
  @ApiProperty({ example: 'run' }) activity_type!: string;
  @ApiProperty({ example: '2026-04-01T07:30:00.000Z' }) started_at!: string;
  @ApiProperty() duration_min!: number;
  @ApiProperty(NullableNumber) distance_km!: number | null;
  @ApiProperty(NullableNumber) kcal!: number | null;
  @ApiProperty(NullableNumber) avg_hr!: number | null;
  @ApiProperty(NullableNumber) max_hr!: number | null;
  @ApiProperty(NullableNumber) rpe!: number | null;
  @ApiProperty(NullableString) notes!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportNutritionRow implements NutritionRow {
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ ...NullableString, description: '`day` = whole-day total' }) meal!: string | null;
  @ApiProperty() kcal!: number;
  @ApiProperty(NullableNumber) protein_g!: number | null;
  @ApiProperty(NullableNumber) carbohydrate_g!: number | null;
  @ApiProperty(NullableNumber) fat_g!: number | null;
  @ApiProperty(NullableNumber) fibre_g!: number | null;
  @ApiProperty(NullableString) note!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportReferenceValueRow implements ReferenceValueRow {
  @ApiProperty({ example: 'resting_hr' }) type_key!: string;
  @ApiProperty({ example: '2026-04-01' }) measured_on!: string;
  @ApiProperty(NullableString) measured_at!: string | null;
  @ApiProperty() value!: number;
  @ApiProperty(NullableString) note!: string | null;
  @ApiProperty({ example: 'manual' }) source!: string;
}

export class ExportPhotoRow implements PhotoRow {
  @ApiProperty({ example: '2026-04-01' }) taken_on!: string;
  @ApiProperty(NullableString) pose!: string | null;
  @ApiProperty({ example: 'image/jpeg' }) mime_type!: string;
  @ApiProperty() byte_size!: number;
}

/** The `health.export.v1` document (rows as in the modules' responses, without ids). */
export class ExportDocumentResponse implements ExportDocument {
  @ApiProperty({ enum: [EXPORT_FORMAT] }) format!: typeof EXPORT_FORMAT;
  @ApiProperty({ example: '2026-04-01T10:00:00.000Z' }) exported_at!: string;
  @ApiProperty({ type: ExportProfileResponse }) user!: ExportProfileResponse;
  @ApiProperty({ type: [ExportWeightRow], description: 'By date' }) weight!: ExportWeightRow[];
  @ApiProperty({ type: [ExportCircumferenceRow], description: 'By date, site' })
  circumference!: ExportCircumferenceRow[];
  @ApiProperty({ type: [ExportCaliperRow], description: 'By date, formula' })
  caliper!: ExportCaliperRow[];
  @ApiProperty({ type: [ExportActivityRow], description: 'By started_at' })
  activity!: ExportActivityRow[];
  @ApiProperty({ type: [ExportNutritionRow], description: 'By date, meal' })
  nutrition!: ExportNutritionRow[];
  @ApiProperty({ type: [ExportReferenceValueRow], description: 'By type, day' })
  reference_values!: ExportReferenceValueRow[];
  @ApiProperty({
    type: [ExportPhotoRow],
    description: 'Metadata only; image files are not exported',
  })
  photos!: ExportPhotoRow[];
}
