import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@sports/common';
import type { TrainingConfig } from '../../config';
import type { RetentionRunResponse } from './dto/media-asset.dto';
import { expiredForRetention } from './media-asset-access';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaStorageService } from './storage/media-storage.service';

/**
 * The retention job: purges assets that stayed in trash_hidden for longer than
 * MEDIA_RETENTION_DAYS. `runPass` runs one pass (the superadmin route calls it); a timer runs it
 * every MEDIA_RETENTION_INTERVAL_MINUTES (0: never).
 */
@Injectable()
export class MediaRetentionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaRetention');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {}

  onModuleInit(): void {
    const minutes = this.config.MEDIA_RETENTION_INTERVAL_MINUTES;
    if (minutes > 0) {
      this.timer = setInterval(() => {
        this.runPass().catch((err: Error) =>
          this.logger.error(`retention run failed: ${err.message}`),
        );
      }, minutes * 60_000);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One retention pass at `now`: deletes the expired assets' rows (their links go with them) in
   * one transaction and their files after it commits. Answers the purged ids.
   */
  async runPass(now = new Date()): Promise<RetentionRunResponse> {
    const days = this.config.MEDIA_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const purged = await this.storage.transaction(async (m, files) => {
      const expired = expiredForRetention(await this.repo.trashHidden(m, cutoff), now, days);
      for (const a of expired) {
        await this.repo.delete(m, a.id);
        files.deleteAfterCommit(a.storage_key);
      }
      return expired.map((a) => a.id);
    });
    if (purged.length) this.logger.log(`purged ${purged.length} media assets`);
    return { purged_ids: purged, retention_days: days };
  }
}
