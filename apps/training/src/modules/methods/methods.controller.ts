import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, Roles, UuidParam } from '@sports/common';
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
  get(@UuidParam() id: string): Promise<MethodResponse> {
    return this.methods.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MethodResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  create(@CurrentUser() user: AuthUser, @Body() body: MethodRequest): Promise<MethodResponse> {
    return this.methods.create(user.id, body);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MethodResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  update(@UuidParam() id: string, @Body() body: UpdateMethodRequest): Promise<MethodResponse> {
    return this.methods.update(id, body);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@UuidParam() id: string): Promise<void> {
    return this.methods.remove(id);
  }
}
