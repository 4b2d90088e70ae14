import { FeatureModule } from '@sports/common';
import { PlatformMediaStorageController } from './platform-media-storage.controller';
import { PlatformSettingsRepository } from './platform-media-storage.repository';
import { PlatformMediaStorageService } from './platform-media-storage.service';

/**
 * Module `platform_media_storage`: the relative media root below MEDIA_ROOT
 * (GET/PUT /api/admin/platform-media-storage, superadmin). Media modules read it through
 * `PlatformMediaStorageService.relativeRoot()`.
 */
@FeatureModule({
  name: 'platform_media_storage',
  version: '1.0.0',
  controllers: [PlatformMediaStorageController],
  providers: [PlatformSettingsRepository, PlatformMediaStorageService],
  exports: [PlatformMediaStorageService],
})
export class PlatformMediaStorageModule {}
