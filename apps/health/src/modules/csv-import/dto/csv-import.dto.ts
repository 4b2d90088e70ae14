import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** Multipart fields arrive as text; "true"/"false" (and 1/0) become booleans. */
const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
};

export class CsvImportRequest {
  @ApiProperty({ format: 'uuid', description: 'The mapping decides the module' })
  @IsUUID()
  mapping_id!: string;

  @ApiPropertyOptional({ default: false, description: 'Validate and count, write nothing' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  dry_run?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Import the valid rows, skip the others' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  skip_invalid_rows?: boolean;
}

export class CsvUploadSchema {
  @ApiProperty({ type: 'string', format: 'binary' }) file!: unknown;
}

export class CsvImportUploadSchema extends CsvUploadSchema {
  @ApiProperty({ format: 'uuid' }) mapping_id!: string;
  @ApiPropertyOptional() dry_run?: boolean;
  @ApiPropertyOptional() skip_invalid_rows?: boolean;
}

export class CsvAnalyzeRequest {
  @ApiPropertyOptional({ enum: ['nutrition', 'weight', 'blood_pressure', 'activity'] })
  @IsOptional()
  @IsIn(['nutrition', 'weight', 'blood_pressure', 'activity'])
  module?: string;
}

export class MappingListQuery {
  @ApiPropertyOptional({ enum: ['nutrition', 'weight', 'blood_pressure', 'activity'] })
  @IsOptional()
  @IsIn(['nutrition', 'weight', 'blood_pressure', 'activity'])
  module?: string;
}

export class ImportLogQuery {
  @ApiPropertyOptional({ default: 50, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

export class CopyMappingRequest {
  @ApiProperty({ format: 'uuid', description: 'A system template or one of your mappings' })
  @IsUUID()
  mapping_id!: string;

  @ApiPropertyOptional({ description: 'Name of the copy; default "<name> (copy)"' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;
}

/** A mapping as written by its owner (user copy) or an administrator (system template). */
export class MappingRequest {
  @ApiProperty() @IsString() @Length(1, 200) name!: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;
  @ApiProperty({ enum: ['nutrition', 'weight', 'blood_pressure', 'activity'] })
  @IsString()
  module!: string;
  @ApiProperty({ example: ',' }) @IsString() delimiter!: string;
  @ApiProperty({ example: '.' }) @IsString() decimal_separator!: string;
  @ApiProperty({ example: 'YYYY-MM-DD' }) @IsString() date_format!: string;
  @ApiPropertyOptional({ enum: ['auto', 'utf-8', 'windows-1252'], default: 'auto' })
  @IsOptional()
  @IsString()
  encoding?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() has_header?: boolean;
  @ApiProperty({
    description: 'target_field → source header (column letter when has_header is false)',
    example: { date: 'date', weight_kg: 'weight' },
  })
  @IsObject()
  columns!: Record<string, string>;
}

export class UpdateMappingRequest {
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 200) name?: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() module?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() delimiter?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() decimal_separator?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() date_format?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() encoding?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() has_header?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsObject() columns?: Record<string, string>;
}

export class CsvLimitsRequest {
  @ApiPropertyOptional({ minimum: 1024, maximum: 104857600 })
  @IsOptional()
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  max_file_bytes?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000000)
  max_rows?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 10000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  max_errors_reported?: number;
}

export class CsvLimitsResponse {
  @ApiProperty() max_file_bytes!: number;
  @ApiProperty() max_rows!: number;
  @ApiProperty() max_errors_reported!: number;
}

export class AdminCsvLimitsResponse extends CsvLimitsResponse {
  @ApiProperty() updated_at!: string;
  @ApiProperty({ nullable: true }) updated_by!: string | null;
}

export class TargetFieldResponse {
  @ApiProperty() field!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['date', 'number', 'text'] }) type!: string;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional({ nullable: true }) unit!: string | null;
  @ApiPropertyOptional({ nullable: true }) min!: number | null;
  @ApiPropertyOptional({ nullable: true }) max!: number | null;
}

export class CsvModuleResponse {
  @ApiProperty() module!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'false: import answers 501' }) importable!: boolean;
  @ApiProperty() record!: string;
  @ApiProperty({ type: [TargetFieldResponse] }) target_fields!: TargetFieldResponse[];
  @ApiProperty({ type: [String] }) required_fields!: string[];
}

export class CsvModuleListResponse {
  @ApiProperty({ type: [CsvModuleResponse] }) items!: CsvModuleResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class MappingResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true }) description!: string | null;
  @ApiProperty() module!: string;
  @ApiProperty() is_system!: boolean;
  @ApiProperty({ nullable: true }) owner_id!: string | null;
  @ApiProperty({ nullable: true }) copied_from_id!: string | null;
  @ApiProperty() delimiter!: string;
  @ApiProperty() decimal_separator!: string;
  @ApiProperty() date_format!: string;
  @ApiProperty() encoding!: string;
  @ApiProperty() has_header!: boolean;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  columns!: Record<string, string>;
  @ApiProperty() header_fingerprint!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class MappingListResponse {
  @ApiProperty({ type: [MappingResponse] }) items!: MappingResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class TemplateWarningResponse {
  @ApiProperty() field!: string;
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
}

export class TemplateValidationResponse {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ type: [TemplateWarningResponse] }) warnings!: TemplateWarningResponse[];
  @ApiProperty({ nullable: true }) header_fingerprint!: string | null;
}

