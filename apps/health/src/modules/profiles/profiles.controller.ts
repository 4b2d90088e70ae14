import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
} from '@sports/common';
import { UpdateProfileRequest } from './dto/profile.dto';
import { ProfilesService } from './profiles.service';
import { ProfileResponse } from './user.response';

@ApiTags('profiles')
@Controller('profile')
@Authenticated()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  @ApiOkResponse({ type: ProfileResponse })
  @EntityTagged()
  @ApiOperation({ operationId: 'getProfile', summary: 'Get the caller’s profile' })
  get(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.profiles.get(user.id);
  }

  @Put()
  @ApiOkResponse({ type: ProfileResponse })
  @ConditionalWrite()
  @ApiOperation({ operationId: 'replaceProfile', summary: 'Replace the caller’s profile fields' })
  update(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateProfileRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<ProfileResponse> {
    return this.profiles.update(user.id, body, ifMatch);
  }
}
