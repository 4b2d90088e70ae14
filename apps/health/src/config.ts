import { Type } from 'class-transformer';
import {
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { CommonEnv, loadConfig } from '@sports/common';

/** Settings of the health service; see apps/health/.env.example. */
export class HealthConfig extends CommonEnv {
  /** OpenAI-compatible chat-completions endpoint; unset means the built-in offline analyst. */
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'LLM_BASE_URL must be an http(s) URL' })
  LLM_BASE_URL?: string;

  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  @IsString()
  LLM_MODEL = 'gpt-4o-mini';

  /** Price in the configured currency per 1 000 prompt tokens (cost accounting). */
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  LLM_PRICE_INPUT_PER_1K = 0;

  /** Price in the configured currency per 1 000 completion tokens (cost accounting). */
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  LLM_PRICE_OUTPUT_PER_1K = 0;

  /** Limit of one chat-completions request in milliseconds. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  LLM_TIMEOUT_MS = 60_000;

  /** Retries after a 429, a 5xx, a timeout or a network error (exponential backoff). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  LLM_MAX_RETRIES = 2;

  /** First backoff wait in milliseconds; doubles on every retry (Retry-After wins). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  LLM_RETRY_BASE_MS = 500;

  /** Folder of uploaded progress photos (relative paths are taken from the repository root). */
  @IsString()
  @MinLength(1)
  PHOTO_ROOT = '.data/health/photos';

  /** Largest accepted photo upload in bytes (default 10 MiB). */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  PHOTO_MAX_BYTES = 10 * 1024 * 1024;
}

export function loadHealthConfig(
  env: Record<string, string | undefined> = process.env,
): HealthConfig {
  return loadConfig(HealthConfig, env, {
    PORT: 3001,
    EMBEDDED_PG_PORT: 54331,
    DATA_DIR: '.data/health',
  });
}
