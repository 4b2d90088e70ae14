import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class UpdatePlatformMediaStorageRequest {
  @ApiProperty({
    example: 'media',
    maxLength: 200,
    description:
      'Folder below MEDIA_ROOT: /-separated segments of [A-Za-z0-9._-], no .., not absolute',
  })
  @IsString()
  relative_root!: string;
}

export class PlatformMediaStorageResponse {
  @ApiProperty({ example: 'media' }) relative_root!: string;
  @ApiProperty({ description: 'false while the default is in use' }) is_default!: boolean;
  @ApiProperty({ nullable: true, type: String }) updated_at!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  updated_by_profile_id!: string | null;
}
