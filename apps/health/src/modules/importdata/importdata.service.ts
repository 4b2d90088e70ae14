import { Injectable } from '@nestjs/common';
import { mapUniqueViolations, ValidationFailedError } from '@sports/common';
import type { EntityManager } from 'typeorm';
import { EXPORT_FORMAT, IMPORTABLE_SECTIONS } from '../exportdata/export-document';
import { ExportdataService } from '../exportdata/exportdata.service';
import type { ImportModulesResponse, ImportResponse } from './dto/import.dto';
import { countsOf, planSection } from './import-plan';
import {
  naturalKey,
  normalize,
  ReferenceTypeRange,
  validateDocument,
  ValidDocument,
} from './import-rows';
import { IMPORT_CONFLICTS } from './importdata.constraints';
import { ImportdataRepository, PROFILE_COLUMNS } from './importdata.repository';

/**
 * Re-import of a `health.export.v1` document into the caller's own account: validated whole,
 * then upserted by natural keys in one transaction (or only predicted with `dry_run`).
 */
@Injectable()
export class ImportdataService {
  constructor(
    private readonly repo: ImportdataRepository,
    private readonly exports: ExportdataService,
  ) {}

  async import(userId: string, document: unknown, dryRun: boolean): Promise<ImportResponse> {
    const checked = validateDocument(document, await this.repo.referenceTypes());
    if (!checked.ok) {
      throw new ValidationFailedError(
        `The document has ${checked.errors.length} invalid field${checked.errors.length === 1 ? '' : 's'}; nothing was imported.`,
        checked.errors,
      );
    }
    const modules = await mapUniqueViolations(IMPORT_CONFLICTS, () =>
      this.repo.transaction((m) => this.apply(m, userId, checked.value, dryRun)),
    );
    return {
      format: EXPORT_FORMAT,
      dry_run: dryRun,
      modules,
      photos_skipped: checked.value.photos,
    };
  }

  /** The reference value types an import accepts (for imports of other formats, e.g. FHIR). */
  referenceTypes(): Promise<ReferenceTypeRange[]> {
    return this.repo.referenceTypes();
  }

  private async apply(
    m: EntityManager,
    userId: string,
    doc: ValidDocument,
    dryRun: boolean,
  ): Promise<ImportModulesResponse> {
    await this.repo.lockUser(m, userId);
    const stored = await this.exports.stored(userId, m);
    const modules = {} as ImportModulesResponse;

    const user = doc.user;
    const changed =
      user !== null &&
      PROFILE_COLUMNS.some((c) => user[c] !== undefined && user[c] !== stored.profile[c]);
    modules.user = { created: 0, updated: changed ? 1 : 0, unchanged: user && !changed ? 1 : 0 };
    if (changed && !dryRun) await this.repo.updateProfile(m, userId, user);

    for (const section of IMPORTABLE_SECTIONS) {
      type Row = object;
      const plan = planSection<Row>(
        stored.sections[section] as (Row & { id: string })[],
        doc.sections[section] as Row[],
        naturalKey[section] as (r: Row) => string,
        normalize[section] as unknown as (r: Row) => Row,
      );
      modules[section] = countsOf(plan);
      if (dryRun) continue;
      // Updates first: they never change a natural key, so inserts see the final state.
      if (plan.updates.length) await this.repo.update(m, userId, section, plan.updates);
      if (plan.creates.length) await this.repo.insert(m, userId, section, plan.creates);
    }
    return modules;
  }
}
