import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  RequireFeatures,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import {
  AnalyzeResponse,
  CopyMappingRequest,
  CsvAnalyzeRequest,
  CsvImportQuery,
  CsvImportRequest,
  CsvImportUploadSchema,
  CsvLimitsResponse,
  CsvModuleListResponse,
  CsvUploadSchema,
  ImportLogListResponse,
  ImportLogQuery,
  ImportLogResponse,
  MappingListQuery,
  MappingListResponse,
  MappingRequest,
  MappingResponse,
  UpdateMappingRequest,
} from './dto/csv-import.dto';
import { CsvAnalyzeService } from './csv-analyze.service';
import { CsvImportService, UploadedCsv } from './csv-import.service';
import { CsvMappingsService } from './csv-mappings.service';
import { CsvUploadCleanupInterceptor } from './csv-upload';

/** The OpenAPI description of the routes gated by the `csv_import` feature (before any upload is read). */
const CSV_IMPORT_FEATURE = 'FEATURE_REQUIRED (csv_import)';
const TEMPLATE_INVALID =
  'CSV_TEMPLATE_INVALID: `warnings` lists every problem (unknown field, unit mismatch, date format, name taken, ...); nothing is saved';

@ApiTags('csv-import')
@Controller('csv')
@Authenticated()
export class CsvImportController {
  constructor(
    private readonly imports: CsvImportService,
    private readonly analysis: CsvAnalyzeService,
    private readonly mappings: CsvMappingsService,
  ) {}

  @Get('modules')
  @ApiOkResponse({ type: CsvModuleListResponse })
  @ApiOperation({
    operationId: 'listCsvModules',
    summary: 'List the modules a CSV file can be imported into',
  })
  modules(): CsvModuleListResponse {
    return this.imports.modules();
  }

  @Get('limits')
  @ApiOkResponse({ type: CsvLimitsResponse })
  @ApiOperation({ operationId: 'getCsvLimits', summary: 'Get the CSV import limits' })
  limits(): Promise<CsvLimitsResponse> {
    return this.mappings.publicLimits();
  }

