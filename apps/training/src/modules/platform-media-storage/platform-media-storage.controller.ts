import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  Roles,
} from '@sports/common';
import {
  PlatformMediaStorageResponse,
  UpdatePlatformMediaStorageRequest,
} from './dto/platform-media-storage.dto';
import { PlatformMediaStorageService } from './platform-media-storage.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('admin')
@TenantScoped()
@Controller('admin/platform-media-storage')
export class PlatformMediaStorageController {
  constructor(private readonly storage: PlatformMediaStorageService) {}

  @ApiOperation({
    operationId: 'getPlatformMediaStorage',
    summary: 'Get the platform media storage settings and usage',
  })
  @Get()
  @Roles('superadmin')
  @ApiOkResponse({ type: PlatformMediaStorageResponse })
  @EntityTagged()
  get(): Promise<PlatformMediaStorageResponse> {
    return this.storage.get();
  }

  @ApiOperation({
    operationId: 'replacePlatformMediaStorage',
    summary: 'Replace the platform media storage settings',
  })
  @Put()
  @Roles('superadmin')
  @ApiOkResponse({ type: PlatformMediaStorageResponse })
  @ConditionalWrite()
  update(
    @CurrentUser() caller: AuthUser,
    @Body() body: UpdatePlatformMediaStorageRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<PlatformMediaStorageResponse> {
    return this.storage.update(caller, body, ifMatch);
  }
}
