import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  currentRowVersion,
  IfMatch,
  ifMatchSql,
  NotFoundError,
  PreparedReads,
  rowVersionColumn,
  updateVersionedRow,
  VersionedRow,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { effectiveFeaturesOf } from '../membership/effective-features';

export const WIDGET_SIZES = ['small', 'medium', 'large', 'full'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

export interface LayoutItem {
  key: string;
  size: WidgetSize;
}

export interface WidgetRow extends VersionedRow {
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

/** The caller's features and the features of each widget showing one chart. */
export interface ChartAccessRow {
  features: string[];
  widgets: string[][];
}

export const PRODUCT_DEFAULT_KEY = 'product_dashboard_default';

/** A stored layout (the user's own or the product default) and its row version. */
export interface StoredLayout extends VersionedRow {
  widgets: LayoutItem[];
  updated_at: Date;
}

/**
 * The version of a user's dashboard: its own layout's row version, or `default.` and the
 * product default's (`default.0` while there is none), so that the version moves whenever the
 * layout shown does.
 */
export function dashboardVersion(own: StoredLayout | null, fallback: StoredLayout | null): string {
  return own ? own.row_version : `default.${fallback?.row_version ?? '0'}`;
}

/** The only queries of the dashboard: widget_catalog, user_dashboard_layouts, system_config. */
@Injectable()
export class AppDashboardRepository {
  constructor(
    private readonly db: DataSource,
    private readonly reads: PreparedReads,
  ) {}

  widgets(): Promise<WidgetRow[]> {
    return this.db.query(
      `SELECT key, title, kind, chart_code, data_url, default_size, features, override_features,
              override_updated_at, ${rowVersionColumn()}
         FROM widget_catalog ORDER BY position`,
    );
  }

  /**
   * What decides whether `userId` may read chart `code`, in one prepared statement: the caller's
   * effective features (none for an unknown user) and the effective features (override, else
   * catalog) of every widget that shows the chart, in catalog order.
   */
  async chartAccess(userId: string, code: string): Promise<ChartAccessRow> {
    const [row] = await this.reads.query<ChartAccessRow>(
      `SELECT coalesce(${effectiveFeaturesOf('$1::uuid')}, '{}') AS features,
              coalesce((SELECT json_agg(coalesce(override_features, features) ORDER BY position)
                          FROM widget_catalog WHERE chart_code = $2), '[]') AS widgets`,
      [userId, code],
    );
    return row;
  }

  /**
   * 404 when the widget does not exist. With `ifMatch`, only the version it names is changed
   * (checked in the UPDATE's WHERE, 412 otherwise). The features it has already are no write.
   */
  async setOverride(
    key: string,
    features: string[],
    adminId: string,
    ifMatch?: IfMatch,
  ): Promise<void> {
    await updateVersionedRow(
      this.db,
      { table: 'widget_catalog', where: { key } },
      {
        set: { override_features: features },
        stamps: { override_updated_by: adminId },
        stampedNow: ['override_updated_at'],
        returning: 'key',
        ifMatch,
        notFound: () => new NotFoundError('Widget', key),
      },
    );
  }

  /**
   * False when the widget has no override (or does not exist). With `ifMatch`, only the
   * version it names is changed (checked in the UPDATE's WHERE, 412 otherwise).
   */
  async clearOverride(key: string, ifMatch?: IfMatch): Promise<boolean> {
    const params: unknown[] = [key];
    const [rows] = (await this.db.query(
      `UPDATE widget_catalog
          SET override_features = NULL, override_updated_at = NULL, override_updated_by = NULL
        WHERE key = $1 AND override_features IS NOT NULL${ifMatchSql(ifMatch, params)}
        RETURNING key`,
      params,
    )) as [unknown[], number];
    return rows.length > 0 || this.unchanged(key, ifMatch);
  }

  /** After a conditional widget write matched no row: 412 when the widget has another version. */
  private async unchanged(key: string, ifMatch?: IfMatch): Promise<false> {
    if (!ifMatch) return false;
    const current = await currentRowVersion(this.db, { table: 'widget_catalog', where: { key } });
    if (current !== null) assertIfMatch(ifMatch, current);
    return false;
  }

  async layoutOf(
    userId: string,
    db: EntityManager = this.db.manager,
  ): Promise<StoredLayout | null> {
    const rows = await db.query(
      `SELECT widgets, updated_at, ${rowVersionColumn()} FROM user_dashboard_layouts
        WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Runs `write` in a transaction that holds the user's dashboard lock, so that writes of one
   * dashboard happen one after the other (the layout row may not exist yet: a row lock cannot
   * do it). With `ifMatch`, the dashboard's version is checked under the lock first (412).
   */
  async writeLayout(
    userId: string,
    ifMatch: IfMatch | undefined,
    write: (m: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `SELECT pg_advisory_xact_lock(hashtext('user_dashboard_layouts'), hashtext($1))`,
        [userId],
      );
      if (ifMatch) {
        // The default shown stays as it is until the write commits (FOR SHARE).
        const own = await this.layoutOf(userId, m);
        const fallback = own ? null : await this.productDefault(m, 'FOR SHARE');
        assertIfMatch(ifMatch, dashboardVersion(own, fallback));
      }
      await write(m);
    });
  }

  async saveLayout(m: EntityManager, userId: string, widgets: LayoutItem[]): Promise<void> {
    await m.query(
      `INSERT INTO user_dashboard_layouts (user_id, widgets) VALUES ($1, $2::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET widgets = EXCLUDED.widgets, updated_at = now()
       WHERE user_dashboard_layouts.widgets IS DISTINCT FROM EXCLUDED.widgets`,
      [userId, JSON.stringify(widgets)],
    );
  }

  async deleteLayout(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM user_dashboard_layouts WHERE user_id = $1`, [userId]);
  }

  async productDefault(
    db: EntityManager = this.db.manager,
    lock: '' | 'FOR SHARE' = '',
  ): Promise<StoredLayout | null> {
    const rows = await db.query(
      `SELECT value -> 'widgets' AS widgets, updated_at, ${rowVersionColumn()} FROM system_config
        WHERE key = $1 ${lock}`,
      [PRODUCT_DEFAULT_KEY],
    );
    return rows[0] ?? null;
  }

  /**
   * With `ifMatch`, only the version it names is replaced (checked in the UPDATE's WHERE, 412
   * otherwise); without, the row is written whether it exists or not.
   */
  async saveProductDefault(
    widgets: LayoutItem[],
    adminId: string,
    ifMatch?: IfMatch,
  ): Promise<void> {
    const params = [PRODUCT_DEFAULT_KEY, JSON.stringify({ widgets }), adminId];
    if (ifMatch) {
      await updateVersionedRow(
        this.db,
        { table: 'system_config', where: { key: PRODUCT_DEFAULT_KEY } },
        {
          set: { value: params[1] },
          stamps: { updated_by: adminId },
          stampedNow: ['updated_at'],
          returning: 'key',
          ifMatch,
          notFound: () => new NotFoundError('Default dashboard', PRODUCT_DEFAULT_KEY),
        },
      );
      return;
    }
    // A layout equal to the stored one is no write: the row keeps its version.
    await this.db.query(
      `INSERT INTO system_config (key, value, updated_by) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE
         SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
       WHERE system_config.value IS DISTINCT FROM EXCLUDED.value`,
      params,
    );
  }
}
