import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, PageQuery, Roles, UuidParam } from '@sports/common';
import {
  BindingListResponse,
  BindingRequest,
  BindingResponse,
  CreateMaturityModelRequest,
  LegacyFocusAreasRequest,
  LevelsRequest,
  MatrixCellsRequest,
  MaturityModelListResponse,
  MaturityModelResponse,
  ModelExportDocument,
  ModelSkillsRequest,
  ResolveQuery,
  ResolveResponse,
  UpdateMaturityModelRequest,
} from './dto/maturity-model.dto';
import { MaturityModelsService } from './maturity-models.service';

@ApiTags('maturity-models')
@Controller('maturity-models')
export class MaturityModelsController {
  constructor(private readonly models: MaturityModelsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MaturityModelListResponse })
  list(@Query() query: PageQuery): Promise<MaturityModelListResponse> {
    return this.models.list(query);
  }

  @Get('resolve')
  @Authenticated()
  @ApiOkResponse({ type: ResolveResponse })
  resolve(@Query() query: ResolveQuery): Promise<ResolveResponse> {
    return this.models.resolve(query);
  }

  @Post('import')
  @Roles('admin')
  @ApiCreatedResponse({ type: MaturityModelResponse })
  importModel(@Body() body: ModelExportDocument): Promise<MaturityModelResponse> {
    return this.models.importModel(body);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MaturityModelResponse })
  get(@UuidParam() id: string): Promise<MaturityModelResponse> {
    return this.models.get(id);
  }

  @Get(':id/export')
  @Authenticated()
  @ApiOkResponse({ type: ModelExportDocument })
  exportModel(@UuidParam() id: string): Promise<ModelExportDocument> {
    return this.models.exportModel(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MaturityModelResponse })
  @ApiConflictResponse({ description: 'DUPLICATE_SLUG' })
  create(@Body() body: CreateMaturityModelRequest): Promise<MaturityModelResponse> {
    return this.models.create(body);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ApiConflictResponse({ description: 'DUPLICATE_SLUG' })
  update(
    @UuidParam() id: string,
    @Body() body: UpdateMaturityModelRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  remove(@UuidParam() id: string): Promise<void> {
    return this.models.remove(id);
  }

  @Put(':id/levels')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setLevels(@UuidParam() id: string, @Body() body: LevelsRequest): Promise<MaturityModelResponse> {
    return this.models.setLevels(id, body);
  }

  @Put(':id/skills')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setSkills(
    @UuidParam() id: string,
    @Body() body: ModelSkillsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setSkills(id, body);
  }

  @Put(':id/matrix')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setCells(
    @UuidParam() id: string,
    @Body() body: MatrixCellsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setCells(id, body);
  }

  @Put(':id/focus-areas')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setLegacy(
    @UuidParam() id: string,
    @Body() body: LegacyFocusAreasRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setLegacyFocusAreas(id, body);
  }

  @Get(':id/bindings')
  @Authenticated()
  @ApiOkResponse({ type: BindingListResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model' })
  listBindings(@UuidParam() id: string, @Query() query: PageQuery): Promise<BindingListResponse> {
    return this.models.listBindings(id, query);
  }

  @Get(':id/bindings/:bindingId')
  @Authenticated()
  @ApiOkResponse({ type: BindingResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model, or not a binding of it' })
  getBinding(
    @UuidParam() id: string,
    @UuidParam('bindingId') bindingId: string,
  ): Promise<BindingResponse> {
    return this.models.getBinding(id, bindingId);
  }

  @Post(':id/bindings')
  @Roles('admin')
  @ApiCreatedResponse({ type: BindingResponse })
  @ApiConflictResponse({ description: 'DUPLICATE_BINDING: the model has this binding' })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_CATALOG_ENTRY' })
  addBinding(@UuidParam() id: string, @Body() body: BindingRequest): Promise<BindingResponse> {
    return this.models.addBinding(id, body);
  }

  @Put(':id/bindings/:bindingId')
  @Roles('admin')
  @ApiOkResponse({ type: BindingResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model, or not a binding of it' })
  @ApiConflictResponse({ description: 'DUPLICATE_BINDING: the model has this binding' })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_CATALOG_ENTRY' })
  updateBinding(
    @UuidParam() id: string,
    @UuidParam('bindingId') bindingId: string,
    @Body() body: BindingRequest,
  ): Promise<BindingResponse> {
    return this.models.updateBinding(id, bindingId, body);
  }

  @Delete(':id/bindings/:bindingId')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  removeBinding(@UuidParam() id: string, @UuidParam('bindingId') bindingId: string): Promise<void> {
    return this.models.removeBinding(id, bindingId);
  }
}
