import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
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
