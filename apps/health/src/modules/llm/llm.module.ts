import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@sports/common';
import type { HealthConfig } from '../../config';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { DataLayerService } from '../data-layer/data-layer.service';
import { LANGUAGE_MODEL, LanguageModel } from './language-model';
import { OfflineAnalyst } from './offline-analyst';
import { OpenAiCompatibleClient } from './openai-compatible.client';

/** Builds the configured model: the remote client when LLM_BASE_URL is set, else offline. */
export function createLanguageModel(config: HealthConfig, data: DataLayerService): LanguageModel {
  if (!config.LLM_BASE_URL) return new OfflineAnalyst(data);
  return new OpenAiCompatibleClient({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY ?? null,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    retryBaseMs: config.LLM_RETRY_BASE_MS,
    priceInputPer1k: config.LLM_PRICE_INPUT_PER_1K,
    priceOutputPer1k: config.LLM_PRICE_OUTPUT_PER_1K,
  });
}

/**
 * The language-model provider (../shared/spec/decisions.md §2): a plain module (not in the version table)
 * exporting LANGUAGE_MODEL, the one LanguageModel of the service.
 */
@Module({
  imports: [DataLayerModule],
  providers: [
    {
      provide: LANGUAGE_MODEL,
      inject: [SERVICE_CONFIG, DataLayerService],
      useFactory: createLanguageModel,
    },
  ],
  exports: [LANGUAGE_MODEL],
})
export class LlmModule {}
