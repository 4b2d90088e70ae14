import {
  Controller,
  createParamDecorator,
  ExecutionContext,
  Get,
  Headers,
  HttpCode,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiOperation,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  CurrentUser,
  PageQuery,
  UuidParam,
  ApiErrors,
  eventStreamSchema,
} from '@sports/common';
import type { Request, Response } from 'express';
import { ApiBudgetExceededResponse } from '../llm-usage/llm-budget';
import {
  ExecutionEndEvent,
  ExecutionListQuery,
  ExecutionNodeEvent,
  ExecutionListResponse,
  ExecutionResponse,
} from './dto/workflow-execution.dto';
import { GRAPH_ISSUE_CODES } from '../../errors';
import { eventStream, lastEventId, respondsAsync } from './execution-http';
import { StartedExecution, WorkflowExecutionsService } from './workflow-executions.service';

const GATED = 'FEATURE_REQUIRED: the membership lacks workflow.run';
const PREFER = {
  name: 'Prefer',
  required: false,
  description:
    '`respond-async` (RFC 7240): answer 202 with the Location of the execution at once, instead of waiting for its end',
};
const ACCEPTED = {
  type: ExecutionResponse,
  description:
    'Status running: with `Prefer: respond-async` at once; without it when the execution has not ended within WORKFLOW_WAIT_MS (default 30 s; e.g. no worker is running the queue) — follow the Location (GET, or its `/events`)',
  headers: {
    Location: {
      description: 'The execution: /api/workflows/executions/{id}',
      schema: { type: 'string' },
    },
    'Preference-Applied': {
      description: 'respond-async, when the request asked for it',
      schema: { type: 'string' },
    },
  },
};

/** `node` events in order (id = seq), then one `end` event. */
const EVENT_STREAM = eventStreamSchema({
  node: {
    id: { description: 'The event’s seq' },
    data: { $ref: getSchemaPath(ExecutionNodeEvent) },
  },
  end: { data: { $ref: getSchemaPath(ExecutionEndEvent) } },
});

interface RunReplyOf {
  /** The signal to wait for the end with, or false under `Prefer: respond-async`. */
  wait: AbortSignal | false;
  /** The answer: the ended execution, or 202 with its Location. */
  answer(started: StartedExecution): ExecutionResponse;
}

/** How a run is answered: waited for (the default) or 202 at once (RFC 7240 respond-async). */
const RunReply = createParamDecorator((_data: unknown, ctx: ExecutionContext): RunReplyOf => {
  const http = ctx.switchToHttp();
  const res = http.getResponse<Response>();
  const preferAsync = respondsAsync(http.getRequest<Request>().get('prefer'));
  return {
    wait: waitFor(preferAsync, res),
    answer: (started) => answer(res, started, preferAsync),
  };
});

@ApiTags('workflow')
@Controller('workflows')
@Authenticated()
export class WorkflowExecutionsController {
  constructor(private readonly executions: WorkflowExecutionsService) {}

  @Get('executions')
  @ApiOkResponse({
    type: ExecutionListResponse,
    description: 'The caller’s executions, newest first',
  })
  @ApiOperation({ operationId: 'listExecutions', summary: 'List the caller’s workflow executions' })
  listOwn(
    @CurrentUser() user: AuthUser,
    @Query() query: ExecutionListQuery,
  ): Promise<ExecutionListResponse> {
    return this.executions.listOwn(user.id, query);
  }

  @Get('executions/:id')
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiNotFoundResponse({ description: 'Unknown, or not the caller’s execution' })
  @ApiOperation({ operationId: 'getExecution', summary: 'Get one execution with its node results' })
  get(@CurrentUser() user: AuthUser, @UuidParam() id: string): Promise<ExecutionResponse> {
    return this.executions.get(user.id, id);
  }

