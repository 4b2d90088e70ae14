import { Body, Controller, Get, Header, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  AcceptsJsonBody,
  Authenticated,
  type AuthUser,
  CurrentUser,
  RequireFeatures,
} from '@sports/common';
import type { Bundle } from 'fhir/r4';
import type { Request } from 'express';
import { IMPORT_MAX_BYTES, ImportQuery } from '../importdata/dto/import.dto';
import { FHIR_JSON, FhirBundleQuery, FhirBundleResponse, FhirImportResponse } from './dto/fhir.dto';
import { FhirService } from './fhir.service';

@ApiTags('fhir')
@Controller('fhir')
@Authenticated()
@RequireFeatures('export')
export class FhirController {
  constructor(private readonly fhir: FhirService) {}

  @Get('Bundle')
  @Header('Content-Type', `${FHIR_JSON}; fhirVersion=4.0`)
  @Header('Cache-Control', 'no-store')
  @ApiProduces(FHIR_JSON)
  @ApiOkResponse({
    type: FhirBundleResponse,
    description: "The caller's Patient and Observations as a FHIR R4 Bundle",
  })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED: a malformed date, code, _count or _offset',
  })
  @ApiOperation({
    operationId: 'exportFhirBundle',
    summary: 'Export the caller’s data as a FHIR R4 Bundle',
  })
  bundle(
    @CurrentUser() user: AuthUser,
    @Query() query: FhirBundleQuery,
    @Req() req: Request,
  ): Promise<Bundle> {
    return this.fhir.bundle(user.id, query, `${req.protocol}://${req.get('host')}/api/fhir/Bundle`);
  }

  @Post('Bundle')
  @HttpCode(200)
  @AcceptsJsonBody({ mediaTypes: [FHIR_JSON], maxBytes: IMPORT_MAX_BYTES })
  @ApiConsumes(FHIR_JSON, 'application/json')
  @ApiBody({
    type: FhirBundleResponse,
    description:
      'A Bundle (collection or searchset) with the export’s codes. application/json is limited by BODY_LIMIT; application/fhir+json takes up to 64 MiB.',
  })
  @ApiOkResponse({ type: FhirImportResponse })
  @ApiBadRequestResponse({
    description:
      'VALIDATION_FAILED: a malformed bundle or a value the import refuses, each with its entry path (entry[3].resource.valueQuantity.value)',
  })
  @ApiUnprocessableEntityResponse({
    description:
      'FHIR_CODE_UNKNOWN: codes the service does not store, each with its path, in errors[] and unknown_codes[]',
  })
  @ApiPayloadTooLargeResponse({ description: 'PAYLOAD_TOO_LARGE: more than 64 MiB' })
  @ApiOperation({ operationId: 'importFhirBundle', summary: 'Import a FHIR R4 Bundle' })
  import(
    @CurrentUser() user: AuthUser,
    @Body() body: unknown,
    @Query() query: ImportQuery,
  ): Promise<FhirImportResponse> {
    return this.fhir.import(user.id, body, query.dry_run ?? false);
  }
}
