import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PlatformSettingRow<T> {
  value: T;
  updatedAt: Date;
  updatedBy: string | null;
}

/** The only queries on `platform_settings`. */
@Injectable()
export class PlatformSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get<T>(key: string): Promise<PlatformSettingRow<T> | null> {
    const rows: { value: T; updated_at: Date; updated_by: string | null }[] =
      await this.dataSource.query(
        `SELECT value, updated_at, updated_by FROM platform_settings WHERE key = $1`,
        [key],
      );
    const row = rows[0];
    return row ? { value: row.value, updatedAt: row.updated_at, updatedBy: row.updated_by } : null;
  }

  async put<T>(key: string, value: T, updatedBy: string): Promise<PlatformSettingRow<T>> {
    const rows: { value: T; updated_at: Date; updated_by: string | null }[] =
      await this.dataSource.query(
        `INSERT INTO platform_settings (key, value, updated_at, updated_by)
              VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO UPDATE
                 SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
         RETURNING value, updated_at, updated_by`,
        [key, JSON.stringify(value), updatedBy],
      );
    const row = rows[0];
    return { value: row.value, updatedAt: row.updated_at, updatedBy: row.updated_by };
  }
}
