import { Injectable } from '@nestjs/common';
import {
  IfMatch,
  missingFeatures,
  NotFoundError,
  UnprocessableError,
  withEntityTag,
} from '@sports/common';
import { FeaturesService } from '../membership/features.service';
import {
  AppDashboardRepository,
  dashboardVersion,
  LayoutItem,
  WidgetRow,
} from './app-dashboard.repository';
import type {
  AdminWidgetListResponse,
  AdminWidgetResponse,
  DashboardResponse,
  ProductDefaultResponse,
  UserWidgetListResponse,
  UserWidgetResponse,
  WidgetResponse,
} from './dto/app-dashboard.dto';
import { effectiveFeatures } from './widget-features';

const toWidget = (w: WidgetRow): WidgetResponse => ({
  key: w.key,
  title: w.title,
  kind: w.kind,
  chart_code: w.chart_code,
  data_url: w.data_url,
  default_size: w.default_size,
  features: effectiveFeatures(w),
});

/**
 * Module app_dashboard: widget availability by features (AND rule, admin override), the
 * caller's own layout or the product default, and the admin side of both.
 */
@Injectable()
export class AppDashboardService {
  constructor(
    private readonly repo: AppDashboardRepository,
    private readonly features: FeaturesService,
  ) {}

  async widgetsFor(userId: string): Promise<UserWidgetListResponse> {
    const [widgets, have] = await Promise.all([this.repo.widgets(), this.featureSet(userId)]);
    const items = widgets.map((w) => this.forUser(w, have));
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async dashboardOf(userId: string): Promise<DashboardResponse> {
    const [widgets, have, own] = await Promise.all([
      this.repo.widgets(),
      this.featureSet(userId),
      this.repo.layoutOf(userId),
    ]);
    const fallback = own ? null : await this.repo.productDefault();
    const layout = own ?? fallback ?? { widgets: [], updated_at: null };
    const byKey = new Map(widgets.map((w) => [w.key, w]));
    const dashboard: DashboardResponse = {
      source: own ? 'user' : 'default',
      updated_at: layout.updated_at ? layout.updated_at.toISOString() : null,
      widgets: layout.widgets
        // a widget removed from the catalog after the layout was saved is skipped
        .filter((item) => byKey.has(item.key))
        .map((item, position) => ({
          ...this.forUser(byKey.get(item.key) as WidgetRow, have),
          size: item.size,
          position,
        })),
    };
    return withEntityTag(dashboard, dashboardVersion(own, fallback));
  }

  /** With `ifMatch`, only over the version it names (412 otherwise). */
  async saveLayout(
    userId: string,
    widgets: LayoutItem[],
    ifMatch?: IfMatch,
  ): Promise<DashboardResponse> {
    await this.assertKnownWidgets(widgets);
    const layout = widgets.map(({ key, size }) => ({ key, size }));
    await this.repo.writeLayout(userId, ifMatch, (m) => this.repo.saveLayout(m, userId, layout));
    return this.dashboardOf(userId);
  }

  /** With `ifMatch`, only the version it names is reset (412 otherwise). */
  async resetLayout(userId: string, ifMatch?: IfMatch): Promise<DashboardResponse> {
    await this.repo.writeLayout(userId, ifMatch, (m) => this.repo.deleteLayout(m, userId));
    return this.dashboardOf(userId);
  }

  // -------------------------------------------------------------------- admin

  async adminWidgets(): Promise<AdminWidgetListResponse> {
    const items = (await this.repo.widgets()).map(toAdminWidget);
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async adminWidget(key: string): Promise<AdminWidgetResponse> {
    const w = (await this.repo.widgets()).find((x) => x.key === key);
    if (!w) throw new NotFoundError('Widget', key);
    return withEntityTag(toAdminWidget(w), w.row_version);
  }

  /** With `ifMatch`, only the version it names is changed (412 otherwise). */
  async setOverride(
    key: string,
    features: string[],
    adminId: string,
    ifMatch?: IfMatch,
  ): Promise<AdminWidgetResponse> {
    const unique = [...new Set(features)].sort();
    const known = new Set((await this.features.catalog()).items.map((f) => f.key));
    const unknown = unique.filter((f) => !known.has(f));
    if (unknown.length) {
      throw new UnprocessableError(`Unknown features: ${unknown.join(', ')}.`, 'UNKNOWN_FEATURE', {
        extensions: { unknown_features: unknown },
      });
    }
    await this.repo.setOverride(key, unique, adminId, ifMatch);
    return this.adminWidget(key);
  }

  /** With `ifMatch`, only the version it names is changed (412 otherwise). */
  async clearOverride(key: string, ifMatch?: IfMatch): Promise<void> {
    if (!(await this.repo.clearOverride(key, ifMatch)))
      throw new NotFoundError('Widget override', key);
  }

  /** The default layout, its row's version as the ETag (`0` while there is none). */
  async productDefault(): Promise<ProductDefaultResponse> {
    const row = await this.repo.productDefault();
    return withEntityTag(
      {
        widgets: row?.widgets ?? [],
        updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
      },
      row?.row_version ?? '0',
    );
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async saveProductDefault(
    widgets: LayoutItem[],
    adminId: string,
    ifMatch?: IfMatch,
  ): Promise<ProductDefaultResponse> {
    await this.assertKnownWidgets(widgets);
    await this.repo.saveProductDefault(
      widgets.map(({ key, size }) => ({ key, size })),
      adminId,
      ifMatch,
    );
    return this.productDefault();
  }

  // -------------------------------------------------------------------- helpers

  private async featureSet(userId: string): Promise<Set<string>> {
    return new Set(await this.features.featuresOf(userId));
  }

  private forUser(w: WidgetRow, have: ReadonlySet<string>): UserWidgetResponse {
    const widget = toWidget(w);
    const missing = missingFeatures(widget.features, have);
    return { ...widget, available: missing.length === 0, missing_features: missing };
  }

  /** 422 UNKNOWN_WIDGET for keys outside the catalog, 422 DUPLICATE_WIDGET for repeats. */
  private async assertKnownWidgets(widgets: LayoutItem[]): Promise<void> {
    const known = new Set((await this.repo.widgets()).map((w) => w.key));
    const unknown = [...new Set(widgets.map((w) => w.key).filter((k) => !known.has(k)))];
    if (unknown.length) {
      throw new UnprocessableError(`Unknown widgets: ${unknown.join(', ')}.`, 'UNKNOWN_WIDGET', {
        extensions: { unknown_widgets: unknown },
      });
    }
    const seen = new Set<string>();
    const duplicates = widgets
      .map((w) => w.key)
      .filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
    if (duplicates.length) {
      throw new UnprocessableError(
        `Widgets listed twice: ${[...new Set(duplicates)].join(', ')}.`,
        'DUPLICATE_WIDGET',
        {
          extensions: { duplicate_widgets: [...new Set(duplicates)] },
        },
      );
    }
  }
}

function toAdminWidget(w: WidgetRow): AdminWidgetResponse {
  return {
    ...toWidget(w),
    catalog_features: w.features,
    override_features: w.override_features,
    override_updated_at: w.override_updated_at ? w.override_updated_at.toISOString() : null,
  };
}
