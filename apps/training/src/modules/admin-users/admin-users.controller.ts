import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@sports/common';
import { AdminUserListResponse, ListAdminUsersQuery } from './dto/admin-user.dto';
import { AdminUsersService } from './admin-users.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('admin')
@TenantScoped()
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @ApiOperation({
    operationId: 'listAdminUsers',
    summary: 'List users with their clubs and storage (platform admins)',
  })
  @Get()
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponse })
  list(@Query() query: ListAdminUsersQuery): Promise<AdminUserListResponse> {
    return this.users.list(query);
  }
}
