import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, RequireFeatures } from '@sports/common';
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
  @RequireFeatures('export', { description: 'FEATURE_REQUIRED: the membership lacks `export`' })
  @ApiOperation({
    operationId: 'exportData',
    summary: 'Export all of the caller’s data as a health.export.v1 document',
  })
  export(@CurrentUser() user: AuthUser): Promise<ExportDocument> {
    return this.exports.export(user.id);
  }
}
