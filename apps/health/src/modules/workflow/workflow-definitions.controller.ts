import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGatewayTimeoutResponse,
  ApiBadGatewayResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  AuthUser,
  CurrentUser,
  EntityTagged,
  PageQuery,
  WriteTarget,
} from '@sports/common';
import { ApiBudgetExceededResponse } from '../llm-usage/llm-budget';
import { GRAPH_ISSUE_CODES } from '../../errors';
import {
  CreateRoute,
  DeleteRoute,
  IdParam,
  ListRoute,
  ReadRoute,
  ReplaceRoute,
} from '../../tracking/resource-routes';
import {
  CreateWorkflowRequest,
  UpdateWorkflowRequest,
  ValidateWorkflowRequest,
  ValidationResultResponse,
  WorkflowListResponse,
  WorkflowResponse,
} from './dto/workflow-definition.dto';
import {
  TestRunWorkflowNodeRequest,
  TestRunWorkflowNodeResponse,
} from './dto/workflow-node-test.dto';
import { WorkflowDefinitionsService } from './workflow-definitions.service';
import { WorkflowNodeTestService } from './workflow-node-test.service';

const INVALID =
  'Graph invalid: code is the first error (GRAPH_CYCLE, NODE_CANNOT_REACH_END, ...); issues[] name nodes';
const TEMPLATE_MISSING =
  'NODE_TEMPLATE_MISSING: an analysis node has neither prompt_slug nor inline_template';

@ApiTags('workflow')
@Controller('workflows')
@Authenticated()
export class WorkflowDefinitionsController {
  constructor(
    private readonly workflows: WorkflowDefinitionsService,
    private readonly nodeTests: WorkflowNodeTestService,
  ) {}

  @Post('validate')
  @HttpCode(200)
  @ApiOkResponse({ type: ValidationResultResponse, description: 'Nothing is saved' })
  @ApiOperation({
    operationId: 'validateWorkflowGraph',
    summary: 'Validate a workflow graph without saving it',
  })
  validate(
    @CurrentUser() user: AuthUser,
    @Body() body: ValidateWorkflowRequest,
  ): Promise<ValidationResultResponse> {
    return this.workflows.validate(user.id, body.graph);
  }

  @CreateRoute(WorkflowResponse)
  @ApiBadRequestResponse({ description: INVALID })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_MISSING })
  @ApiErrors(...GRAPH_ISSUE_CODES)
  @ApiOperation({ operationId: 'createWorkflow', summary: 'Create a workflow' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWorkflowRequest,
  ): Promise<WorkflowResponse> {
    return this.workflows.create(user.id, body);
  }

  @ListRoute(WorkflowListResponse)
  @ApiOperation({ operationId: 'listWorkflows', summary: 'List the caller’s workflows' })
  list(@CurrentUser() user: AuthUser, @Query() query: PageQuery): Promise<WorkflowListResponse> {
    return this.workflows.list(user.id, query);
  }

  @ReadRoute(WorkflowResponse)
  @ApiOperation({ operationId: 'getWorkflow', summary: 'Get one workflow with its graph' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<WorkflowResponse> {
    return this.workflows.get(user.id, id);
  }

  @ReplaceRoute(WorkflowResponse)
  @ApiBadRequestResponse({ description: INVALID })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_MISSING })
  @ApiErrors(...GRAPH_ISSUE_CODES)
  @ApiOperation({ operationId: 'replaceWorkflow', summary: 'Replace a workflow' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateWorkflowRequest,
  ): Promise<WorkflowResponse> {
    return this.workflows.update(user.id, target, body);
  }

  @Post(':id/duplicate')
  @ApiCreatedResponse({
    type: WorkflowResponse,
    description:
      'The copy, the caller’s: named "<name> (copy)" (or "(copy N)" when taken), graph, layout and description copied; its version as ETag',
  })
  @EntityTagged()
  @ApiNotFoundResponse({ description: 'Unknown, or not the caller’s workflow' })
  @ApiOperation({ operationId: 'copyWorkflow', summary: 'Duplicate a workflow' })
  duplicate(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<WorkflowResponse> {
    return this.workflows.duplicate(user.id, id);
  }

  @Post(':id/nodes/:node/test-run')
  @HttpCode(200)
  @ApiParam({ name: 'node', description: 'The id of an analysis node of the graph', example: 'a1' })
  @ApiOkResponse({
    type: TestRunWorkflowNodeResponse,
    description:
      'The node’s prompt rendered with the caller’s data and the model’s answer; nothing stored but the usage',
  })
  @ApiBadRequestResponse({
    description: 'The node (taken alone) is invalid: its first issue’s code',
  })
  @ApiNotFoundResponse({
    description: 'Unknown or another’s workflow, or no such node in the graph',
  })
  @ApiForbiddenResponse({ description: 'FEATURE_REQUIRED: the membership lacks workflow.run' })
  @ApiUnprocessableEntityResponse({
    description:
      'NODE_NOT_ANALYSIS, NODE_TEMPLATE_MISSING, PROMPT_NOT_FOUND (prompt_slug resolves to no base prompt) or QUESTION_NOT_FOUND',
  })
  @ApiBudgetExceededResponse()
  @ApiBadGatewayResponse({ description: 'LLM_FAILED: the model answered with an error' })
  @ApiGatewayTimeoutResponse({ description: 'LLM_TIMEOUT: the model did not answer in time' })
  @ApiErrors(
    'FEATURE_REQUIRED',
    'NODE_NOT_ANALYSIS',
    'PROMPT_NOT_FOUND',
    'QUESTION_NOT_FOUND',
    'LLM_FAILED',
    'LLM_TIMEOUT',
  )
  @ApiErrors(...GRAPH_ISSUE_CODES)
  @ApiOperation({
    operationId: 'runWorkflowNode',
    summary: 'Test-run one analysis node with the caller’s data (saved or edited graph)',
  })
  testRun(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @Param('node') node: string,
    @Body() body: TestRunWorkflowNodeRequest,
  ): Promise<TestRunWorkflowNodeResponse> {
    return this.nodeTests.testRun(user.id, id, node, body?.graph);
  }

  @DeleteRoute()
  @ApiConflictResponse({ description: 'RESOURCE_IN_USE: a workflow prompt points to it' })
  @ApiOperation({ operationId: 'deleteWorkflow', summary: 'Delete a workflow' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.workflows.remove(user.id, target);
  }
}
