import { IsIn, IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { CommonEnv, IntSetting, loadConfig, NumberSetting } from '@sports/common';

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
  @NumberSetting(0)
  LLM_PRICE_INPUT_PER_1K = 0;

  /** Price in the configured currency per 1 000 completion tokens (cost accounting). */
  @NumberSetting(0)
  LLM_PRICE_OUTPUT_PER_1K = 0;

  /** Limit of one chat-completions request in milliseconds. */
  @IntSetting(100, 3_600_000)
  LLM_TIMEOUT_MS = 60_000;

  /** Retries after a 429, a 5xx, a timeout or a network error (exponential backoff). */
  @IntSetting(0, 10)
  LLM_MAX_RETRIES = 2;

  /** First backoff wait in milliseconds; doubles on every retry (Retry-After wins). */
  @IntSetting(0, 60_000)
  LLM_RETRY_BASE_MS = 500;

  /**
   * Monthly language-model budget of each membership tier, in the currency of the LLM_PRICE_*
   * settings (the cost of every attempt of every workflow execution in the calendar month,
   * UTC). A run (execute, resume, prompt run) of a user whose tier has spent its budget this
   * month is refused with 402 LLM_BUDGET_EXCEEDED before any model call. Unset: no budget;
   * 0: no runs at all.
   */
  @IsOptional()
  @NumberSetting(0)
  LLM_MONTHLY_BUDGET_FREE?: number;

  @IsOptional()
  @NumberSetting(0)
  LLM_MONTHLY_BUDGET_PLUS?: number;

  @IsOptional()
  @NumberSetting(0)
  LLM_MONTHLY_BUDGET_PRO?: number;

  /**
   * Longest wait of `POST /api/workflows/{id}/execute` (and resume, prompt runs) for the end of
   * its execution; then it answers 202 with the Location of the still running execution, as
   * with `Prefer: respond-async` (e.g. when no worker runs the queue). Keep it below the
   * proxies' read timeout.
   */
  @IntSetting(0, 3_600_000)
  WORKFLOW_WAIT_MS = 30_000;

  /** Where progress photos are stored: the local folder PHOTO_ROOT or an S3-compatible bucket. */
  @IsIn(['local', 's3'])
  PHOTO_STORAGE_DRIVER: 'local' | 's3' = 'local';

  /**
   * Folder of the photos (local driver) and of upload staging files (either driver); relative
   * paths are taken from the repository root. Unset: `<DATA_DIR>/photos`.
   */
  @IsOptional()
  @IsString()
  @MinLength(1)
  PHOTO_ROOT?: string;

  /** Largest accepted photo upload in bytes (default 10 MiB). */
  @IntSetting(1024, 100 * 1024 * 1024)
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
