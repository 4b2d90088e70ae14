/** The pieces every chart computation returns; the service adds code, title, range and sources. */

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartSeries {
  key: string;
  label: string;
  unit: string | null;
  points: ChartPoint[];
}

export type ChartSummary = Record<string, unknown>;

export interface ChartComputation {
  series: ChartSeries[];
  summary: ChartSummary;
  /** Source rows (days or sessions) the chart was computed from, inside the window. */
  data_points: number;
  /** Set when the data are too few for the method; the chart still answers 200. */
  insufficient_reason?: string;
}

export const series = (
  key: string,
  label: string,
  unit: string | null,
  points: ChartPoint[],
): ChartSeries => ({ key, label, unit, points });
