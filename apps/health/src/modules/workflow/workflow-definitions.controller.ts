import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import { PageQuery } from './dto/question.dto';
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
  validate(
    @CurrentUser() user: AuthUser,
    @Body() body: ValidateWorkflowRequest,
  ): Promise<ValidationResultResponse> {
    return this.workflows.validate(user.id, body.graph);
  }

  @Post()
  @ApiCreatedResponse({ type: WorkflowResponse })
  @ApiBadRequestResponse({ description: INVALID })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_MISSING })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWorkflowRequest,
  ): Promise<WorkflowResponse> {
    return this.workflows.create(user.id, body);
  }

  @Get()
  @ApiOkResponse({ type: WorkflowListResponse })
  list(@CurrentUser() user: AuthUser, @Query() query: PageQuery): Promise<WorkflowListResponse> {
    return this.workflows.list(user.id, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: WorkflowResponse })
  @ApiNotFoundResponse()
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<WorkflowResponse> {
    return this.workflows.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: WorkflowResponse })
  @ApiNotFoundResponse()
  @ApiBadRequestResponse({ description: INVALID })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_MISSING })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateWorkflowRequest,
  ): Promise<WorkflowResponse> {
    return this.workflows.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'RESOURCE_IN_USE: a workflow prompt points to it' })
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.workflows.remove(user.id, id);
  }
}
