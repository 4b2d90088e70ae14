import { IsOptional, IsString, Matches } from 'class-validator';
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
