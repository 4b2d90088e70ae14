import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles, UuidParam } from '@sports/common';
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
  list(@Query() query: AdminUserQuery): Promise<AdminUserListResponse> {
    return this.admin.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ApiNotFoundResponse()
  get(@UuidParam() id: string): Promise<AdminUserDetailResponse> {
    return this.admin.get(id);
  }

  @Put(':id/role')
  @ApiOkResponse({ type: UserResponse })
  @ApiConflictResponse({ description: 'ADMIN_SELF_LOCKOUT: an admin cannot demote themselves' })
  setRole(
    @CurrentUser() actor: AuthUser,
    @UuidParam() id: string,
    @Body() body: SetRoleRequest,
  ): Promise<UserResponse> {
    return this.admin.setRole(actor, id, body.role);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponse })
  @ApiConflictResponse({ description: 'ADMIN_SELF_LOCKOUT: an admin cannot deactivate themselves' })
  deactivate(@CurrentUser() actor: AuthUser, @UuidParam() id: string): Promise<UserResponse> {
    return this.admin.setActive(actor, id, false);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponse })
  activate(@CurrentUser() actor: AuthUser, @UuidParam() id: string): Promise<UserResponse> {
    return this.admin.setActive(actor, id, true);
  }

  @Put(':id/tier')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  setTier(@UuidParam() id: string, @Body() body: SetTierRequest): Promise<AdminUserDetailResponse> {
    return this.admin.setTier(id, body.tier);
  }

  @Put(':id/features/:feature')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_FEATURE' })
  setFeature(
    @UuidParam() id: string,
    @Param('feature') feature: string,
    @Body() body: SetFeatureOverrideRequest,
  ): Promise<AdminUserDetailResponse> {
    return this.admin.setFeature(id, feature, body.granted);
  }

  @Delete(':id/features/:feature')
  @ApiOkResponse({ type: AdminUserDetailResponse })
  @ApiNotFoundResponse({ description: 'no override for this feature' })
  clearFeature(
    @UuidParam() id: string,
    @Param('feature') feature: string,
  ): Promise<AdminUserDetailResponse> {
    return this.admin.clearFeature(id, feature);
  }
}
