import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import { PHOTO_MIME_TYPES, PHOTO_POSES, PhotoMimeType, PhotoPose } from '../photo.entity';
import { PageQuery } from '@sports/common';

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
}

export class PhotoListResponse {
  @ApiProperty({ type: [PhotoResponse] }) items!: PhotoResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
