import { ApiProperty } from '@nestjs/swagger';
import { EXPORT_FORMAT } from '../export-document';

/** OpenAPI description of the `health.export.v1` document (rows as in the modules' responses, without ids). */
export class ExportDocumentResponse {
  @ApiProperty({ enum: [EXPORT_FORMAT] }) format!: string;
  @ApiProperty({ example: '2026-04-01T10:00:00.000Z' }) exported_at!: string;
  @ApiProperty({
    description:
      'Profile fields: display_name, sex, birth_date, height_cm, goal_weight_kg, activity_level, units',
  })
  user!: Record<string, unknown>;
  @ApiProperty({ description: 'date, weight_kg, body_fat_pct, note, source; by date' })
  weight!: object[];
  @ApiProperty({ description: 'date, site, value_cm, note, source; by date, site' })
  circumference!: object[];
  @ApiProperty({
    description:
      'date, formula, sites, body_fat_pct, density, age_years, sex, note, source; by date, formula',
  })
  caliper!: object[];
  @ApiProperty({
    description:
      'activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe, notes, source; by started_at',
  })
  activity!: object[];
  @ApiProperty({
    description:
      'date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, note, source; by date, meal',
  })
  nutrition!: object[];
  @ApiProperty({
    description: 'type_key, measured_on, measured_at, value, note, source; by type, day',
  })
  reference_values!: object[];
  @ApiProperty({
    description:
      'Metadata only (taken_on, pose, mime_type, byte_size); image files are not exported',
  })
  photos!: object[];
}
