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
} from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  UuidParam,
} from '@sports/common';
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
  placeholders(): PlaceholderListResponse {
    return this.prompts.placeholders();
  }

  @Get()
  @ApiOkResponse({ type: PromptListResponse, description: 'System prompts and the caller’s own' })
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
  remove(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<void> {
    return this.prompts.remove(user, id, ifMatch);
  }

  @Post(':id/run')
  @ApiCreatedResponse({ type: PromptRunResponse, description: 'The result, stored as an insight' })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: 'FEATURE_REQUIRED: workflow.run' })
  @ApiUnprocessableEntityResponse({ description: 'QUESTION_NOT_FOUND' })
  @ApiBadGatewayResponse({ description: 'LLM_FAILED (502) or LLM_TIMEOUT (504)' })
  run(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @Body() body: RunPromptRequest,
  ): Promise<PromptRunResponse> {
    return this.prompts.run(user, id, body);
  }
}
