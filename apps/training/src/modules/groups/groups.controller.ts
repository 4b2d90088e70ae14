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
  PageQuery,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  CreateGroupRequest,
  GroupListResponse,
  GroupResponse,
  UpdateGroupRequest,
} from './dto/group.dto';
import { GroupsService } from './groups.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('groups')
@TenantScoped()
@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @ApiOperation({ operationId: 'listGroups', summary: 'List the groups of a club' })
  @ApiErrors('FORBIDDEN')
  @Get('clubs/:id/groups')
  @Authenticated()
  @ApiOkResponse({ type: GroupListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Query() query: PageQuery,
  ): Promise<GroupListResponse> {
    return this.groups.list(ctx, clubId, query);
  }

  @ApiOperation({ operationId: 'createGroup', summary: 'Create a group in a club' })
  @ApiErrors('FORBIDDEN', 'INVALID_GROUP_TRAINER')
  @Post('clubs/:id/groups')
  @Authenticated()
  @ApiCreatedResponse({ type: GroupResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Body() body: CreateGroupRequest,
  ): Promise<GroupResponse> {
    return this.groups.create(ctx, clubId, body);
  }

  @ApiOperation({ operationId: 'getGroup', summary: 'Get a group' })
  @ApiErrors('FORBIDDEN')
  @Get('groups/:gid')
  @Authenticated()
  @ApiOkResponse({ type: GroupResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam('gid') groupId: string): Promise<GroupResponse> {
    return this.groups.get(ctx, groupId);
  }

  @ApiOperation({ operationId: 'replaceGroup', summary: 'Replace a group' })
  @ApiErrors('FORBIDDEN')
  @Put('groups/:gid')
  @Authenticated()
  @ApiOkResponse({ type: GroupResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget('gid') target: WriteTarget,
    @Body() body: UpdateGroupRequest,
  ): Promise<GroupResponse> {
    return this.groups.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteGroup', summary: 'Delete a group' })
  @ApiErrors('FORBIDDEN')
  @Delete('groups/:gid')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget('gid') target: WriteTarget): Promise<void> {
    return this.groups.remove(ctx, target);
  }
}
