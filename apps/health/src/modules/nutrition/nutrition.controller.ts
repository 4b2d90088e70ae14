import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
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
  CreateNutritionRequest,
  ListNutritionQuery,
  NutritionDailyResponse,
  NutritionListResponse,
  NutritionRangeQuery,
  NutritionResponse,
  UpdateNutritionRequest,
} from './dto/nutrition.dto';
import { NutritionService } from './nutrition.service';

@ApiTags('nutrition')
@Controller('nutrition')
@Authenticated()
export class NutritionController {
  constructor(private readonly nutrition: NutritionService) {}

  @ListRoute(NutritionListResponse)
  @ApiOperation({
    operationId: 'listNutritionEntries',
    summary: 'List the caller’s nutrition entries',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListNutritionQuery,
  ): Promise<NutritionListResponse> {
    return this.nutrition.list(user.id, query);
  }

  @Get('daily')
  @ApiOkResponse({ type: NutritionDailyResponse, description: 'Sums per day over from..to' })
  @ApiOperation({ operationId: 'listNutritionDays', summary: 'List nutrition totals per day' })
  daily(
    @CurrentUser() user: AuthUser,
    @Query() query: NutritionRangeQuery,
  ): Promise<NutritionDailyResponse> {
    return this.nutrition.daily(user.id, query);
  }

  @CreateRoute(NutritionResponse)
  @ApiConflictResponse({ description: 'A whole-day total already exists for that date' })
  @ApiErrors('NUTRITION_DAY_TOTAL_EXISTS')
  @ApiOperation({ operationId: 'createNutritionEntry', summary: 'Record a nutrition entry' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateNutritionRequest,
  ): Promise<NutritionResponse> {
    return this.nutrition.create(user.id, body);
  }

  @ReadRoute(NutritionResponse)
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getNutritionEntry', summary: 'Get one nutrition entry' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<NutritionResponse> {
    return this.nutrition.get(user.id, id);
  }

  @ReplaceRoute(NutritionResponse)
  @ApiErrors('NOT_FOUND', 'NUTRITION_DAY_TOTAL_EXISTS')
  @ApiOperation({ operationId: 'replaceNutritionEntry', summary: 'Replace a nutrition entry' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateNutritionRequest,
  ): Promise<NutritionResponse> {
    return this.nutrition.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'deleteNutritionEntry', summary: 'Delete a nutrition entry' })
  delete(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.nutrition.delete(user.id, target);
  }
}
