import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
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

  @Post()
  @ApiCreatedResponse({ type: WeightResponse })
  @ApiConflictResponse({ description: 'WEIGHT_EXISTS_FOR_DAY: that day already has an entry' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWeightRequest,
  ): Promise<WeightResponse> {
    return this.weights.create(user.id, body);
  }

  @Get()
  @ApiOkResponse({ type: WeightListResponse })
  list(@CurrentUser() user: AuthUser, @Query() query: DateRangeQuery): Promise<WeightListResponse> {
    return this.weights.list(user.id, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: WeightResponse })
  @ApiNotFoundResponse()
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<WeightResponse> {
    return this.weights.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: WeightResponse })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'WEIGHT_EXISTS_FOR_DAY' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateWeightRequest,
  ): Promise<WeightResponse> {
    return this.weights.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.weights.remove(user.id, id);
  }
}
