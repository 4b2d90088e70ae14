import { Body, Controller, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, WriteTarget } from '@sports/common';
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
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.create(user.id, body);
  }

  @ListRoute(CaliperListResponse)
  list(@CurrentUser() user: AuthUser, @Query() query: CaliperQuery): Promise<CaliperListResponse> {
    return this.entries.list(user.id, query);
  }

  @ReadRoute(CaliperResponse)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<CaliperResponse> {
    return this.entries.get(user.id, id);
  }

  @ReplaceRoute(CaliperResponse)
  @ApiConflictResponse({ description: 'CALIPER_EXISTS_FOR_DAY' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateCaliperRequest,
  ): Promise<CaliperResponse> {
    return this.entries.update(user.id, target, body);
  }

  @DeleteRoute()
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.entries.remove(user.id, target);
  }
}
