import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, Roles } from '@sports/common';
import {
  AdminLlmUsageQuery,
  AdminLlmUsageResponse,
  LlmUsageQuery,
  LlmUsageResponse,
} from './dto/llm-usage.dto';
import { LlmUsageService } from './llm-usage.service';

const BAD_RANGE =
  'VALIDATION_FAILED: period not day|month, a date not YYYY-MM-DD, from after to, more than 366 days or 120 months, or a workflow_id/user_id not a UUID';

@ApiTags('llm-usage')
@Controller('llm-usage')
@Authenticated()
export class LlmUsageController {
  constructor(private readonly usage: LlmUsageService) {}

  @Get()
  @ApiOperation({
    operationId: 'getLlmUsage',
    summary: 'Language-model tokens and cost of the caller by day or month, per workflow',
  })
  @ApiOkResponse({
    type: LlmUsageResponse,
    description:
      'The caller’s language-model tokens and cost by day or month and workflow: every attempt of every execution (failed, interrupted and resumed ones too), dated when each node ended; with the monthly budget of the caller’s tier',
  })
  @ApiBadRequestResponse({ description: BAD_RANGE })
  own(@CurrentUser() user: AuthUser, @Query() query: LlmUsageQuery): Promise<LlmUsageResponse> {
    return this.usage.own(user.id, query);
  }
}

@ApiTags('admin')
@Controller('admin/llm-usage')
@Roles('admin')
export class AdminLlmUsageController {
  constructor(private readonly usage: LlmUsageService) {}

  @Get()
  @ApiOperation({
    operationId: 'listLlmUsageOfAllUsers',
    summary: 'Language-model tokens and cost of every user by day or month (admin)',
  })
  @ApiOkResponse({
    type: AdminLlmUsageResponse,
    description: 'Every user’s (or one user’s) tokens and cost by day or month, user and workflow',
  })
  @ApiBadRequestResponse({ description: BAD_RANGE })
  all(@Query() query: AdminLlmUsageQuery): Promise<AdminLlmUsageResponse> {
    return this.usage.all(query);
  }
}
