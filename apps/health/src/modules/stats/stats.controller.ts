import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  get(@CurrentUser() user: AuthUser): Promise<StatsResponse> {
    return this.stats.summary(user.id);
  }
}
