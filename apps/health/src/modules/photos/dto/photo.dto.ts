import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import { PHOTO_MIME_TYPES, PHOTO_POSES, PhotoMimeType, PhotoPose } from '../photo.entity';
import { PageQuery, RENDITION_STATES, RenditionResponse } from '@sports/common';

/** Multipart fields sent next to `file`. */
export class UploadPhotoRequest {
  @ApiPropertyOptional({ example: '2026-04-10', description: 'Default: today (UTC)' })
  @IsOptional()
  @IsCalendarDate()
  taken_on?: string;

  @ApiPropertyOptional({ enum: PHOTO_POSES })
  @IsOptional()
  @IsIn(PHOTO_POSES)
  pose?: PhotoPose;
}

/** OpenAPI shape of the multipart body. */
export class UploadPhotoForm extends UploadPhotoRequest {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or HEIC' })
  file!: unknown;
}

export class ListPhotosQuery extends PageQuery {}

export class PhotoResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026-04-10' }) taken_on!: string;
  @ApiProperty({ enum: PHOTO_POSES, nullable: true }) pose!: PhotoPose | null;
  @ApiProperty({ type: String, enum: PHOTO_MIME_TYPES }) mime_type!: PhotoMimeType;
  @ApiProperty() byte_size!: number;
  @ApiProperty() sha256!: string;
  @ApiProperty({ example: '/api/photos/0b1e.../file' }) file_url!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty({
    description:
      'Signed URL of the stored photo (metadata removed): works without an Authorization header (img src, other origins) until it expires (MEDIA_URL_TTL_SECONDS)',
  })
  url!: string;
  @ApiProperty({
    type: [RenditionResponse],
    description:
      'WebP thumbnail (256 px) and preview (1280 px) as far as made; until then use `url`',
  })
  renditions!: RenditionResponse[];
  @ApiProperty({
    enum: RENDITION_STATES,
    description:
      'pending: being made; ready; unsupported: the format cannot be decoded here (HEIC), no renditions',
  })
  renditions_status!: string;
}

export class PhotoListResponse {
  @ApiProperty({ type: [PhotoResponse] }) items!: PhotoResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
