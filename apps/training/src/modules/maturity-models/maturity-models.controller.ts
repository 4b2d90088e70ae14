import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  PageQuery,
  Roles,
  UuidParam,
  WriteTarget,
} from '@sports/common';
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
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('maturity-models')
@TenantScoped()
@Controller('maturity-models')
export class MaturityModelsController {
  constructor(private readonly models: MaturityModelsService) {}

  @ApiOperation({ operationId: 'listMaturityModels', summary: 'List maturity models' })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MaturityModelListResponse })
  list(@Query() query: PageQuery): Promise<MaturityModelListResponse> {
    return this.models.list(query);
  }

  @ApiOperation({
    operationId: 'resolveMaturityModel',
    summary: 'Find the maturity model bound to a context',
  })
  @Get('resolve')
  @Authenticated()
  @ApiOkResponse({ type: ResolveResponse })
  resolve(@Query() query: ResolveQuery): Promise<ResolveResponse> {
    return this.models.resolve(query);
  }

  @ApiOperation({ operationId: 'importMaturityModel', summary: 'Import a maturity model' })
  @Post('import')
  @Roles('admin')
  @ApiCreatedResponse({ type: MaturityModelResponse })
  @EntityTagged()
  importModel(@Body() body: ModelExportDocument): Promise<MaturityModelResponse> {
    return this.models.importModel(body);
  }

  @ApiOperation({ operationId: 'getMaturityModel', summary: 'Get a maturity model' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: MaturityModelResponse })
  @EntityTagged()
  get(@UuidParam() id: string): Promise<MaturityModelResponse> {
    return this.models.get(id);
  }

  @ApiOperation({ operationId: 'exportMaturityModel', summary: 'Export a maturity model' })
  @Get(':id/export')
  @Authenticated()
  @ApiOkResponse({ type: ModelExportDocument })
  exportModel(@UuidParam() id: string): Promise<ModelExportDocument> {
    return this.models.exportModel(id);
  }

  @ApiOperation({ operationId: 'createMaturityModel', summary: 'Create a maturity model' })
  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MaturityModelResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @EntityTagged()
  create(@Body() body: CreateMaturityModelRequest): Promise<MaturityModelResponse> {
    return this.models.create(body);
  }

  @ApiOperation({ operationId: 'replaceMaturityModel', summary: 'Replace a maturity model' })
  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @ConditionalWrite()
  update(
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateMaturityModelRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.update(target, body);
  }

  @ApiOperation({ operationId: 'deleteMaturityModel', summary: 'Delete a maturity model' })
  @Delete(':id')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.models.remove(target);
  }

  @ApiOperation({
    operationId: 'replaceMaturityModelLevels',
    summary: 'Replace the levels of a maturity model',
  })
  @ApiErrors('INVALID_LEVELS')
  @Put(':id/levels')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ConditionalWrite()
  setLevels(
    @WriteTarget() model: WriteTarget,
    @Body() body: LevelsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setLevels(model, body);
  }

  @ApiOperation({
    operationId: 'replaceMaturityModelSkills',
    summary: 'Replace the skills of a maturity model',
  })
  @Put(':id/skills')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ConditionalWrite()
  setSkills(
    @WriteTarget() model: WriteTarget,
    @Body() body: ModelSkillsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setSkills(model, body);
  }

  @ApiOperation({
    operationId: 'replaceMaturityModelMatrix',
    summary: 'Replace the matrix cells of a maturity model',
  })
  @ApiErrors('INVALID_MATRIX_CELL')
  @Put(':id/matrix')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ConditionalWrite()
  setCells(
    @WriteTarget() model: WriteTarget,
    @Body() body: MatrixCellsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setCells(model, body);
  }

  @ApiOperation({
    operationId: 'replaceMaturityModelFocusAreas',
    summary: 'Replace the focus areas of a maturity model',
  })
  @Put(':id/focus-areas')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  @ConditionalWrite()
  setLegacy(
    @WriteTarget() model: WriteTarget,
    @Body() body: LegacyFocusAreasRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setLegacyFocusAreas(model, body);
  }

  @ApiOperation({
    operationId: 'listMaturityModelBindings',
    summary: 'List the bindings of a maturity model',
  })
  @Get(':id/bindings')
  @Authenticated()
  @ApiOkResponse({ type: BindingListResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model' })
  listBindings(@UuidParam() id: string, @Query() query: PageQuery): Promise<BindingListResponse> {
    return this.models.listBindings(id, query);
  }

  @ApiOperation({
    operationId: 'getMaturityModelBinding',
    summary: 'Get a binding of a maturity model',
  })
  @Get(':id/bindings/:bindingId')
  @Authenticated()
  @ApiOkResponse({ type: BindingResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model, or not a binding of it' })
  @EntityTagged()
  getBinding(
    @UuidParam() id: string,
    @UuidParam('bindingId') bindingId: string,
  ): Promise<BindingResponse> {
    return this.models.getBinding(id, bindingId);
  }

  @ApiOperation({
    operationId: 'createMaturityModelBinding',
    summary: 'Add a binding to a maturity model',
  })
  @Post(':id/bindings')
  @Roles('admin')
  @ApiCreatedResponse({ type: BindingResponse })
  @ApiConflictResponse({ description: 'DUPLICATE_BINDING: the model has this binding' })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_CATALOG_ENTRY' })
  @EntityTagged()
  addBinding(@UuidParam() id: string, @Body() body: BindingRequest): Promise<BindingResponse> {
    return this.models.addBinding(id, body);
  }

  @ApiOperation({
    operationId: 'replaceMaturityModelBinding',
    summary: 'Replace a binding of a maturity model',
  })
  @Put(':id/bindings/:bindingId')
  @Roles('admin')
  @ApiOkResponse({ type: BindingResponse })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such model, or not a binding of it' })
  @ApiConflictResponse({ description: 'DUPLICATE_BINDING: the model has this binding' })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_CATALOG_ENTRY' })
  @ConditionalWrite()
  updateBinding(
    @UuidParam() id: string,
    @WriteTarget('bindingId') binding: WriteTarget,
    @Body() body: BindingRequest,
  ): Promise<BindingResponse> {
    return this.models.updateBinding(id, binding, body);
  }

  @ApiOperation({
    operationId: 'deleteMaturityModelBinding',
    summary: 'Delete a binding of a maturity model',
  })
  @Delete(':id/bindings/:bindingId')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  @ConditionalWrite()
  removeBinding(
    @UuidParam() id: string,
    @WriteTarget('bindingId') binding: WriteTarget,
  ): Promise<void> {
    return this.models.removeBinding(id, binding);
  }
}
