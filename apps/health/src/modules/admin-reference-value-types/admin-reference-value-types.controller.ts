import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  Roles,
} from '@sports/common';
import {
  CreateReferenceValueTypeRequest,
  ReferenceValueTypeListResponse,
  ReferenceValueTypeResponse,
  UpdateReferenceValueTypeRequest,
} from './dto/reference-value-type.dto';
import { ReferenceValueTypesService } from './reference-value-types.service';

/** The catalog as users see it: active types only. */
@ApiTags('reference-values')
@Controller('reference-value-types')
@Authenticated()
export class ReferenceValueTypesController {
  constructor(private readonly types: ReferenceValueTypesService) {}

  @Get()
  @ApiOkResponse({ type: ReferenceValueTypeListResponse })
  @ApiOperation({
    operationId: 'listReferenceValueTypes',
    summary: 'List the active reference value types',
  })
  list(): Promise<ReferenceValueTypeListResponse> {
    return this.types.list({ activeOnly: true });
  }
}

@ApiTags('admin')
@Controller('admin/reference-value-types')
@Roles('admin')
export class AdminReferenceValueTypesController {
  constructor(private readonly types: ReferenceValueTypesService) {}

  @Get()
  @ApiOkResponse({ type: ReferenceValueTypeListResponse, description: 'Including inactive types' })
  @ApiOperation({
    operationId: 'listAllReferenceValueTypes',
    summary: 'List every reference value type (admin)',
  })
  list(): Promise<ReferenceValueTypeListResponse> {
    return this.types.list({ activeOnly: false });
  }

  @Post()
  @ApiCreatedResponse({ type: ReferenceValueTypeResponse })
  @EntityTagged()
  @ApiConflictResponse({ description: 'The key exists already' })
  @ApiErrors('REFERENCE_VALUE_TYPE_EXISTS')
  @ApiOperation({
    operationId: 'createReferenceValueType',
    summary: 'Create a reference value type (admin)',
  })
  create(@Body() body: CreateReferenceValueTypeRequest): Promise<ReferenceValueTypeResponse> {
    return this.types.create(body);
  }

  @Get(':key')
  @ApiOkResponse({ type: ReferenceValueTypeResponse })
  @EntityTagged()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'getReferenceValueType',
    summary: 'Get one reference value type (admin)',
  })
  get(@Param('key') key: string): Promise<ReferenceValueTypeResponse> {
    return this.types.get(key);
  }

  @Put(':key')
  @ApiOkResponse({ type: ReferenceValueTypeResponse })
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'replaceReferenceValueType',
    summary: 'Replace a reference value type (admin)',
  })
  update(
    @Param('key') key: string,
    @Body() body: UpdateReferenceValueTypeRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<ReferenceValueTypeResponse> {
    return this.types.update(key, body, ifMatch);
  }

  @Delete(':key')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiConflictResponse({ description: 'RESOURCE_IN_USE: values refer to it; deactivate instead' })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'deleteReferenceValueType',
    summary: 'Delete a reference value type (admin)',
  })
  delete(@Param('key') key: string, @IfMatchHeader() ifMatch?: IfMatch): Promise<void> {
    return this.types.delete(key, ifMatch);
  }
}
