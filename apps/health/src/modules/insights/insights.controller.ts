import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import { InsightListQuery, InsightListResponse, InsightResponse } from './dto/insight.dto';
import { InsightsService } from './insights.service';

@ApiTags('insights')
@Controller('insights')
@Authenticated()
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get()
  @ApiOkResponse({ type: InsightListResponse })
  @ApiOperation({ operationId: 'listInsights', summary: 'List the caller’s insights' })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: InsightListQuery,
  ): Promise<InsightListResponse> {
    return this.insights.list(user.id, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: InsightResponse })
  @EntityTagged()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getInsight', summary: 'Get one insight' })
  get(@CurrentUser() user: AuthUser, @UuidParam() id: string): Promise<InsightResponse> {
    return this.insights.get(user.id, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'deleteInsight', summary: 'Delete an insight' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.insights.remove(user.id, target.id, target.ifMatch);
  }
}
