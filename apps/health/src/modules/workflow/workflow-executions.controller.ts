import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, PageQuery } from '@sports/common';
import { ExecutionListResponse, ExecutionResponse } from './dto/workflow-execution.dto';
import { WorkflowExecutionsService } from './workflow-executions.service';

const GATED = 'FEATURE_REQUIRED: the membership lacks workflow.run';

@ApiTags('workflow')
@Controller('workflows')
@Authenticated()
export class WorkflowExecutionsController {
  constructor(private readonly executions: WorkflowExecutionsService) {}

  @Get('executions/:id')
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiNotFoundResponse({ description: 'Unknown, or not the caller’s execution' })
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<ExecutionResponse> {
    return this.executions.get(user.id, id);
  }

  @Post('executions/:id/resume')
  @HttpCode(200)
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: GATED })
  @ApiConflictResponse({
    description: 'EXECUTION_NOT_RESUMABLE (no FAILED node) or EXECUTION_RUNNING',
  })
  resume(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<ExecutionResponse> {
    return this.executions.resume(user.id, id);
  }

  @Post(':id/execute')
  @ApiCreatedResponse({
    type: ExecutionResponse,
    description: 'status completed, partial or failed',
  })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: GATED })
  execute(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<ExecutionResponse> {
    return this.executions.execute(user.id, id);
  }

  @Get(':id/executions')
  @ApiOkResponse({ type: ExecutionListResponse })
  @ApiNotFoundResponse()
  list(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: PageQuery,
  ): Promise<ExecutionListResponse> {
    return this.executions.list(user.id, id, query);
  }
}
