import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { NestedArray, PageQuery } from '@sports/common';
import { SKILL_LEVELS, SkillLevel } from '../../skills/skill-levels';
import { VISIBILITIES, Visibility } from '../../content-access/content-visibility';
import { ExerciseMediaResponse } from './exercise-media.dto';
import { QueryBoolean, QueryList } from './query-transforms';

export const EXERCISE_STATUSES = ['draft', 'active', 'archived'] as const;
export type ExerciseStatus = (typeof EXERCISE_STATUSES)[number];

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
/** Optional, but `null` is not a value. */
const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);
/** Optional and nullable. */
const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);

const RICH = 100000;

const IdList = (max = 50): PropertyDecorator => {
  const decorators = [
    Absent(),
    IsArray(),
    ArrayMaxSize(max),
    ArrayUnique(),
    IsUUID('all', { each: true }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class ExerciseSkillInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  skill_id!: string;

  @ApiProperty({ enum: SKILL_LEVELS })
  @IsIn(SKILL_LEVELS)
  level!: SkillLevel;
}

export class CreateExerciseRequest {
  @ApiProperty({ minLength: 1, maxLength: 300, example: 'Reaktionsstaffel mit Farbsignalen' })
  @Transform(trim)
  @IsString()
  @Length(1, 300)
  title!: string;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'rich text (HTML)' })
  @Nullable()
  @IsString()
  @MaxLength(RICH)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'rich text (HTML)' })
  @Nullable()
  @IsString()
  @MaxLength(RICH)
  instructions?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'rich text (HTML)' })
  @Nullable()
  @IsString()
  @MaxLength(RICH)
  coaching_points?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 2000 })
  @Nullable()
  @IsString()
  @MaxLength(2000)
  material?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 1440 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_minutes?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 5 })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(5)
  difficulty?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 1000 })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(1000)
  min_participants?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 1000 })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(1000)
  max_participants?: number | null;

  @ApiPropertyOptional({ enum: VISIBILITIES, default: 'private' })
  @Absent()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'visibility club: the club; the active club when absent',
  })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ enum: EXERCISE_STATUSES, default: 'active' })
  @Absent()
  @IsIn(EXERCISE_STATUSES)
  status?: ExerciseStatus;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'focus area ids' })
  @IdList()
  focus_areas_multi?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'training style ids' })
  @IdList()
  training_styles_multi?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'target group ids' })
  @IdList()
  target_groups_multi?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'age group ids' })
  @IdList()
  age_groups_catalog?: string[];

  @NestedArray(() => ExerciseSkillInput, { max: 100, optional: 'absent' })
  skills?: ExerciseSkillInput[];
}

const COPYRIGHT = (): PropertyDecorator => {
  const decorators = [Nullable(), IsString(), Length(3, 500), Matches(/\S/)];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

/** PUT: every field optional (absent = unchanged), plus the media copyright options. */
export class UpdateExerciseRequest extends PartialType(CreateExerciseRequest) {
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'copyright set on linked media assets that lack one (visibility club)',
  })
  @COPYRIGHT()
  default_club_media_copyright?: string | null;

  @ApiPropertyOptional({ description: 'confirm raising attached media to official' })
  @Absent()
  @IsBoolean()
  promote_attached_media_for_official?: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  @COPYRIGHT()
  default_official_media_copyright?: string | null;
}

