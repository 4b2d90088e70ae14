import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles, UuidParam, ApiErrors } from '@sports/common';
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
  @ApiOperation({ operationId: 'getCsvImportLimits', summary: 'Get the CSV import limits (admin)' })
  limits(): Promise<AdminCsvLimitsResponse> {
    return this.templates.adminLimits();
  }

  @Put('import-limits')
  @ApiOkResponse({ type: AdminCsvLimitsResponse })
  @ApiOperation({
    operationId: 'replaceCsvImportLimits',
    summary: 'Replace the CSV import limits (admin)',
  })
  updateLimits(
    @CurrentUser() user: AuthUser,
    @Body() body: CsvLimitsRequest,
  ): Promise<AdminCsvLimitsResponse> {
    return this.templates.updateLimits(user.id, body);
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
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getCsvTemplate', summary: 'Get one system CSV template (admin)' })
  get(@UuidParam() id: string): Promise<MappingResponse> {
    return this.templates.getSystem(id);
  }

  @Put(':id')
  @ApiOkResponse({ type: MappingResponse })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiErrors('NOT_FOUND')
  @ApiErrors('CSV_MAPPING_NAME_TAKEN')
  @ApiOperation({
    operationId: 'replaceCsvTemplate',
    summary: 'Replace a system CSV template (admin)',
  })
  update(@UuidParam() id: string, @Body() body: UpdateMappingRequest): Promise<MappingResponse> {
    return this.templates.updateSystem(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Users keep their copies; import logs keep the name' })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'deleteCsvTemplate',
    summary: 'Delete a system CSV template (admin)',
  })
  remove(@UuidParam() id: string): Promise<void> {
    return this.templates.deleteSystem(id);
  }
}
