import type { WidgetRow } from './app-dashboard.repository';

/** The override, when set, replaces the catalog assignment (../shared/spec/health-service.md, widget_catalog). */
export const effectiveFeatures = (w: Pick<WidgetRow, 'features' | 'override_features'>): string[] =>
  w.override_features ?? w.features;
