import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
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
  PageQuery,
  WriteTarget,
} from '@sports/common';
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
import { WorkflowDefinitionsService } from './workflow-definitions.service';

const INVALID =
  'Graph invalid: code is the first error (GRAPH_CYCLE, NODE_CANNOT_REACH_END, ...); issues[] name nodes';
const TEMPLATE_MISSING =
  'NODE_TEMPLATE_MISSING: an analysis node has neither prompt_slug nor inline_template';

@ApiTags('workflow')
@Controller('workflows')
@Authenticated()
export class WorkflowDefinitionsController {
  constructor(private readonly workflows: WorkflowDefinitionsService) {}

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

  @DeleteRoute()
  @ApiConflictResponse({ description: 'RESOURCE_IN_USE: a workflow prompt points to it' })
  @ApiOperation({ operationId: 'deleteWorkflow', summary: 'Delete a workflow' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.workflows.remove(user.id, target);
  }
}
