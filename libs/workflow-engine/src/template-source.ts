import type { AnalysisNode, TemplateMode } from './types';
import { WorkflowEngineError } from './workflow-engine.error';

/** A stored base prompt as the prompts module hands it to the engine. */
export interface PromptTemplateRecord {
  slug: string;
  template: string;
  default_question_keys?: string[] | null;
}

export interface PromptTemplateLookup {
  findBySlug(slug: string): Promise<PromptTemplateRecord | null>;
}

export interface ResolvedTemplate {
  mode: TemplateMode;
  template: string;
  /** The slug that was looked up; null in inline mode. */
  prompt_slug: string | null;
  /** The prompt's default questions; empty in inline mode, where only node questions apply. */
  default_question_keys: string[];
}

type TemplateFields = Pick<AnalysisNode, 'id' | 'prompt_slug' | 'inline_template'>;

export function templateModeOf(node: TemplateFields): TemplateMode | null {
  if (hasText(node.inline_template)) return 'inline';
  if (hasText(node.prompt_slug)) return 'reference';
  return null;
}

/**
 * Resolves an analysis node's template from the whole node: inline_template wins (it is the
 * node-local, more specific choice), otherwise prompt_slug is looked up.
 */
export async function resolveNodeTemplate(
  node: TemplateFields,
  lookup: PromptTemplateLookup,
): Promise<ResolvedTemplate> {
  const mode = templateModeOf(node);
  if (mode === 'inline') {
    return {
      mode,
      template: node.inline_template as string,
      prompt_slug: null,
      default_question_keys: [],
    };
  }
  if (mode === null) {
    throw new WorkflowEngineError(
      'NODE_TEMPLATE_MISSING',
      `analysis node "${node.id}" has neither prompt_slug nor inline_template`,
      node.id,
    );
  }
  const slug = (node.prompt_slug as string).trim();
  const prompt = await lookup.findBySlug(slug);
  if (!prompt) {
    throw new WorkflowEngineError(
      'PROMPT_NOT_FOUND',
      `analysis node "${node.id}" refers to prompt "${slug}", which does not exist`,
      node.id,
    );
  }
  return {
    mode,
    template: prompt.template,
    prompt_slug: slug,
    default_question_keys: prompt.default_question_keys ?? [],
  };
}

function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
