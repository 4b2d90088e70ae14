import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { cronEveryMinutes, defineQueue, JobsService, SERVICE_CONFIG } from '@sports/common';
import type { TrainingConfig } from '../../config';
import type { RetentionRunResponse } from './dto/media-asset.dto';
import { expiredForRetention } from './media-asset-access';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaStorageService } from './storage/media-storage.service';

/** The retention cron job: one run at a time, not retried (the next one is due on schedule). */
export const MEDIA_RETENTION_QUEUE = defineQueue<Record<string, never>>('media-retention', {
  policy: 'stately',
  retryLimit: 0,
});

/**
 * The retention job: purges assets that stayed in trash_hidden for longer than
 * MEDIA_RETENTION_DAYS. `runPass` runs one pass (the superadmin route calls it); a cron job of the
 * job queue runs it every MEDIA_RETENTION_INTERVAL_MINUTES (0: never), once across all replicas,
 * on a worker process.
 */
@Injectable()
export class MediaRetentionService implements OnModuleInit {
  private readonly logger = new Logger('MediaRetention');

  constructor(
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    private readonly jobs: JobsService,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {}

  onModuleInit(): void {
    const minutes = this.config.MEDIA_RETENTION_INTERVAL_MINUTES;
    this.jobs.work(
      MEDIA_RETENTION_QUEUE,
      async () => {
        await this.runPass();
      },
      {
        cron: minutes > 0 ? cronEveryMinutes(minutes) : null,
        deadLetter: async () => this.logger.warn('a media retention run failed'),
      },
    );
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
        for (const key of await this.repo.delete(m, a.id)) files.deleteAfterCommit(key);
        files.deleteAfterCommit(a.storage_key);
      }
      return expired.map((a) => a.id);
    });
    if (purged.length) this.logger.log(`purged ${purged.length} media assets`);
    return { purged_ids: purged, retention_days: days };
  }
}
