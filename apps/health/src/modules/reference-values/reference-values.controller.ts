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
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, NotFoundError } from '@sports/common';
import {
  CreateReferenceValueRequest,
  ListReferenceValuesQuery,
  ReferenceValueListResponse,
  ReferenceValueResponse,
  UpdateReferenceValueRequest,
} from './dto/reference-value.dto';
import { ReferenceValuesService } from './reference-values.service';

const ValueId = (): ParameterDecorator =>
  Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundError('Reference value') }));

@ApiTags('reference-values')
@Controller('reference-values')
@Authenticated()
export class ReferenceValuesController {
  constructor(private readonly values: ReferenceValuesService) {}

  @Get()
  @ApiOkResponse({ type: ReferenceValueListResponse })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListReferenceValuesQuery,
  ): Promise<ReferenceValueListResponse> {
    return this.values.list(user.id, query);
  }

  @Post()
  @ApiCreatedResponse({ type: ReferenceValueResponse })
  @ApiConflictResponse({ description: 'A value of this type exists on that day' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown or deactivated type' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    return this.values.create(user.id, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ReferenceValueResponse })
  get(@CurrentUser() user: AuthUser, @ValueId() id: string): Promise<ReferenceValueResponse> {
    return this.values.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: ReferenceValueResponse })
  update(
    @CurrentUser() user: AuthUser,
    @ValueId() id: string,
    @Body() body: UpdateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    return this.values.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@CurrentUser() user: AuthUser, @ValueId() id: string): Promise<void> {
    return this.values.delete(user.id, id);
  }
}
