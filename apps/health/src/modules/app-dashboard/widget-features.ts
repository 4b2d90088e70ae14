import type { WidgetRow } from './app-dashboard.repository';

/** The override, when set, replaces the catalog assignment (../shared/spec/health-service.md, widget_catalog). */
export const effectiveFeatures = (w: Pick<WidgetRow, 'features' | 'override_features'>): string[] =>
  w.override_features ?? w.features;

/** AND rule: the features of `required` the user lacks (empty = available). */
export const missingFeatures = (required: readonly string[], have: ReadonlySet<string>): string[] =>
  required.filter((f) => !have.has(f));
