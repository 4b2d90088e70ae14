import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '@sports/common';

/** Multipart fields arrive as text; "true"/"false" (and 1/0) become booleans. */
const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
};

/** The options of an import; each may be sent in the query string or as a form field. */
export class CsvImportOptionsInput {
  @ApiPropertyOptional({
    default: false,
    description:
      'Run the import, report what it would do, write nothing (same answer as a real run)',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  dry_run?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Import the valid rows, skip the others' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  skip_invalid_rows?: boolean;

  @ApiPropertyOptional({
    enum: ['keep', 'clear'],
    description:
      'A mapped optional column the file lacks: keep the stored values of its field or clear them. Without it such a file is refused (409 CSV_MAPPED_COLUMN_MISSING) when values would be affected.',
  })
  @IsOptional()
  @IsIn(['keep', 'clear'])
  on_missing_column?: 'keep' | 'clear';

  @ApiPropertyOptional({
    default: false,
    description:
      'Nutrition: replace a whole-day total recorded another way by the imported one (otherwise such days are row errors NUTRITION_DAY_TOTAL_EXISTS)',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  replace_day_totals?: boolean;

  @ApiPropertyOptional({
    enum: ['refuse', 'first', 'last', 'mean'],
    default: 'refuse',
    description:
      'Weight and blood pressure: several readings of one day are row errors (refuse), or the earliest, the latest or their mean is stored',
  })
  @IsOptional()
  @IsIn(['refuse', 'first', 'last', 'mean'])
  same_day?: 'refuse' | 'first' | 'last' | 'mean';

  @ApiPropertyOptional({
    default: 'UTC',
    example: 'Europe/Berlin',
    description: 'IANA time zone of times without an offset (time of a blood-pressure reading)',
  })
  @IsOptional()
  @IsTimeZone()
  time_zone?: string;
}

export class CsvImportQuery extends CsvImportOptionsInput {}

export class CsvImportRequest extends CsvImportOptionsInput {
  @ApiProperty({ format: 'uuid', description: 'The mapping decides the module' })
  @IsUUID()
  mapping_id!: string;
}

export class CsvUploadSchema {
  @ApiProperty({ type: 'string', format: 'binary' }) file!: unknown;
}

export class CsvImportUploadSchema extends CsvUploadSchema {
  @ApiProperty({ format: 'uuid' }) mapping_id!: string;
  @ApiPropertyOptional() dry_run?: boolean;
  @ApiPropertyOptional() skip_invalid_rows?: boolean;
  @ApiPropertyOptional({ enum: ['keep', 'clear'] }) on_missing_column?: string;
  @ApiPropertyOptional() replace_day_totals?: boolean;
  @ApiPropertyOptional({ enum: ['refuse', 'first', 'last', 'mean'] }) same_day?: string;
  @ApiPropertyOptional({ example: 'Europe/Berlin' }) time_zone?: string;
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

export class ImportLogQuery extends PageQuery {}

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

export class ExcludeRowsRule {
  @ApiProperty({ example: 'Deleted', description: 'Header (or column letter) of the column' })
  @IsString()
  @Length(1, 200)
  column!: string;

  @ApiProperty({
    type: [String],
    example: ['true'],
    description: 'Values (any case) that leave the row out',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  values!: string[];
}

const UNITS_DOC = {
  type: 'object' as const,
  additionalProperties: {
    type: 'string',
    enum: ['kg', 'lb', '%', 'kcal', 'kJ', 'g', 'mmHg', 'bpm'],
  },
  example: { weight_kg: 'lb', body_fat_pct: 'kg' },
  description:
    'Unit of a column per target field where it is not the field\'s own; by default the unit named in the header ("Weight (lb)") or after the values ("78 kg"). body_fat_pct in kg or lb is a fat mass, divided by the row\'s weight.',
};

/** A mapping as written by its owner (user mapping) or an administrator (system template). */
export class MappingRequest {
  @ApiProperty() @IsString() @Length(1, 200) name!: string;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;
  @ApiProperty({ enum: ['nutrition', 'weight', 'blood_pressure', 'activity'] })
  @IsString()
  module!: string;
  @ApiProperty({ example: ',' }) @IsString() delimiter!: string;
  @ApiProperty({ example: '.' }) @IsString() decimal_separator!: string;
  @ApiProperty({
    example: 'DD.MM.YYYY',
    description:
      'Tokens YYYY YY MMMM MMM MM M DD D HH H hh h mm ss A; [text] is literal. A time after the date is read without tokens.',
  })
  @IsString()
  date_format!: string;
  @ApiPropertyOptional({ enum: ['auto', 'utf-8', 'windows-1252'], default: 'auto' })
  @IsOptional()
  @IsString()
  encoding?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() has_header?: boolean;
  @ApiPropertyOptional({
    default: 0,
    minimum: 0,
    maximum: 50,
    description: 'Lines before the header',
  })
  @IsOptional()
  @IsInt()
  skip_lines?: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'target_field → source header (column letter when has_header is false)',
    example: { date: 'date', weight_kg: 'weight' },
  })
  @IsObject()
  columns!: Record<string, string>;
  @ApiPropertyOptional(UNITS_DOC) @IsOptional() @IsObject() units?: Record<string, string>;
  @ApiPropertyOptional({ type: [ExcludeRowsRule], description: 'Rows to leave out' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => ExcludeRowsRule)
  exclude_rows?: ExcludeRowsRule[];
  @ApiPropertyOptional({
    default: false,
    description:
      'A row holding only the date stands above the rows of that day, which hold the time (Garmin Connect)',
  })
  @IsOptional()
  @IsBoolean()
  date_heading_rows?: boolean;
}

export class UpdateMappingRequest {
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 200) name?: string;
  @ApiPropertyOptional({ type: String, nullable: true })
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
  @ApiPropertyOptional() @IsOptional() @IsInt() skip_lines?: number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'target_field → source header (column letter when has_header is false)',
  })
  @IsOptional()
  @IsObject()
  columns?: Record<string, string>;
  @ApiPropertyOptional(UNITS_DOC) @IsOptional() @IsObject() units?: Record<string, string>;
  @ApiPropertyOptional({ type: [ExcludeRowsRule] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => ExcludeRowsRule)
  exclude_rows?: ExcludeRowsRule[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() date_heading_rows?: boolean;
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
  @ApiProperty({ type: String, nullable: true }) updated_by!: string | null;
}

export class TargetFieldResponse {
  @ApiProperty() field!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['date', 'time', 'number', 'text'] }) type!: string;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The unit stored' }) unit!:
    string | null;
  @ApiProperty({ type: [String], description: 'Units a column may be in (converted)' })
  units!: string[];
  @ApiPropertyOptional({ type: Number, nullable: true }) min!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) max!: number | null;
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
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() module!: string;
  @ApiProperty() is_system!: boolean;
  @ApiProperty({ type: String, nullable: true }) owner_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) copied_from_id!: string | null;
  @ApiProperty() delimiter!: string;
  @ApiProperty() decimal_separator!: string;
  @ApiProperty() date_format!: string;
  @ApiProperty() encoding!: string;
  @ApiProperty() has_header!: boolean;
  @ApiProperty() skip_lines!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  columns!: Record<string, string>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  units!: Record<string, string>;
  @ApiProperty({ type: [ExcludeRowsRule] }) exclude_rows!: ExcludeRowsRule[];
  @ApiProperty() date_heading_rows!: boolean;
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
  @ApiProperty({ type: String, nullable: true }) header_fingerprint!: string | null;
}

export class RowErrorResponse {
  @ApiProperty({ description: 'Row number as a spreadsheet shows it (header = row 1)' })
  row!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Column letter' }) column!:
    string | null;
  @ApiProperty({ type: String, nullable: true }) header!: string | null;
  @ApiProperty({ type: String, nullable: true }) field!: string | null;
  @ApiProperty({ type: String, nullable: true }) value!: string | null;
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
  @ApiProperty() hint!: string;
}

export class MissingColumnResponse {
  @ApiProperty() field!: string;
  @ApiProperty({ description: 'The header the mapping names' }) header!: string;
  @ApiProperty({ description: 'Days of the file with a stored value of the field' })
  stored_values!: number;
  @ApiProperty({ enum: ['keep', 'clear'] }) action!: string;
}

export class ImportLogResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['succeeded', 'partial', 'failed'] }) status!: string;
  @ApiProperty() dry_run!: boolean;
  @ApiProperty() skip_invalid_rows!: boolean;
  @ApiProperty({ type: String, nullable: true }) mapping_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) mapping_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) module!: string | null;
  @ApiProperty() file_name!: string;
  @ApiProperty() file_bytes!: number;
  @ApiProperty({ type: String, nullable: true }) encoding!: string | null;
  @ApiProperty({ description: 'Data rows read (header and blank lines excluded)' })
  rows_total!: number;
  @ApiProperty({ description: 'Records (days for nutrition) created' }) created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({ description: 'Invalid rows left out (skip_invalid_rows)' }) skipped!: number;
  @ApiProperty() error_count!: number;
  @ApiProperty({ type: [RowErrorResponse] }) errors!: RowErrorResponse[];
  @ApiProperty({ type: String, nullable: true }) failure_code!: string | null;
  @ApiProperty({ type: String, nullable: true }) failure_detail!: string | null;
  @ApiProperty() duration_ms!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The options the import ran with (dry_run, same_day, on_missing_column, ...)',
  })
  options!: Record<string, unknown>;
  @ApiProperty({ type: [String], description: 'What the import decided or noticed, as sentences' })
  warnings!: string[];
  @ApiProperty({ type: [MissingColumnResponse] }) missing_columns!: MissingColumnResponse[];
  @ApiProperty({ description: 'Whole-day nutrition totals of other sources replaced' })
  replaced_day_totals!: number;
  @ApiProperty({ description: 'Readings folded into another of their day (same_day)' })
  merged_rows!: number;
  @ApiProperty({ description: 'Rows without the measurement (left out)' })
  rows_without_values!: number;
  @ApiProperty({ description: "Rows left out by the mapping's exclude_rows" })
  excluded_rows!: number;
  @ApiProperty() created_at!: string;
}

