import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@sports/common';
import { StatsResponse } from './dto/stats.dto';
import { StatsService } from './stats.service';

@ApiTags('stats')
@Controller('stats')
@Authenticated()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @ApiOkResponse({ type: StatsResponse })
  @ApiOperation({
    operationId: 'getStats',
    summary: 'Get the caller’s counts and latest values per module',
  })
  get(@CurrentUser() user: AuthUser): Promise<StatsResponse> {
    return this.stats.summary(user.id);
  }
}
