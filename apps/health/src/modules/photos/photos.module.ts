import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { Photo } from './photo.entity';
import { PhotoFiles } from './photo-files.service';
import { PhotoStorage } from './photo-storage';
import { PhotoStorageSweepService } from './photo-storage-sweep.service';
import { PhotoUploadInterceptor } from './photo-upload.interceptor';
import { PhotoContentController, PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { PhotosService } from './photos.service';

/**
 * Module `photos`: progress photos, served to their owner only, stored through the shared
 * storage layer (folder PHOTO_ROOT or an S3-compatible bucket) without their EXIF/XMP
 * metadata, with WebP renditions made by jobs (queue photo-renditions) and signed URLs that
 * browsers use without a token (GET /api/photos/{id}/content). Uploads stream to a staging file below PHOTO_ROOT/.incoming (never held in memory
 * while they arrive); stale staging files and unreferenced photo files are swept.
 */
@FeatureModule({
  name: 'photos',
  version: '1.0.0',
  imports: [TypeOrmModule.forFeature([Photo])],
  controllers: [PhotosController, PhotoContentController],
  providers: [
    PhotoFiles,
    PhotosService,
    PhotosRepository,
    PhotoStorage,
    PhotoStorageSweepService,
    PhotoUploadInterceptor,
  ],
  exports: [PhotosService],
})
export class PhotosModule {}
