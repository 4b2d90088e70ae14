import { Body, Controller, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, ApiErrors, WriteTarget } from '@sports/common';
import {
  CreateRoute,
  DeleteRoute,
  ListRoute,
  IdParam,
  ReadRoute,
  ReplaceRoute,
} from '../../tracking/resource-routes';
import {
  CreateReferenceValueRequest,
  ListReferenceValuesQuery,
  ReferenceValueListResponse,
  ReferenceValueResponse,
  UpdateReferenceValueRequest,
} from './dto/reference-value.dto';
import { ReferenceValuesService } from './reference-values.service';

@ApiTags('reference-values')
@Controller('reference-values')
@Authenticated()
export class ReferenceValuesController {
  constructor(private readonly values: ReferenceValuesService) {}

  @ListRoute(ReferenceValueListResponse)
  @ApiOperation({
    operationId: 'listReferenceValues',
    summary: 'List the caller’s reference values',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListReferenceValuesQuery,
  ): Promise<ReferenceValueListResponse> {
    return this.values.list(user.id, query);
  }

  @CreateRoute(ReferenceValueResponse)
  @ApiConflictResponse({ description: 'A value of this type exists on that day' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown or deactivated type' })
  @ApiErrors(
    'REFERENCE_VALUE_EXISTS',
    'REFERENCE_VALUE_TYPE_UNKNOWN',
    'REFERENCE_VALUE_TYPE_INACTIVE',
  )
  @ApiOperation({ operationId: 'createReferenceValue', summary: 'Record a reference value' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    return this.values.create(user.id, body);
  }

  @ReadRoute(ReferenceValueResponse)
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getReferenceValue', summary: 'Get one reference value' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ReferenceValueResponse> {
    return this.values.get(user.id, id);
  }

  @ReplaceRoute(ReferenceValueResponse)
  @ApiErrors(
    'NOT_FOUND',
    'REFERENCE_VALUE_EXISTS',
    'REFERENCE_VALUE_TYPE_UNKNOWN',
    'REFERENCE_VALUE_TYPE_INACTIVE',
  )
  @ApiOperation({ operationId: 'replaceReferenceValue', summary: 'Replace a reference value' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    return this.values.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'deleteReferenceValue', summary: 'Delete a reference value' })
  delete(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.values.delete(user.id, target);
  }
}
