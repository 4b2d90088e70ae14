import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles, UuidParam } from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  DiscoverRequest,
  DiscoverResponse,
  ExecuteRequest,
  JobResponse,
  LogListResponse,
  LogQuery,
  PagesRequest,
  PreviewResponse,
} from './dto/import-wiki.dto';
import { ImportWikiService } from './import-wiki.service';

/** Wiki import (platform admins): discover, preview, execute, status, logs. */
@ApiTags('import-wiki')
@Controller('import-wiki')
export class ImportWikiController {
  constructor(private readonly wiki: ImportWikiService) {}

  @Post('discover')
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: DiscoverResponse })
  discover(@Body() body: DiscoverRequest): Promise<DiscoverResponse> {
    return this.wiki.discover(body);
  }

  @Post('preview')
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: PreviewResponse })
  preview(@Body() body: PagesRequest): Promise<PreviewResponse> {
    return this.wiki.preview(body);
  }

  @Post('execute')
  @HttpCode(202)
  @Roles('admin')
  @ApiAcceptedResponse({ type: JobResponse })
  execute(@Tenant() ctx: TenantContext, @Body() body: ExecuteRequest): Promise<JobResponse> {
    return this.wiki.execute(ctx, body);
  }

  @Get('jobs/:id')
  @Roles('admin')
  @ApiOkResponse({ type: JobResponse })
  status(@UuidParam() id: string): Promise<JobResponse> {
    return this.wiki.status(id);
  }

  @Get('jobs/:id/logs')
  @Roles('admin')
  @ApiOkResponse({ type: LogListResponse })
  logs(@UuidParam() id: string, @Query() query: LogQuery): Promise<LogListResponse> {
    return this.wiki.logs(id, query);
  }
}
