import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  PageQuery,
  Public,
  Roles,
  UuidParam,
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

@ApiTags('clubs')
@Controller('clubs')
export class ClubsController {
  constructor(private readonly clubs: ClubsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ClubListResponse, description: 'Platform admins: all clubs; others: own' })
  list(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<ClubListResponse> {
    return this.clubs.list(ctx, query);
  }

  @Get('directory')
  @Public()
  @ApiOkResponse({ type: ClubDirectoryResponse, description: 'Listed clubs, no sign-in needed' })
  directory(@Query() query: ClubDirectoryQuery): Promise<ClubDirectoryResponse> {
    return this.clubs.directory(query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ClubResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ClubResponse> {
    return this.clubs.get(ctx, id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: ClubResponse })
  @EntityTagged()
  create(@Tenant() ctx: TenantContext, @Body() body: CreateClubRequest): Promise<ClubResponse> {
    return this.clubs.create(ctx, body);
  }

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

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.clubs.remove(target);
  }
}
