import type { QuestionCatalogEntry } from '@sports/workflow-engine';
import type { PlaceholderInfo, PlaceholderValues } from '../data-layer/data-layer.types';
import type {
  AnalystContext,
  ChatMessage,
  Completion,
  CompletionOptions,
  LanguageModel,
} from './language-model';

/** What the offline analyst reads: the shared data layer's placeholder catalog and values. */
export interface PlaceholderSource {
  placeholderCatalog(): PlaceholderInfo[];
  placeholderValues(userId: string): Promise<PlaceholderValues>;
}

export const OFFLINE_MODEL = 'offline-analyst';
export const OFFLINE_LABEL =
  '**Offline-Analyse** (ohne Sprachmodell, regelbasiert aus deinen gespeicherten Daten erstellt).';
const NOT_DECIDABLE = 'nicht entscheidbar';

type Values = PlaceholderValues;
interface Decision {
  value: string;
  /** Placeholder keys the answer was derived from. */
  sources: string[];
}
type Rule = (values: Values) => Decision;

/**
 * The built-in analyst used when LLM_BASE_URL is unset: deterministic (same data, same
 * answer), answers from the shared data layer in the three-section format, labelled offline.
 * It cannot read free text: it lists the data the template uses, answers the catalog
 * questions it has a rule for, and says `nicht entscheidbar` to all others.
 */
export class OfflineAnalyst implements LanguageModel {
  readonly offline = true;
  readonly model = OFFLINE_MODEL;

  constructor(private readonly data: PlaceholderSource) {}

  async complete(
    _messages: readonly ChatMessage[],
    options: CompletionOptions = {},
  ): Promise<Completion> {
    if (options.signal?.aborted) throw new Error('the completion was aborted');
    const context: AnalystContext = options.context ?? { user_id: '', questions: [] };
    const catalog = this.data.placeholderCatalog();
    const values = context.user_id ? await this.data.placeholderValues(context.user_id) : {};
    const text = composeOfflineAnswer(catalog, values, context);
    return { text, tokens_in: 0, tokens_out: 0, cost: 0, model: OFFLINE_MODEL, offline: true };
  }
}

export function composeOfflineAnswer(
  catalog: readonly PlaceholderInfo[],
  values: Values,
  context: Pick<AnalystContext, 'questions' | 'placeholder_keys'>,
): string {
  const info = new Map(catalog.map((entry) => [entry.key, entry]));
  const wanted =
    context.placeholder_keys && context.placeholder_keys.length > 0
      ? context.placeholder_keys.filter((key) => info.has(key))
      : catalog.map((entry) => entry.key);
  const known = wanted.filter((key) => present(values[key]));
  const missing = wanted.filter((key) => !present(values[key]));

  const core: string[] = [OFFLINE_LABEL, ''];
  if (known.length === 0) {
    core.push('Für diese Auswertung liegen noch keine Daten vor.');
  } else {
    core.push('Aktuelle Werte aus deinen Daten:');
    for (const key of known)
      core.push(`- ${describe(info.get(key), key)}: ${show(values, info, key)}`);
  }
  if (missing.length > 0 && known.length > 0) {
    core.push('', `Ohne Daten: ${missing.map((key) => describe(info.get(key), key)).join(', ')}.`);
  }

  const decisions = context.questions.map((question) => ({
    question,
    decision: decide(question, values, info),
  }));
  const signalLines = decisions.map(
    ({ question, decision }) => `${question.key}: ${decision.value}`,
  );

  const anchors: string[] = [];
  for (const { question, decision } of decisions) {
    const used = decision.sources.filter((key) => present(values[key]));
    anchors.push(
      used.length > 0
        ? `- ${question.key}: abgeleitet aus ${used.map((key) => `${key} = ${show(values, info, key)}`).join(', ')}`
        : `- ${question.key}: keine passenden Daten, daher ${NOT_DECIDABLE}`,
    );
  }
  anchors.push('- Quelle: gemeinsame Datenschicht; Offline-Modus ohne Sprachmodell.');

  return [
    '## Analysekern',
    ...core,
    '',
    '## Entscheidungsanteil',
    ...(signalLines.length > 0 ? signalLines : ['(keine Fragen gestellt)']),
    '',
    '## Begründungsanker',
    ...anchors,
    '',
  ].join('\n');
}

function decide(
  question: QuestionCatalogEntry,
  values: Values,
  info: ReadonlyMap<string, PlaceholderInfo>,
): Decision {
  const rule = RULES[question.key];
  if (rule) return rule(values);
  // Generic: a placeholder named like the question (`x` or `<group>.x`) answers it directly.
  const key = [...info.keys()].find((k) => k === question.key || k.endsWith(`.${question.key}`));
  if (key && present(values[key]) && question.answer_type !== 'enum') {
    return { value: String(values[key]), sources: [key] };
  }
  return { value: NOT_DECIDABLE, sources: key ? [key] : [] };
}

