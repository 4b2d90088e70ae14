import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  ForbiddenError,
  IfMatch,
  mapUniqueViolations,
  NotFoundError,
  UnprocessableError,
  withEntityTag,
} from '@sports/common';
import {
  AdminCsvLimitsResponse,
  CsvLimitsRequest,
  CsvLimitsResponse,
  MappingListResponse,
  MappingRequest,
  MappingResponse,
  TemplateValidationResponse,
  UpdateMappingRequest,
} from './dto/csv-import.dto';
import { CsvImportRepository, CsvLimits, MappingRow, MappingValues } from './csv-import.repository';
import { csvMappingConflicts, mappingNameTaken } from './csv-mappings.constraints';
import { CsvModule } from './csv-modules';
import { headerFingerprint } from './csv-parsing';
import { TemplateDraft, TemplateWarning, validateTemplate } from './csv-template-validation';

export const toMappingResponse = (m: MappingRow): MappingResponse => ({
  id: m.id,
  name: m.name,
  description: m.description,
  module: m.module,
  is_system: m.is_system,
  owner_id: m.owner_id,
  copied_from_id: m.copied_from_id,
  delimiter: m.delimiter,
  decimal_separator: m.decimal_separator,
  date_format: m.date_format,
  encoding: m.encoding,
  has_header: m.has_header,
  skip_lines: m.skip_lines,
  columns: m.columns,
  units: m.units,
  exclude_rows: m.exclude_rows,
  date_heading_rows: m.date_heading_rows,
  header_fingerprint: m.header_fingerprint,
  created_at: m.created_at.toISOString(),
  updated_at: m.updated_at.toISOString(),
});

/** The response of one mapping, carrying its version as the ETag. */
const tagged = (m: MappingRow): MappingResponse =>
  withEntityTag(toMappingResponse(m), m.row_version);

const fromRow = (m: MappingRow): TemplateDraft => ({
  name: m.name,
  description: m.description,
  module: m.module,
  delimiter: m.delimiter,
  decimal_separator: m.decimal_separator,
  date_format: m.date_format,
  encoding: m.encoding,
  has_header: m.has_header,
  skip_lines: m.skip_lines,
  columns: m.columns,
  units: m.units,
  exclude_rows: m.exclude_rows,
  date_heading_rows: m.date_heading_rows,
});

/**
 * Mappings (system templates and users' copies) and the import limits. Users see system
 * templates and their own mappings; they edit only their own. Admins edit system templates.
 */
@Injectable()
export class CsvMappingsService {
  constructor(private readonly repo: CsvImportRepository) {}

  // ---- limits -------------------------------------------------------------------------------

  async limits(): Promise<CsvLimits> {
    return (await this.repo.limits()).value;
  }

  async publicLimits(): Promise<CsvLimitsResponse> {
    return { ...(await this.limits()) };
  }

