import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Ip,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, Roles, UuidParam } from '@sports/common';
import { AllowStaleClubContext } from '../tenant-context/tenant-context.decorators';
import {
  CreatedProfileResponse,
  CreateProfileRequest,
  ListProfilesQuery,
  OwnProfileResponse,
  ProfileListResponse,
  UpdateProfileRequest,
} from './dto/profile.dto';
import { ProfileResponse } from './profile.response';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('profiles')
  @Roles('admin')
  @ApiOkResponse({ type: ProfileListResponse })
  list(@Query() query: ListProfilesQuery): Promise<ProfileListResponse> {
    return this.profiles.list(query);
  }

  @Post('profiles')
  @Roles('admin')
  @ApiCreatedResponse({ type: CreatedProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN' })
  create(
    @CurrentUser() caller: AuthUser,
    @Body() body: CreateProfileRequest,
  ): Promise<CreatedProfileResponse> {
    return this.profiles.create(caller, body);
  }

  /** Declared before `profiles/:pid` so that `me` is never taken for an id. */
  @Get('profiles/me')
  @Authenticated()
  @AllowStaleClubContext()
  @ApiHeader({ name: 'X-Active-Club-Id', required: false, description: 'A stale value is ignored' })
  @ApiOkResponse({ type: OwnProfileResponse })
  me(
    @CurrentUser() caller: AuthUser,
    @Headers('x-active-club-id') activeClub?: string,
  ): Promise<OwnProfileResponse> {
    return this.profiles.me(caller, activeClub);
  }

  @Get('profiles/:pid')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFoundResponse()
  get(@CurrentUser() caller: AuthUser, @UuidParam('pid') pid: string): Promise<ProfileResponse> {
    return this.profiles.get(caller, pid);
  }

  @Put('profiles/:id')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN or LAST_SUPERADMIN' })
  @ApiUnprocessableEntityResponse({ description: 'ACTIVE_CLUB_NOT_A_MEMBERSHIP' })
  @ApiForbiddenResponse({
    description:
      'CURRENT_SECRET_INVALID (current_pin wrong), FORBIDDEN or ROLE_CHANGE_FORBIDDEN; 429 RATE_LIMITED after repeated wrong PINs',
  })
  update(
    @CurrentUser() caller: AuthUser,
    @UuidParam('id') id: string,
    @Body() body: UpdateProfileRequest,
    @Ip() address: string,
  ): Promise<ProfileResponse> {
    return this.profiles.update(caller, id, body, address);
  }

  @Put('profile')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN or LAST_SUPERADMIN' })
  @ApiUnprocessableEntityResponse({ description: 'ACTIVE_CLUB_NOT_A_MEMBERSHIP' })
  @ApiForbiddenResponse({
    description:
      'CURRENT_SECRET_INVALID (current_pin wrong), FORBIDDEN or ROLE_CHANGE_FORBIDDEN; 429 RATE_LIMITED after repeated wrong PINs',
  })
  updateOwn(
    @CurrentUser() caller: AuthUser,
    @Body() body: UpdateProfileRequest,
    @Ip() address: string,
  ): Promise<ProfileResponse> {
    return this.profiles.update(caller, caller.id, body, address);
  }

  @Delete('profiles/:pid')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'LAST_SUPERADMIN' })
  remove(@CurrentUser() caller: AuthUser, @UuidParam('pid') pid: string): Promise<void> {
    return this.profiles.delete(caller, pid);
  }
}