export class ImportLogListResponse {
  @ApiProperty({ type: [ImportLogResponse] }) items!: ImportLogResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class PreviewRowResponse {
  @ApiProperty({ description: 'Row number as a spreadsheet shows it' }) row!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The values as they would be stored (converted units, date, time)',
  })
  values!: Record<string, unknown>;
  @ApiProperty({ type: [RowErrorResponse] }) errors!: RowErrorResponse[];
  @ApiPropertyOptional({
    enum: ['excluded', 'no_values'],
    description: 'The row would be left out, and why',
  })
  left_out?: string;
}

export class AnalyzeCandidateResponse {
  @ApiProperty() mapping_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() module!: string;
  @ApiProperty() is_system!: boolean;
  @ApiProperty({ description: '0..1: mapped headers found × rows the mapping reads' })
  confidence!: number;
  @ApiProperty({ type: [String] }) matched_columns!: string[];
  @ApiProperty({ type: [String], description: 'Mapped optional columns the file lacks' })
  missing_columns!: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Import options this file needs with this mapping (e.g. same_day)',
  })
  options!: Record<string, string>;
  @ApiProperty({ type: [PreviewRowResponse] }) preview!: PreviewRowResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}

export class AnalyzeColumnResponse {
  @ApiProperty() index!: number;
  @ApiProperty({ example: 'B' }) letter!: string;
  @ApiProperty({ type: String, nullable: true }) header!: string | null;
  @ApiProperty({ enum: ['date', 'time', 'number', 'text', 'empty'] }) kind!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'From the header or the values (kg, lb, %, kcal, kJ, ...)',
  })
  unit!: string | null;
  @ApiProperty({ type: [String], description: 'Date formats that read every value' })
  date_formats!: string[];
  @ApiProperty({ nullable: true, enum: ['.', ','] }) decimal_separator!: string | null;
  @ApiProperty({ description: 'Non-empty values' }) filled!: number;
  @ApiProperty({ type: [String] }) samples!: string[];
}

