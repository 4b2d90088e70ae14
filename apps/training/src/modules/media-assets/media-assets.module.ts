import { FeatureModule } from '@sports/common';
import { PlatformMediaStorageModule } from '../platform-media-storage/platform-media-storage.module';
import { MediaAssetsController } from './media-assets.controller';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaAssetsService } from './media-assets.service';
import { MediaStorageService } from './storage/media-storage.service';

/**
 * Module `media_assets`: the media library (list, file with Range, edits, lifecycle, bulk
 * variants, retention job) and the media storage (local folder or S3, staged streaming
 * uploads, file moves undone with their transaction). Exercise media build on its exports.
 */
@FeatureModule({
  name: 'media_assets',
  version: '1.12.1',
  imports: [PlatformMediaStorageModule],
  controllers: [MediaAssetsController],
  providers: [MediaAssetsRepository, MediaAssetsService, MediaStorageService],
  exports: [MediaAssetsService, MediaStorageService, MediaAssetsRepository],
})
export class MediaAssetsModule {}
