import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access.decorators';
import { ModuleRegistry } from './module-registry.service';
import { RELEASE_INFO, ReleaseInfo } from './release';

export class VersionResponse {
  @ApiProperty({ example: 'training' }) service!: string;
  @ApiProperty({ example: '0.8.65' }) app_version!: string;
  @ApiProperty({ example: '2026-05-08' }) build_date!: string;
  @ApiProperty({ example: '20260508049' }) schema_version!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { auth: '1.2.1' },
  })
  modules!: Record<string, string>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "Modules beyond the specification's version table",
    example: { fhir: '1.0.0' },
  })
  extensions!: Record<string, string>;
}

@ApiTags('meta')
@Controller('version')
export class VersionController {
  private answer?: VersionResponse;

  constructor(
    @Inject(RELEASE_INFO) private readonly release: ReleaseInfo,
    private readonly registry: ModuleRegistry,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ operationId: 'getVersion', summary: 'Get the release and module versions' })
  @ApiOkResponse({ type: VersionResponse })
  version(): VersionResponse {
    // The release and the module versions are fixed while the service runs: one answer object.
    return (this.answer ??= { ...this.release, ...this.registry.versions() });
  }
}
