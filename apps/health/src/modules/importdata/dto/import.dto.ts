import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

/** Media type for export documents larger than the service-wide JSON limit (BODY_LIMIT). */
export const EXPORT_MEDIA_TYPE = 'application/vnd.health.export+json';
/** Largest document accepted with that media type (5 years of daily data is a few MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export class ImportQuery {
  @ApiPropertyOptional({
    default: false,
    description: 'Validate and predict the counts; write nothing',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean()
  dry_run?: boolean;
}

export class ImportCountsResponse {
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
}

export class ImportModulesResponse {
  @ApiProperty({ type: ImportCountsResponse, description: 'Profile fields (created is always 0)' })
  user!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) weight!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) circumference!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) caliper!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) activity!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) nutrition!: ImportCountsResponse;
  @ApiProperty({ type: ImportCountsResponse }) reference_values!: ImportCountsResponse;
}

export class ImportResponse {
  @ApiProperty({ example: 'health.export.v1' }) format!: string;
  @ApiProperty() dry_run!: boolean;
  @ApiProperty({ type: ImportModulesResponse }) modules!: ImportModulesResponse;
  @ApiProperty({ description: 'Photo metadata rows in the document; photos are not imported' })
  photos_skipped!: number;
}
