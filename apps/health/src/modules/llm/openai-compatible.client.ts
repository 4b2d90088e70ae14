import {
  ChatMessage,
  Completion,
  CompletionOptions,
  LanguageModel,
  LanguageModelError,
} from './language-model';

export interface OpenAiCompatibleSettings {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (no trailing path). */
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** First backoff wait; doubles on every retry. A Retry-After header wins. */
  retryBaseMs: number;
  priceInputPer1k: number;
  priceOutputPer1k: number;
  /** Longest wait honoured from a Retry-After header. */
  maxRetryAfterMs?: number;
  temperature?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const MAX_ERROR_BODY = 300;

/**
 * Chat-completions client for any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp)
 * over plain fetch: per-request timeout, retries with exponential backoff on 429, 5xx,
 * timeouts and network errors (Retry-After honoured), typed errors for malformed answers,
 * token accounting from `usage` and cost from the configured per-1k-token prices.
 */
export class OpenAiCompatibleClient implements LanguageModel {
  readonly offline = false;
  readonly model: string;
  private readonly url: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly settings: OpenAiCompatibleSettings) {
    this.model = settings.model;
    this.url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.fetchImpl = settings.fetch ?? fetch;
    this.sleep = settings.sleep ?? abortableSleep;
  }

  async complete(
    messages: readonly ChatMessage[],
    options: CompletionOptions = {},
  ): Promise<Completion> {
    const timeoutMs = options.timeoutMs ?? this.settings.timeoutMs;
    const attempts = this.settings.maxRetries + 1;
    for (let attempt = 1; ; attempt += 1) {
      if (options.signal?.aborted) throw aborted();
      try {
        return await this.once(messages, timeoutMs, options.signal);
      } catch (error) {
        const failure = asModelError(error);
        if (!failure.retryable || attempt >= attempts || options.signal?.aborted) {
          failure.details.attempts = attempt;
          throw failure;
        }
        await this.sleep(this.backoff(attempt, failure.details.retryAfterMs), options.signal);
      }
    }
  }

  private backoff(attempt: number, retryAfterMs: number | null | undefined): number {
    if (retryAfterMs !== null && retryAfterMs !== undefined) {
      return Math.min(retryAfterMs, this.settings.maxRetryAfterMs ?? 60_000);
    }
    return this.settings.retryBaseMs * 2 ** (attempt - 1);
  }

  private async once(
    messages: readonly ChatMessage[],
    timeoutMs: number,
    outer?: AbortSignal,
  ): Promise<Completion> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => controller.abort();
    outer?.addEventListener('abort', onAbort, { once: true });
    try {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: this.model,
          messages,
          temperature: this.settings.temperature ?? 0.2,
          stream: false,
        }),
        signal: controller.signal,
      });
      const body = await response.text();
      if (!response.ok) {
        const status = response.status;
        throw new LanguageModelError(
          'LLM_HTTP_ERROR',
          `the language model answered HTTP ${status}: ${body.slice(0, MAX_ERROR_BODY)}`,
          {
            status,
            retryable: status === 429 || status === 408 || status >= 500,
            retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
          },
        );
      }
      return this.parse(body);
    } catch (error) {
      if (error instanceof LanguageModelError) throw error;
      if (timedOut) {
        throw new LanguageModelError(
          'LLM_TIMEOUT',
          `the language model did not answer within ${timeoutMs} ms`,
          { retryable: true },
        );
      }
      if (outer?.aborted) throw aborted();
      const reason =
        error instanceof Error ? (causeMessage(error) ?? error.message) : String(error);
      throw new LanguageModelError(
        'LLM_NETWORK_ERROR',
        `the language model is unreachable: ${reason}`,
        { retryable: true },
      );
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  private parse(body: string): Completion {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw malformed('the answer is not JSON');
    }
    if (!isRecord(json) || !Array.isArray(json.choices) || json.choices.length === 0) {
      throw malformed('the answer has no choices');
    }
    const first: unknown = json.choices[0];
    const message = isRecord(first) ? first.message : undefined;
    const content = isRecord(message) ? message.content : undefined;
    if (typeof content !== 'string' || content.trim() === '') {
      throw malformed('the first choice has no message content');
    }
    const usage = isRecord(json.usage) ? json.usage : {};
    const tokensIn = count(usage.prompt_tokens);
    const tokensOut = count(usage.completion_tokens);
    const cost =
      (tokensIn / 1000) * this.settings.priceInputPer1k +
      (tokensOut / 1000) * this.settings.priceOutputPer1k;
    return {
      text: content,
      tokens_in: tokensIn,
      tokens_out: tokensOut,
      cost: Math.round(cost * 1e6) / 1e6,
      model: typeof json.model === 'string' && json.model !== '' ? json.model : this.model,
      offline: false,
    };
  }
}

/** Seconds (`120`) or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(reason: string): LanguageModelError {
  return new LanguageModelError(
    'LLM_MALFORMED_RESPONSE',
    `the language model sent a malformed answer: ${reason}`,
    { retryable: false },
  );
}

function aborted(): LanguageModelError {
  return new LanguageModelError('LLM_ABORTED', 'the completion was aborted', { retryable: false });
}

function asModelError(error: unknown): LanguageModelError {
  if (error instanceof LanguageModelError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new LanguageModelError('LLM_NETWORK_ERROR', message, { retryable: true });
}

function causeMessage(error: Error): string | null {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : null;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
