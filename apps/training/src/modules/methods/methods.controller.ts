import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  CurrentUser,
  Roles,
  UuidParam,
  ConditionalWrite,
  EntityTagged,
  WriteTarget,
} from '@sports/common';
import {
  ListMethodsQuery,
  MethodListResponse,
  MethodRequest,
  MethodResponse,
  UpdateMethodRequest,
} from './dto/method.dto';
import { MethodsService } from './methods.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('methods')
@TenantScoped()
@Controller('methods')
export class MethodsController {
  constructor(private readonly methods: MethodsService) {}

  @ApiOperation({ operationId: 'listMethods', summary: 'List training methods' })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MethodListResponse })
  list(@Query() query: ListMethodsQuery): Promise<MethodListResponse> {
    return this.methods.list(query);
  }

  @ApiOperation({ operationId: 'getMethod', summary: 'Get a training method' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MethodResponse })
  @EntityTagged()
  get(@UuidParam() id: string): Promise<MethodResponse> {
    return this.methods.get(id);
  }

  @ApiOperation({ operationId: 'createMethod', summary: 'Create a training method' })
  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MethodResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @EntityTagged()
  create(@CurrentUser() user: AuthUser, @Body() body: MethodRequest): Promise<MethodResponse> {
    return this.methods.create(user.id, body);
  }

  @ApiOperation({ operationId: 'replaceMethod', summary: 'Replace a training method' })
  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MethodResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @ConditionalWrite()
  update(
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateMethodRequest,
  ): Promise<MethodResponse> {
    return this.methods.update(target, body);
  }

  @ApiOperation({ operationId: 'deleteMethod', summary: 'Delete a training method' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.methods.remove(target);
  }
}
