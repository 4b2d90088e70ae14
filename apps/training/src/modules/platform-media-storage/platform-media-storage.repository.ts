import { Injectable } from '@nestjs/common';
import {
  formatEntityTag,
  IfMatch,
  PreconditionFailedError,
  rowVersionColumn,
  VersionedRow,
} from '@sports/common';
import { DataSource } from 'typeorm';

export interface PlatformSettingRow<T> {
  value: T;
  updatedAt: Date;
  updatedBy: string | null;
  /** The row's version (its ETag). */
  version: string;
}

/**
 * The version of a setting that was never set (no row): the default is in force. Row versions
 * are transaction ids (digits), so it never equals one.
 */
export const DEFAULT_SETTING_VERSION = 'default';

interface RawSettingRow<T> extends VersionedRow {
  value: T;
  updated_at: Date;
  updated_by: string | null;
}

const SETTING_COLUMNS = `value, updated_at, updated_by, ${rowVersionColumn()}`;

function toSettingRow<T>(row: RawSettingRow<T>): PlatformSettingRow<T> {
  return {
    value: row.value,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: row.row_version,
  };
}

/** The only queries on `platform_settings`. */
@Injectable()
export class PlatformSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get<T>(key: string): Promise<PlatformSettingRow<T> | null> {
    const rows: RawSettingRow<T>[] = await this.dataSource.query(
      `SELECT ${SETTING_COLUMNS} FROM platform_settings WHERE key = $1`,
      [key],
    );
    return rows[0] ? toSettingRow(rows[0]) : null;
  }

  /**
   * Sets the value. With `ifMatch` naming versions (not `*`), only a row of one of those
   * versions is updated, or, when it names `DEFAULT_SETTING_VERSION`, a row inserted where none
   * is; each statement checks and writes at once. Otherwise 412 with the current version.
   * The value the setting has already is no write: the row keeps its version.
   */
  async put<T>(
    key: string,
    value: T,
    updatedBy: string,
    ifMatch?: IfMatch,
  ): Promise<PlatformSettingRow<T>> {
    const params = [key, JSON.stringify(value), updatedBy];
    if (!ifMatch || ifMatch.any) {
      const rows: RawSettingRow<T>[] = await this.dataSource.query(
        `INSERT INTO platform_settings (key, value, updated_at, updated_by)
              VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO UPDATE
                 SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
               WHERE platform_settings.value IS DISTINCT FROM EXCLUDED.value
         RETURNING ${SETTING_COLUMNS}`,
        params,
      );
      if (rows[0]) return toSettingRow(rows[0]);
      // The setting has that value already: the conflicting row was left as it is.
      return (await this.get<T>(key)) as PlatformSettingRow<T>;
    }
    // TypeORM answers UPDATE ... RETURNING as [rows, affected count].
    const versions = [...ifMatch.versions];
    const [updated]: [RawSettingRow<T>[], number] = await this.dataSource.query(
      `UPDATE platform_settings SET value = $2::jsonb, updated_at = now(), updated_by = $3
        WHERE key = $1 AND xmin::text = ANY($4::text[]) AND value IS DISTINCT FROM $2::jsonb
        RETURNING ${SETTING_COLUMNS}`,
      [...params, versions],
    );
    if (updated[0]) return toSettingRow(updated[0]);
    const unchanged: RawSettingRow<T>[] = await this.dataSource.query(
      `SELECT ${SETTING_COLUMNS} FROM platform_settings WHERE key = $1 AND xmin::text = ANY($2::text[])`,
      [key, versions],
    );
    if (unchanged[0]) return toSettingRow(unchanged[0]);
    if (ifMatch.versions.includes(DEFAULT_SETTING_VERSION)) {
      const inserted: RawSettingRow<T>[] = await this.dataSource.query(
        `INSERT INTO platform_settings (key, value, updated_at, updated_by)
              VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO NOTHING RETURNING ${SETTING_COLUMNS}`,
        params,
      );
      if (inserted[0]) return toSettingRow(inserted[0]);
    }
    const current = await this.get<T>(key);
    throw new PreconditionFailedError(formatEntityTag(current?.version ?? DEFAULT_SETTING_VERSION));
  }
}
