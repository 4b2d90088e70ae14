import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  Equals,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { NestedArray } from '@sports/common';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export class LevelRequest {
  @ApiProperty({ minimum: 1, maximum: 5 }) @IsInt() @Min(1) @Max(5) level!: number;
  @ApiProperty({ maxLength: 200 }) @Transform(trim) @IsString() @Length(1, 200) name!: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class CreateMaturityModelRequest {
  @ApiProperty({ pattern: SLUG.source, maxLength: 100, example: 'karate-kinder' })
  @IsString()
  @Length(1, 100)
  @Matches(SLUG)
  slug!: string;

  @ApiProperty({ maxLength: 200 }) @Transform(trim) @IsString() @Length(1, 200) name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  description?: string | null;

  @NestedArray(() => LevelRequest, { max: 5, optional: 'absent' })
  levels?: LevelRequest[];
}

export class UpdateMaturityModelRequest extends PartialType(CreateMaturityModelRequest) {}

export class LevelsRequest {
  @NestedArray(() => LevelRequest, { max: 5 })
  levels!: LevelRequest[];
}

export class ModelSkillRequest {
  @ApiProperty({ format: 'uuid' }) @IsUUID() skill_id!: string;
}

export class ModelSkillsRequest {
  @NestedArray(() => ModelSkillRequest, { max: 500, description: 'in display order' })
  skills!: ModelSkillRequest[];
}

export class MatrixCellRequest {
  @ApiProperty({ format: 'uuid' }) @IsUUID() skill_id!: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) @IsInt() @Min(1) @Max(5) level!: number;
  @ApiProperty({ nullable: true, type: String, description: 'null removes the cell' })
  @Nullable()
  @IsString()
  @Length(1, 5000)
  description!: string | null;
}

export class MatrixCellsRequest {
  @NestedArray(() => MatrixCellRequest, { max: 2500 })
  cells!: MatrixCellRequest[];
}

export class BindingRequest {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  focus_area_id?: string | null;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  style_direction_id?: string | null;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  training_style_id?: string | null;
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'optional qualifier: the binding then matches only this training type',
  })
  @Nullable()
  @IsUUID()
  training_type_id?: string | null;
}

export class LegacyFocusAreasRequest {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  focus_area_ids!: string[];
}

export class ResolveQuery {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() focus_area_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() style_direction_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() training_style_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() training_type_id?: string;
}

// ---- responses ----

export class LevelResponse {
  @ApiProperty() level!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
}

export class ModelSkillResponse {
  @ApiProperty({ format: 'uuid' }) skill_id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty() position!: number;
}

export class CellResponse {
  @ApiProperty({ format: 'uuid' }) skill_id!: string;
  @ApiProperty() level!: number;
  @ApiProperty() description!: string;
}

export class BindingResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) model_id!: string;
  @ApiProperty({ nullable: true, type: String }) focus_area_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) style_direction_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) training_style_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) training_type_id!: string | null;
  @ApiProperty() specificity!: number;
}

export class BindingListResponse {
  @ApiProperty({ type: [BindingResponse] }) items!: BindingResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class MaturityModelSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class MaturityModelResponse extends MaturityModelSummary {
  @ApiProperty({ type: [LevelResponse] }) levels!: LevelResponse[];
  @ApiProperty({ type: [ModelSkillResponse] }) skills!: ModelSkillResponse[];
  @ApiProperty({ type: [CellResponse] }) level_descriptions!: CellResponse[];
  @ApiProperty({ type: [BindingResponse] }) bindings!: BindingResponse[];
  @ApiProperty({ type: [String] }) legacy_focus_area_ids!: string[];
}

export class MaturityModelListResponse {
  @ApiProperty({ type: [MaturityModelSummary] }) items!: MaturityModelSummary[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class ResolvedModel {
  @ApiProperty({ format: 'uuid' }) model_id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty() rank!: number;
  @ApiProperty({ enum: ['binding', 'legacy'] }) match!: 'binding' | 'legacy';
  @ApiProperty({ nullable: true, type: String }) binding_id!: string | null;
  @ApiProperty() specificity!: number;
  @ApiProperty({ type: [String] }) bound!: string[];
  @ApiProperty() training_type_bound!: boolean;
}

export class ResolvedCell {
  @ApiProperty() level!: number;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'uuid' }) model_id!: string;
}

export class ResolvedSkill {
  @ApiProperty({ format: 'uuid' }) skill_id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [ResolvedCell] }) levels!: ResolvedCell[];
}

/** The context a resolve ran for (the style direction is derived from the training style). */
export class ResolvedContext {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) focus_area_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) style_direction_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) training_style_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) training_type_id!: string | null;
}

/** A level of the resolved scale, with the model it comes from. */
export class ResolvedLevel extends LevelResponse {
  @ApiProperty({ format: 'uuid' }) model_id!: string;
}

export class ResolveResponse {
  @ApiProperty({ type: ResolvedContext }) context!: ResolvedContext;
  @ApiProperty({ enum: ['bindings', 'legacy', 'mixed', 'none'] }) source!: string;
  @ApiProperty({ type: [ResolvedModel] }) models!: ResolvedModel[];
  @ApiProperty({ type: [ResolvedLevel] }) levels!: ResolvedLevel[];
  @ApiProperty({ type: [ResolvedSkill] }) skills!: ResolvedSkill[];
}

// ---- per-model JSON export / import ----

export const MODEL_FORMAT = 'service.maturity_model.v1';

export class ExportSkillRef {
  @ApiProperty() @IsString() @Matches(SLUG) skill_slug!: string;
  @ApiProperty() @IsInt() @Min(0) @Max(100000) position!: number;
}

export class ExportCell {
  @ApiProperty() @IsString() @Matches(SLUG) skill_slug!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(5) level!: number;
  @ApiProperty() @IsString() @Length(1, 5000) description!: string;
}

export class ExportBinding {
  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsString()
  focus_area_slug!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsString()
  style_direction_slug!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsString()
  training_style_slug!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String })
  @Nullable()
  @IsString()
  training_type_slug!: string | null;
}

export class ExportModel {
  @ApiProperty() @IsString() @Length(1, 100) @Matches(SLUG) slug!: string;
  @ApiProperty() @IsString() @Length(1, 200) name!: string;
  @ApiProperty({ nullable: true, type: String })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  description!: string | null;
  @NestedArray(() => LevelRequest, { max: 5 })
  levels!: LevelRequest[];
  @NestedArray(() => ExportSkillRef, { max: 500 })
  skills!: ExportSkillRef[];
  @NestedArray(() => ExportCell, { max: 2500 })
  level_descriptions!: ExportCell[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  legacy_focus_area_slugs?: string[];
}

export class ModelBindingExport extends ExportBinding {}

export class ModelExportDocument {
  @ApiProperty({ example: MODEL_FORMAT }) @Equals(MODEL_FORMAT) format!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() exported_at?: string;
  @ApiProperty({ type: ExportModel })
  @ValidateNested()
  @Type(() => ExportModel)
  model!: ExportModel;
  @NestedArray(() => ModelBindingExport, { max: 1000 })
  bindings!: ModelBindingExport[];
}
