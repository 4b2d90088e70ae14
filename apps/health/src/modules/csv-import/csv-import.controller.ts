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
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, AuthUser, CurrentUser } from '@sports/common';
import {
  AnalyzeResponse,
  CopyMappingRequest,
  CsvAnalyzeRequest,
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
  MappingResponse,
  UpdateMappingRequest,
} from './dto/csv-import.dto';
import { CsvAnalyzeService } from './csv-analyze.service';
import { CsvImportService, UploadedCsv } from './csv-import.service';
import { CsvMappingsService } from './csv-mappings.service';
import { CsvImportFeatureGuard, CsvUploadCleanupInterceptor } from './csv-upload';

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
  modules(): CsvModuleListResponse {
    return this.imports.modules();
  }

  @Get('limits')
  @ApiOkResponse({ type: CsvLimitsResponse })
  limits(): Promise<CsvLimitsResponse> {
    return this.mappings.publicLimits();
  }

  @Get('mappings')
  @ApiOkResponse({
    type: MappingListResponse,
    description: 'System templates and your own mappings',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: MappingListQuery,
  ): Promise<MappingListResponse> {
    return this.mappings.list(user.id, query.module);
  }

  @Get('mappings/:id')
  @ApiOkResponse({ type: MappingResponse })
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<MappingResponse> {
    return this.mappings.get(user.id, id);
  }

  @Put('mappings/:id')
  @ApiOkResponse({ type: MappingResponse, description: '422 CSV_TEMPLATE_INVALID with warnings' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateMappingRequest,
  ): Promise<MappingResponse> {
    return this.mappings.updateOwn(user.id, id, body);
  }

  @Delete('mappings/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.mappings.deleteOwn(user.id, id);
  }

  @Post('copy')
  @UseGuards(CsvImportFeatureGuard)
  @ApiCreatedResponse({ type: MappingResponse })
  copy(@CurrentUser() user: AuthUser, @Body() body: CopyMappingRequest): Promise<MappingResponse> {
    return this.mappings.copy(user.id, body.mapping_id, body.name);
  }

  @Post('analyze')
  @HttpCode(200)
  @UseGuards(CsvImportFeatureGuard)
  @UseInterceptors(FileInterceptor('file'), CsvUploadCleanupInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CsvUploadSchema })
  @ApiOkResponse({ type: AnalyzeResponse })
  analyze(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: UploadedCsv | undefined,
    @Body() body: CsvAnalyzeRequest,
  ): Promise<AnalyzeResponse> {
    return this.analysis.analyze(user.id, file, body.module);
  }

  @Post('import')
  @HttpCode(200)
  @UseGuards(CsvImportFeatureGuard)
  @UseInterceptors(FileInterceptor('file'), CsvUploadCleanupInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CsvImportUploadSchema })
  @ApiOkResponse({
    type: ImportLogResponse,
    description:
      '422 CSV_ROWS_INVALID (row_errors), CSV_TOO_MANY_ROWS, CSV_EMPTY_FILE, ...; 413 over max_file_bytes; 501 for activity',
  })
  import(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: UploadedCsv | undefined,
    @Body() body: CsvImportRequest,
  ): Promise<ImportLogResponse> {
    return this.imports.import(user.id, file, body);
  }

  @Get('imports')
  @ApiOkResponse({ type: ImportLogListResponse })
  logs(
    @CurrentUser() user: AuthUser,
    @Query() query: ImportLogQuery,
  ): Promise<ImportLogListResponse> {
    return this.imports.logs(user.id, query.limit, query.offset);
  }

  @Get('imports/:id')
  @ApiOkResponse({ type: ImportLogResponse })
  log(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<ImportLogResponse> {
    return this.imports.log(user.id, id);
  }
}
