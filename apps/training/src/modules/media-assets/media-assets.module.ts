import { FeatureModule } from '@sports/common';
import { MembershipModule } from '../membership/membership.module';
import { PlatformMediaStorageModule } from '../platform-media-storage/platform-media-storage.module';
import { MediaAssetFiles } from './media-asset-files.service';
import { MediaAssetsController } from './media-assets.controller';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaAssetsService } from './media-assets.service';
import { MediaIngestService } from './media-ingest.service';
import { MediaLifecycleService } from './media-lifecycle.service';
import { MediaRetentionService } from './media-retention.service';
import { MediaStorageSweepService } from './storage/media-storage-sweep.service';
import { MediaStorageService } from './storage/media-storage.service';

/**
 * Module `media_assets`: the media library (list, file with Range, edits; MediaAssetsService),
 * the lifecycle with its rights (MediaLifecycleService), de-duplicated ingestion and relocation
 * of files (MediaIngestService), the retention job (MediaRetentionService) and the media storage
 * (local folder or S3, staged streaming uploads, file moves undone with their transaction, the
 * sweep of staging and orphaned files), signed file URLs with their public route and the WebP
 * renditions of images (MediaAssetFiles, queue media-renditions). Exercise media build on the library and ingest services.
 */
@FeatureModule({
  name: 'media_assets',
  version: '1.12.1',
  imports: [PlatformMediaStorageModule, MembershipModule],
  controllers: [MediaAssetsController],
  providers: [
    MediaAssetFiles,
    MediaAssetsRepository,
    MediaAssetsService,
    MediaIngestService,
    MediaLifecycleService,
    MediaRetentionService,
    MediaStorageService,
    MediaStorageSweepService,
  ],
  exports: [MediaAssetFiles, MediaAssetsService, MediaIngestService, MediaStorageService],
})
export class MediaAssetsModule {}
