import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { NestedArray, RENDITION_STATES, RenditionResponse } from '@sports/common';
import { MediaAssetResponse } from '../../media-assets/dto/media-asset.dto';
import { VISIBILITIES } from '../../content-access/content-visibility';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);
const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);

/** Link metadata shared by upload, from-asset and PUT. */
export class MediaLinkFields {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 300 })
  @Transform(trim)
  @Nullable()
  @IsString()
  @MaxLength(300)
  label?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 1000 })
  @Transform(trim)
  @Nullable()
  @IsString()
  @MaxLength(1000)
  caption?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100000 })
  @Absent()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100000)
  sort_order?: number;
}

/** Form fields of the multipart upload (besides the part `file`). */
export class UploadExerciseMediaFields extends MediaLinkFields {
  @ApiPropertyOptional({ maxLength: 500, description: 'copyright notice of a new asset' })
  @Transform(trim)
  @Absent()
  @IsString()
  @MaxLength(500)
  copyright_notice?: string;

  @ApiPropertyOptional({ type: String, description: 'comma-separated tags of a new asset' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t.length > 0)
      : value,
  )
  @Absent()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 50, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ enum: VISIBILITIES, description: 'default: the exercise visibility' })
  @Absent()
  @IsIn(VISIBILITIES)
  visibility?: (typeof VISIBILITIES)[number];

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'the asset club; required for a private upload by a platform admin',
  })
  @Absent()
  @IsUUID()
  club_id?: string;
}

export class UploadExerciseMediaRequest extends UploadExerciseMediaFields {
  @ApiProperty({ type: 'string', format: 'binary' })
  file!: unknown;
}

export class LinkMediaAssetRequest extends MediaLinkFields {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  media_asset_id!: string;
}

export class UpdateMediaLinkItem extends MediaLinkFields {
  @ApiProperty({ format: 'uuid', description: 'exercise media (link) id' })
  @IsUUID()
  id!: string;
}

export class UpdateExerciseMediaRequest {
  @NestedArray(() => UpdateMediaLinkItem, { min: 1, max: 200 })
  @ArrayUnique((i: UpdateMediaLinkItem) => i.id)
  items!: UpdateMediaLinkItem[];
}

export class ExerciseMediaResponse {
  @ApiProperty({ format: 'uuid', description: 'exercise media (link) id' }) id!: string;
  @ApiProperty({ format: 'uuid' }) exercise_id!: string;
  @ApiProperty({ format: 'uuid' }) media_asset_id!: string;
  @ApiProperty({ nullable: true, type: String }) label!: string | null;
  @ApiProperty({ nullable: true, type: String }) caption!: string | null;
  @ApiProperty() sort_order!: number;
  @ApiProperty() media_kind!: string;
  @ApiProperty() mime_type!: string;
  @ApiProperty() size_bytes!: number;
  @ApiProperty() original_name!: string;
  @ApiProperty({ nullable: true, type: String }) copyright_notice!: string | null;
  @ApiProperty({ enum: VISIBILITIES }) asset_visibility!: string;
  @ApiProperty({ enum: ['active', 'trash_soft', 'trash_hidden'] }) asset_lifecycle_state!: string;
  @ApiProperty({ nullable: true, type: String, description: 'trash_soft: a hint to show' })
  lifecycle_hint!: string | null;
  @ApiProperty({ description: 'referenced by an inline span in the exercise text' })
  embedded!: boolean;
  @ApiProperty() file_url!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'Signed URL of the original file (no Authorization header needed, expires after MEDIA_URL_TTL_SECONDS); null while the asset is in the trash. Inline media spans (data-service-exercise-media) name this link id.',
  })
  url!: string | null;
  @ApiProperty({
    type: [RenditionResponse],
    description:
      'WebP thumbnail and preview as far as made (empty while the asset is in the trash)',
  })
  renditions!: RenditionResponse[];
  @ApiProperty({ enum: RENDITION_STATES }) renditions_status!: string;
}

export class ExerciseMediaListResponse {
  @ApiProperty({ type: [ExerciseMediaResponse] }) items!: ExerciseMediaResponse[];
}

export class ExerciseMediaLinkedResponse {
  @ApiProperty({ type: ExerciseMediaResponse }) media!: ExerciseMediaResponse;
  @ApiProperty({ type: MediaAssetResponse }) asset!: MediaAssetResponse;
  @ApiProperty({ description: 'the content matched an existing asset, which was linked' })
  deduplicated!: boolean;
}

export class UnlinkMediaResponse {
  @ApiProperty({ format: 'uuid' }) deleted_media_id!: string;
  @ApiProperty({ format: 'uuid' }) media_asset_id!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'the asset id when this was its last reference',
  })
  orphan_media_asset_id!: string | null;
}
