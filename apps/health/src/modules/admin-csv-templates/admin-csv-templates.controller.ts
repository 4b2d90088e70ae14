import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  Roles,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import {
  AdminCsvLimitsResponse,
  CsvLimitsRequest,
  MappingListResponse,
  MappingRequest,
  MappingResponse,
  TemplateValidationResponse,
  UpdateMappingRequest,
} from '../csv-import/dto/csv-import.dto';
import { CsvMappingsService } from '../csv-import/csv-mappings.service';

const INVALID = 'CSV_TEMPLATE_INVALID: `warnings` lists every problem; nothing is saved';

/** System CSV templates and the import limits, for administrators. */
@ApiTags('admin')
@Controller('admin/csv-templates')
@Roles('admin')
export class AdminCsvTemplatesController {
  constructor(private readonly templates: CsvMappingsService) {}

  @Get('import-limits')
  @ApiOkResponse({ type: AdminCsvLimitsResponse })
  @EntityTagged()
  @ApiOperation({ operationId: 'getCsvImportLimits', summary: 'Get the CSV import limits (admin)' })
  limits(): Promise<AdminCsvLimitsResponse> {
    return this.templates.adminLimits();
  }

  @Put('import-limits')
  @ApiOkResponse({ type: AdminCsvLimitsResponse })
  @ConditionalWrite()
  @ApiOperation({
    operationId: 'replaceCsvImportLimits',
    summary: 'Replace the CSV import limits (admin)',
  })
  updateLimits(
    @CurrentUser() user: AuthUser,
    @Body() body: CsvLimitsRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<AdminCsvLimitsResponse> {
    return this.templates.updateLimits(user.id, body, ifMatch);
  }

  @Post('validate')
  @HttpCode(200)
  @ApiOkResponse({ type: TemplateValidationResponse })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiOperation({
    operationId: 'validateCsvTemplate',
    summary: 'Validate a CSV template without saving it (admin)',
  })
  validate(@Body() body: MappingRequest): Promise<TemplateValidationResponse> {
    return this.templates.validate(body);
  }

  @Get()
  @ApiOkResponse({ type: MappingListResponse })
  @ApiOperation({
    operationId: 'listCsvTemplates',
    summary: 'List the system CSV templates (admin)',
  })
  list(): Promise<MappingListResponse> {
    return this.templates.listSystem();
  }

  @Post()
  @ApiCreatedResponse({ type: MappingResponse })
  @EntityTagged()
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiErrors('CSV_MAPPING_NAME_TAKEN')
  @ApiOperation({
    operationId: 'createCsvTemplate',
    summary: 'Create a system CSV template (admin)',
  })
  create(@Body() body: MappingRequest): Promise<MappingResponse> {
    return this.templates.createSystem(body);
  }

  @Get(':id')
  @ApiOkResponse({ type: MappingResponse })
  @EntityTagged()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getCsvTemplate', summary: 'Get one system CSV template (admin)' })
  get(@UuidParam() id: string): Promise<MappingResponse> {
    return this.templates.getSystem(id);
  }

  @Put(':id')
  @ApiOkResponse({ type: MappingResponse })
  @ConditionalWrite()
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiErrors('NOT_FOUND')
  @ApiErrors('CSV_MAPPING_NAME_TAKEN')
  @ApiOperation({
    operationId: 'replaceCsvTemplate',
    summary: 'Replace a system CSV template (admin)',
  })
  update(
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateMappingRequest,
  ): Promise<MappingResponse> {
    return this.templates.updateSystem(target.id, body, target.ifMatch);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Users keep their copies; import logs keep the name' })
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'deleteCsvTemplate',
    summary: 'Delete a system CSV template (admin)',
  })
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.templates.deleteSystem(target.id, target.ifMatch);
  }
}
