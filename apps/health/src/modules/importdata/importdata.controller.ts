import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@sports/common';
import { ExportDocumentResponse } from '../exportdata/dto/export.dto';
import { ImportQuery, ImportResponse } from './dto/import.dto';
import { EXPORT_MEDIA_TYPE } from './import-body.middleware';
import { ImportdataService } from './importdata.service';

@ApiTags('import')
@Controller('import')
@Authenticated()
export class ImportdataController {
  constructor(private readonly imports: ImportdataService) {}

  @Post()
  @HttpCode(200)
  @ApiConsumes('application/json', EXPORT_MEDIA_TYPE)
  @ApiBody({
    type: ExportDocumentResponse,
    description: `A health.export.v1 document. application/json is limited by BODY_LIMIT (1mb default); send ${EXPORT_MEDIA_TYPE} for documents up to 64 MiB.`,
  })
  @ApiOkResponse({ type: ImportResponse })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED with the path of each bad field, e.g. weight[3].weight_kg',
  })
  @ApiForbiddenResponse({ description: 'FEATURE_REQUIRED: the membership lacks `export`' })
  import(
    @CurrentUser() user: AuthUser,
    @Body() document: unknown,
    @Query() query: ImportQuery,
  ): Promise<ImportResponse> {
    return this.imports.import(user.id, document, query.dry_run ?? false);
  }
}
