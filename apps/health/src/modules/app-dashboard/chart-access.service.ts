import { Injectable } from '@nestjs/common';
import { FeatureGate } from '@sports/common';
import type { ChartAccess } from '../charts/chart-access';
import { AppDashboardRepository } from './app-dashboard.repository';
import { effectiveFeatures } from './widget-features';

/**
 * Who may read a chart. A chart widget's data is `GET /api/charts/{code}`, so the route
 * follows the widgets: a chart is readable when at least one widget showing it is available
 * to the caller under its effective features (an admin override included), as C2 is shown by
 * both `chart.c2` and `combo.body_progress`. A chart that no widget shows keeps the chart
 * catalog's features. The check is the shared feature gate's (`requireAnyOf`): the features
 * depend on the chart the path names, so the service asks it rather than a route decorator.
 */
@Injectable()
export class ChartAccessService implements ChartAccess {
  constructor(
    private readonly widgets: AppDashboardRepository,
    private readonly features: FeatureGate,
  ) {}

  /** 403 FEATURE_REQUIRED (missing features of the closest widget) unless the chart is readable. */
  async requireChart(
    userId: string,
    code: string,
    catalogFeatures: readonly string[],
  ): Promise<void> {
    // The widgets and the caller's features are read at the same time (two round trips in one).
    const alternatives = this.widgets
      .widgetsShowingChart(code)
      .then((showing) => (showing.length ? showing.map(effectiveFeatures) : [catalogFeatures]));
    await this.features.requireAnyOf(userId, alternatives);
  }
}
