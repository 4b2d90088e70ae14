import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors, Roles, UuidParam } from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  DiscoverRequest,
  DiscoverResponse,
  ExecuteRequest,
  JobListQuery,
  JobListResponse,
  JobResponse,
  LogListResponse,
  LogQuery,
  PagesRequest,
  PreviewResponse,
} from './dto/import-wiki.dto';
import { ImportWikiService } from './import-wiki.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

/** Wiki import (platform admins): discover, preview, execute, list, status, logs, cancel. */
@ApiTags('import-wiki')
@TenantScoped()
@Controller('import-wiki')
export class ImportWikiController {
  constructor(private readonly wiki: ImportWikiService) {}

  @ApiOperation({
    operationId: 'discoverWikiPages',
    summary: 'Discover the pages of a wiki to import',
  })
  @ApiErrors('INVALID_WIKI_URL', 'WIKI_HOST_NOT_ALLOWED')
  @Post('discover')
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: DiscoverResponse })
  discover(@Body() body: DiscoverRequest): Promise<DiscoverResponse> {
    return this.wiki.discover(body);
  }

  @ApiOperation({
    operationId: 'previewWikiImport',
    summary: 'Preview the exercises a wiki import would create',
  })
  @Post('preview')
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: PreviewResponse })
  preview(@Body() body: PagesRequest): Promise<PreviewResponse> {
    return this.wiki.preview(body);
  }

  @ApiOperation({ operationId: 'startWikiImport', summary: 'Start a wiki import job' })
  @Post('execute')
  @HttpCode(202)
  @Roles('admin')
  @ApiAcceptedResponse({ type: JobResponse, description: 'Queued; a worker runs the import' })
  @ApiConflictResponse({
    description: 'WIKI_IMPORT_RUNNING: an import of this wiki is queued or running',
  })
  execute(@Tenant() ctx: TenantContext, @Body() body: ExecuteRequest): Promise<JobResponse> {
    return this.wiki.execute(ctx, body);
  }

  /** Every import, newest first (all platform admins see all imports). */
  @ApiOperation({ operationId: 'listWikiImportJobs', summary: 'List wiki import jobs' })
  @Get('jobs')
  @Roles('admin')
  @ApiOkResponse({ type: JobListResponse })
  list(@Query() query: JobListQuery): Promise<JobListResponse> {
    return this.wiki.list(query);
  }

  @ApiOperation({ operationId: 'getWikiImportJob', summary: 'Get a wiki import job' })
  @Get('jobs/:id')
  @Roles('admin')
  @ApiOkResponse({ type: JobResponse })
  status(@UuidParam() id: string): Promise<JobResponse> {
    return this.wiki.status(id);
  }

  @ApiOperation({
    operationId: 'listWikiImportJobLogs',
    summary: 'List the log of a wiki import job',
  })
  @Get('jobs/:id/logs')
  @Roles('admin')
  @ApiOkResponse({ type: LogListResponse })
  logs(@UuidParam() id: string, @Query() query: LogQuery): Promise<LogListResponse> {
    return this.wiki.logs(id, query);
  }

  /** Stops a queued or running import; pages imported so far stay. */
  @ApiOperation({ operationId: 'cancelWikiImportJob', summary: 'Cancel a wiki import job' })
  @Post('jobs/:id/cancel')
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: JobResponse, description: 'The import, now cancelled' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such import' })
  @ApiConflictResponse({
    description: 'WIKI_IMPORT_ENDED: the import has completed, failed or was cancelled',
  })
  cancel(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<JobResponse> {
    return this.wiki.cancel(ctx, id);
  }
}
