import { Body, Controller, Get, HttpCode, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  Roles,
  SignedFileRoute,
  sendStoredFile,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { Request, Response } from 'express';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  BulkLifecycleRequest,
  BulkLifecycleResponse,
  BulkPatchRequest,
  BulkPatchResponse,
  LifecycleRequest,
  LifecycleResponse,
  ListMediaAssetsQuery,
  MediaAssetListResponse,
  MediaAssetResponse,
  RetentionRunResponse,
  UpdateMediaAssetRequest,
} from './dto/media-asset.dto';
import { MediaAssetFiles } from './media-asset-files.service';
import { MediaAssetsService } from './media-assets.service';
import { MediaLifecycleService } from './media-lifecycle.service';
import { MediaRetentionService } from './media-retention.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';
import { ApiFileResponses } from './api-file-responses.decorator';
import { MEDIA_MIME_TYPES } from './storage/media-sniff';

@ApiTags('media-assets')
@TenantScoped()
@Controller('media-assets')
export class MediaAssetsController {
  constructor(
    private readonly assets: MediaAssetsService,
    private readonly lifecycles: MediaLifecycleService,
    private readonly retention: MediaRetentionService,
    private readonly files: MediaAssetFiles,
  ) {}

  @ApiOperation({ operationId: 'listMediaAssets', summary: 'List media assets of the library' })
  @ApiErrors('CLUB_FILTER_FORBIDDEN')
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListMediaAssetsQuery,
  ): Promise<MediaAssetListResponse> {
    return this.assets.list(ctx, query);
  }

  @ApiOperation({
    operationId: 'applyMediaAssetLifecycleInBulk',
    summary: 'Apply a lifecycle action to several media assets',
  })
  @ApiErrors('BULK_FORBIDDEN', 'NOT_FOUND')
  @Post('bulk-lifecycle')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: BulkLifecycleResponse })
  bulkLifecycle(
    @Tenant() ctx: TenantContext,
    @Body() body: BulkLifecycleRequest,
  ): Promise<BulkLifecycleResponse> {
    return this.lifecycles.bulkLifecycle(ctx, body);
  }

  @ApiOperation({
    operationId: 'updateMediaAssetsInBulk',
    summary: 'Update metadata of several media assets',
  })
  @ApiErrors('BULK_FORBIDDEN', 'NOT_FOUND')
  @Post('bulk-patch')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: BulkPatchResponse })
  bulkPatch(
    @Tenant() ctx: TenantContext,
    @Body() body: BulkPatchRequest,
  ): Promise<BulkPatchResponse> {
    return this.assets.bulkPatch(ctx, body);
  }

  /** Runs the retention job now (it also runs every MEDIA_RETENTION_INTERVAL_MINUTES). */
  @ApiOperation({
    operationId: 'runMediaRetention',
    summary: 'Run the media retention now (superadmins)',
  })
  @Post('retention/run')
  @Roles('superadmin')
  @HttpCode(200)
  @ApiOkResponse({ type: RetentionRunResponse })
  runRetention(): Promise<RetentionRunResponse> {
    return this.retention.runPass();
  }

  @ApiOperation({ operationId: 'getMediaAsset', summary: 'Get a media asset' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<MediaAssetResponse> {
    return this.assets.get(ctx, id);
  }

  /** The file with its sniffed Content-Type; single byte ranges answer 206, outside ones 416. */
  @ApiOperation({
    operationId: 'getMediaAssetFile',
    summary: "Download a media asset's file (byte ranges supported)",
  })
  @ApiErrors('INTERNAL_ERROR', 'RANGE_NOT_SATISFIABLE')
  @Get(':id/file')
  @Authenticated()
  @ApiFileResponses()
  async file(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    // Read from the request: @Headers() would declare Range a second time in the document.
    const file = await this.assets.openFile(ctx, id, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
    });
    await sendStoredFile(res, file);
  }

  /**
   * The file or one of its renditions through a signed URL (`url` and `renditions[].url` of
   * the asset responses): no Authorization header, usable in `<img>`/`<video>` of pages on
   * other origins; Range, ETag/304, `Cache-Control: private, max-age=<remaining lifetime>`.
   */
  @Get(':id/content')
  @ApiOperation({
    operationId: 'getMediaAssetContent',
    summary: 'Get a media file or one of its renditions through a signed URL (no Authorization)',
  })
  @SignedFileRoute([...MEDIA_MIME_TYPES])
  async content(@UuidParam() id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.files.serve(req, res, id);
  }

  @ApiOperation({ operationId: 'updateMediaAsset', summary: "Update a media asset's metadata" })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'INTERNAL_ERROR',
    'MEDIA_ASSET_DUPLICATE',
    'OFFICIAL_CONTENT_FORBIDDEN',
  )
  @Patch(':id')
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetResponse })
  @ConditionalWrite()
  patch(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateMediaAssetRequest,
  ): Promise<MediaAssetResponse> {
    return this.assets.patch(ctx, target, body);
  }

  @ApiOperation({
    operationId: 'applyMediaAssetLifecycle',
    summary: 'Apply a lifecycle action to a media asset (trash, reactivate, purge)',
  })
  @ApiErrors(
    'MEDIA_LIFECYCLE_FORBIDDEN',
    'MEDIA_LIFECYCLE_INVALID',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'RESOURCE_IN_USE',
    'SUPERADMIN_REQUIRED',
  )
  @Post(':id/lifecycle')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({
    type: LifecycleResponse,
    description: "The ETag is the asset's new version (none after a purge)",
  })
  @ConditionalWrite()
  lifecycle(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: LifecycleRequest,
  ): Promise<LifecycleResponse> {
    return this.lifecycles.lifecycle(ctx, target, body);
  }
}
