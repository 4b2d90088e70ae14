import { Controller, Get, Header } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, ApiErrors } from '@sports/common';
import { ExportDocumentResponse } from './dto/export.dto';
import type { ExportDocument } from './export-document';
import { ExportdataService } from './exportdata.service';

@ApiTags('export')
@Controller('export')
@Authenticated()
export class ExportdataController {
  constructor(private readonly exports: ExportdataService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ExportDocumentResponse })
  @ApiForbiddenResponse({ description: 'FEATURE_REQUIRED: the membership lacks `export`' })
  @ApiErrors('FEATURE_REQUIRED')
  @ApiOperation({
    operationId: 'exportData',
    summary: 'Export all of the caller’s data as a health.export.v1 document',
  })
  export(@CurrentUser() user: AuthUser): Promise<ExportDocument> {
    return this.exports.export(user.id);
  }
}
