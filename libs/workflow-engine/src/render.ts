import { Liquid } from 'liquidjs';
import type {
  EndNode,
  NodeExecutionState,
  NormalizedSignal,
  SignalValue,
  UndecidedCondition,
} from './types';

/**
 * End-node templates are written by users, so Liquid runs locked down: an empty in-memory
 * template map instead of a file system and no include/render/layout tags (nothing can be read
 * from disk), unknown filters are errors, only own properties of the context are visible, and
 * parse/render/memory limits stop runaway templates. Output is Markdown, so nothing is escaped.
 */
export function createSafeLiquid(): Liquid {
  const liquid = new Liquid({
    templates: {},
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    jsTruthy: false,
    cache: false,
    parseLimit: 100_000,
    renderLimit: 2_000,
    memoryLimit: 10_000_000,
  });
  for (const tag of ['include', 'render', 'layout']) delete liquid.tags[tag];
  return liquid;
}

const liquid = createSafeLiquid();

export interface EndTemplateCheck {
  error: string | null;
  /** Top-level names the template reads (node ids). */
  referenced: string[];
}

export function checkEndTemplate(template: string): EndTemplateCheck {
  try {
    const parsed = liquid.parse(template);
    return { error: null, referenced: liquid.globalVariablesSync(parsed) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), referenced: [] };
  }
}

type TemplateValue = SignalValue | null;

export interface TemplateNodeContext {
  label: string | null;
  analysis_core?: string;
  decision_signals?: Record<string, TemplateValue>;
  condition_result?: string;
  branch_taken?: string | null;
}

/**
 * Only COMPLETED nodes appear in the context, so `{% if node_id %}` is true exactly when the
 * node produced a result and placeholders of skipped or failed nodes render empty.
 */
export function buildTemplateContext(
  states: readonly NodeExecutionState[],
): Record<string, TemplateNodeContext> {
  const context: Record<string, TemplateNodeContext> = {};
  for (const state of states) {
    if (state.state !== 'COMPLETED') continue;
    if (state.kind === 'analysis' || state.kind === 'join') {
      context[state.node_id] = {
        label: state.label,
        analysis_core: state.analysis_core ?? '',
        decision_signals: signalValues(state.decision_signals ?? {}),
      };
    } else if (state.kind === 'logic') {
      context[state.node_id] = {
        label: state.label,
        condition_result: state.condition_result ?? 'undecided',
        branch_taken: state.branch_taken,
      };
    }
  }
  return context;
}

function signalValues(signals: Record<string, NormalizedSignal>): Record<string, TemplateValue> {
  const values: Record<string, TemplateValue> = {};
  for (const [key, signal] of Object.entries(signals)) {
    // An unclear answer still tells the reader something, so its raw text is shown.
    values[key] = signal.value ?? signal.raw;
  }
  return values;
}

/** AUTO mode: every completed analysis, in topological order, under its own heading. */
export function renderAuto(states: readonly NodeExecutionState[]): string {
  return states
    .filter((state) => state.kind === 'analysis' && state.state === 'COMPLETED')
    .map((state) => `## ${state.label || state.node_id}\n\n${(state.analysis_core ?? '').trim()}`)
    .join('\n\n');
}

export function renderUndecidedBlock(undecided: readonly UndecidedCondition[]): string {
  const documented = undecided.filter((entry) => entry.fallback_strategy === 'DOCUMENT_ONLY');
  if (documented.length === 0) return '';
  const lines = documented.map((entry) => {
    const reasons = entry.signals.map((signal) => `${signal.signal}: ${signal.reason}`).join(', ');
    return `- ${entry.label || entry.node_id}: \`${entry.condition}\`${reasons ? ` (${reasons})` : ''}`;
  });
  return `## Nicht entschiedene Bedingungen\n\n${lines.join('\n')}`;
}

/**
 * Renders the end node. `states` must be in topological order. Conditions left undecided under
 * DOCUMENT_ONLY are appended in both modes, so they always show in the final output.
 */
export async function renderEndOutput(
  end: EndNode,
  states: readonly NodeExecutionState[],
  undecided: readonly UndecidedCondition[] = [],
): Promise<string> {
  const body =
    (end.output_mode ?? 'AUTO') === 'TEMPLATE'
      ? await renderTemplate(end.template ?? '', states)
      : renderAuto(states);
  const appendix = renderUndecidedBlock(undecided);
  return [body.trim(), appendix].filter((part) => part !== '').join('\n\n');
}

async function renderTemplate(
  template: string,
  states: readonly NodeExecutionState[],
): Promise<string> {
  const rendered: unknown = await liquid.parseAndRender(template, buildTemplateContext(states));
  return String(rendered);
}
