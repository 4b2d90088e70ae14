import { Body, Controller, Delete, Get, HttpCode, Ip, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  ReadWithAuthState,
  Roles,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import {
  ActiveClubHeader,
  AllowStaleClubContext,
} from '../tenant-context/tenant-context.decorators';
import {
  CreatedProfileResponse,
  CreateProfileRequest,
  ListProfilesQuery,
  OwnProfileResponse,
  ProfileListResponse,
  UpdateProfileRequest,
} from './dto/profile.dto';
import { ProfileResponse } from './profile.response';
import { OWN_PROFILE_COLUMNS } from './profiles.repository';
import { ProfilesService } from './profiles.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('profiles')
@TenantScoped()
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @ApiOperation({ operationId: 'listProfiles', summary: 'List profiles (platform admins)' })
  @Get('profiles')
  @Roles('admin')
  @ApiOkResponse({ type: ProfileListResponse })
  list(@Query() query: ListProfilesQuery): Promise<ProfileListResponse> {
    return this.profiles.list(query);
  }

  @ApiOperation({ operationId: 'createProfile', summary: 'Create a profile (platform admins)' })
  @ApiErrors('SUPERADMIN_REQUIRED')
  @Post('profiles')
  @Roles('admin')
  @ApiCreatedResponse({ type: CreatedProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN' })
  @EntityTagged()
  create(
    @CurrentUser() caller: AuthUser,
    @Body() body: CreateProfileRequest,
  ): Promise<CreatedProfileResponse> {
    return this.profiles.create(caller, body);
  }

  /** Declared before `profiles/:id` so that `me` is never taken for an id. */
  @ApiOperation({
    operationId: 'getOwnProfile',
    summary: "Get the caller's profile with clubs and effective club",
  })
  @Get('profiles/me')
  @Authenticated()
  @ReadWithAuthState(OWN_PROFILE_COLUMNS)
  @AllowStaleClubContext()
  @ApiOkResponse({ type: OwnProfileResponse })
  @EntityTagged()
  me(
    @CurrentUser() caller: AuthUser,
    @ActiveClubHeader() activeClub?: string,
  ): Promise<OwnProfileResponse> {
    return this.profiles.me(caller, activeClub);
  }

  @ApiOperation({ operationId: 'getProfile', summary: 'Get a profile' })
  @ApiErrors('FORBIDDEN')
  @Get('profiles/:id')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFoundResponse()
  @EntityTagged()
  get(@CurrentUser() caller: AuthUser, @UuidParam('id') id: string): Promise<ProfileResponse> {
    return this.profiles.get(caller, id);
  }

  @ApiOperation({ operationId: 'replaceProfile', summary: "Replace a profile's fields" })
  @ApiErrors('SUPERADMIN_REQUIRED')
  @Put('profiles/:id')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN or LAST_SUPERADMIN' })
  @ApiUnprocessableEntityResponse({ description: 'ACTIVE_CLUB_NOT_A_MEMBERSHIP' })
  @ApiForbiddenResponse({
    description:
      'CURRENT_SECRET_INVALID (current_pin wrong), FORBIDDEN or ROLE_CHANGE_FORBIDDEN; 429 RATE_LIMITED after repeated wrong PINs',
  })
  @ConditionalWrite()
  update(
    @CurrentUser() caller: AuthUser,
    @WriteTarget('id') target: WriteTarget,
    @Body() body: UpdateProfileRequest,
    @Ip() address: string,
  ): Promise<ProfileResponse> {
    return this.profiles.update(caller, target, body, address);
  }

  @ApiOperation({
    operationId: 'replaceOwnProfile',
    summary: "Replace the caller's own profile fields",
  })
  @Put('profile')
  @Authenticated()
  @ApiOkResponse({ type: ProfileResponse })
  @ApiConflictResponse({ description: 'EMAIL_TAKEN or LAST_SUPERADMIN' })
  @ApiUnprocessableEntityResponse({ description: 'ACTIVE_CLUB_NOT_A_MEMBERSHIP' })
  @ApiForbiddenResponse({
    description:
      'CURRENT_SECRET_INVALID (current_pin wrong), FORBIDDEN or ROLE_CHANGE_FORBIDDEN; 429 RATE_LIMITED after repeated wrong PINs',
  })
  @ConditionalWrite()
  updateOwn(
    @CurrentUser() caller: AuthUser,
    @Body() body: UpdateProfileRequest,
    @Ip() address: string,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<ProfileResponse> {
    return this.profiles.update(caller, { id: caller.id, ifMatch }, body, address);
  }

  @ApiOperation({ operationId: 'deleteProfile', summary: 'Delete a profile (platform admins)' })
  @ApiErrors('SUPERADMIN_REQUIRED')
  @Delete('profiles/:id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'LAST_SUPERADMIN' })
  @ConditionalWrite()
  remove(@CurrentUser() caller: AuthUser, @WriteTarget('id') target: WriteTarget): Promise<void> {
    return this.profiles.delete(caller, target);
  }
}
