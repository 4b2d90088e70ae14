import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  Roles,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import { UserResponse } from '../profiles/user.response';
import { AdminUsersService } from './admin-users.service';
import {
  AdminUserDetailResponse,
  AdminUserListResponse,
  AdminUserQuery,
  SetFeatureOverrideRequest,
  SetRoleRequest,
  SetTierRequest,
} from './dto/admin-users.dto';

@ApiTags('admin')
@Controller('admin/users')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly admin: AdminUsersService) {}

  @Get()
  @ApiOkResponse({ type: AdminUserListResponse })
  @ApiOperation({ operationId: 'listUsers', summary: 'List user accounts (admin)' })
  list(@Query() query: AdminUserQuery): Promise<AdminUserListResponse> {
    return this.admin.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @EntityTagged()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getUser', summary: 'Get one user account (admin)' })
  get(@UuidParam() id: string): Promise<AdminUserDetailResponse> {
    return this.admin.get(id);
  }

  @Put(':id/role')
  @ApiOkResponse({ type: UserResponse })
  @ConditionalWrite()
  @ApiConflictResponse({ description: 'ADMIN_SELF_LOCKOUT: an admin cannot demote themselves' })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'setUserRole', summary: 'Set the role of an account (admin)' })
  setRole(
    @CurrentUser() actor: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: SetRoleRequest,
  ): Promise<UserResponse> {
    return this.admin.setRole(actor, target.id, body.role, target.ifMatch);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponse })
  @ApiConflictResponse({ description: 'ADMIN_SELF_LOCKOUT: an admin cannot deactivate themselves' })
  @ApiErrors('NOT_FOUND', 'ADMIN_SELF_LOCKOUT')
  @ApiOperation({ operationId: 'deactivateUser', summary: 'Deactivate an account (admin)' })
  deactivate(@CurrentUser() actor: AuthUser, @UuidParam() id: string): Promise<UserResponse> {
    return this.admin.setActive(actor, id, false);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponse })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'activateUser', summary: 'Activate an account again (admin)' })
  activate(@CurrentUser() actor: AuthUser, @UuidParam() id: string): Promise<UserResponse> {
    return this.admin.setActive(actor, id, true);
  }

  @Put(':id/tier')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'setUserTier',
    summary: 'Set the membership tier of an account (admin)',
  })
  setTier(
    @WriteTarget() target: WriteTarget,
    @Body() body: SetTierRequest,
  ): Promise<AdminUserDetailResponse> {
    return this.admin.setTier(target.id, body.tier, target.ifMatch);
  }

  @Put(':id/features/:feature')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ConditionalWrite()
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_FEATURE' })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'setUserFeature',
    summary: 'Grant or deny one feature to an account (admin)',
  })
  setFeature(
    @WriteTarget() target: WriteTarget,
    @Param('feature') feature: string,
    @Body() body: SetFeatureOverrideRequest,
  ): Promise<AdminUserDetailResponse> {
    return this.admin.setFeature(target, feature, body.granted);
  }

  @Delete(':id/features/:feature')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ConditionalWrite()
  @ApiNotFoundResponse({ description: 'no override for this feature' })
  @ApiOperation({
    operationId: 'clearUserFeature',
    summary: 'Remove a feature override of an account (admin)',
  })
  clearFeature(
    @WriteTarget() target: WriteTarget,
    @Param('feature') feature: string,
  ): Promise<AdminUserDetailResponse> {
    return this.admin.clearFeature(target, feature);
  }
}