  @Get('executions/:id/events')
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'Resume after this event id (the `seq` of the last event received)',
  })
  @ApiExtraModels(ExecutionNodeEvent, ExecutionEndEvent)
  @ApiOkResponse({
    description:
      'Server-Sent Events: `node` events (id = seq; data: ExecutionNodeEvent) for every node state change in order, then one `end` event (data: ExecutionEndEvent) once the execution has ended',
    content: { 'text/event-stream': { schema: EVENT_STREAM } },
  })
  @ApiNotFoundResponse({ description: 'Unknown, or not the caller’s execution' })
  @ApiOperation({
    operationId: 'streamExecutionEvents',
    summary: 'Stream the node events of an execution (Server-Sent Events)',
  })
  async events(
    @CurrentUser() user: AuthUser,
    @UuidParam() id: string,
    @Headers('last-event-id') last: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.executions.streamEvents(user.id, id, lastEventId(last), eventStream(res));
  }

  @Post('executions/:id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: ExecutionResponse, description: 'The execution, now cancelled' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'EXECUTION_ENDED: the execution is not running' })
  @ApiOperation({ operationId: 'cancelExecution', summary: 'Cancel a running execution' })
  cancel(@CurrentUser() user: AuthUser, @UuidParam() id: string): Promise<ExecutionResponse> {
    return this.executions.cancel(user.id, id);
  }

  @Post('executions/:id/resume')
  @HttpCode(200)
  @ApiHeader(PREFER)
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiAcceptedResponse(ACCEPTED)
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: GATED })
  @ApiBudgetExceededResponse()
  @ApiConflictResponse({
    description: 'EXECUTION_NOT_RESUMABLE (no FAILED node) or EXECUTION_RUNNING',
  })
  @ApiErrors('FEATURE_REQUIRED')
  @ApiErrors(...GRAPH_ISSUE_CODES)
  @ApiOperation({
    operationId: 'resumeExecution',
    summary: 'Re-run the failed nodes of an execution',
  })
  async resume(
    @CurrentUser() user: AuthUser,
    @UuidParam() id: string,
    @RunReply() reply: RunReplyOf,
  ): Promise<ExecutionResponse> {
    return reply.answer(await this.executions.resume(user.id, id, reply.wait));
  }

  @Post(':id/execute')
  @ApiHeader(PREFER)
  @ApiCreatedResponse({
    type: ExecutionResponse,
    description: 'status completed, partial or failed',
  })
  @ApiAcceptedResponse(ACCEPTED)
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: GATED })
  @ApiBudgetExceededResponse()
  @ApiErrors('FEATURE_REQUIRED')
  @ApiErrors(...GRAPH_ISSUE_CODES)
  @ApiOperation({ operationId: 'runWorkflow', summary: 'Run a workflow' })
  async execute(
    @CurrentUser() user: AuthUser,
    @UuidParam() id: string,
    @RunReply() reply: RunReplyOf,
  ): Promise<ExecutionResponse> {
    return reply.answer(await this.executions.execute(user.id, id, reply.wait));
  }

  @Get(':id/executions')
  @ApiOkResponse({ type: ExecutionListResponse })
  @ApiNotFoundResponse()
  @ApiOperation({
    operationId: 'listWorkflowExecutions',
    summary: 'List the executions of one workflow',
  })
  list(
    @CurrentUser() user: AuthUser,
    @UuidParam() id: string,
    @Query() query: PageQuery,
  ): Promise<ExecutionListResponse> {
    return this.executions.list(user.id, id, query);
  }
}

/**
 * No wait with `Prefer: respond-async`; else until the execution ends or the client leaves (the
 * service gives up after WORKFLOW_WAIT_MS).
 */
function waitFor(preferAsync: boolean, res: Response): AbortSignal | false {
  if (preferAsync) return false;
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  return gone.signal;
}

/** 202 with the Location of an execution that has not ended yet. */
function answer(res: Response, started: StartedExecution, preferAsync: boolean): ExecutionResponse {
  if (!started.ended) {
    res.status(202);
    res.setHeader('Location', `/api/workflows/executions/${started.execution.id}`);
    if (preferAsync) res.setHeader('Preference-Applied', 'respond-async');
  }
  return started.execution;
}
