import { Body, Controller, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
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
  CreateCircumferenceRequest,
  UpdateCircumferenceRequest,
  CircumferenceListResponse,
  CircumferenceQuery,
  CircumferenceResponse,
} from './dto/circumference.dto';
import { CircumferenceService } from './circumference.service';

@ApiTags('circumference')
@Controller('circumference')
@Authenticated()
export class CircumferenceController {
  constructor(private readonly entries: CircumferenceService) {}

  @CreateRoute(CircumferenceResponse)
  @ApiConflictResponse({
    description: 'CIRCUMFERENCE_EXISTS_FOR_DAY: that day and site already have an entry',
  })
  @ApiErrors('CIRCUMFERENCE_EXISTS_FOR_DAY')
  @ApiOperation({
    operationId: 'createCircumferenceEntry',
    summary: 'Record a circumference measurement',
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateCircumferenceRequest,
  ): Promise<CircumferenceResponse> {
    return this.entries.create(user.id, body);
  }

  @ListRoute(CircumferenceListResponse)
  @ApiOperation({
    operationId: 'listCircumferenceEntries',
    summary: 'List the caller’s circumference measurements',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: CircumferenceQuery,
  ): Promise<CircumferenceListResponse> {
    return this.entries.list(user.id, query);
  }

  @ReadRoute(CircumferenceResponse)
  @ApiNotFoundResponse()
  @ApiOperation({
    operationId: 'getCircumferenceEntry',
    summary: 'Get one circumference measurement',
  })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<CircumferenceResponse> {
    return this.entries.get(user.id, id);
  }

  @ReplaceRoute(CircumferenceResponse)
  @ApiConflictResponse({ description: 'CIRCUMFERENCE_EXISTS_FOR_DAY' })
  @ApiErrors('CIRCUMFERENCE_EXISTS_FOR_DAY')
  @ApiOperation({
    operationId: 'replaceCircumferenceEntry',
    summary: 'Replace a circumference measurement',
  })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateCircumferenceRequest,
  ): Promise<CircumferenceResponse> {
    return this.entries.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiNotFoundResponse()
  @ApiOperation({
    operationId: 'deleteCircumferenceEntry',
    summary: 'Delete a circumference measurement',
  })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.entries.remove(user.id, target);
  }
}
