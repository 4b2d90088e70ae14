import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '@sports/common';
import {
  PlatformMediaStorageResponse,
  UpdatePlatformMediaStorageRequest,
} from './dto/platform-media-storage.dto';
import { PlatformMediaStorageService } from './platform-media-storage.service';

@ApiTags('admin')
@Controller('admin/platform-media-storage')
export class PlatformMediaStorageController {
  constructor(private readonly storage: PlatformMediaStorageService) {}

  @Get()
  @Roles('superadmin')
  @ApiOkResponse({ type: PlatformMediaStorageResponse })
  get(): Promise<PlatformMediaStorageResponse> {
    return this.storage.get();
  }

  @Put()
  @Roles('superadmin')
  @ApiOkResponse({ type: PlatformMediaStorageResponse })
  update(
    @CurrentUser() caller: AuthUser,
    @Body() body: UpdatePlatformMediaStorageRequest,
  ): Promise<PlatformMediaStorageResponse> {
    return this.storage.update(caller, body);
  }
}
