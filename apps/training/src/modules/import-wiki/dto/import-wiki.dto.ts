import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { VISIBILITIES, Visibility } from '../../content-access/content-visibility';
import { PageQuery } from '@sports/common';

export class DiscoverRequest {
  @ApiProperty({ example: 'https://wiki.example.org/w/api.php' })
  @IsString()
  @MaxLength(2000)
  api_url!: string;

  @ApiProperty({ example: 'Übungen' })
  @IsString()
  @Length(1, 255)
  category!: string;

  @ApiPropertyOptional({ default: 500, maximum: 5000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5000)
  limit?: number;
}

/** Which pages: a category, or explicit page ids (one of both). */
export class PagesRequest {
  @ApiProperty({ example: 'https://wiki.example.org/w/api.php' })
  @IsString()
  @MaxLength(2000)
  api_url!: string;

  @ApiPropertyOptional()
  @ValidateIf((o: PagesRequest) => o.page_ids === undefined)
  @IsString()
  @Length(1, 255)
  category?: string;

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Type(() => Number)
  page_ids?: number[];

  @ApiPropertyOptional({ default: 500, maximum: 5000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5000)
  limit?: number;
}

export class ExecuteRequest extends PagesRequest {
  @ApiPropertyOptional({ enum: VISIBILITIES, default: 'private' })
  @IsOptional()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  club_id?: string;
}

export class WikiPageRefResponse {
  @ApiProperty() page_id!: number;
  @ApiProperty() title!: string;
}

export class DiscoverResponse {
  @ApiProperty() category!: string;
  @ApiProperty({ type: [WikiPageRefResponse] }) pages!: WikiPageRefResponse[];
}

/** The exercise a wiki page would become. */
export class WikiExercisePreview {
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
}

/** What an import job was started with. */
export class WikiImportParams {
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ type: [Number], nullable: true }) page_ids!: number[] | null;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ enum: VISIBILITIES }) visibility!: Visibility;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) club_id!: string | null;
}

export class PreviewItem {
  @ApiProperty() page_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: Number }) revision_id!: number | null;
  @ApiProperty({ enum: ['create', 'update', 'unchanged'] }) action!:
    'create' | 'update' | 'unchanged';
  @ApiProperty({ nullable: true, type: String }) exercise_id!: string | null;
  @ApiProperty({ type: () => WikiExercisePreview }) exercise!: WikiExercisePreview;
}

export class PreviewResponse {
  @ApiProperty({ type: [PreviewItem] }) items!: PreviewItem[];
}

/** Import statuses: queued (waiting for a worker), running, and the three ends. */
export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatusValue = (typeof IMPORT_STATUSES)[number];

export class JobResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() api_url!: string;
  @ApiProperty({ enum: IMPORT_STATUSES }) status!: ImportStatusValue;
  @ApiProperty({ type: () => WikiImportParams }) params!: WikiImportParams;
  @ApiProperty({
    description:
      'Attempts started so far: an attempt interrupted (its worker stopped) is continued by the next one',
  })
  attempts!: number;
  @ApiProperty() pages_total!: number;
  @ApiProperty({
    description: 'Pages with an outcome so far (progress: pages_done of pages_total)',
  })
  pages_done!: number;
  @ApiProperty() created_count!: number;
  @ApiProperty() updated_count!: number;
  @ApiProperty() unchanged_count!: number;
  @ApiProperty() failed_count!: number;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) started_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) finished_at!: string | null;
}

export class JobListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: IMPORT_STATUSES })
  @IsOptional()
  @IsIn(IMPORT_STATUSES)
  status?: ImportStatusValue;
}

export class JobListResponse {
  @ApiProperty({ type: [JobResponse] }) items!: JobResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class LogEntry {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['info', 'warn', 'error'] }) level!: string;
  @ApiProperty({ nullable: true, type: Number }) page_id!: number | null;
  @ApiProperty() message!: string;
  @ApiProperty() created_at!: string;
}

export class LogListResponse {
  @ApiProperty({ type: [LogEntry] }) items!: LogEntry[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class LogQuery extends PageQuery {}
