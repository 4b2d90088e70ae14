import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiErrors, DomainError } from '@sports/common';
import type { LlmBudgetResponse } from './dto/llm-usage.dto';

/** 402: the caller's tier has spent its monthly language-model budget. */
export class LlmBudgetExceededError extends DomainError {
  constructor(budget: LlmBudgetResponse) {
    super(
      402,
      'LLM_BUDGET_EXCEEDED',
      'Language-model budget exceeded',
      `The monthly language-model budget of the ${budget.tier} tier (${budget.budget}) is spent (${budget.spent}); it resets at ${budget.resets_at}.`,
      {
        extensions: {
          tier: budget.tier,
          budget: budget.budget,
          spent: budget.spent,
          resets_at: budget.resets_at,
        },
        hint: 'Wait for the next month or upgrade your membership tier.',
      },
    );
  }
}

/** The 402 of a run refused by the budget of the caller's tier, for the routes that start runs. */
export const ApiBudgetExceededResponse = (): MethodDecorator =>
  applyDecorators(
    ApiResponse({
      status: 402,
      description:
        'LLM_BUDGET_EXCEEDED: the monthly language-model budget of the caller’s tier is spent (problem members tier, budget, spent, resets_at); nothing was run',
    }),
    ApiErrors('LLM_BUDGET_EXCEEDED'),
  );