  @Get('mappings')
  @ApiOkResponse({
    type: MappingListResponse,
    description: 'System templates and your own mappings',
  })
  @ApiOperation({
    operationId: 'listCsvMappings',
    summary: 'List the system templates and the caller’s CSV mappings',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: MappingListQuery,
  ): Promise<MappingListResponse> {
    return this.mappings.list(user.id, query.module);
  }

  @Post('mappings')
  @RequireFeatures('csv_import', { description: CSV_IMPORT_FEATURE })
  @ApiCreatedResponse({ type: MappingResponse, description: 'A mapping of your own' })
  @EntityTagged()
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: unknown or ill-typed fields' })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_INVALID })
  @ApiErrors('CSV_MAPPING_NAME_TAKEN')
  @ApiOperation({ operationId: 'createCsvMapping', summary: 'Create a CSV mapping' })
  create(@CurrentUser() user: AuthUser, @Body() body: MappingRequest): Promise<MappingResponse> {
    return this.mappings.createOwn(user.id, body);
  }

  @Get('mappings/:id')
  @ApiOkResponse({ type: MappingResponse })
  @EntityTagged()
  @ApiNotFoundResponse({ description: 'Not a system template and not yours' })
  @ApiOperation({ operationId: 'getCsvMapping', summary: 'Get one CSV mapping' })
  get(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<MappingResponse> {
    return this.mappings.get(user.id, id);
  }

  @Put('mappings/:id')
  @ApiOkResponse({ type: MappingResponse })
  @ConditionalWrite()
  @ApiForbiddenResponse({ description: 'CSV_SYSTEM_TEMPLATE: copy the template and edit the copy' })
  @ApiNotFoundResponse({ description: 'Not a system template and not yours' })
  @ApiUnprocessableEntityResponse({ description: TEMPLATE_INVALID })
  @ApiErrors('CSV_MAPPING_NAME_TAKEN')
  @ApiOperation({ operationId: 'replaceCsvMapping', summary: 'Replace a CSV mapping' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateMappingRequest,
  ): Promise<MappingResponse> {
    return this.mappings.updateOwn(user.id, target.id, body, target.ifMatch);
  }

  @Delete('mappings/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiForbiddenResponse({ description: 'CSV_SYSTEM_TEMPLATE' })
  @ApiNotFoundResponse({ description: 'Not a system template and not yours' })
  @ApiOperation({ operationId: 'deleteCsvMapping', summary: 'Delete a CSV mapping' })
  remove(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.mappings.deleteOwn(user.id, target.id, target.ifMatch);
  }

  @Post('copy')
  @RequireFeatures('csv_import', { description: CSV_IMPORT_FEATURE })
  @ApiCreatedResponse({
    type: MappingResponse,
    description:
      'Named "<name> (copy)" unless a name is sent; its description says what it was copied from',
  })
  @EntityTagged()
  @ApiNotFoundResponse({ description: 'Not a system template and not yours' })
  @ApiConflictResponse({ description: 'CSV_MAPPING_NAME_TAKEN' })
  @ApiOperation({
    operationId: 'copyCsvMapping',
    summary: 'Copy a system template or mapping into a mapping of one’s own',
  })
  copy(@CurrentUser() user: AuthUser, @Body() body: CopyMappingRequest): Promise<MappingResponse> {
    return this.mappings.copy(user.id, body.mapping_id, body.name);
  }

  @Post('analyze')
  @HttpCode(200)
  @RequireFeatures('csv_import', { description: CSV_IMPORT_FEATURE })
  @UseInterceptors(FileInterceptor('file'), CsvUploadCleanupInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CsvUploadSchema })
  @ApiOkResponse({ type: AnalyzeResponse })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: no file' })
  @ApiPayloadTooLargeResponse({ description: 'PAYLOAD_TOO_LARGE: over max_file_bytes' })
  @ApiUnprocessableEntityResponse({ description: 'CSV_NOT_TEXT, CSV_EMPTY_FILE' })
  @ApiOperation({
    operationId: 'analyzeCsvFile',
    summary: 'Analyze a CSV file and propose a mapping',
  })
  analyze(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: UploadedCsv | undefined,
    @Body() body: CsvAnalyzeRequest,
  ): Promise<AnalyzeResponse> {
    return this.analysis.analyze(user.id, file, body.module);
  }

  @Post('import')
  @HttpCode(200)
  @RequireFeatures('csv_import', { description: CSV_IMPORT_FEATURE })
  @UseInterceptors(FileInterceptor('file'), CsvUploadCleanupInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CsvImportUploadSchema })
  @ApiOkResponse({
    type: ImportLogResponse,
    description:
      'The import (or, with dry_run, what it would do: same counts, warnings and errors, nothing written)',
  })
  @ApiBadRequestResponse({
    description:
      'VALIDATION_FAILED: no file, a bad option, or an option given differently in query and form',
  })
  @ApiNotFoundResponse({ description: 'The mapping is not a system template and not yours' })
  @ApiConflictResponse({
    description:
      'CSV_MAPPED_COLUMN_MISSING: a mapped optional column is missing and values of it are stored for days of the file (send on_missing_column)',
  })
  @ApiPayloadTooLargeResponse({
    description: 'PAYLOAD_TOO_LARGE: over max_file_bytes (not logged as an import)',
  })
  @ApiUnprocessableEntityResponse({
    description:
      'CSV_ROWS_INVALID (row_errors: CSV_INVALID_DATE, CSV_DATE_TOO_EARLY, CSV_DATE_IN_FUTURE, CSV_INVALID_TIME, CSV_INVALID_NUMBER, CSV_OUT_OF_RANGE, CSV_UNIT_MISMATCH, CSV_REQUIRED, CSV_MISSING_VALUE, CSV_DUPLICATE_DAY, CSV_EXTRA_COLUMN, CSV_QUOTES, CSV_TEXT_TOO_LONG, CSV_SYSTOLIC_NOT_ABOVE_DIASTOLIC, NUTRITION_DAY_TOTAL_EXISTS, CSV_STORAGE_REFUSED), CSV_ENCODING_MISMATCH, CSV_UNIT_MISMATCH, CSV_MISSING_COLUMNS, CSV_DUPLICATE_HEADERS, CSV_TOO_MANY_ROWS, CSV_EMPTY_FILE, CSV_NO_DATA_ROWS, CSV_NOT_TEXT, CSV_MAPPING_INVALID; a dry run answers the same',
  })
  @ApiResponse({ status: 501, description: 'NOT_IMPLEMENTED: activity mappings' })
  @ApiOperation({ operationId: 'importCsvFile', summary: 'Import a CSV file with a mapping' })
  import(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: UploadedCsv | undefined,
    @Query() query: CsvImportQuery,
    @Body() body: CsvImportRequest,
  ): Promise<ImportLogResponse> {
    return this.imports.import(user.id, file, query, body);
  }

  @Get('imports')
  @ApiOkResponse({ type: ImportLogListResponse })
  @ApiOperation({ operationId: 'listCsvImports', summary: 'List the caller’s CSV imports' })
  logs(
    @CurrentUser() user: AuthUser,
    @Query() query: ImportLogQuery,
  ): Promise<ImportLogListResponse> {
    return this.imports.logs(user.id, query.limit, query.offset);
  }

  @Get('imports/:id')
  @ApiOkResponse({ type: ImportLogResponse })
  @ApiNotFoundResponse({ description: 'Not an import of yours' })
  @ApiOperation({ operationId: 'getCsvImport', summary: 'Get one CSV import with its errors' })
  log(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<ImportLogResponse> {
    return this.imports.log(user.id, id);
  }
}
