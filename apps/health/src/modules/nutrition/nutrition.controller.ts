import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, WriteTarget } from '@sports/common';
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
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListNutritionQuery,
  ): Promise<NutritionListResponse> {
    return this.nutrition.list(user.id, query);
  }

  @Get('daily')
  @ApiOkResponse({ type: NutritionDailyResponse, description: 'Sums per day over from..to' })
  daily(
    @CurrentUser() user: AuthUser,
    @Query() query: NutritionRangeQuery,
  ): Promise<NutritionDailyResponse> {
    return this.nutrition.daily(user.id, query);
  }

  @CreateRoute(NutritionResponse)
  @ApiConflictResponse({ description: 'A whole-day total already exists for that date' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateNutritionRequest,
  ): Promise<NutritionResponse> {
    return this.nutrition.create(user.id, body);
  }

  @ReadRoute(NutritionResponse)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<NutritionResponse> {
    return this.nutrition.get(user.id, id);
  }

  @ReplaceRoute(NutritionResponse)
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateNutritionRequest,
  ): Promise<NutritionResponse> {
    return this.nutrition.update(user.id, target, body);
  }

  @DeleteRoute()
  delete(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.nutrition.delete(user.id, target);
  }
}
