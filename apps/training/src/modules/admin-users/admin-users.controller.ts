import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '@sports/common';
import { AdminUserListResponse, ListAdminUsersQuery } from './dto/admin-user.dto';
import { AdminUsersService } from './admin-users.service';

@ApiTags('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponse })
  list(@Query() query: ListAdminUsersQuery): Promise<AdminUserListResponse> {
    return this.users.list(query);
  }
}
