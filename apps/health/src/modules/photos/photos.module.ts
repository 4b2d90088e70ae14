import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, SERVICE_CONFIG } from '@sports/common';
import type { HealthConfig } from '../../config';
import { MembershipModule } from '../membership/membership.module';
import { Photo } from './photo.entity';
import { PhotoStorage, photoIncomingDir } from './photo-storage';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { PhotosService } from './photos.service';

/**
 * Module `photos`: progress photos, stored on disk under PHOTO_ROOT and served to their
 * owner only. Multer's disk storage (via `dest`) writes each upload to PHOTO_ROOT/.incoming
 * under a random name first, so that large files never sit in memory.
 */
@FeatureModule({
  name: 'photos',
  version: '1.0.0',
  imports: [
    TypeOrmModule.forFeature([Photo]),
    MembershipModule,
    MulterModule.registerAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: HealthConfig) => ({
        dest: photoIncomingDir(config),
        limits: { fileSize: config.PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12 },
      }),
    }),
  ],
  controllers: [PhotosController],
  providers: [PhotosService, PhotosRepository, PhotoStorage],
})
export class PhotosModule {}
