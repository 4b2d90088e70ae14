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
  PageQuery,
  Public,
  Roles,
  UuidParam,
  ConditionalWrite,
  EntityTagged,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import { ClubsService } from './clubs.service';
import {
  ClubDirectoryQuery,
  ClubDirectoryResponse,
  ClubListResponse,
  ClubResponse,
  CreateClubRequest,
  UpdateClubRequest,
} from './dto/club.dto';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('clubs')
@TenantScoped()
@Controller('clubs')
export class ClubsController {
  constructor(private readonly clubs: ClubsService) {}

  @ApiOperation({ operationId: 'listClubs', summary: 'List clubs' })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ClubListResponse, description: 'Platform admins: all clubs; others: own' })
  list(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<ClubListResponse> {
    return this.clubs.list(ctx, query);
  }

  @ApiOperation({ operationId: 'listClubDirectory', summary: 'List the public club directory' })
  @Get('directory')
  @Public()
  @ApiOkResponse({ type: ClubDirectoryResponse, description: 'Listed clubs, no sign-in needed' })
  directory(@Query() query: ClubDirectoryQuery): Promise<ClubDirectoryResponse> {
    return this.clubs.directory(query);
  }

  @ApiOperation({ operationId: 'getClub', summary: 'Get a club' })
  @ApiErrors('FORBIDDEN')
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ClubResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ClubResponse> {
    return this.clubs.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createClub', summary: 'Create a club (platform admins)' })
  @ApiErrors('UNKNOWN_PROFILE')
  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: ClubResponse })
  @EntityTagged()
  create(@Tenant() ctx: TenantContext, @Body() body: CreateClubRequest): Promise<ClubResponse> {
    return this.clubs.create(ctx, body);
  }

  @ApiOperation({ operationId: 'replaceClub', summary: "Replace a club's fields" })
  @ApiErrors('FORBIDDEN', 'NOT_A_CLUB_MEMBER')
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: ClubResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateClubRequest,
  ): Promise<ClubResponse> {
    return this.clubs.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteClub', summary: 'Delete a club' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.clubs.remove(target);
  }
}
