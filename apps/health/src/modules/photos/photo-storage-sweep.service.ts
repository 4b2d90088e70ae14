import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobsService, MetricsService, ScheduledStorageSweep, SERVICE_CONFIG } from '@sports/common';
import { DataSource } from 'typeorm';
import type { HealthConfig } from '../../config';
import { PhotoStorage } from './photo-storage';
import { PhotosRepository } from './photos.repository';

/** `<user_id>/<photo_id>.<ext>`, the layout of photo files (photos.service.ts). */
const PHOTO_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp|heic|heif)$/;

/** `<user_id>/<photo_id>.<variant>.webp`, the layout of renditions (photo-files.service.ts). */
const RENDITION_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(thumbnail|preview)\.webp$/;

/**
 * Storage hygiene of photos: staging files of interrupted uploads and stored photos no row
 * references, at start and every STORAGE_SWEEP_INTERVAL_MINUTES: staging files by every
 * process, stored photos by one cron job across replicas (queue photo-storage-sweep).
 */
@Injectable()
export class PhotoStorageSweepService extends ScheduledStorageSweep {
  constructor(
    @Inject(SERVICE_CONFIG) config: HealthConfig,
    @InjectDataSource() dataSource: DataSource,
    storage: PhotoStorage,
    photos: PhotosRepository,
    metrics: MetricsService,
    jobs: JobsService,
  ) {
    super(
      config,
      dataSource,
      {
        temporary: [{ name: 'photo_staging', dir: storage.staging.dir }],
        stored: [
          {
            name: 'photos',
            driver: storage.driver,
            owns: (key) => PHOTO_KEY.test(key),
            referenced: (m, keys) => photos.referencedStoragePaths(m, keys),
          },
          {
            name: 'photo_renditions',
            driver: storage.driver,
            owns: (key) => RENDITION_KEY.test(key),
            referenced: (m, keys) => photos.referencedRenditionKeys(m, keys),
          },
        ],
      },
      metrics.registry,
      { jobs, name: 'photo-storage-sweep' },
    );
  }
}
