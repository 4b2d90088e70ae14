import { Body, Controller, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, ApiErrors, WriteTarget } from '@sports/common';
import {
  CreateRoute,
  DeleteRoute,
  IdParam,
  ListRoute,
  ReadRoute,
  ReplaceRoute,
} from '../../tracking/resource-routes';
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

  @CreateRoute(CaliperResponse)
  @ApiUnprocessableEntityResponse({
    description:
      'PROFILE_INCOMPLETE, CALIPER_SITE_MISSING, CALIPER_AGE_OUT_OF_RANGE, CALIPER_RESULT_IMPLAUSIBLE',
  })
  @ApiConflictResponse({
    description: 'CALIPER_EXISTS_FOR_DAY: that day and formula already have an entry',
  })
  @ApiErrors(
    'PROFILE_INCOMPLETE',
    'CALIPER_SITE_MISSING',
    'CALIPER_AGE_OUT_OF_RANGE',
    'CALIPER_RESULT_IMPLAUSIBLE',
  )
  @ApiOperation({
    operationId: 'createCaliperEntry',
    summary: 'Record a caliper measurement (body fat computed)',
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.create(user.id, body);
  }

  @ListRoute(CaliperListResponse)
  @ApiOperation({
    operationId: 'listCaliperEntries',
    summary: 'List the caller’s caliper measurements',
  })
  list(@CurrentUser() user: AuthUser, @Query() query: CaliperQuery): Promise<CaliperListResponse> {
    return this.entries.list(user.id, query);
  }

  @ReadRoute(CaliperResponse)
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getCaliperEntry', summary: 'Get one caliper measurement' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<CaliperResponse> {
    return this.entries.get(user.id, id);
  }

  @ReplaceRoute(CaliperResponse)
  @ApiConflictResponse({ description: 'CALIPER_EXISTS_FOR_DAY' })
  @ApiErrors(
    'PROFILE_INCOMPLETE',
    'CALIPER_SITE_MISSING',
    'CALIPER_AGE_OUT_OF_RANGE',
    'CALIPER_RESULT_IMPLAUSIBLE',
  )
  @ApiOperation({ operationId: 'replaceCaliperEntry', summary: 'Replace a caliper measurement' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'deleteCaliperEntry', summary: 'Delete a caliper measurement' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.entries.remove(user.id, target);
  }
}
