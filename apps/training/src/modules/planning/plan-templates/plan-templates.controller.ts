import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../../tenant-context/tenant-context';
import { Tenant } from '../../tenant-context/tenant-context.decorators';
import { PlanContentListQuery } from '../dto/plan-content.dto';
import {
  CreatePlanTemplateRequest,
  PlanTemplateListResponse,
  PlanTemplateResponse,
  UpdatePlanTemplateRequest,
} from './dto/plan-template.dto';
import { PlanTemplatesService } from './plan-templates.service';
import { TenantScoped } from '../../tenant-context/tenant-scoped.decorator';

@ApiTags('planning')
@TenantScoped()
@Controller('training-plan-templates')
export class PlanTemplatesController {
  constructor(private readonly templates: PlanTemplatesService) {}

  @ApiOperation({ operationId: 'listPlanTemplates', summary: 'List training plan templates' })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: PlanContentListQuery,
  ): Promise<PlanTemplateListResponse> {
    return this.templates.list(ctx, query);
  }

  @ApiOperation({ operationId: 'getPlanTemplate', summary: 'Get a training plan template' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<PlanTemplateResponse> {
    return this.templates.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createPlanTemplate', summary: 'Create a training plan template' })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'EXERCISE_NOT_VISIBLE',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CLUB',
  )
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: PlanTemplateResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreatePlanTemplateRequest,
  ): Promise<PlanTemplateResponse> {
    return this.templates.create(ctx, body);
  }

  @ApiOperation({ operationId: 'replacePlanTemplate', summary: 'Replace a training plan template' })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'EXERCISE_NOT_VISIBLE',
    'FORBIDDEN',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CLUB',
  )
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdatePlanTemplateRequest,
  ): Promise<PlanTemplateResponse> {
    return this.templates.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deletePlanTemplate', summary: 'Delete a training plan template' })
  @ApiErrors('FORBIDDEN')
  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.templates.remove(ctx, target);
  }
}
