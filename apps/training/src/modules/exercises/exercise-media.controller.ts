import {
  Body,
  CallHandler,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  Injectable,
  NestInterceptor,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  stagingUploadEngine,
  UPLOAD_RECEIVER,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { Observable } from 'rxjs';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant, TENANT_REQUEST_KEY } from '../tenant-context/tenant-context.decorators';
import {
  ExerciseMediaLinkedResponse,
  ExerciseMediaListResponse,
  LinkMediaAssetRequest,
  UnlinkMediaResponse,
  UpdateExerciseMediaRequest,
  UploadExerciseMediaFields,
  UploadExerciseMediaRequest,
} from './dto/exercise-media.dto';
import { ExerciseMediaService, UploadedFile as MediaFile } from './exercise-media.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

/**
 * multer's options for the upload route. The parser's and file stream's buffers are 1 MB, not
 * 16 KB: fewer pause/resume turns of the request per file (`highWaterMark` and `fileHwm` are
 * multer 2 options that @types/multer does not list yet).
 */
const UPLOAD_OPTIONS: MulterOptions & { highWaterMark: number; fileHwm: number } = {
  storage: stagingUploadEngine,
  limits: { files: 1, fields: 20, fieldSize: 8192, parts: 22 },
  highWaterMark: 1024 * 1024,
  fileHwm: 1024 * 1024,
};

/**
 * Runs before multer: checks that the caller may change the exercise and gives the storage
 * engine its receiver (staging file, hashing, tier limit), so no byte is read for a refused
 * request.
 */
@Injectable()
export class ExerciseMediaUploadInterceptor implements NestInterceptor {
  constructor(private readonly media: ExerciseMediaService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Record<string, unknown>>();
    const ctx = req[TENANT_REQUEST_KEY] as TenantContext;
    const params = req.params as Record<string, string>;
    req[UPLOAD_RECEIVER] = await this.media.prepareUpload(ctx, params.id);
    return next.handle();
  }
}

@ApiTags('exercises')
@TenantScoped()
@Controller('exercises')
export class ExerciseMediaController {
  constructor(private readonly media: ExerciseMediaService) {}

  @ApiOperation({
    operationId: 'listExerciseMedia',
    summary: 'List the media of an exercise',
    description:
      'The ETag is the version of the exercise (its media change it): send it in If-Match to replace or unlink its media.',
  })
  @Get(':id/media')
  @Authenticated()
  @ApiOkResponse({ type: ExerciseMediaListResponse })
  @EntityTagged()
  list(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ExerciseMediaListResponse> {
    return this.media.list(ctx, id);
  }

  /** Multipart upload (part `file`), streamed to storage while hashed; de-duplicated. */
  @ApiOperation({
    operationId: 'uploadExerciseMedia',
    summary: 'Upload a file or add a link as media of an exercise',
  })
  @ApiErrors('FORBIDDEN')
  @Post(':id/media')
  @Authenticated()
  @UseInterceptors(ExerciseMediaUploadInterceptor, FileInterceptor('file', UPLOAD_OPTIONS))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadExerciseMediaRequest })
  @ApiCreatedResponse({ type: ExerciseMediaLinkedResponse })
  @ApiPayloadTooLargeResponse({
    description:
      'PAYLOAD_TOO_LARGE (file over the tier’s per-file limit) or STORAGE_QUOTA_EXCEEDED (the owner’s stored media would pass the tier’s quota)',
  })
  @ApiConflictResponse({ description: 'MEDIA_ASSET_IN_TRASH or MEDIA_ASSET_DUPLICATE' })
  @ApiUnprocessableEntityResponse({
    description:
      'CLUB_MEDIA_COPYRIGHT_MISSING / CLUB_MEDIA_COPYRIGHT_TOO_SHORT (club exercise, notice under 3 characters), CLUB_REQUIRED, UNKNOWN_CLUB',
  })
  upload(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @UploadedFile() file: MediaFile | undefined,
    @Body() body: UploadExerciseMediaFields,
  ): Promise<ExerciseMediaLinkedResponse> {
    return this.media.upload(ctx, id, file, body);
  }

  @ApiOperation({
    operationId: 'replaceExerciseMedia',
    summary: "Replace the order and captions of an exercise's media",
  })
  @Put(':id/media')
  @Authenticated()
  @ApiOkResponse({ type: ExerciseMediaListResponse })
  @ConditionalWrite()
  updateLinks(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateExerciseMediaRequest,
  ): Promise<ExerciseMediaListResponse> {
    return this.media.updateLinks(ctx, target, body);
  }

  @ApiOperation({
    operationId: 'linkExerciseMediaAsset',
    summary: 'Link an existing media asset to an exercise',
  })
  @Post(':id/media/from-asset')
  @Authenticated()
  @ApiCreatedResponse({ type: ExerciseMediaLinkedResponse })
  @ApiConflictResponse({ description: 'MEDIA_ASSET_IN_TRASH' })
  @ApiUnprocessableEntityResponse({
    description:
      'CLUB_MEDIA_COPYRIGHT_MISSING / CLUB_MEDIA_COPYRIGHT_TOO_SHORT: a club exercise takes media with a notice of at least 3 characters',
  })
  fromAsset(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: LinkMediaAssetRequest,
  ): Promise<ExerciseMediaLinkedResponse> {
    return this.media.fromAsset(ctx, id, body);
  }

  @ApiOperation({
    operationId: 'unlinkExerciseMedia',
    summary: 'Unlink a medium from an exercise',
    description:
      "If-Match names a version of the exercise's media (the ETag of listExerciseMedia or getExercise); the answer's ETag is their new version.",
  })
  @Delete(':id/media/:mid')
  @Authenticated()
  @ApiOkResponse({ type: UnlinkMediaResponse })
  @ConditionalWrite()
  unlink(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @UuidParam('mid') mid: string,
  ): Promise<UnlinkMediaResponse> {
    return this.media.unlink(ctx, target, mid);
  }
}
