import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  AcceptsJsonBody,
  Authenticated,
  type AuthUser,
  CurrentUser,
  RequireFeatures,
} from '@sports/common';
import { ExportDocumentResponse } from '../exportdata/dto/export.dto';
import { EXPORT_MEDIA_TYPE, IMPORT_MAX_BYTES, ImportQuery, ImportResponse } from './dto/import.dto';
import { ImportdataService } from './importdata.service';

@ApiTags('import')
@Controller('import')
@Authenticated()
@RequireFeatures('export')
export class ImportdataController {
  constructor(private readonly imports: ImportdataService) {}

  @Post()
  @HttpCode(200)
  @AcceptsJsonBody({ mediaTypes: [EXPORT_MEDIA_TYPE], maxBytes: IMPORT_MAX_BYTES })
  @ApiConsumes('application/json', EXPORT_MEDIA_TYPE)
  @ApiBody({
    type: ExportDocumentResponse,
    description: `A health.export.v1 document. application/json is limited by BODY_LIMIT (1mb default); send ${EXPORT_MEDIA_TYPE} for documents up to 64 MiB.`,
  })
  @ApiOkResponse({ type: ImportResponse })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED with the path of each bad field, e.g. weight[3].weight_kg',
  })
  @ApiPayloadTooLargeResponse({
    description: 'PAYLOAD_TOO_LARGE: over BODY_LIMIT, or over 64 MiB as the export media type',
  })
  @ApiOperation({ operationId: 'importData', summary: 'Import a health.export.v1 document' })
  import(
    @CurrentUser() user: AuthUser,
    @Body() document: unknown,
    @Query() query: ImportQuery,
  ): Promise<ImportResponse> {
    return this.imports.import(user.id, document, query.dry_run ?? false);
  }
}
