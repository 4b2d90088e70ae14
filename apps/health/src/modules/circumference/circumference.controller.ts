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
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import {
  CreateCircumferenceRequest,
  UpdateCircumferenceRequest,
  CircumferenceListResponse,
  CircumferenceQuery,
  CircumferenceResponse,
} from './dto/circumference.dto';
import { CircumferenceService } from './circumference.service';

@ApiTags('circumference')
@Controller('circumference')
@Authenticated()
export class CircumferenceController {
  constructor(private readonly entries: CircumferenceService) {}

  @Post()
  @ApiCreatedResponse({ type: CircumferenceResponse })
  @ApiConflictResponse({
    description: 'CIRCUMFERENCE_EXISTS_FOR_DAY: that day and site already have an entry',
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateCircumferenceRequest,
  ): Promise<CircumferenceResponse> {
    return this.entries.create(user.id, body);
  }

  @Get()
  @ApiOkResponse({ type: CircumferenceListResponse })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: CircumferenceQuery,
  ): Promise<CircumferenceListResponse> {
    return this.entries.list(user.id, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: CircumferenceResponse })
  @ApiNotFoundResponse()
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<CircumferenceResponse> {
    return this.entries.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: CircumferenceResponse })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'CIRCUMFERENCE_EXISTS_FOR_DAY' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateCircumferenceRequest,
  ): Promise<CircumferenceResponse> {
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
