import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  Authenticated,
  type AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  RequireFeatures,
  SignedFileRoute,
  UuidParam,
  stagingUploadEngine,
  ApiErrors,
  WriteTarget,
} from '@sports/common';
import type { Request, Response } from 'express';
import {
  ListPhotosQuery,
  PhotoListResponse,
  PhotoResponse,
  UploadPhotoForm,
  UploadPhotoRequest,
} from './dto/photo.dto';
import { PHOTO_MIME_TYPES } from './photo.entity';
import { PhotoFiles } from './photo-files.service';
import type { ReceivedPhoto } from './photo-storage';
import { PhotoUploadInterceptor } from './photo-upload.interceptor';
import { PhotosService } from './photos.service';

/** One file part; the size limit (PHOTO_MAX_BYTES) is enforced while the file streams in. */
const UPLOAD_OPTIONS = {
  storage: stagingUploadEngine,
  limits: { files: 1, fields: 10, parts: 12 },
};

@ApiTags('photos')
@Controller('photos')
@Authenticated()
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Get()
  @ApiOkResponse({ type: PhotoListResponse })
  @ApiOperation({ operationId: 'listPhotos', summary: 'List the caller’s progress photos' })
  list(@CurrentUser() user: AuthUser, @Query() query: ListPhotosQuery): Promise<PhotoListResponse> {
    return this.photos.list(user.id, query);
  }

  /** Interceptor order matters: the receiver (and cleanup) first, then multer. */
  @Post()
  @RequireFeatures('photos')
  @UseInterceptors(PhotoUploadInterceptor, FileInterceptor('file', UPLOAD_OPTIONS))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadPhotoForm })
  @ApiCreatedResponse({ type: PhotoResponse })
  @ApiPayloadTooLargeResponse({ description: 'Larger than PHOTO_MAX_BYTES' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Content is not JPEG, PNG, WebP or HEIC' })
  @ApiOperation({ operationId: 'uploadPhoto', summary: 'Upload a progress photo' })
  upload(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: ReceivedPhoto | undefined,
    @Body() body: UploadPhotoRequest,
  ): Promise<PhotoResponse> {
    return this.photos.upload(user.id, file, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: PhotoResponse })
  @EntityTagged()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getPhoto', summary: 'Get the metadata of one photo' })
  get(@CurrentUser() user: AuthUser, @UuidParam() id: string): Promise<PhotoResponse> {
    return this.photos.get(user.id, id);
  }

  @Get(':id/file')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'private, max-age=0, must-revalidate')
  @ApiOkResponse({
    description: 'The image bytes with the sniffed Content-Type (no byte ranges)',
    headers: {
      'Content-Length': { description: 'Size of the file in bytes', schema: { type: 'integer' } },
      'Content-Disposition': { description: 'inline', schema: { type: 'string' } },
    },
    content: Object.fromEntries(
      PHOTO_MIME_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'downloadPhotoFile', summary: 'Download the image file of a photo' })
  async file(@CurrentUser() user: AuthUser, @UuidParam() id: string): Promise<StreamableFile> {
    const { stream, mimeType, byteSize } = await this.photos.openFile(user.id, id);
    return new StreamableFile(stream, { type: mimeType, length: byteSize, disposition: 'inline' });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'deletePhoto', summary: 'Delete a photo and its file' })
  delete(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.photos.delete(user.id, target.id, target.ifMatch);
  }
}

/**
 * The signed file route of photos: no token, the signature of a `url` or `renditions[].url` of
 * the owner's photo responses is the credential (so that `<img src>` works on other origins).
 */
@ApiTags('photos')
@Controller('photos')
export class PhotoContentController {
  constructor(private readonly files: PhotoFiles) {}

  @Get(':id/content')
  @ApiOperation({
    operationId: 'getPhotoContent',
    summary: 'Get a photo or one of its renditions through a signed URL (no Authorization)',
  })
  @SignedFileRoute(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])
  async content(@UuidParam() id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.files.serve(req, res, id);
  }
}