export class ProposedColumnResponse {
  @ApiProperty() field!: string;
  @ApiProperty({ type: String, nullable: true }) header!: string | null;
  @ApiProperty({ example: 'B' }) column!: string;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({ type: String, nullable: true }) unit!: string | null;
  @ApiProperty() reason!: string;
}

export class ProposedMappingResponse extends MappingRequest {}

export class AnalyzeProposalResponse {
  @ApiProperty({ enum: ['nutrition', 'weight', 'blood_pressure'] }) module!: string;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({
    type: ProposedMappingResponse,
    description: 'A mapping for this file, ready for POST /api/csv/mappings',
  })
  mapping!: ProposedMappingResponse;
  @ApiProperty({ type: [ProposedColumnResponse] }) columns!: ProposedColumnResponse[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  options!: Record<string, string>;
  @ApiProperty({ type: [PreviewRowResponse] }) preview!: PreviewRowResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}

export class AnalyzeResponse {
  @ApiProperty() file_name!: string;
  @ApiProperty() file_bytes!: number;
  @ApiProperty({ enum: ['utf-8', 'windows-1252'] }) encoding!: string;
  @ApiProperty() bom!: boolean;
  @ApiProperty() delimiter!: string;
  @ApiProperty({ nullable: true, enum: ['.', ','] }) decimal_separator!: string | null;
  @ApiProperty() has_header!: boolean;
  @ApiProperty({ description: 'Lines before the header (or the first data row)' })
  skip_lines!: number;
  @ApiProperty({ type: [String] }) headers!: string[];
  @ApiProperty({ type: String, nullable: true, description: 'Format of the date column' })
  date_format!: string | null;
  @ApiProperty({
    description:
      'Day and month are both ≤ 12 in every date, so 01/02 may be 1 February or 2 January',
  })
  date_format_ambiguous!: boolean;
  @ApiProperty({ type: [String], description: 'Other formats that read every date' })
  date_format_alternatives!: string[];
  @ApiProperty({ description: 'Data rows in the whole file' }) rows_total!: number;
  @ApiProperty({ type: [AnalyzeColumnResponse] }) columns!: AnalyzeColumnResponse[];
  @ApiProperty({
    type: [AnalyzeCandidateResponse],
    description: 'Stored mappings that can import this file, best first',
  })
  candidates!: AnalyzeCandidateResponse[];
  @ApiProperty({ type: String, nullable: true }) best_mapping_id!: string | null;
  @ApiProperty({
    type: [AnalyzeProposalResponse],
    description: 'New mappings built from the file, one per module it can be imported into',
  })
  proposals!: AnalyzeProposalResponse[];
  @ApiProperty({
    type: [PreviewRowResponse],
    description: 'Preview of the best candidate or proposal',
  })
  preview!: PreviewRowResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
  @ApiProperty({ description: 'Server time of the analysis' }) duration_ms!: number;
}
