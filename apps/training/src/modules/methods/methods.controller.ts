import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, Authenticated, CurrentUser, Roles } from '@sports/common';
import { UuidParamPipe } from '../club-memberships/uuid-param.pipe';
import {
  ListMethodsQuery,
  MethodListResponse,
  MethodRequest,
  MethodResponse,
  UpdateMethodRequest,
} from './dto/method.dto';
import { MethodsService } from './methods.service';

@ApiTags('methods')
@Controller('methods')
export class MethodsController {
  constructor(private readonly methods: MethodsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MethodListResponse })
  list(@Query() query: ListMethodsQuery): Promise<MethodListResponse> {
    return this.methods.list(query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MethodResponse })
  get(@Param('id', UuidParamPipe) id: string): Promise<MethodResponse> {
    return this.methods.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MethodResponse })
  create(@CurrentUser() user: AuthUser, @Body() body: MethodRequest): Promise<MethodResponse> {
    return this.methods.create(user.id, body);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MethodResponse })
  update(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateMethodRequest,
  ): Promise<MethodResponse> {
    return this.methods.update(id, body);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.methods.remove(id);
  }
}
