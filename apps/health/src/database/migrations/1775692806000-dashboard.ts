import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Application dashboard (issue #9): the widget catalog with its feature assignment and the
 * administrator override, the users' own layouts, and the product default layout in
 * `system_config` (table created by CsvImport1775692803000).
 *
 * - `widget_catalog.features` is the catalog assignment; `override_features`, when not NULL,
 *   replaces it (an empty array opens the widget to everyone). Feature keys are checked
 *   against `features` by the service (arrays cannot carry foreign keys).
 * - A layout is an ordered JSON array of `{ key, size }`.
 */

const CHARTS: [string, string, string, string][] = [
  ['E1', 'Energy intake', 'charts.basic', 'medium'],
  ['E2', 'Macronutrient distribution', 'charts.advanced', 'medium'],
  ['E3', 'Protein adequacy', 'charts.advanced', 'medium'],
  ['E4', 'Energy balance and adaptive expenditure', 'charts.advanced', 'large'],
  ['E5', 'Logging adherence', 'charts.advanced', 'small'],
  ['A1', 'Weekly volume', 'charts.basic', 'medium'],
  ['A2', 'Acute:chronic workload', 'charts.advanced', 'large'],
  ['A3', 'Monotony and strain', 'charts.advanced', 'medium'],
  ['A4', 'Active energy', 'charts.advanced', 'medium'],
  ['A5', 'Intensity distribution', 'charts.advanced', 'small'],
  ['A6', 'Activity mix', 'charts.advanced', 'small'],
  ['A7', 'Consistency', 'charts.advanced', 'small'],
  ['A8', 'Distance and pace', 'charts.advanced', 'medium'],
  ['R1', 'Resting heart rate vs baseline', 'charts.advanced', 'medium'],
  ['R2', 'Heart-rate variability vs baseline', 'charts.advanced', 'medium'],
  ['R3', 'Blood pressure', 'charts.basic', 'medium'],
  ['R4', 'Sleep', 'charts.advanced', 'medium'],
  ['R5', 'Readiness', 'charts.advanced', 'small'],
  ['C1', 'Weight trend', 'charts.basic', 'large'],
  ['C2', 'Body composition', 'charts.advanced', 'medium'],
  ['C3', 'Circumferences and ratios', 'charts.advanced', 'medium'],
  ['C4', 'Body mass indices', 'charts.advanced', 'small'],
];

/** key, title, kind, chart code, data url, default size, features */
const WIDGETS: [string, string, string, string | null, string, string, string[]][] = [
  ['summary.latest_weight', 'Latest weight', 'summary', null, '/api/stats', 'small', []],
  [
    'summary.today_nutrition',
    "Today's nutrition",
    'summary',
    null,
    '/api/nutrition/daily',
    'small',
    [],
  ],
  [
    'summary.recent_activities',
    'Recent activities',
    'summary',
    null,
    '/api/activity?days=7&limit=5',
    'medium',
    [],
  ],
  ['summary.last_insight', 'Last insight', 'summary', null, '/api/insights?limit=1', 'medium', []],
  ...CHARTS.map(
    ([code, title, feature, size]): [
      string,
      string,
      string,
      string | null,
      string,
      string,
      string[],
    ] => [
      `chart.${code.toLowerCase()}`,
      title,
      'chart',
      code,
      `/api/charts/${code}`,
      size,
      [feature],
    ],
  ),
  [
    'combo.body_progress',
    'Body composition with progress photos',
    'combo',
    'C2',
    '/api/charts/C2',
    'large',
    ['charts.advanced', 'photos'],
  ],
];

export const PRODUCT_DASHBOARD_DEFAULT = {
  widgets: [
    { key: 'summary.latest_weight', size: 'small' },
    { key: 'summary.today_nutrition', size: 'small' },
    { key: 'summary.recent_activities', size: 'medium' },
    { key: 'chart.c1', size: 'large' },
    { key: 'chart.e1', size: 'medium' },
    { key: 'chart.a1', size: 'medium' },
    { key: 'chart.r3', size: 'medium' },
    { key: 'chart.a2', size: 'large' },
    { key: 'chart.r5', size: 'small' },
    { key: 'summary.last_insight', size: 'medium' },
  ],
};

export class Dashboard1775692806000 implements MigrationInterface {
  name = 'Dashboard1775692806000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE widget_catalog (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)*$'),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        kind text NOT NULL CHECK (kind IN ('summary', 'chart', 'combo')),
        chart_code text CHECK (chart_code ~ '^[EARC][1-8]$'),
        data_url text NOT NULL,
        default_size text NOT NULL CHECK (default_size IN ('small', 'medium', 'large', 'full')),
        position integer NOT NULL UNIQUE,
        features text[] NOT NULL DEFAULT '{}',
        override_features text[],
        override_updated_at timestamptz,
        override_updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        CHECK ((kind = 'summary') = (chart_code IS NULL))
      )`);
    for (const [i, [key, title, kind, code, url, size, features]] of WIDGETS.entries()) {
      await q.query(
        `INSERT INTO widget_catalog (key, title, kind, chart_code, data_url, default_size, position, features)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[])`,
        [key, title, kind, code, url, size, i + 1, features],
      );
    }
    await q.query(`
      CREATE TABLE user_dashboard_layouts (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        widgets jsonb NOT NULL CHECK (jsonb_typeof(widgets) = 'array'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `INSERT INTO system_config (key, value) VALUES ('product_dashboard_default', $1::jsonb)
       ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(PRODUCT_DASHBOARD_DEFAULT)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM system_config WHERE key = 'product_dashboard_default'`);
    await q.query(`DROP TABLE user_dashboard_layouts`);
    await q.query(`DROP TABLE widget_catalog`);
  }
}
