import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { LIFECYCLE_ACTIONS, LifecycleAction } from '../media-asset-access';
import { MEDIA_KINDS } from '../storage/media-sniff';
import { PageQuery, RENDITION_STATES, RenditionResponse } from '@sports/common';
import { VISIBILITIES } from '../../content-access/content-visibility';

const LIST_LIFECYCLES = ['active', 'trash_soft', 'trash_hidden', 'all'] as const;
const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);
const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);

export class ListMediaAssetsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_LIFECYCLES, default: 'active' })
  @IsOptional()
  @IsIn(LIST_LIFECYCLES)
  lifecycle?: (typeof LIST_LIFECYCLES)[number];

  @ApiPropertyOptional({ enum: MEDIA_KINDS })
  @IsOptional()
  @IsIn(MEDIA_KINDS)
  media_kind?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'superadmin only' })
  @IsOptional()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  uploaded_by?: string;

  @ApiPropertyOptional({ description: 'matches name, label, copyright notice and tags' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class UpdateMediaAssetRequest {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 500 })
  @Transform(trim)
  @Nullable()
  @IsString()
  @MaxLength(500)
  copyright_notice?: string | null;

  @ApiPropertyOptional({ enum: VISIBILITIES })
  @Absent()
  @IsIn(VISIBILITIES)
  visibility?: (typeof VISIBILITIES)[number];

  @ApiPropertyOptional({ format: 'uuid', description: 'the owning club (visibility club)' })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 300 })
  @Transform(trim)
  @Nullable()
  @IsString()
  @MaxLength(300)
  label?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @Absent()
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsString({ each: true })
  @Length(1, 50, { each: true })
  tags?: string[];
}

export class LifecycleRequest {
  @ApiProperty({ enum: LIFECYCLE_ACTIONS })
  @IsIn(LIFECYCLE_ACTIONS)
  action!: LifecycleAction;

  @ApiPropertyOptional({ description: 'superadmin: override the in-use and state checks' })
  @IsOptional()
  @IsBoolean()
  superadmin_force_lifecycle?: boolean;
}

export class BulkLifecycleRequest extends LifecycleRequest {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 500 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  ids!: string[];
}

export class BulkPatchRequest {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 500 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  ids!: string[];

  @ApiProperty({ type: UpdateMediaAssetRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateMediaAssetRequest)
  changes!: UpdateMediaAssetRequest;
}

export class AssetPermissionsResponse {
  @ApiProperty() can_read_file!: boolean;
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_trash!: boolean;
  @ApiProperty() can_recover!: boolean;
  @ApiProperty() can_purge!: boolean;
  @ApiProperty() can_force_lifecycle!: boolean;
}

export class UsageRefResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
}

export class AssetUsageResponse {
  @ApiProperty({ type: [UsageRefResponse] }) exercises!: UsageRefResponse[];
  @ApiProperty({ type: [UsageRefResponse], description: 'empty while unit media do not exist' })
  training_units!: UsageRefResponse[];
}

export class MediaAssetResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: MEDIA_KINDS }) media_kind!: string;
  @ApiProperty() mime_type!: string;
  @ApiProperty() size_bytes!: number;
  @ApiProperty() sha256!: string;
  @ApiProperty() original_name!: string;
  @ApiProperty({ nullable: true, type: String }) label!: string | null;
  @ApiProperty({ nullable: true, type: String }) copyright_notice!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ enum: VISIBILITIES }) visibility!: string;
  @ApiProperty({ enum: ['active', 'trash_soft', 'trash_hidden'] }) lifecycle!: string;
  @ApiProperty() lifecycle_changed_at!: string;
  @ApiProperty({ description: 'GET this to read the file' }) file_url!: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'admins only' })
  club_id?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'admins only' })
  club_name?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'admins only' })
  uploaded_by_profile_id?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'admins only' })
  uploader_name?: string | null;
  @ApiProperty({ type: AssetPermissionsResponse }) permissions!: AssetPermissionsResponse;
  @ApiPropertyOptional({ type: AssetUsageResponse, description: 'library list and single reads' })
  usage?: AssetUsageResponse;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty({
    description:
      'Signed URL of the original file: works without an Authorization header (img/video src, downloads, other origins) until it expires (MEDIA_URL_TTL_SECONDS); a trash, hide or move of the asset invalidates it',
  })
  url!: string;
  @ApiProperty({
    type: [RenditionResponse],
    description:
      'WebP thumbnail (256 px) and preview (1280 px) of an image, as far as made; until then (or for other kinds) use `url`',
  })
  renditions!: RenditionResponse[];
  @ApiProperty({
    enum: RENDITION_STATES,
    description:
      'pending: being made; ready; unsupported: the format cannot be decoded (e.g. HEIC), no renditions; none: not an image',
  })
  renditions_status!: string;
}

export class MediaAssetListResponse {
  @ApiProperty({ type: [MediaAssetResponse] }) items!: MediaAssetResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class LifecycleResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: LIFECYCLE_ACTIONS }) action!: string;
  @ApiProperty({ enum: ['active', 'trash_soft', 'trash_hidden', 'purged'] }) lifecycle!: string;
  @ApiPropertyOptional({ type: MediaAssetResponse, description: 'absent after purge' })
  asset?: MediaAssetResponse;
}

export class BulkLifecycleResponse {
  @ApiProperty({ type: [LifecycleResponse] }) items!: LifecycleResponse[];
}

export class BulkPatchResponse {
  @ApiProperty({ type: [MediaAssetResponse] }) items!: MediaAssetResponse[];
}

export class RetentionRunResponse {
  @ApiProperty({ type: [String] }) purged_ids!: string[];
  @ApiProperty() retention_days!: number;
}
