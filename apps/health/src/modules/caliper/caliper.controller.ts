import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import {
  CreateCaliperRequest,
  UpdateCaliperRequest,
  CaliperListResponse,
  CaliperQuery,
  CaliperResponse,
} from './dto/caliper.dto';
import { CaliperService } from './caliper.service';

@ApiTags('caliper')
@Controller('caliper')
@Authenticated()
export class CaliperController {
  constructor(private readonly entries: CaliperService) {}

  @Post()
  @ApiCreatedResponse({ type: CaliperResponse })
  @ApiUnprocessableEntityResponse({
    description:
      'PROFILE_INCOMPLETE, CALIPER_SITE_MISSING, CALIPER_AGE_OUT_OF_RANGE, CALIPER_RESULT_IMPLAUSIBLE',
  })
  @ApiConflictResponse({
    description: 'CALIPER_EXISTS_FOR_DAY: that day and formula already have an entry',
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.create(user.id, body);
  }

  @Get()
  @ApiOkResponse({ type: CaliperListResponse })
  list(@CurrentUser() user: AuthUser, @Query() query: CaliperQuery): Promise<CaliperListResponse> {
    return this.entries.list(user.id, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: CaliperResponse })
  @ApiNotFoundResponse()
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<CaliperResponse> {
    return this.entries.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: CaliperResponse })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'CALIPER_EXISTS_FOR_DAY' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.entries.remove(user.id, id);
  }
}
