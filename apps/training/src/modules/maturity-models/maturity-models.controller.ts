import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Roles } from '@sports/common';
import { PageQuery } from '../club-memberships/dto/page.query';
import { UuidParamPipe } from '../club-memberships/uuid-param.pipe';
import {
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
  get(@Param('id', UuidParamPipe) id: string): Promise<MaturityModelResponse> {
    return this.models.get(id);
  }

  @Get(':id/export')
  @Authenticated()
  @ApiOkResponse({ type: ModelExportDocument })
  exportModel(@Param('id', UuidParamPipe) id: string): Promise<ModelExportDocument> {
    return this.models.exportModel(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: MaturityModelResponse })
  create(@Body() body: CreateMaturityModelRequest): Promise<MaturityModelResponse> {
    return this.models.create(body);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  update(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateMaturityModelRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  remove(@Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.models.remove(id);
  }

  @Put(':id/levels')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setLevels(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: LevelsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setLevels(id, body);
  }

  @Put(':id/skills')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setSkills(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: ModelSkillsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setSkills(id, body);
  }

  @Put(':id/matrix')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setCells(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: MatrixCellsRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setCells(id, body);
  }

  @Put(':id/focus-areas')
  @Roles('admin')
  @ApiOkResponse({ type: MaturityModelResponse })
  setLegacy(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: LegacyFocusAreasRequest,
  ): Promise<MaturityModelResponse> {
    return this.models.setLegacyFocusAreas(id, body);
  }

  @Post(':id/bindings')
  @Roles('admin')
  @ApiCreatedResponse({ type: BindingResponse })
  addBinding(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: BindingRequest,
  ): Promise<BindingResponse> {
    return this.models.addBinding(id, body);
  }

  @Delete(':id/bindings/:bindingId')
  @HttpCode(204)
  @Roles('admin')
  @ApiNoContentResponse()
  removeBinding(
    @Param('id', UuidParamPipe) id: string,
    @Param('bindingId', UuidParamPipe) bindingId: string,
  ): Promise<void> {
    return this.models.removeBinding(id, bindingId);
  }
}
