import { Body, Controller, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser, WriteTarget } from '@sports/common';
import {
  CreateRoute,
  DeleteRoute,
  IdParam,
  ListRoute,
  ReadRoute,
  ReplaceRoute,
} from '../../tracking/resource-routes';
import { DateRangeQuery } from '../../tracking/tracking-common';
import {
  CreateWeightRequest,
  UpdateWeightRequest,
  WeightListResponse,
  WeightResponse,
} from './dto/weight.dto';
import { WeightService } from './weight.service';

@ApiTags('weight')
@Controller('weight')
@Authenticated()
export class WeightController {
  constructor(private readonly weights: WeightService) {}

  @CreateRoute(WeightResponse)
  @ApiConflictResponse({ description: 'WEIGHT_EXISTS_FOR_DAY: that day already has an entry' })
  @ApiOperation({ operationId: 'createWeightEntry', summary: 'Record the weight of a day' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWeightRequest,
  ): Promise<WeightResponse> {
    return this.weights.create(user.id, body);
  }

  @ListRoute(WeightListResponse)
  @ApiOperation({ operationId: 'listWeightEntries', summary: 'List the caller’s weight entries' })
  list(@CurrentUser() user: AuthUser, @Query() query: DateRangeQuery): Promise<WeightListResponse> {
    return this.weights.list(user.id, query);
  }

  @ReadRoute(WeightResponse)
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getWeightEntry', summary: 'Get one weight entry' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<WeightResponse> {
    return this.weights.get(user.id, id);
  }

  @ReplaceRoute(WeightResponse)
  @ApiConflictResponse({ description: 'WEIGHT_EXISTS_FOR_DAY' })
  @ApiOperation({ operationId: 'replaceWeightEntry', summary: 'Replace a weight entry' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateWeightRequest,
  ): Promise<WeightResponse> {
    return this.weights.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'deleteWeightEntry', summary: 'Delete a weight entry' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.weights.remove(user.id, target);
  }
}
