import { BindingCandidate, rankModels, ResolveContext } from './maturity-resolve';

const ctx = (over: Partial<ResolveContext> = {}): ResolveContext => ({
  focus_area_id: 'fa',
  style_direction_id: 'sd',
  training_style_id: 'ts',
  training_type_id: null,
  ...over,
});
const b = (id: string, over: Partial<BindingCandidate>): BindingCandidate => ({
  id,
  model_id: `m-${id}`,
  model_slug: `model-${id}`,
  focus_area_id: null,
  style_direction_id: null,
  training_style_id: null,
  training_type_id: null,
  ...over,
});

describe('rankModels (resolve specificity)', () => {
  it('answers nothing without bindings and without legacy assignments', () => {
    expect(rankModels(ctx(), [], [], false)).toEqual([]);
  });

  it('ranks three bound dimensions over two over one', () => {
    const r = rankModels(
      ctx(),
      [
        b('one', { focus_area_id: 'fa' }),
        b('three', { focus_area_id: 'fa', style_direction_id: 'sd', training_style_id: 'ts' }),
        b('two', { focus_area_id: 'fa', style_direction_id: 'sd' }),
      ],
      [],
      true,
    );
    expect(r.map((m) => [m.model_slug, m.specificity])).toEqual([
      ['model-three', 3],
      ['model-two', 2],
      ['model-one', 1],
    ]);
  });

  it('drops bindings whose bound dimension differs from the context', () => {
    const r = rankModels(
      ctx(),
      [b('x', { focus_area_id: 'other' }), b('y', { training_style_id: 'ts' })],
      [],
      true,
    );
    expect(r.map((m) => m.model_slug)).toEqual(['model-y']);
  });

  it('breaks ties: training type qualified first, then the finer dimension, then the slug', () => {
    const r = rankModels(
      ctx({ training_type_id: 'tt' }),
      [
        b('a-fa', { focus_area_id: 'fa' }),
        b('b-ts', { training_style_id: 'ts' }),
        b('c-sd', { style_direction_id: 'sd' }),
        b('d-fa-typed', { focus_area_id: 'fa', training_type_id: 'tt' }),
        b('e-ts', { training_style_id: 'ts' }),
      ],
      [],
      true,
    );
    expect(r.map((m) => m.model_slug)).toEqual([
      'model-d-fa-typed',
      'model-b-ts',
      'model-e-ts',
      'model-c-sd',
      'model-a-fa',
    ]);
  });

  it('lists a model once, at its best binding', () => {
    const r = rankModels(
      ctx(),
      [
        b('x', { focus_area_id: 'fa' }),
        {
          ...b('y', { focus_area_id: 'fa', training_style_id: 'ts' }),
          model_id: 'm-x',
          model_slug: 'model-x',
        },
      ],
      [],
      true,
    );
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ binding_id: 'y', specificity: 2 });
  });

  it('uses legacy assignments only when the focus area has no bindings', () => {
    const legacy = [{ model_id: 'm-l', model_slug: 'legacy' }];
    expect(rankModels(ctx(), [], legacy, false).map((m) => m.match)).toEqual(['legacy']);
    expect(rankModels(ctx(), [], legacy, true)).toEqual([]);
    expect(rankModels(ctx({ focus_area_id: null }), [], legacy, false)).toEqual([]);
  });
});