export class ListExercisesQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'full-text query (websearch syntax, config german)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ description: 'typo-tolerant ranked search (pg_trgm) for q' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  ai_search?: boolean;

  @ApiPropertyOptional() @IsOptional() @QueryBoolean() @IsBoolean() include_variants?: boolean;
  @ApiPropertyOptional() @IsOptional() @QueryBoolean() @IsBoolean() include_archived?: boolean;
  @ApiPropertyOptional() @IsOptional() @QueryBoolean() @IsBoolean() exclude_without_focus?: boolean;

  @ApiPropertyOptional({ type: [String], enum: VISIBILITIES })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(VISIBILITIES, { each: true })
  visibility_exclude_any?: Visibility[];

  @ApiPropertyOptional({ type: [String], enum: EXERCISE_STATUSES })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(EXERCISE_STATUSES, { each: true })
  status_exclude_any?: ExerciseStatus[];

  @ApiPropertyOptional({ type: [String], description: 'focus areas an exercise must all have' })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  must_include?: string[];

  @ApiPropertyOptional({ type: [String], description: 'focus areas an exercise must not have' })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  must_exclude?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'exercises with focus areas, all of them in this list (no other focus)',
  })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  focus_only_without?: string[];

  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() style_direction_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() training_style_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() target_group_id?: string;

  @ApiPropertyOptional({ description: '1-5 or a level name (basis … optimierung)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toLevelRank(value))
  @IsInt()
  @Min(1)
  @Max(5)
  skill_level_min?: number;

  @ApiPropertyOptional({ description: '1-5 or a level name (basis … optimierung)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toLevelRank(value))
  @IsInt()
  @Min(1)
  @Max(5)
  skill_level_max?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'apply a saved exercise search' })
  @IsOptional()
  @IsUUID()
  saved_search_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'only club exercises of this club' })
  @IsOptional()
  @IsUUID()
  club_id?: string;
}

function toLevelRank(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const named = (SKILL_LEVELS as readonly string[]).indexOf(value);
  if (named >= 0) return named + 1;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export class BulkMetadataRequest {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 500 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  ids!: string[];

  @ApiPropertyOptional({ enum: VISIBILITIES })
  @Absent()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @ApiPropertyOptional({ format: 'uuid', description: 'visibility club: the club' })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ enum: EXERCISE_STATUSES })
  @Absent()
  @IsIn(EXERCISE_STATUSES)
  status?: ExerciseStatus;

  @ApiPropertyOptional()
  @Absent()
  @IsBoolean()
  promote_attached_media_for_official?: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  @COPYRIGHT()
  default_official_media_copyright?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @COPYRIGHT()
  default_club_media_copyright?: string | null;
}

// ---------------- responses ----------------

export class CatalogRefResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
}

export class TrainingStyleRefResponse extends CatalogRefResponse {
  @ApiProperty({ format: 'uuid' }) style_direction_id!: string;
}

export class AgeRangeRefResponse extends CatalogRefResponse {
  @ApiProperty({ nullable: true, type: Number }) age_min!: number | null;
  @ApiProperty({ nullable: true, type: Number }) age_max!: number | null;
}

export class ExerciseSkillResponse {
  @ApiProperty({ format: 'uuid' }) skill_id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) skill_category_id!: string | null;
  @ApiProperty({ enum: SKILL_LEVELS }) level!: SkillLevel;
  @ApiProperty({ minimum: 1, maximum: 5 }) level_rank!: number;
}

export class VariantResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) exercise_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() sequence_order!: number;
  @ApiProperty() progression_level!: number;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
  @ApiProperty({ nullable: true, type: Number }) difficulty!: number | null;
  @ApiProperty({ nullable: true, type: String }) material!: string | null;
  @ApiProperty({ nullable: true, type: String }) prerequisite!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ExercisePermissions {
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_delete!: boolean;
}

