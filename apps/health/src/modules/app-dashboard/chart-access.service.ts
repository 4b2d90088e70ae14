import { Injectable } from '@nestjs/common';
import { closestMissingFeatures, featureRequired } from '@sports/common';
import type { ChartAccess } from '../charts/chart-access';
import { AppDashboardRepository } from './app-dashboard.repository';

/**
 * Who may read a chart. A chart widget's data is `GET /api/charts/{code}`, so the route
 * follows the widgets: a chart is readable when at least one widget showing it is available
 * to the caller under its effective features (an admin override included), as C2 is shown by
 * both `chart.c2` and `combo.body_progress`. A chart that no widget shows keeps the chart
 * catalog's features. The rule and the 403 are the shared feature gate's (`requireAnyOf`: OR
 * of AND rules, the closest alternative's missing features); the widgets and the caller's
 * features are read in one statement, since every chart request asks.
 */
@Injectable()
export class ChartAccessService implements ChartAccess {
  constructor(private readonly widgets: AppDashboardRepository) {}

  /** 403 FEATURE_REQUIRED (missing features of the closest widget) unless the chart is readable. */
  async requireChart(
    userId: string,
    code: string,
    catalogFeatures: readonly string[],
  ): Promise<void> {
    const { features, widgets } = await this.widgets.chartAccess(userId, code);
    const missing = closestMissingFeatures(
      widgets.length ? widgets : [catalogFeatures],
      new Set(features),
    );
    if (missing.length) throw featureRequired(missing);
  }
}
