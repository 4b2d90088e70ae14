/** The 20 charts of ../shared/spec/charts.md: code, title, units, the features they need, the data they read. */

export const CHART_CODES = [
  'E1',
  'E2',
  'E3',
  'E4',
  'E5',
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'A7',
  'A8',
  'R1',
  'R2',
  'R3',
  'R4',
  'R5',
  'C1',
  'C2',
  'C3',
  'C4',
] as const;
export type ChartCode = (typeof CHART_CODES)[number];

export const BASIC = 'charts.basic';
export const ADVANCED = 'charts.advanced';

export interface ChartDefinition {
  code: ChartCode;
  title: string;
  units: string[];
  features: string[];
  /** Data the chart reads (module names of the tracking data). */
  sources: string[];
}

const def = (
  code: ChartCode,
  title: string,
  units: string[],
  sources: string[],
): ChartDefinition => ({
  code,
  title,
  units,
  // ../shared/spec/charts.md rule 4: charts.basic for E1, A1, C1, R3; charts.advanced for the rest.
  features: ['E1', 'A1', 'C1', 'R3'].includes(code) ? [BASIC] : [ADVANCED],
  sources,
});

export const CHARTS: readonly ChartDefinition[] = [
  def('E1', 'Energy intake', ['kcal'], ['nutrition', 'weight', 'profile']),
  def('E2', 'Macronutrient distribution', ['g', '%'], ['nutrition']),
  def('E3', 'Protein adequacy', ['g/kg'], ['nutrition', 'weight']),
  def('E4', 'Energy balance and adaptive expenditure', ['kcal/day'], ['nutrition', 'weight']),
  def('E5', 'Logging adherence', ['days'], ['nutrition', 'weight']),
  def('A1', 'Weekly volume', ['min', 'sessions'], ['activity']),
  def('A2', 'Acute:chronic workload', ['AU', 'ratio'], ['activity']),
  def('A3', 'Monotony and strain', ['AU', 'ratio'], ['activity']),
  def('A4', 'Active energy', ['kcal'], ['activity', 'weight']),
  def('A5', 'Intensity distribution', ['min', '%'], ['activity', 'profile']),
  def('A6', 'Activity mix', ['%'], ['activity']),
  def('A7', 'Consistency', ['days'], ['activity']),
  def('A8', 'Distance and pace', ['km', 'min/km', 'km/h'], ['activity']),
  def('R1', 'Resting heart rate vs baseline', ['bpm'], ['reference_values']),
  def('R2', 'Heart-rate variability vs baseline', ['ln(ms)'], ['reference_values']),
  def('R3', 'Blood pressure', ['mmHg'], ['reference_values']),
  def('R4', 'Sleep', ['h'], ['reference_values']),
  def('R5', 'Readiness', ['score', 'z'], ['reference_values', 'activity']),
  def('C1', 'Weight trend', ['kg', 'kg/week'], ['weight', 'profile']),
  def('C2', 'Body composition', ['%', 'kg'], ['caliper', 'weight']),
  def('C3', 'Circumferences and ratios', ['cm', 'ratio'], ['circumference', 'profile']),
  def('C4', 'Body mass indices', ['kg/m²'], ['weight', 'caliper', 'profile']),
];

export function chartByCode(code: string): ChartDefinition | undefined {
  const upper = code.toUpperCase();
  return CHARTS.find((c) => c.code === upper);
}
