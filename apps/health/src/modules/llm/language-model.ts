import type { QuestionCatalogEntry } from '@sports/workflow-engine';

/** One chat message in the OpenAI chat-completions shape. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What the caller knows about the request beyond the messages. The remote client ignores it;
 * the offline analyst answers from it (it cannot read free text).
 */
export interface AnalystContext {
  user_id: string;
  /** The questions asked in the Entscheidungsanteil section. */
  questions: readonly QuestionCatalogEntry[];
  /** Data placeholders used by the template; all known ones when empty. */
  placeholder_keys?: readonly string[];
}

export interface CompletionOptions {
  signal?: AbortSignal;
  /** Per-request limit; the provider's configured default when absent. */
  timeoutMs?: number;
  context?: AnalystContext;
}

export interface Completion {
  text: string;
  tokens_in: number;
  tokens_out: number;
  /** In the currency of the configured per-1k prices; 0 offline. */
  cost: number;
  model: string;
  offline: boolean;
}

/** The one language-model interface (../shared/spec/decisions.md §2). */
export interface LanguageModel {
  readonly model: string;
  readonly offline: boolean;
  complete(messages: readonly ChatMessage[], options?: CompletionOptions): Promise<Completion>;
}

/** Nest injection token of the configured LanguageModel. */
export const LANGUAGE_MODEL = Symbol('LANGUAGE_MODEL');

export type LanguageModelErrorCode =
  'LLM_TIMEOUT' | 'LLM_HTTP_ERROR' | 'LLM_NETWORK_ERROR' | 'LLM_MALFORMED_RESPONSE' | 'LLM_ABORTED';

/** A failed completion; `retryable` says whether the client may try again. */
export class LanguageModelError extends Error {
  constructor(
    readonly code: LanguageModelErrorCode,
    message: string,
    readonly details: {
      status?: number;
      retryable?: boolean;
      retryAfterMs?: number | null;
      attempts?: number;
    } = {},
  ) {
    super(message);
    this.name = 'LanguageModelError';
  }

  get retryable(): boolean {
    return this.details.retryable === true;
  }
}
