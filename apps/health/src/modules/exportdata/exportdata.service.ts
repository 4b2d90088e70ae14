import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@sports/common';
import type { EntityManager } from 'typeorm';
import {
  EXPORT_FORMAT,
  ExportDocument,
  ExportSections,
  IMPORTABLE_SECTIONS,
  StoredData,
} from './export-document';
import { ExportdataRepository } from './exportdata.repository';

/** Strips the ids the import needs for matching; the document never carries ids. */
function withoutIds<T extends { id: string }>(rows: T[]): Omit<T, 'id'>[] {
  return rows.map(({ id: _id, ...rest }) => rest);
}

/** The caller's complete data as one `health.export.v1` document (route gated by feature `export`). */
@Injectable()
export class ExportdataService {
  constructor(private readonly repo: ExportdataRepository) {}

  async export(userId: string, now: Date = new Date()): Promise<ExportDocument> {
    const stored = await this.stored(userId);
    const sections: Record<string, unknown> = {};
    for (const s of IMPORTABLE_SECTIONS) {
      sections[s] = withoutIds<{ id: string }>(stored.sections[s]);
    }
    return {
      format: EXPORT_FORMAT,
      exported_at: now.toISOString(),
      user: stored.profile,
      ...(sections as unknown as ExportSections),
      photos: stored.photos,
    };
  }

  /** The stored rows with ids, read on `manager` (the import's transaction). */
  async stored(userId: string, manager?: EntityManager): Promise<StoredData> {
    const data = await this.repo.read(userId, manager);
    if (!data) throw new NotFoundError('User', userId);
    return data;
  }
}