const num = (values: Values, key: string): number | null => {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

const undecided = (...sources: string[]): Decision => ({ value: NOT_DECIDABLE, sources });

/** Rules for the seeded catalog questions (migration 1775692805000). */
const RULES: Record<string, Rule> = {
  weight_trend: (v) => {
    const change = num(v, 'weight.change_30d') ?? num(v, 'weight.change_7d');
    const source = num(v, 'weight.change_30d') !== null ? 'weight.change_30d' : 'weight.change_7d';
    if (change === null) return undecided('weight.change_30d');
    return { value: change <= -0.5 ? 'down' : change >= 0.5 ? 'up' : 'stable', sources: [source] };
  },
  weight_change_kg: (v) => {
    const change = num(v, 'weight.change_30d');
    return change === null
      ? undecided('weight.change_30d')
      : { value: String(change), sources: ['weight.change_30d'] };
  },
  calorie_balance: (v) => {
    // Without energy expenditure, the weekly weight change is the proxy of the balance.
    const kcal = num(v, 'nutrition.avg_kcal_7d');
    const change = num(v, 'weight.change_7d');
    if (kcal === null || change === null)
      return undecided('nutrition.avg_kcal_7d', 'weight.change_7d');
    return {
      value: change <= -0.2 ? 'deficit' : change >= 0.2 ? 'surplus' : 'balanced',
      sources: ['nutrition.avg_kcal_7d', 'weight.change_7d'],
    };
  },
  protein_sufficient: (v) => {
    const perKg = num(v, 'nutrition.protein_g_per_kg_7d');
    if (perKg === null) return undecided('nutrition.protein_g_per_kg_7d');
    return { value: perKg >= 1.6 ? 'ja' : 'nein', sources: ['nutrition.protein_g_per_kg_7d'] };
  },
  training_load_high: (v) => {
    const acwr = num(v, 'activity.acwr');
    if (acwr === null) return undecided('activity.acwr');
    return { value: acwr > 1.3 ? 'ja' : 'nein', sources: ['activity.acwr'] };
  },
  risk: (v) => {
    const { score, sources } = riskScore(v);
    if (sources.length === 0) return undecided('profile.bmi', 'activity.acwr', 'vitals.bp.latest');
    return { value: score >= 3 ? 'high' : score >= 1 ? 'medium' : 'low', sources };
  },
  recommendation: (v) => {
    const { flags, sources } = riskScore(v);
    if (sources.length === 0) return undecided();
    return { value: flags[0] ?? 'Aktuelle Gewohnheiten beibehalten.', sources };
  },
};

function riskScore(v: Values): { score: number; flags: string[]; sources: string[] } {
  let score = 0;
  const flags: string[] = [];
  const sources: string[] = [];
  const systolic = systolicOf(v['vitals.bp.latest']);
  if (systolic !== null) {
    sources.push('vitals.bp.latest');
    if (systolic >= 140) {
      score += 2;
      flags.push('Blutdruck ärztlich abklären lassen.');
    } else if (systolic >= 130) {
      score += 1;
      flags.push('Blutdruck regelmäßig kontrollieren.');
    }
  }
  const acwr = num(v, 'activity.acwr');
  if (acwr !== null) {
    sources.push('activity.acwr');
    if (acwr > 1.5) {
      score += 2;
      flags.push('Trainingsumfang in der nächsten Woche deutlich reduzieren.');
    } else if (acwr > 1.3) {
      score += 1;
      flags.push('Trainingsbelastung nicht weiter steigern.');
    }
  }
  const bmi = num(v, 'profile.bmi');
  if (bmi !== null) {
    sources.push('profile.bmi');
    if (bmi >= 30) {
      score += 2;
      flags.push('Gewichtsreduktion mit moderatem Kaloriendefizit anstreben.');
    } else if (bmi >= 25) {
      score += 1;
      flags.push('Leichtes Kaloriendefizit und mehr Alltagsbewegung einplanen.');
    }
  }
  const restingHr = num(v, 'vitals.resting_hr.latest');
  if (restingHr !== null) {
    sources.push('vitals.resting_hr.latest');
    if (restingHr > 90) {
      score += 1;
      flags.push('Erhöhten Ruhepuls beobachten und auf Erholung achten.');
    }
  }
  return { score, flags, sources };
}

function systolicOf(value: string | number | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{2,3})\s*\/\s*\d{2,3}/.exec(value);
  return match ? Number(match[1]) : null;
}

function present(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && value !== '';
}

function describe(entry: PlaceholderInfo | undefined, key: string): string {
  return entry?.description ? `${entry.description} (${key})` : key;
}

function show(values: Values, info: ReadonlyMap<string, PlaceholderInfo>, key: string): string {
  const unit = info.get(key)?.unit;
  const value = values[key];
  return unit ? `${String(value)} ${unit}` : String(value);
}
