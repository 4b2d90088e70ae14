import { Injectable } from '@nestjs/common';
import type { PromptTemplateRecord } from '@sports/workflow-engine';
import type { WorkflowPromptSource } from '../workflow/workflow-prompt-source';
import { PromptsRepository } from './prompts.repository';

/**
 * The reads of prompts the workflow module needs (its WorkflowPromptSource). Apart from
 * PromptsService, which uses the workflow module and so cannot be used by it.
 */
@Injectable()
export class PromptLookupService implements WorkflowPromptSource {
  constructor(private readonly prompts: PromptsRepository) {}

  async findBaseTemplate(ownerId: string, slug: string): Promise<PromptTemplateRecord | null> {
    const prompt = await this.prompts.findVisibleBySlug(ownerId, slug);
    if (!prompt || prompt.type !== 'base') return null;
    return {
      slug: prompt.slug,
      template: prompt.template,
      default_question_keys: prompt.default_question_keys,
    };
  }

  countUsingQuestion(key: string): Promise<number> {
    return this.prompts.countUsingQuestion(key);
  }
}