export class RowErrorResponse {
  @ApiProperty({ description: 'Row number as a spreadsheet shows it (header = row 1)' })
  row!: number;
  @ApiProperty({ nullable: true, description: 'Column letter' }) column!: string | null;
  @ApiProperty({ nullable: true }) header!: string | null;
  @ApiProperty({ nullable: true }) field!: string | null;
  @ApiProperty({ nullable: true }) value!: string | null;
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
  @ApiProperty() hint!: string;
}

export class ImportLogResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['succeeded', 'partial', 'failed'] }) status!: string;
  @ApiProperty() dry_run!: boolean;
  @ApiProperty() skip_invalid_rows!: boolean;
  @ApiProperty({ nullable: true }) mapping_id!: string | null;
  @ApiProperty({ nullable: true }) mapping_name!: string | null;
  @ApiProperty({ nullable: true }) module!: string | null;
  @ApiProperty() file_name!: string;
  @ApiProperty() file_bytes!: number;
  @ApiProperty({ nullable: true }) encoding!: string | null;
  @ApiProperty({ description: 'Data rows read (header and blank lines excluded)' })
  rows_total!: number;
  @ApiProperty({ description: 'Records (days for nutrition) created' }) created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({ description: 'Invalid rows left out (skip_invalid_rows)' }) skipped!: number;
  @ApiProperty() error_count!: number;
  @ApiProperty({ type: [RowErrorResponse] }) errors!: RowErrorResponse[];
  @ApiProperty({ nullable: true }) failure_code!: string | null;
  @ApiProperty({ nullable: true }) failure_detail!: string | null;
  @ApiProperty() duration_ms!: number;
  @ApiProperty() created_at!: string;
}

export class ImportLogListResponse {
  @ApiProperty({ type: [ImportLogResponse] }) items!: ImportLogResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class AnalyzeCandidateResponse {
  @ApiProperty() mapping_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() module!: string;
  @ApiProperty() is_system!: boolean;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({ type: [String] }) matched_columns!: string[];
  @ApiProperty({ type: [String] }) missing_columns!: string[];
}

export class PreviewRowResponse {
  @ApiProperty() row!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) values!: Record<string, unknown>;
  @ApiProperty({ type: [RowErrorResponse] }) errors!: RowErrorResponse[];
}

export class AnalyzeResponse {
  @ApiProperty() file_name!: string;
  @ApiProperty() file_bytes!: number;
  @ApiProperty({ enum: ['utf-8', 'windows-1252'] }) encoding!: string;
  @ApiProperty() bom!: boolean;
  @ApiProperty() delimiter!: string;
  @ApiProperty() has_header!: boolean;
  @ApiProperty({ type: [String] }) headers!: string[];
  @ApiProperty({ type: [AnalyzeCandidateResponse] }) candidates!: AnalyzeCandidateResponse[];
  @ApiProperty({ nullable: true }) best_mapping_id!: string | null;
  @ApiProperty({ type: [PreviewRowResponse] }) preview!: PreviewRowResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}
