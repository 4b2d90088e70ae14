import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, UuidParam } from '@sports/common';
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

@ApiTags('planning')
@Controller('training-plan-templates')
export class PlanTemplatesController {
  constructor(private readonly templates: PlanTemplatesService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: PlanContentListQuery,
  ): Promise<PlanTemplateListResponse> {
    return this.templates.list(ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateResponse })
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<PlanTemplateResponse> {
    return this.templates.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: PlanTemplateResponse })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreatePlanTemplateRequest,
  ): Promise<PlanTemplateResponse> {
    return this.templates.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: PlanTemplateResponse })
  update(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: UpdatePlanTemplateRequest,
  ): Promise<PlanTemplateResponse> {
    return this.templates.update(ctx, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  remove(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<void> {
    return this.templates.remove(ctx, id);
  }
}
