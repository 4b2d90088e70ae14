import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { QueryBoolean } from '../../exercises/dto/query-transforms';
import {
  Absent,
  Nullable,
  SectionRequest,
  SectionResponse,
  SectionsField,
  Trim,
} from '../../planning/dto/plan-sections.dto';
import { PageQuery } from '@sports/common';

export const UNIT_SORTS = [
  'starts_at',
  '-starts_at',
  'created_at',
  '-created_at',
  'title',
] as const;
export type UnitSort = (typeof UNIT_SORTS)[number];

/** A cancelled unit stays in the plan and in calendar feeds (STATUS:CANCELLED). */
export const UNIT_STATUSES = ['scheduled', 'cancelled'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export class CreateTrainingUnitRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Dienstagstraining' })
  @Trim()
  @IsString()
  @Length(1, 200)
  title!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  notes?: string | null;

  @ApiPropertyOptional({ format: 'uuid', description: 'the effective club when absent' })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'a group of the club',
  })
  @Nullable()
  @IsUUID()
  group_id?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '2026-05-12T17:00:00Z' })
  @Nullable()
  @IsISO8601({ strict: true })
  starts_at?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_minutes?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 500,
    example: 'Sporthalle Nord, Halle 2',
  })
  @Nullable()
  @Trim()
  @IsString()
  @MaxLength(500)
  location?: string | null;

  @ApiPropertyOptional({
    enum: UNIT_STATUSES,
    default: 'scheduled',
    description: 'cancelled units stay listed and appear as cancelled events in calendar feeds',
  })
  @IsOptional()
  @IsIn(UNIT_STATUSES)
  status?: UnitStatus;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'any member of the club may substitute; null = the group default lead trainer',
  })
  @Nullable()
  @IsUUID()
  lead_trainer_profile_id?: string | null;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    nullable: true,
    description: 'null = the group default assistants',
  })
  @Nullable()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  assistant_trainer_profile_ids?: string[] | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'on create without sections, the template sections are copied',
  })
  @Nullable()
  @IsUUID()
  plan_template_id?: string | null;

  @SectionsField()
  sections?: SectionRequest[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'linked media assets' })
  @Absent()
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  media_asset_ids?: string[];
}

/** The club of a unit does not change; `sections`, when sent, replaces all sections. */
export class UpdateTrainingUnitRequest extends PartialType(
  OmitType(CreateTrainingUnitRequest, ['club_id'] as const),
) {}

export class FromFrameworkSlotRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  framework_slot_id!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'the effective club when absent' })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  group_id?: string | null;

  @ApiPropertyOptional({ maxLength: 200, description: 'defaults to the blueprint title' })
  @Absent()
  @Trim()
  @IsString()
  @Length(1, 200)
  title?: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsISO8601({ strict: true })
  starts_at?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  lead_trainer_profile_id?: string | null;

  @ApiPropertyOptional({ type: [String], format: 'uuid', nullable: true })
  @Nullable()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  assistant_trainer_profile_ids?: string[] | null;
}

export class ListTrainingUnitsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  group_id?: string;

  @ApiPropertyOptional({
    description: 'only units where the caller is the effective lead or an assistant',
  })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  assigned_to_me?: boolean;

  @ApiPropertyOptional({ enum: UNIT_SORTS, default: '-starts_at' })
  @IsOptional()
  @IsIn(UNIT_SORTS)
  sort?: UnitSort;
}

export class TrainingUnitSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ format: 'uuid' }) club_id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) group_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) starts_at!: string | null;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
  @ApiProperty({ nullable: true, type: String }) location!: string | null;
  @ApiProperty({ enum: UNIT_STATUSES }) status!: UnitStatus;
  @ApiProperty({
    description:
      'iCalendar SEQUENCE: rises when title, time, duration, location, status, group or lead change',
  })
  sequence!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) lead_trainer_profile_id!:
    string | null;
  @ApiProperty({ type: [String], nullable: true }) assistant_trainer_profile_ids!: string[] | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  effective_lead_trainer_profile_id!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'name of the effective lead trainer' })
  lead_trainer_name!: string | null;
  @ApiProperty({ type: [String] }) effective_assistant_trainer_profile_ids!: string[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) plan_template_id!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) origin_framework_slot_id!:
    string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) created_by_profile_id!:
    string | null;
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TrainingUnitResponse extends TrainingUnitSummary {
  @ApiProperty({ type: [SectionResponse] }) sections!: SectionResponse[];
  @ApiProperty({ type: [String] }) media_asset_ids!: string[];
}

export class TrainingUnitListResponse {
  @ApiProperty({ type: [TrainingUnitSummary] }) items!: TrainingUnitSummary[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
