import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import { MembershipResponse } from './dto/membership.dto';
import { MembershipService } from './membership.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('membership')
@TenantScoped()
@Controller('membership')
export class MembershipController {
  constructor(private readonly membership: MembershipService) {}

  @ApiOperation({
    operationId: 'getMembership',
    summary: "Get the caller's membership tier, limits and usage",
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MembershipResponse })
  get(@CurrentUser() caller: AuthUser): Promise<MembershipResponse> {
    return this.membership.ofProfile(caller.id);
  }
}
