import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ValidationFailedError } from '@sports/common';
import { EntityManager } from 'typeorm';
import type { HealthConfig } from '../../config';
import { FeaturesService } from '../membership/features.service';
import type { UserTier } from '../profiles/user.entity';
import {
  AdminLlmUsageQuery,
  AdminLlmUsageResponse,
  LlmBudgetResponse,
  LlmPromptUsageItemResponse,
  LlmUsageItemResponse,
  LlmUsageQuery,
  LlmUsageResponse,
  LlmUsageTotalsResponse,
} from './dto/llm-usage.dto';
import { LlmBudgetExceededError } from './llm-budget';
import {
  LlmUsageRepository,
  NodeTestUsage,
  PromptRunUsage,
  PromptUsageRow,
  UsageFilter,
  UsagePeriod,
  UsageRow,
} from './llm-usage.repository';

/** Longest range of one usage request, in periods. */
export const MAX_USAGE_PERIODS: Record<UsagePeriod, number> = { day: 366, month: 120 };

const BUDGET_SETTING: Record<UserTier, keyof HealthConfig> = {
  free: 'LLM_MONTHLY_BUDGET_FREE',
  plus: 'LLM_MONTHLY_BUDGET_PLUS',
  pro: 'LLM_MONTHLY_BUDGET_PRO',
};

/**
 * Language-model usage by day or month per user and workflow (every attempt of every
 * execution, deleted workflows included) and per base prompt run outside workflows, and the monthly budget per membership tier that new runs are checked against.
 */
@Injectable()
export class LlmUsageService {
  constructor(
    private readonly usage: LlmUsageRepository,
    private readonly features: FeaturesService,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  /** The caller's own usage, with their budget. */
  async own(userId: string, query: LlmUsageQuery): Promise<LlmUsageResponse> {
    const filter = usageFilter(query, userId);
    const [rows, prompts, budget] = await Promise.all([
      this.usage.totals(filter),
      this.promptTotals(filter),
      this.budgetOf(userId),
    ]);
    return {
      ...range(filter),
      items: rows.map(toItem),
      prompt_items: prompts.map(toPromptItem),
      totals: totalsOf([...rows, ...prompts]),
      budget,
    };
  }

  /** Every user's usage (admins), or one user's. */
  async all(query: AdminLlmUsageQuery): Promise<AdminLlmUsageResponse> {
    const filter = usageFilter(query, query.user_id ?? null);
    const [rows, prompts] = await Promise.all([
      this.usage.totals(filter),
      this.promptTotals(filter),
    ]);
    return {
      ...range(filter),
      user_id: filter.owner_id,
      items: rows.map((r) => ({ ...toItem(r), user_id: r.owner_id })),
      prompt_items: prompts.map((r) => ({ ...toPromptItem(r), user_id: r.owner_id })),
      totals: totalsOf([...rows, ...prompts]),
    };
  }

  /**
   * Records what a run of a base prompt outside a workflow spent, in the transaction that
   * stores its insight (runs inside workflows are recorded with their nodes' checkpoints).
   */
  recordPromptRun(usage: PromptRunUsage, manager: EntityManager): Promise<void> {
    return this.usage.record(usage, manager);
  }

  /** Records what a test run of one workflow analysis node spent (counted with its workflow). */
  recordNodeTest(usage: NodeTestUsage): Promise<void> {
    return this.usage.recordNodeTest(usage);
  }

  private promptTotals(filter: UsageFilter): Promise<PromptUsageRow[]> {
    // Prompt runs belong to no workflow.
    return filter.workflow_id ? Promise.resolve([]) : this.usage.promptTotals(filter);
  }

  /**
   * 402 LLM_BUDGET_EXCEEDED when the user's tier has a monthly budget and this month's spend
   * has reached it. Checked before a run is enqueued: a run started below the budget may end
   * above it, and runs started together are all let through.
   */
  async requireWithinBudget(userId: string): Promise<void> {
    const budget = await this.budgetOf(userId);
    if (budget?.exceeded) throw new LlmBudgetExceededError(budget);
  }

  /** The user's budget this month; null when their tier has none. */
  async budgetOf(userId: string, now = new Date()): Promise<LlmBudgetResponse | null> {
    const tier = await this.features.tierOf(userId);
    const limit = tier ? (this.config[BUDGET_SETTING[tier]] as number | undefined) : undefined;
    if (tier === null || limit === undefined) return null;
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const { cost } = await this.usage.spent(userId, start, next);
    const spent = round(cost);
    return {
      tier,
      budget: limit,
      spent,
      remaining: Math.max(0, round(limit - spent)),
      exceeded: spent >= limit,
      period_start: start.toISOString(),
      resets_at: next.toISOString(),
    };
  }
}

/** The query's range widened to whole periods, with the defaults; 400 when it is bad. */
function usageFilter(query: LlmUsageQuery, ownerId: string | null): UsageFilter {
  const period = query.period ?? 'day';
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from =
    query.from ?? (period === 'day' ? addDays(to, -29) : addMonths(startOf('month', to), -11));
  if (from > to) {
    throw new ValidationFailedError('from must not be after to.', [
      { path: 'from', message: 'from must not be after to' },
    ]);
  }
  const first = startOf(period, from);
  const last = period === 'day' ? to : addDays(addMonths(startOf('month', to), 1), -1);
  const periods =
    period === 'day'
      ? (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1
      : monthIndex(last) - monthIndex(first) + 1;
  if (periods > MAX_USAGE_PERIODS[period]) {
    throw new ValidationFailedError(
      `At most ${MAX_USAGE_PERIODS[period]} ${period}s per request.`,
      [
        {
          path: 'from',
          message: `the range spans more than ${MAX_USAGE_PERIODS[period]} ${period}s`,
        },
      ],
    );
  }
  return {
    period,
    from: first,
    to: last,
    owner_id: ownerId,
    workflow_id: query.workflow_id ?? null,
  };
}

function range(filter: UsageFilter) {
  return {
    period: filter.period,
    from: filter.from,
    to: filter.to,
    workflow_id: filter.workflow_id,
  };
}

function toItem(row: UsageRow): LlmUsageItemResponse {
  return {
    period_start: row.period_start,
    workflow_id: row.workflow_id,
    workflow_name: row.workflow_name,
    workflow_deleted: row.workflow_deleted,
    executions: row.executions,
    attempts: row.attempts,
    tokens_in: row.tokens_in,
    tokens_out: row.tokens_out,
    cost: round(row.cost),
  };
}

function toPromptItem(row: PromptUsageRow): LlmPromptUsageItemResponse {
  return {
    period_start: row.period_start,
    prompt_id: row.prompt_id,
    prompt_name: row.prompt_name,
    runs: row.runs,
    tokens_in: row.tokens_in,
    tokens_out: row.tokens_out,
    cost: round(row.cost),
  };
}

function totalsOf(rows: (UsageRow | PromptUsageRow)[]): LlmUsageTotalsResponse {
  return {
    tokens_in: rows.reduce((s, r) => s + r.tokens_in, 0),
    tokens_out: rows.reduce((s, r) => s + r.tokens_out, 0),
    cost: round(rows.reduce((s, r) => s + r.cost, 0)),
  };
}

/** Costs are stored with 6 decimals; sums of floats are rounded back to them. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function startOf(period: UsagePeriod, day: string): string {
  return period === 'day' ? day : `${day.slice(0, 7)}-01`;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

function addMonths(firstOfMonth: string, months: number): string {
  const d = new Date(firstOfMonth);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1))
    .toISOString()
    .slice(0, 10);
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}
