import { Injectable } from '@nestjs/common';
import { FieldError, UnprocessableError, ValidationFailedError, DomainError } from '@sports/common';
import type { Bundle, BundleEntry, BundleLink, Observation, Patient } from 'fhir/r4';
import { ExportdataService } from '../exportdata/exportdata.service';
import { ImportdataService } from '../importdata/importdata.service';
import type { FhirBundleQuery, FhirImportResponse } from './dto/fhir.dto';
import { FhirExportMapper } from './fhir-export.mapper';
import { FhirBundleTranslator, RowOrigin, UnknownCode } from './fhir-import.mapper';
import { effectiveOf, matchesFilter, parseObservationFilter } from './fhir-search';

const SECTION_REF =
  /\b(?:weight|circumference|caliper|activity|nutrition|reference_values)\[\d+\]/g;

/**
 * The caller's data as a FHIR R4 Bundle, and the import of such a bundle through the JSON
 * import (same validation, idempotent upsert, one transaction). The owner is always the caller.
 */
@Injectable()
export class FhirService {
  constructor(
    private readonly exports: ExportdataService,
    private readonly imports: ImportdataService,
  ) {}

  /**
   * Without `_count` a `collection` of everything that matches; with it a `searchset` page whose
   * links carry the same filters. `baseUrl` is the absolute URL of GET /api/fhir/Bundle.
   */
  async bundle(
    userId: string,
    query: FhirBundleQuery,
    baseUrl: string,
    now: Date = new Date(),
  ): Promise<Bundle> {
    const filter = parseObservationFilter(query.date ?? [], query.code);
    if (!filter.ok) throw new ValidationFailedError('Invalid search parameters.', filter.errors);
    const [stored, types] = await Promise.all([
      this.exports.stored(userId),
      this.imports.referenceTypes(),
    ]);
    const mapper = new FhirExportMapper(userId, types);
    const patient = mapper.patient(stored.profile);
    const matches = mapper
      .observations(stored, now)
      .filter((o) => matchesFilter(o, filter.value))
      .sort(byEffective);
    const timestamp = now.toISOString();
    if (query._count === undefined) {
      return {
        resourceType: 'Bundle',
        type: 'collection',
        timestamp,
        entry: [entryOf(patient), ...matches.map((o) => entryOf(o))],
      };
    }
    const count = query._count;
    const offset = query._offset ?? 0;
    const page = matches.slice(offset, offset + count);
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp,
      total: matches.length,
      link: pageLinks(baseUrl, query, count, offset, matches.length),
      entry: [entryOf(patient, 'include'), ...page.map((o) => entryOf(o, 'match'))],
    };
  }

  /**
   * Translates the bundle into an export document and runs the JSON import on it: unknown codes
   * answer 422 with every one listed, malformed elements and rows the import refuses 400, each
   * with the path of its entry; nothing is written unless everything is accepted.
   */
  async import(userId: string, body: unknown, dryRun: boolean): Promise<FhirImportResponse> {
    const types = await this.imports.referenceTypes();
    const translated = new FhirBundleTranslator(new Set(types.map((t) => t.key))).translate(body);
    if (!translated.ok) {
      if (translated.invalid.length)
        throw new ValidationFailedError(
          `The bundle has ${translated.invalid.length} invalid element(s); nothing was imported.`,
          translated.invalid,
        );
      throw unknownCodes(translated.unknown);
    }
    const { document, origins, derivedSkipped } = translated.value;
    try {
      const result = await this.imports.import(userId, document, dryRun);
      return { dry_run: result.dry_run, modules: result.modules, derived_skipped: derivedSkipped };
    } catch (error) {
      if (!(error instanceof ValidationFailedError)) throw error;
      throw new ValidationFailedError(
        `The bundle has ${error.errors?.length ?? 0} invalid value(s); nothing was imported.`,
        remap(error.errors ?? [], origins),
      );
    }
  }
}

function unknownCodes(unknown: UnknownCode[]): DomainError {
  return new UnprocessableError(
    `The bundle uses ${unknown.length} code(s) the service does not store; nothing was imported.`,
    'FHIR_CODE_UNKNOWN',
    {
      errors: unknown.map((u) => ({
        path: u.path,
        message: `unknown code ${u.system ?? '(no system)'}|${u.code ?? '(no code)'}`,
      })),
      extensions: { unknown_codes: unknown },
      hint: 'The README lists the LOINC codes and the service’s own code systems the import accepts.',
    },
  );
}

/** Import errors name rows of the export document (`weight[3].weight_kg`); clients sent entries. */
function remap(errors: FieldError[], origins: Map<string, RowOrigin>): FieldError[] {
  return errors.map((e) => {
    const m = /^([a-z_]+(?:\[\d+\])?)(?:\.(.+))?$/.exec(e.path);
    const origin = m ? origins.get(m[1]) : undefined;
    const message = e.message.replace(SECTION_REF, (ref) => origins.get(ref)?.resource ?? ref);
    if (!m || !origin) return { path: e.path, message };
    const field = m[2];
    return {
      path: (field && origin.fields[field]) || origin.resource,
      message: field ? `${field}: ${message}` : message,
    };
  });
}

const byEffective = (a: Observation, b: Observation): number => {
  const ea = effectiveOf(a);
  const eb = effectiveOf(b);
  if (ea !== eb) return ea < eb ? -1 : 1;
  return (a.id ?? '') < (b.id ?? '') ? -1 : 1;
};

function entryOf(resource: Patient | Observation, mode?: 'match' | 'include'): BundleEntry {
  return {
    fullUrl: `urn:uuid:${resource.id}`,
    resource,
    ...(mode ? { search: { mode } } : {}),
  };
}

function pageLinks(
  baseUrl: string,
  query: FhirBundleQuery,
  count: number,
  offset: number,
  total: number,
): BundleLink[] {
  const url = (at: number) => {
    const params = new URLSearchParams();
    for (const d of query.date ?? []) params.append('date', d);
    if (query.code) params.set('code', query.code);
    params.set('_count', String(count));
    params.set('_offset', String(at));
    return `${baseUrl}?${params.toString()}`;
  };
  const last = total === 0 ? 0 : Math.floor((total - 1) / count) * count;
  const links: BundleLink[] = [
    { relation: 'self', url: url(offset) },
    { relation: 'first', url: url(0) },
  ];
  if (offset > 0) links.push({ relation: 'previous', url: url(Math.max(0, offset - count)) });
  if (offset + count < total) links.push({ relation: 'next', url: url(offset + count) });
  links.push({ relation: 'last', url: url(last) });
  return links;
}