export class ExerciseResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) instructions!: string | null;
  @ApiProperty({ nullable: true, type: String }) coaching_points!: string | null;
  @ApiProperty({ nullable: true, type: String }) material!: string | null;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
  @ApiProperty({ nullable: true, type: Number }) difficulty!: number | null;
  @ApiProperty({ nullable: true, type: Number }) min_participants!: number | null;
  @ApiProperty({ nullable: true, type: Number }) max_participants!: number | null;
  @ApiProperty({ enum: VISIBILITIES }) visibility!: Visibility;
  @ApiProperty({ nullable: true, type: String }) club_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) owner_profile_id!: string | null;
  @ApiProperty({ enum: EXERCISE_STATUSES }) status!: ExerciseStatus;
  @ApiProperty({ type: [CatalogRefResponse] }) focus_areas!: CatalogRefResponse[];
  @ApiProperty({ type: [TrainingStyleRefResponse] }) training_styles!: TrainingStyleRefResponse[];
  @ApiProperty({ type: [AgeRangeRefResponse] }) target_groups!: AgeRangeRefResponse[];
  @ApiProperty({ type: [AgeRangeRefResponse] }) age_groups_catalog!: AgeRangeRefResponse[];
  @ApiProperty({ type: [ExerciseSkillResponse] }) skills!: ExerciseSkillResponse[];
  @ApiPropertyOptional({
    type: [VariantResponse],
    description: 'detail, and list items with include_variants',
  })
  variants?: VariantResponse[];
  @ApiPropertyOptional({
    type: () => [ExerciseMediaResponse],
    description: 'detail only; linked media',
  })
  media?: ExerciseMediaResponse[];
  @ApiProperty({ nullable: true, type: String }) default_club_media_copyright!: string | null;
  @ApiProperty() promote_attached_media_for_official!: boolean;
  @ApiProperty({ nullable: true, type: String }) default_official_media_copyright!: string | null;
  @ApiPropertyOptional({ description: 'search rank when q is given' }) rank?: number;
  @ApiProperty({ type: ExercisePermissions }) permissions!: ExercisePermissions;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ExerciseListResponse {
  @ApiProperty({ type: [ExerciseResponse] }) items!: ExerciseResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

/** The metadata fields a bulk change may set (only the changed ones are listed). */
export class BulkMetadataValues {
  @ApiPropertyOptional({ enum: VISIBILITIES }) visibility?: Visibility;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }) club_id?: string | null;
  @ApiPropertyOptional({ enum: EXERCISE_STATUSES }) status?: ExerciseStatus;
  @ApiPropertyOptional() promote_attached_media_for_official?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true })
  default_official_media_copyright?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  default_club_media_copyright?: string | null;
}

export class BulkMetadataChange {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: [String], description: 'names of the fields that changed' })
  changed_fields!: string[];
  @ApiProperty({ type: BulkMetadataValues }) before!: Record<string, unknown>;
  @ApiProperty({ type: BulkMetadataValues }) after!: Record<string, unknown>;
}

export class BulkMetadataResponse {
  @ApiProperty({ type: [BulkMetadataChange] }) changed!: BulkMetadataChange[];
  @ApiProperty({ type: [String], description: 'ids already in the requested state' })
  unchanged!: string[];
}

/** Variants */
export class CreateVariantRequest {
  @ApiProperty({ minLength: 1, maxLength: 300 })
  @Transform(trim)
  @IsString()
  @Length(1, 300)
  title!: string;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'rich text (HTML)' })
  @Nullable()
  @IsString()
  @MaxLength(RICH)
  description?: string | null;

  @ApiPropertyOptional({ description: 'position; appended at the end when absent' })
  @Absent()
  @IsInt()
  @Min(0)
  @Max(100000)
  sequence_order?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 10, default: 1 })
  @Absent()
  @IsInt()
  @Min(1)
  @Max(10)
  progression_level?: number;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_minutes?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 5 })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(5)
  difficulty?: number | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsString()
  @MaxLength(2000)
  material?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'what a participant must master first (rich text)',
  })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  prerequisite?: string | null;
}

export class UpdateVariantRequest extends PartialType(CreateVariantRequest) {}

export class ReorderVariantsRequest {
  @ApiProperty({ type: [String], format: 'uuid', description: 'every variant id, in new order' })
  @IsArray()
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  variant_ids!: string[];
}

export class VariantListResponse {
  @ApiProperty({ type: [VariantResponse] }) items!: VariantResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

/** Saved searches */
export class SavedSearchRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'filters of GET /api/exercises (the keys of exercise_list_prefs), stored as the client sends them: a user-defined JSON map by design',
  })
  @IsObject()
  filters!: Record<string, unknown>;
}

export class UpdateSavedSearchRequest extends PartialType(SavedSearchRequest) {}

export class SavedSearchResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  /** User-defined JSON map by design: the client's filters, returned as saved. */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'the filters as saved (user-defined JSON map)',
  })
  filters!: Record<string, unknown>;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class SavedSearchListResponse {
  @ApiProperty({ type: [SavedSearchResponse] }) items!: SavedSearchResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
