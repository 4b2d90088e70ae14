import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import { MembershipResponse } from './dto/membership.dto';
import { MembershipService } from './membership.service';

@ApiTags('membership')
@Controller('membership')
export class MembershipController {
  constructor(private readonly membership: MembershipService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MembershipResponse })
  get(@CurrentUser() caller: AuthUser): Promise<MembershipResponse> {
    return this.membership.ofProfile(caller.id);
  }
}
