/** The context a caller asks about (any of the four may be absent). */
export interface ResolveContext {
  focus_area_id: string | null;
  style_direction_id: string | null;
  training_style_id: string | null;
  training_type_id: string | null;
}

export interface BindingCandidate {
  id: string;
  model_id: string;
  model_slug: string;
  focus_area_id: string | null;
  style_direction_id: string | null;
  training_style_id: string | null;
  training_type_id: string | null;
}

export type BoundDimension = 'focus_area' | 'style_direction' | 'training_style';

export interface RankedModel {
  model_id: string;
  model_slug: string;
  match: 'binding' | 'legacy';
  binding_id: string | null;
  specificity: number;
  bound: BoundDimension[];
  training_type_bound: boolean;
}

/** Weights that break ties between bindings of equal specificity: the finer dimension wins. */
const WEIGHT: Record<BoundDimension, number> = {
  training_style: 4,
  style_direction: 2,
  focus_area: 1,
};

/** A binding matches when every dimension it binds equals the context's value. */
export function bindingMatches(b: BindingCandidate, ctx: ResolveContext): boolean {
  return (
    (b.focus_area_id === null || b.focus_area_id === ctx.focus_area_id) &&
    (b.style_direction_id === null || b.style_direction_id === ctx.style_direction_id) &&
    (b.training_style_id === null || b.training_style_id === ctx.training_style_id) &&
    (b.training_type_id === null || b.training_type_id === ctx.training_type_id)
  );
}

function boundOf(b: BindingCandidate): BoundDimension[] {
  const out: BoundDimension[] = [];
  if (b.focus_area_id) out.push('focus_area');
  if (b.style_direction_id) out.push('style_direction');
  if (b.training_style_id) out.push('training_style');
  return out;
}

/**
 * Orders the models of all matching bindings (behaviour rule 11):
 * 1. more bound dimensions (focus area, style direction, training style) first;
 * 2. ties: a binding qualified with the requested training type before one without;
 * 3. then the finer dimension: training style > style direction > focus area
 *    (weights 4, 2, 1 summed over the bound dimensions);
 * 4. then the model slug (alphabetical), so the order is stable.
 * A model bound several times appears once, at its best binding. Legacy models (the
 * many-to-many focus-area assignment) are used only when `focusAreaHasBindings` is false, and
 * rank after every binding match.
 */
export function rankModels(
  ctx: ResolveContext,
  bindings: BindingCandidate[],
  legacy: { model_id: string; model_slug: string }[],
  focusAreaHasBindings: boolean,
): RankedModel[] {
  const ranked = bindings
    .filter((b) => bindingMatches(b, ctx))
    .map((b) => {
      const bound = boundOf(b);
      return {
        model_id: b.model_id,
        model_slug: b.model_slug,
        match: 'binding' as const,
        binding_id: b.id,
        specificity: bound.length,
        bound,
        training_type_bound: b.training_type_id !== null,
        weight: bound.reduce((s, d) => s + WEIGHT[d], 0),
      };
    })
    .sort(
      (a, b) =>
        b.specificity - a.specificity ||
        Number(b.training_type_bound) - Number(a.training_type_bound) ||
        b.weight - a.weight ||
        a.model_slug.localeCompare(b.model_slug) ||
        (a.binding_id ?? '').localeCompare(b.binding_id ?? ''),
    );
  const out: RankedModel[] = [];
  const seen = new Set<string>();
  for (const { weight: _w, ...r } of ranked) {
    if (seen.has(r.model_id)) continue;
    seen.add(r.model_id);
    out.push(r);
  }
  if (ctx.focus_area_id && !focusAreaHasBindings) {
    for (const l of [...legacy].sort((a, b) => a.model_slug.localeCompare(b.model_slug))) {
      if (seen.has(l.model_id)) continue;
      seen.add(l.model_id);
      out.push({
        model_id: l.model_id,
        model_slug: l.model_slug,
        match: 'legacy',
        binding_id: null,
        specificity: 0,
        bound: [],
        training_type_bound: false,
      });
    }
  }
  return out;
}

export interface ModelCell {
  model_id: string;
  skill_id: string;
  level: number;
  description: string;
}

/** Merges cells: for each (skill, level) the highest-ranked model that describes it wins. */
export function mergeCells(order: string[], cells: ModelCell[]): Map<string, ModelCell> {
  const rank = new Map(order.map((id, i) => [id, i]));
  const out = new Map<string, ModelCell>();
  for (const c of cells) {
    const key = `${c.skill_id}:${c.level}`;
    const have = out.get(key);
    if (!have || (rank.get(c.model_id) ?? 1e9) < (rank.get(have.model_id) ?? 1e9)) out.set(key, c);
  }
  return out;
}
