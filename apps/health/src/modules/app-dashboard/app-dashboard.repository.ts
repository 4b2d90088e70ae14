import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export const WIDGET_SIZES = ['small', 'medium', 'large', 'full'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

export interface LayoutItem {
  key: string;
  size: WidgetSize;
}

export interface WidgetRow {
  key: string;
  title: string;
  kind: 'summary' | 'chart' | 'combo';
  chart_code: string | null;
  data_url: string;
  default_size: WidgetSize;
  features: string[];
  override_features: string[] | null;
  override_updated_at: Date | null;
}

export const PRODUCT_DEFAULT_KEY = 'product_dashboard_default';

/** The only queries of the dashboard: widget_catalog, user_dashboard_layouts, system_config. */
@Injectable()
export class AppDashboardRepository {
  constructor(private readonly db: DataSource) {}

  widgets(): Promise<WidgetRow[]> {
    return this.db.query(
      `SELECT key, title, kind, chart_code, data_url, default_size, features, override_features,
              override_updated_at
         FROM widget_catalog ORDER BY position`,
    );
  }

  /** Catalog and override features of every widget that shows chart `code`. */
  widgetsShowingChart(code: string): Promise<Pick<WidgetRow, 'features' | 'override_features'>[]> {
    return this.db.query(
      `SELECT features, override_features FROM widget_catalog WHERE chart_code = $1 ORDER BY position`,
      [code],
    );
  }

  async setOverride(key: string, features: string[], adminId: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE widget_catalog
          SET override_features = $2::text[], override_updated_at = now(), override_updated_by = $3
        WHERE key = $1 RETURNING key`,
      [key, features, adminId],
    );
    return rows[0].length > 0;
  }

  /** False when the widget has no override (or does not exist). */
  async clearOverride(key: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE widget_catalog
          SET override_features = NULL, override_updated_at = NULL, override_updated_by = NULL
        WHERE key = $1 AND override_features IS NOT NULL RETURNING key`,
      [key],
    );
    return rows[0].length > 0;
  }

  async layoutOf(userId: string): Promise<{ widgets: LayoutItem[]; updated_at: Date } | null> {
    const rows = await this.db.query(
      `SELECT widgets, updated_at FROM user_dashboard_layouts WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async saveLayout(userId: string, widgets: LayoutItem[]): Promise<void> {
    await this.db.query(
      `INSERT INTO user_dashboard_layouts (user_id, widgets) VALUES ($1, $2::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET widgets = EXCLUDED.widgets, updated_at = now()`,
      [userId, JSON.stringify(widgets)],
    );
  }

  async deleteLayout(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM user_dashboard_layouts WHERE user_id = $1`, [userId]);
  }

  async productDefault(): Promise<{ widgets: LayoutItem[]; updated_at: Date } | null> {
    const rows = await this.db.query(
      `SELECT value -> 'widgets' AS widgets, updated_at FROM system_config WHERE key = $1`,
      [PRODUCT_DEFAULT_KEY],
    );
    return rows[0] ?? null;
  }

  async saveProductDefault(widgets: LayoutItem[], adminId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO system_config (key, value, updated_by) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE
         SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [PRODUCT_DEFAULT_KEY, JSON.stringify({ widgets }), adminId],
    );
  }
}
