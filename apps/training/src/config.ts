import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { CommonEnv, loadConfig } from '@sports/common';

/** Settings of the training service; see apps/training/.env.example. */
export class TrainingConfig extends CommonEnv {
  /** Login attempts allowed per client IP within LOGIN_RATE_WINDOW_SECONDS (spec: 30 per minute). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  LOGIN_RATE_LIMIT = 30;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86400)
  LOGIN_RATE_WINDOW_SECONDS = 60;

  /** Prefix of the rate-limit keys in Redis (lets several deployments or test runs share one Redis). */
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]{1,100}$/, {
    message: 'LOGIN_RATE_KEY_PREFIX must be 1-100 of [A-Za-z0-9:_-]',
  })
  LOGIN_RATE_KEY_PREFIX = 'training:login-rate';

  /** Consecutive failed logins of one account before each further failure locks it. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  LOGIN_BACKOFF_THRESHOLD = 5;

  /** Upper bound of one account lock (seconds). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86400)
  LOGIN_BACKOFF_MAX_SECONDS = 900;

  /** Media files live below this folder (relative paths resolve against the repository root). */
  @IsString()
  @MinLength(1)
  MEDIA_ROOT = '.data/training/media';

  /** Days an asset stays in trash_hidden before the retention job purges it. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(36500)
  MEDIA_RETENTION_DAYS = 30;

  /** Minutes between two runs of the retention job (0 = only on demand). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100000)
  MEDIA_RETENTION_INTERVAL_MINUTES = 60;

  /**
   * Hosts (`host` or `host:port`, comma-separated) whose MediaWiki API the wiki import may call.
   * Empty allows none: an import that fetched any URL would let callers reach internal hosts.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  )
  @IsString({ each: true })
  WIKI_ALLOWED_HOSTS: string[] = [];

  /** Where media files are stored: the local folder MEDIA_ROOT or an S3-compatible bucket. */
  @IsIn(['local', 's3'])
  MEDIA_STORAGE_DRIVER: 'local' | 's3' = 'local';

  @IsOptional()
  @IsString()
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? ['1', 'true', 'yes'].includes(value.toLowerCase()) : value,
  )
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;
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
