import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  AuthUser,
  CurrentUser,
  UuidParam,
  ConditionalWrite,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
} from '@sports/common';
import { ApiBudgetExceededResponse } from '../llm-usage/llm-budget';
import {
  CreatePromptRequest,
  PlaceholderListResponse,
  PromptListQuery,
  PromptListResponse,
  PromptResponse,
  PromptRunResponse,
  RunPromptRequest,
  UpdatePromptRequest,
} from './dto/prompt.dto';
import { PromptsService } from './prompts.service';

const REFERENCES =
  'QUESTION_NOT_FOUND, PLACEHOLDER_UNKNOWN or WORKFLOW_NOT_FOUND: a reference does not resolve';

@ApiTags('prompts')
@Controller('prompts')
@Authenticated()
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get('placeholders')
  @ApiOkResponse({ type: PlaceholderListResponse, description: 'For the placeholder picker' })
  @ApiOperation({
    operationId: 'listPromptPlaceholders',
    summary: 'List the data placeholders templates may use',
  })
  placeholders(): PlaceholderListResponse {
    return this.prompts.placeholders();
  }

  @Get()
  @ApiOkResponse({ type: PromptListResponse, description: 'System prompts and the caller’s own' })
  @ApiOperation({ operationId: 'listPrompts', summary: 'List the prompts the caller can use' })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: PromptListQuery,
  ): Promise<PromptListResponse> {
    return this.prompts.list(user, query);
  }

  @Post()
  @ApiCreatedResponse({ type: PromptResponse })
  @EntityTagged()
  @ApiForbiddenResponse({ description: 'SYSTEM_PROMPT_ADMIN_ONLY' })
  @ApiConflictResponse({ description: 'PROMPT_SLUG_EXISTS' })
  @ApiUnprocessableEntityResponse({ description: REFERENCES })
  @ApiErrors('WORKFLOW_NOT_FOUND', 'PLACEHOLDER_UNKNOWN', 'QUESTION_NOT_FOUND')
  @ApiOperation({ operationId: 'createPrompt', summary: 'Create a prompt' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreatePromptRequest,
  ): Promise<PromptResponse> {
    return this.prompts.create(user, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: PromptResponse })
  @EntityTagged()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getPrompt', summary: 'Get one prompt' })
  get(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<PromptResponse> {
    return this.prompts.get(user, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: PromptResponse })
  @ConditionalWrite()
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: 'SYSTEM_PROMPT_ADMIN_ONLY' })
  @ApiConflictResponse({ description: 'PROMPT_SLUG_EXISTS' })
  @ApiUnprocessableEntityResponse({ description: REFERENCES })
  @ApiErrors('WORKFLOW_NOT_FOUND', 'PLACEHOLDER_UNKNOWN', 'QUESTION_NOT_FOUND')
  @ApiOperation({ operationId: 'replacePrompt', summary: 'Replace a prompt' })
  update(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @Body() body: UpdatePromptRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<PromptResponse> {
    return this.prompts.update(user, id, body, ifMatch);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: 'SYSTEM_PROMPT_ADMIN_ONLY' })
  @ApiOperation({ operationId: 'deletePrompt', summary: 'Delete a prompt' })
  remove(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<void> {
    return this.prompts.remove(user, id, ifMatch);
  }

  @Post(':id/run')
  @ApiCreatedResponse({
    type: PromptRunResponse,
    description:
      'The result, stored as an insight. A workflow prompt’s execution that has not ended within WORKFLOW_WAIT_MS is answered with status running and no insight (follow /api/workflows/executions/{id})',
  })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: 'FEATURE_REQUIRED: workflow.run' })
  @ApiUnprocessableEntityResponse({ description: 'QUESTION_NOT_FOUND' })
  @ApiBadGatewayResponse({ description: 'LLM_FAILED (502) or LLM_TIMEOUT (504)' })
  @ApiBudgetExceededResponse()
  @ApiErrors('LLM_FAILED', 'LLM_TIMEOUT')
  @ApiOperation({
    operationId: 'runPrompt',
    summary: 'Run a prompt with the caller’s data and store the insight',
  })
  run(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @Body() body: RunPromptRequest,
  ): Promise<PromptRunResponse> {
    return this.prompts.run(user, id, body);
  }
}
