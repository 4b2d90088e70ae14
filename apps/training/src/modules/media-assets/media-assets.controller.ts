import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  Authenticated,
  Roles,
  SignedFileRoute,
  sendStoredFile,
  UuidParam,
  UuidParamPipe,
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
import { MEDIA_MIME_TYPES } from './storage/media-sniff';

@ApiTags('media-assets')
@Controller('media-assets')
export class MediaAssetsController {
  constructor(
    private readonly assets: MediaAssetsService,
    private readonly lifecycles: MediaLifecycleService,
    private readonly retention: MediaRetentionService,
    private readonly files: MediaAssetFiles,
  ) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListMediaAssetsQuery,
  ): Promise<MediaAssetListResponse> {
    return this.assets.list(ctx, query);
  }

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
  @Post('retention/run')
  @Roles('superadmin')
  @HttpCode(200)
  @ApiOkResponse({ type: RetentionRunResponse })
  runRetention(): Promise<RetentionRunResponse> {
    return this.retention.runPass();
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetResponse })
  get(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<MediaAssetResponse> {
    return this.assets.get(ctx, id);
  }

  /** The file with its sniffed Content-Type; single byte ranges answer 206, outside ones 416. */
  @Get(':id/file')
  @Authenticated()
  @ApiProduces('application/octet-stream')
  async file(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await sendStoredFile(res, await this.assets.openFile(ctx, id, { range, ifNoneMatch }));
  }

  /**
   * The file or one of its renditions through a signed URL (`url` and `renditions[].url` of
   * the asset responses): no Authorization header, usable in `<img>`/`<video>` of pages on
   * other origins; Range, ETag/304, `Cache-Control: private, max-age=<remaining lifetime>`.
   */
  @Get(':id/content')
  @SignedFileRoute([...MEDIA_MIME_TYPES])
  async content(@UuidParam() id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.files.serve(req, res, id);
  }

  @Patch(':id')
  @Authenticated()
  @ApiOkResponse({ type: MediaAssetResponse })
  patch(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateMediaAssetRequest,
  ): Promise<MediaAssetResponse> {
    return this.assets.patch(ctx, id, body);
  }

  @Post(':id/lifecycle')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: LifecycleResponse })
  lifecycle(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: LifecycleRequest,
  ): Promise<LifecycleResponse> {
    return this.lifecycles.lifecycle(ctx, id, body);
  }
}
