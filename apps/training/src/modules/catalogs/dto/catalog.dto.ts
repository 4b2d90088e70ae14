import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
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
} from 'class-validator';
import { PageQuery } from '@sports/common';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Optional, but `null` is not a value. */
const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);
/** Optional and nullable. */
const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);

export class CatalogEntryRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Koordination' })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({
    description: 'lower-case words joined by "-"; derived from the name when absent',
    example: 'koordination',
  })
  @Absent()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lower-case words joined by -' })
  slug?: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 5000 })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ default: 0 })
  @Absent()
  @IsInt()
  @Min(-100000)
  @Max(100000)
  sort_order?: number;
}

export class UpdateCatalogEntryRequest extends PartialType(CatalogEntryRequest) {}

export class AgeRangeEntryRequest extends CatalogEntryRequest {
  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 120 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(120)
  age_min?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 120 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(120)
  age_max?: number | null;
}

export class UpdateAgeRangeEntryRequest extends PartialType(AgeRangeEntryRequest) {}

export class TrainingStyleRequest extends CatalogEntryRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  style_direction_id!: string;
}

export class UpdateTrainingStyleRequest extends PartialType(TrainingStyleRequest) {}

export class ListCatalogQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Substring of the name (case-insensitive)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'training styles: of this style direction' })
  @IsOptional()
  @IsUUID()
  style_direction_id?: string;
}

export class CatalogEntryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() sort_order!: number;
  @ApiPropertyOptional({ nullable: true, type: Number }) age_min?: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) age_max?: number | null;
  @ApiPropertyOptional({ format: 'uuid' }) style_direction_id?: string;
  @ApiPropertyOptional({ type: [String], description: 'target groups: linked style directions' })
  style_direction_ids?: string[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class CatalogListResponse {
  @ApiProperty({ type: [CatalogEntryResponse] }) items!: CatalogEntryResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class StyleTargetGroupLinkRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  style_direction_id!: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  target_group_id!: string;
}

export class ListStyleTargetGroupLinksQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  style_direction_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  target_group_id?: string;
}

export class StyleTargetGroupLinkResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) style_direction_id!: string;
  @ApiProperty() style_direction_name!: string;
  @ApiProperty({ format: 'uuid' }) target_group_id!: string;
  @ApiProperty() target_group_name!: string;
  @ApiProperty() created_at!: string;
}

export class StyleTargetGroupLinkListResponse {
  @ApiProperty({ type: [StyleTargetGroupLinkResponse] }) items!: StyleTargetGroupLinkResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class HierarchyTrainingStyle {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() sort_order!: number;
}

export class HierarchyTargetGroup {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: Number }) age_min!: number | null;
  @ApiProperty({ nullable: true, type: Number }) age_max!: number | null;
}

export class HierarchyStyleDirection {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() sort_order!: number;
  @ApiProperty({ type: [HierarchyTrainingStyle] }) training_styles!: HierarchyTrainingStyle[];
  @ApiProperty({ type: [HierarchyTargetGroup] }) target_groups!: HierarchyTargetGroup[];
}

export class TrainingStyleHierarchyResponse {
  @ApiProperty({ type: [HierarchyStyleDirection] }) items!: HierarchyStyleDirection[];
}
