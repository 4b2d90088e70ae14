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
  CreateFrameworkProgramRequest,
  FrameworkProgramListResponse,
  FrameworkProgramResponse,
  UpdateFrameworkProgramRequest,
} from './dto/framework-program.dto';
import { FrameworkProgramsService } from './framework-programs.service';
import { TenantScoped } from '../../tenant-context/tenant-scoped.decorator';

@ApiTags('planning')
@TenantScoped()
@Controller('training-framework-programs')
export class FrameworkProgramsController {
  constructor(private readonly programs: FrameworkProgramsService) {}

  @ApiOperation({
    operationId: 'listFrameworkPrograms',
    summary: 'List training framework programs',
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: FrameworkProgramListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: PlanContentListQuery,
  ): Promise<FrameworkProgramListResponse> {
    return this.programs.list(ctx, query);
  }

  @ApiOperation({ operationId: 'getFrameworkProgram', summary: 'Get a training framework program' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: FrameworkProgramResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<FrameworkProgramResponse> {
    return this.programs.get(ctx, id);
  }

  @ApiOperation({
    operationId: 'createFrameworkProgram',
    summary: 'Create a training framework program',
  })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CATALOG_ENTRY',
    'UNKNOWN_CLUB',
  )
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: FrameworkProgramResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateFrameworkProgramRequest,
  ): Promise<FrameworkProgramResponse> {
    return this.programs.create(ctx, body);
  }

  @ApiOperation({
    operationId: 'replaceFrameworkProgram',
    summary: 'Replace a training framework program',
  })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'FORBIDDEN',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CATALOG_ENTRY',
    'UNKNOWN_CLUB',
  )
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: FrameworkProgramResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateFrameworkProgramRequest,
  ): Promise<FrameworkProgramResponse> {
    return this.programs.update(ctx, target, body);
  }

  @ApiOperation({
    operationId: 'deleteFrameworkProgram',
    summary: 'Delete a training framework program',
  })
  @ApiErrors('FORBIDDEN')
  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.programs.remove(ctx, target);
  }
}
