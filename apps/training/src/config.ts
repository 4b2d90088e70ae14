import { IsIn, IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { CommonEnv, IntSetting, ListSetting, loadConfig } from '@sports/common';

/** Settings of the training service; see apps/training/.env.example. */
export class TrainingConfig extends CommonEnv {
  /** Media files live below this folder (relative paths resolve against the repository root). */
  @IsString()
  @MinLength(1)
  MEDIA_ROOT = '.data/training/media';

  /** Days an asset stays in trash_hidden before the retention job purges it. */
  @IntSetting(0, 36500)
  MEDIA_RETENTION_DAYS = 30;

  /** Minutes between two runs of the retention cron job (0 = only on demand), rounded to a cron step. */
  @IntSetting(0, 100000)
  MEDIA_RETENTION_INTERVAL_MINUTES = 60;

  /**
   * Hosts (`host` or `host:port`, comma-separated) whose MediaWiki API the wiki import may call.
   * Empty allows none: an import that fetched any URL would let callers reach internal hosts.
   */
  @ListSetting()
  WIKI_ALLOWED_HOSTS: string[] = [];

  /** Where media files are stored: the local folder MEDIA_ROOT or an S3-compatible bucket. */
  @IsIn(['local', 's3'])
  MEDIA_STORAGE_DRIVER: 'local' | 's3' = 'local';

  /** Absolute address clients reach the service at; calendar feed URLs are built from it. */
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
    message:
      'PUBLIC_BASE_URL must be an absolute http(s) URL without query, e.g. https://training.example.org',
  })
  PUBLIC_BASE_URL = 'http://localhost:3002';

  /**
   * Link of a training unit in calendar events, `{id}` standing for the unit id (e.g. the web
   * app's page of the unit); empty: the unit's API resource below PUBLIC_BASE_URL.
   */
  @IsOptional()
  @Matches(/^(https?:\/\/\S*\{id\}\S*)?$/, {
    message: 'CALENDAR_UNIT_URL_TEMPLATE must be an absolute http(s) URL containing {id}',
  })
  CALENDAR_UNIT_URL_TEMPLATE?: string;

  /** Megabytes of rendered calendar feeds kept per replica (0: render every full request). */
  @IntSetting(0, 4096)
  CALENDAR_CACHE_MB = 32;
}

export function loadTrainingConfig(
  env: Record<string, string | undefined> = process.env,
): TrainingConfig {
  return loadConfig(TrainingConfig, env, {
    PORT: 3002,
    EMBEDDED_PG_PORT: 54332,
    DATA_DIR: '.data/training',
  });
}
