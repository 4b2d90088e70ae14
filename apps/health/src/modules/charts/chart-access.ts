/**
 * Who may read a chart, asked by the chart endpoints before they compute anything. The charts
 * module owns this interface; the dashboard module implements it (its widgets decide who may read
 * a chart) and hands it in through `ChartsModule.withAccess`, so charts never import the dashboard.
 */
export interface ChartAccess {
  /** 403 FEATURE_REQUIRED unless the caller may read the chart `code`. */
  requireChart(userId: string, code: string, catalogFeatures: readonly string[]): Promise<void>;
}

export const CHART_ACCESS = Symbol('CHART_ACCESS');
