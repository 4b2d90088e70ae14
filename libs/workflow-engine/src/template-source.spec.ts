import {
  resolveNodeTemplate,
  templateModeOf,
  type PromptTemplateLookup,
  type PromptTemplateRecord,
} from './template-source';
import { WorkflowEngineError } from './workflow-engine.error';

function lookupOf(records: PromptTemplateRecord[]): PromptTemplateLookup & { slugs: string[] } {
  const slugs: string[] = [];
  return {
    slugs,
    findBySlug: async (slug) => {
      slugs.push(slug);
      return records.find((record) => record.slug === slug) ?? null;
    },
  };
}

const weeklyReview: PromptTemplateRecord = {
  slug: 'weekly-review',
  template: 'Stored template {{weight.latest}}',
  default_question_keys: ['risk'],
};

describe('resolveNodeTemplate', () => {
  it('loads a reference-mode template and its default questions through the lookup', async () => {
    const lookup = lookupOf([weeklyReview]);
    await expect(
      resolveNodeTemplate({ id: 'a1', prompt_slug: 'weekly-review' }, lookup),
    ).resolves.toEqual({
      mode: 'reference',
      template: 'Stored template {{weight.latest}}',
      prompt_slug: 'weekly-review',
      default_question_keys: ['risk'],
    });
    expect(lookup.slugs).toEqual(['weekly-review']);
  });

  it('uses an inline template without asking the lookup', async () => {
    const lookup = lookupOf([weeklyReview]);
    const resolved = await resolveNodeTemplate(
      { id: 'a1', inline_template: 'Inline text' },
      lookup,
    );
    expect(resolved).toEqual({
      mode: 'inline',
      template: 'Inline text',
      prompt_slug: null,
      default_question_keys: [],
    });
    expect(lookup.slugs).toEqual([]);
  });

  it('prefers inline_template when both are set', async () => {
    const lookup = lookupOf([weeklyReview]);
    const resolved = await resolveNodeTemplate(
      { id: 'a1', prompt_slug: 'weekly-review', inline_template: 'Inline wins' },
      lookup,
    );
    expect(resolved.mode).toBe('inline');
    expect(resolved.template).toBe('Inline wins');
    expect(lookup.slugs).toEqual([]);
  });

  it('raises NODE_TEMPLATE_MISSING naming the node when neither is set', async () => {
    const error = await resolveNodeTemplate(
      { id: 'a7', prompt_slug: null, inline_template: '   ' },
      lookupOf([]),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkflowEngineError);
    expect(error).toMatchObject({ code: 'NODE_TEMPLATE_MISSING', node_id: 'a7' });
    expect((error as Error).message).toContain('"a7"');
  });

  it('raises PROMPT_NOT_FOUND for an unknown slug', async () => {
    await expect(
      resolveNodeTemplate({ id: 'a1', prompt_slug: 'gone' }, lookupOf([weeklyReview])),
    ).rejects.toMatchObject({ code: 'PROMPT_NOT_FOUND', node_id: 'a1' });
  });
});

describe('templateModeOf', () => {
  it('names the mode a node will use', () => {
    expect(templateModeOf({ id: 'a', prompt_slug: 'x' })).toBe('reference');
    expect(templateModeOf({ id: 'a', prompt_slug: 'x', inline_template: 'y' })).toBe('inline');
    expect(templateModeOf({ id: 'a', prompt_slug: '', inline_template: null })).toBeNull();
  });
});
