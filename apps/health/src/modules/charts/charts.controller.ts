import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, ApiErrors } from '@sports/common';
import { CHART_CODES } from './chart-catalog';
import { ChartsService } from './charts.service';
import { ChartCatalogResponse, ChartQuery, ChartResponse } from './dto/chart.dto';

@ApiTags('charts')
@Controller('charts')
@Authenticated()
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  @Get()
  @ApiOkResponse({ type: ChartCatalogResponse })
  @ApiOperation({ operationId: 'listCharts', summary: 'List the chart catalogue' })
  catalog(): ChartCatalogResponse {
    return this.charts.catalog();
  }

  /** 404 for an unknown code, 403 FEATURE_REQUIRED without its feature, 400 for a bad range. */
  @Get(':code')
  @ApiParam({
    name: 'code',
    enum: CHART_CODES,
    description: 'Chart code (case-insensitive); an unknown code answers 404',
  })
  @ApiOkResponse({ type: ChartResponse })
  @ApiErrors('FEATURE_REQUIRED', 'NOT_FOUND')
  @ApiOperation({ operationId: 'getChart', summary: 'Get the series of one chart' })
  chart(
    @CurrentUser() user: AuthUser,
    @Param('code') code: string,
    @Query() query: ChartQuery,
  ): Promise<ChartResponse> {
    return this.charts.chart(user.id, code, query);
  }
}
