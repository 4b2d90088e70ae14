import type {
  AnalysisContribution,
  PromptRunRequest,
  PromptRunResult,
  PromptRunner,
} from '@sports/workflow-engine';
import { DomainError } from '@sports/common';
import type { PlaceholderInfo, PlaceholderValues } from '../data-layer/data-layer.types';
import { ChatMessage, LanguageModel, LanguageModelError } from '../llm/language-model';
import { placeholderKeysOf, renderDataPlaceholders } from './data-placeholders';

export const ANALYST_SYSTEM_PROMPT =
  'Du bist ein sorgfältiger, sachlicher Gesundheits- und Trainingsanalyst. Stütze dich nur auf ' +
  'die genannten Daten, erfinde keine Werte und gib keine Diagnosen. Antworte auf Deutsch in ' +
  'Markdown mit genau den verlangten Abschnitten.';

/** A failed model call; the message keeps the model's error code (node states show it). */
export class ModelCallError extends Error {
  readonly code: LanguageModelError['code'];

  constructor(readonly modelError: LanguageModelError) {
    super(`${modelError.code}: ${modelError.message}`);
    this.name = 'ModelCallError';
    this.code = modelError.code;
  }
}

/** A failed model call as a problem: 504 LLM_TIMEOUT or 502 LLM_FAILED; anything else as is. */
export function modelCallProblem(error: unknown): unknown {
  if (!(error instanceof ModelCallError)) return error;
  if (error.code === 'LLM_TIMEOUT') {
    return new DomainError(504, 'LLM_TIMEOUT', 'Gateway timeout', error.message);
  }
  return new DomainError(502, 'LLM_FAILED', 'Bad gateway', error.message, {
    extensions: { llm_error: error.code },
  });
}

export interface DataPlaceholderSource {
  placeholderCatalog(): PlaceholderInfo[];
  placeholderValues(userId: string): Promise<PlaceholderValues>;
}

/** What the executor learns about the model calls of one run (for the execution record). */
export interface ModelUsage {
  model: string;
  offline: boolean;
}

/**
 * The engine's PromptRunner on top of the LanguageModel: fills the data placeholders of the
 * (already augmented) template with the caller's values, appends the analyses that arrived
 * over the node's active incoming edges, and calls the model. Data values are read once per
 * run, on first use by a template that has placeholders.
 */
export class LlmPromptRunner implements PromptRunner {
  readonly usage: ModelUsage;
  private values: Promise<PlaceholderValues> | null = null;
  private readonly catalogKeys: ReadonlySet<string>;

  constructor(
    private readonly model: LanguageModel,
    private readonly data: DataPlaceholderSource,
    private readonly userId: string,
  ) {
    this.catalogKeys = new Set(data.placeholderCatalog().map((entry) => entry.key));
    this.usage = { model: model.model, offline: model.offline };
  }

  async run(request: PromptRunRequest): Promise<PromptRunResult> {
    // The user's data is read only for a template that uses some of it.
    const keys = placeholderKeysOf(request.template).filter((key) => this.catalogKeys.has(key));
    if (keys.length > 0) this.values ??= this.data.placeholderValues(this.userId);
    const values = keys.length > 0 ? await this.values! : {};
    const rendered = renderDataPlaceholders(request.template, this.catalogKeys, values);
    const user = [rendered.text, inputsBlock(request.inputs)].filter(Boolean).join('\n\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: ANALYST_SYSTEM_PROMPT },
      { role: 'user', content: user },
    ];
    const completion = await this.model
      .complete(messages, {
        signal: request.signal,
        context: {
          user_id: this.userId,
          questions: request.questions,
          placeholder_keys: rendered.used,
        },
      })
      .catch((error: unknown) => {
        // The node state keeps the message; prefix the model's error code so it is not lost.
        if (error instanceof LanguageModelError) throw new ModelCallError(error);
        throw error;
      });
    this.usage.model = completion.model;
    this.usage.offline = completion.offline;
    return {
      text: completion.text,
      tokens_in: completion.tokens_in,
      tokens_out: completion.tokens_out,
      cost: completion.cost,
      prompt_sent: user,
    };
  }
}

function inputsBlock(inputs: readonly AnalysisContribution[]): string {
  if (inputs.length === 0) return '';
  const parts = ['## Ergebnisse vorheriger Analysen'];
  for (const input of inputs) {
    parts.push('', `### ${input.label ?? input.node_id} (${input.node_id})`, input.analysis_core);
    const signals = Object.entries(input.decision_signals);
    if (signals.length > 0) {
      parts.push(
        '',
        ...signals.map(([key, signal]) => `- ${key}: ${String(signal.value ?? signal.raw)}`),
      );
    }
  }
  return parts.join('\n');
}