  async adminLimits(): Promise<AdminCsvLimitsResponse> {
    const row = await this.repo.limits();
    return withEntityTag(
      {
        ...row.value,
        updated_at: row.updated_at.toISOString(),
        updated_by: row.updated_by,
      },
      row.row_version,
    );
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateLimits(
    userId: string,
    body: CsvLimitsRequest,
    ifMatch?: IfMatch,
  ): Promise<AdminCsvLimitsResponse> {
    const row = await this.repo.limits();
    assertIfMatch(ifMatch, row.row_version);
    const current = row.value;
    const next: CsvLimits = {
      max_file_bytes: body.max_file_bytes ?? current.max_file_bytes,
      max_rows: body.max_rows ?? current.max_rows,
      max_errors_reported: body.max_errors_reported ?? current.max_errors_reported,
    };
    await this.repo.saveLimits(next, userId, ifMatch);
    return this.adminLimits();
  }

  // ---- users' view --------------------------------------------------------------------------

  async list(userId: string, module?: string): Promise<MappingListResponse> {
    const items = (await this.repo.listMappings(userId, module)).map(toMappingResponse);
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  /** A system template or the caller's own mapping; anything else is 404 (it does not exist for them). */
  async visible(userId: string, id: string): Promise<MappingRow> {
    const m = await this.repo.findMapping(id);
    if (!m || (!m.is_system && m.owner_id !== userId)) throw new NotFoundError('CSV mapping', id);
    return m;
  }

  async get(userId: string, id: string): Promise<MappingResponse> {
    return tagged(await this.visible(userId, id));
  }

  async copy(userId: string, id: string, name?: string): Promise<MappingResponse> {
    const source = await this.visible(userId, id);
    let candidate = name ?? `${source.name} (copy)`;
    if (name && (await this.repo.nameTaken(candidate, userId, null))) throw mappingNameTaken(name);
    for (let n = 2; await this.repo.nameTaken(candidate, userId, null); n += 1) {
      candidate = `${source.name} (copy ${n})`;
    }
    // The description tells what the template reads; the copy is the user's to change.
    const values = {
      ...this.values(fromRow(source)),
      name: candidate.slice(0, 200),
      description: `Copy of "${source.name}".`,
    };
    const row = await mapUniqueViolations(csvMappingConflicts(values.name), () =>
      this.repo.insertMapping(values, userId, source.id),
    );
    return tagged(row);
  }

  /** A mapping of the caller's own, validated like an edit (422 with warnings, nothing saved). */
  async createOwn(userId: string, body: MappingRequest): Promise<MappingResponse> {
    return tagged(await this.save(body, userId, null));
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateOwn(
    userId: string,
    id: string,
    body: UpdateMappingRequest,
    ifMatch?: IfMatch,
  ): Promise<MappingResponse> {
    const m = await this.visible(userId, id);
    if (m.is_system) {
      throw new ForbiddenError(
        'System templates are changed by administrators only.',
        'CSV_SYSTEM_TEMPLATE',
        { hint: 'Copy the template (POST /api/csv/copy) and edit your copy.' },
      );
    }
    assertIfMatch(ifMatch, m.row_version);
    const draft = { ...fromRow(m), ...stripUndefined(body) } as TemplateDraft;
    return tagged(await this.save(draft, userId, m.id, ifMatch));
  }

  async deleteOwn(userId: string, id: string, ifMatch?: IfMatch): Promise<void> {
    const m = await this.visible(userId, id);
    if (m.is_system) {
      throw new ForbiddenError(
        'System templates are deleted by administrators only.',
        'CSV_SYSTEM_TEMPLATE',
      );
    }
    assertIfMatch(ifMatch, m.row_version);
    await this.repo.deleteMapping(m.id, ifMatch);
  }

  // ---- administrators' view ------------------------------------------------------------------

  async listSystem(): Promise<MappingListResponse> {
    const items = (await this.repo.listMappings(null)).map(toMappingResponse);
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async system(id: string): Promise<MappingRow> {
    const m = await this.repo.findMapping(id);
    if (!m || !m.is_system) throw new NotFoundError('CSV template', id);
    return m;
  }

  async getSystem(id: string): Promise<MappingResponse> {
    return tagged(await this.system(id));
  }

  async createSystem(body: MappingRequest): Promise<MappingResponse> {
    return tagged(await this.save(body, null, null));
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateSystem(
    id: string,
    body: UpdateMappingRequest,
    ifMatch?: IfMatch,
  ): Promise<MappingResponse> {
    const m = await this.system(id);
    assertIfMatch(ifMatch, m.row_version);
    const draft = { ...fromRow(m), ...stripUndefined(body) } as TemplateDraft;
    return tagged(await this.save(draft, null, m.id, ifMatch));
  }

  async deleteSystem(id: string, ifMatch?: IfMatch): Promise<void> {
    const m = await this.system(id);
    assertIfMatch(ifMatch, m.row_version);
    await this.repo.deleteMapping(m.id, ifMatch);
  }

  /** 200 `{ valid: true }` or 422 `CSV_TEMPLATE_INVALID` with the warnings. */
  async validate(
    draft: TemplateDraft,
    ownerId: string | null = null,
    exceptId: string | null = null,
  ): Promise<TemplateValidationResponse> {
    const warnings = await this.warningsOf(draft, ownerId, exceptId);
    if (warnings.length) throw this.invalid(warnings);
    return {
      valid: true,
      warnings: [],
      header_fingerprint: headerFingerprint(draft.columns as Record<string, string>),
    };
  }

  private async warningsOf(
    draft: TemplateDraft,
    ownerId: string | null,
    exceptId: string | null,
  ): Promise<TemplateWarning[]> {
    const warnings = validateTemplate(draft);
    if (draft.name && (await this.repo.nameTaken(draft.name, ownerId, exceptId))) {
      warnings.push({
        field: 'name',
        code: 'NAME_TAKEN',
        message: `A ${ownerId ? 'mapping of yours' : 'system template'} named "${draft.name}" exists already.`,
      });
    }
    return warnings;
  }

  private invalid(warnings: TemplateWarning[]): UnprocessableError {
    return new UnprocessableError(
      `The CSV template is not valid (${warnings.length} warning${warnings.length === 1 ? '' : 's'}); nothing was saved.`,
      'CSV_TEMPLATE_INVALID',
      { extensions: { valid: false, warnings } },
    );
  }

  /** Saves only a draft that validates; otherwise 422 with the warnings and nothing written. */
  private async save(
    draft: TemplateDraft,
    ownerId: string | null,
    id: string | null,
    ifMatch?: IfMatch,
  ): Promise<MappingRow> {
    const warnings = await this.warningsOf(draft, ownerId, id);
    if (warnings.length) throw this.invalid(warnings);
    const values = this.values(draft);
    return mapUniqueViolations(csvMappingConflicts(values.name), () =>
      id ? this.repo.updateMapping(id, values, ifMatch) : this.repo.insertMapping(values, ownerId),
    );
  }

  private values(d: TemplateDraft): MappingValues {
    const columns = Object.fromEntries(
      Object.entries(d.columns).map(([k, v]) => [k, String(v).trim()]),
    );
    return {
      name: d.name.trim(),
      description: d.description ?? null,
      module: d.module as CsvModule,
      delimiter: d.delimiter,
      decimal_separator: d.decimal_separator,
      date_format: d.date_format,
      encoding: (d.encoding ?? 'auto') as MappingValues['encoding'],
      has_header: d.has_header ?? true,
      skip_lines: d.skip_lines ?? 0,
      columns,
      units: (d.units ?? {}) as Record<string, string>,
      exclude_rows: (d.exclude_rows ?? []).map((r) => ({
        column: r.column.trim(),
        values: r.values.map((v) => v.trim()),
      })),
      date_heading_rows: d.date_heading_rows ?? false,
      header_fingerprint: headerFingerprint(columns),
    };
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
