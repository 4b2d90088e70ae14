import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from '../../../tracking/calendar-date';
import { USER_TIERS, UserTier } from '../../profiles/user.entity';
import type { UsagePeriod } from '../llm-usage.repository';

export const USAGE_PERIODS: UsagePeriod[] = ['day', 'month'];

export class LlmUsageQuery {
  @ApiPropertyOptional({ enum: USAGE_PERIODS, default: 'day', description: 'Granularity (UTC)' })
  @IsOptional()
  @IsIn(USAGE_PERIODS)
  period?: UsagePeriod;

  @ApiPropertyOptional({
    example: '2026-01-01',
    description:
      'First day (default: `to` − 29 days by day, the first day of the month 11 months before `to` by month); widened to the start of its period',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    example: '2026-01-31',
    description: 'Last day (default: today, UTC); widened to the end of its period',
  })
  @IsOptional()
  @IsCalendarDate()
  to?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this workflow' })
  @IsOptional()
  @IsUUID()
  workflow_id?: string;
}

export class AdminLlmUsageQuery extends LlmUsageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this user' })
  @IsOptional()
  @IsUUID()
  user_id?: string;
}

export class LlmUsageItemResponse {
  @ApiProperty({ example: '2026-01-01', description: 'First day of the day or month (UTC)' })
  period_start!: string;
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Its name (of a deleted workflow: its name when the usage was recorded)',
  })
  workflow_name!: string | null;
  @ApiProperty({
    description: 'True when the workflow has been deleted since (its usage still counts)',
  })
  workflow_deleted!: boolean;
  @ApiProperty({ description: 'Executions that spent in the period' }) executions!: number;
  @ApiProperty({ description: 'Attempts (run, retry, resume) that spent in the period' })
  attempts!: number;
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty({ description: 'In the currency of LLM_PRICE_*' }) cost!: number;
}

export class AdminLlmUsageItemResponse extends LlmUsageItemResponse {
  @ApiProperty({ format: 'uuid' }) user_id!: string;
}

export class LlmPromptUsageItemResponse {
  @ApiProperty({ example: '2026-01-01', description: 'First day of the day or month (UTC)' })
  period_start!: string;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The base prompt run; null when it has been deleted since',
  })
  prompt_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) prompt_name!: string | null;
  @ApiProperty({ description: 'Runs that spent in the period' }) runs!: number;
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty({ description: 'In the currency of LLM_PRICE_*' }) cost!: number;
}

export class AdminLlmPromptUsageItemResponse extends LlmPromptUsageItemResponse {
  @ApiProperty({ format: 'uuid' }) user_id!: string;
}

export class LlmUsageTotalsResponse {
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
}

export class LlmBudgetResponse {
  @ApiProperty({ enum: USER_TIERS }) tier!: UserTier;
  @ApiProperty({ description: 'Monthly budget of the tier (LLM_MONTHLY_BUDGET_<TIER>)' })
  budget!: number;
  @ApiProperty({ description: 'Spent this calendar month (UTC)' }) spent!: number;
  @ApiProperty() remaining!: number;
  @ApiProperty({ description: 'True when new runs are refused (spent ≥ budget)' })
  exceeded!: boolean;
  @ApiProperty({ example: '2026-01-01T00:00:00.000Z' }) period_start!: string;
  @ApiProperty({ example: '2026-02-01T00:00:00.000Z', description: 'When the budget resets' })
  resets_at!: string;
}

class LlmUsageRange {
  @ApiProperty({ enum: USAGE_PERIODS }) period!: UsagePeriod;
  @ApiProperty({ example: '2026-01-01', description: 'First day counted (inclusive)' })
  from!: string;
  @ApiProperty({ example: '2026-01-31', description: 'Last day counted (inclusive)' })
  to!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) workflow_id!: string | null;
  @ApiProperty({
    type: LlmUsageTotalsResponse,
    description: 'Sum of the items and the prompt items',
  })
  totals!: LlmUsageTotalsResponse;
}

export class LlmUsageResponse extends LlmUsageRange {
  @ApiProperty({
    type: [LlmUsageItemResponse],
    description: 'One item per period and workflow with usage, periods in order',
  })
  items!: LlmUsageItemResponse[];
  @ApiProperty({
    type: [LlmPromptUsageItemResponse],
    description:
      'Runs of base prompts outside workflows: one item per period and prompt with usage, periods in order (none when workflow_id is given)',
  })
  prompt_items!: LlmPromptUsageItemResponse[];
  @ApiProperty({
    type: LlmBudgetResponse,
    nullable: true,
    description: 'The caller’s monthly budget now; null when the tier has none',
  })
  budget!: LlmBudgetResponse | null;
}

export class AdminLlmUsageResponse extends LlmUsageRange {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) user_id!: string | null;
  @ApiProperty({
    type: [AdminLlmUsageItemResponse],
    description: 'One item per period, user and workflow with usage, periods in order',
  })
  items!: AdminLlmUsageItemResponse[];
  @ApiProperty({
    type: [AdminLlmPromptUsageItemResponse],
    description:
      'Runs of base prompts outside workflows: one item per period, user and prompt with usage (none when workflow_id is given)',
  })
  prompt_items!: AdminLlmPromptUsageItemResponse[];
}
