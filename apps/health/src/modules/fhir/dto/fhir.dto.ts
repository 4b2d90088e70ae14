import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ImportModulesResponse } from '../../importdata/dto/import.dto';

export const FHIR_JSON = 'application/fhir+json';
export const MAX_PAGE = 1000;

export class FhirBundleQuery {
  @ApiPropertyOptional({
    type: [String],
    description:
      'Effective day filter, repeatable: `[eq|ge|gt|le|lt]YYYY-MM-DD`, e.g. `date=ge2026-01-01&date=lt2026-02-01`',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsArray()
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  date?: string[];

  @ApiPropertyOptional({
    description:
      'Observation codes, comma-separated `[system|]code`, e.g. `http://loinc.org|29463-7,8280-0`',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  code?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_PAGE,
    description: 'Page size: answers a `searchset` with paging links instead of a `collection`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  _count?: number;

  @ApiPropertyOptional({
    minimum: 0,
    default: 0,
    description: 'First match of the page (with `_count`)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  _offset?: number;
}

/** OpenAPI description of the FHIR R4 Bundle the export answers (see the README for the codes). */
export class FhirBundleResponse {
  @ApiProperty({ enum: ['Bundle'] }) resourceType!: string;
  @ApiProperty({ enum: ['collection', 'searchset'] }) type!: string;
  @ApiProperty({ example: '2026-04-01T10:00:00.000Z' }) timestamp!: string;
  @ApiPropertyOptional({ description: 'searchset only: number of matching Observations' })
  total?: number;
  @ApiPropertyOptional({
    description: 'searchset only: self, first, previous, next, last',
    type: 'array',
    items: {
      type: 'object',
      properties: { relation: { type: 'string' }, url: { type: 'string' } },
    },
  })
  link?: { relation: string; url: string }[];
  @ApiProperty({
    description:
      'One Patient (search.mode include in a searchset) and one Observation per stored value, each with fullUrl urn:uuid:<id>',
    type: 'array',
    items: {
      type: 'object',
      required: ['fullUrl', 'resource'],
      properties: {
        fullUrl: { type: 'string', example: 'urn:uuid:6f1c2a8e-0000-4000-8000-000000000001' },
        resource: {
          type: 'object',
          required: ['resourceType'],
          properties: { resourceType: { type: 'string', enum: ['Patient', 'Observation'] } },
          additionalProperties: true,
          description:
            'A FHIR R4 Patient or Observation resource: an open object by design (its members are those of the FHIR R4 specification)',
        },
        search: {
          type: 'object',
          properties: { mode: { type: 'string', enum: ['match', 'include'] } },
        },
      },
    },
  })
  entry!: { fullUrl: string; resource: { resourceType: string }; search?: { mode: string } }[];
}

export class FhirImportResponse {
  @ApiProperty() dry_run!: boolean;
  @ApiProperty({ type: ImportModulesResponse }) modules!: ImportModulesResponse;
  @ApiProperty({
    description: 'Derived Observations (BMI) recomputed from stored data, not imported',
  })
  derived_skipped!: number;
}
