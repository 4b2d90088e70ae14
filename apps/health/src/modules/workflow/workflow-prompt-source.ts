import type { PromptTemplateRecord } from '@sports/workflow-engine';

/**
 * What the workflow module reads of prompts: the base prompt an analysis node names by slug
 * and how many prompts ask a question. The prompts module implements it and provides it: that
 * module uses this one (it runs workflow prompts), so this one reaches prompts only through this
 * interface (docs/architecture.md, module boundaries).
 */
export interface WorkflowPromptSource {
  /** The owner's or a system base prompt with this slug; null for none or a workflow prompt. */
  findBaseTemplate(ownerId: string, slug: string): Promise<PromptTemplateRecord | null>;
  /** Prompts whose default questions include `key`. */
  countUsingQuestion(key: string): Promise<number>;
}

export const WORKFLOW_PROMPT_SOURCE = Symbol('WORKFLOW_PROMPT_SOURCE');
