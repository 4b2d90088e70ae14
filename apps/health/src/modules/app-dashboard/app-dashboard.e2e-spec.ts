import { CHART_CODES } from '../charts/chart-catalog';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { PRODUCT_DASHBOARD_DEFAULT } from '../../database/migrations/1775692806000-dashboard';

interface Widget {
  key: string;
  size: string;
  available: boolean;
  missing_features: string[];
  features: string[];
}

describe('app_dashboard (HTTP)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let fay: TestUser; // free
  let pia: TestUser; // plus with photos revoked: charts.advanced but not photos
  let ole: TestUser; // plus

  const dash = (u: TestUser) => t.http.get('/api/app-dashboard').set('Authorization', u.auth);
  const widget = (body: { widgets?: Widget[]; items?: Widget[] }, key: string) =>
    (body.widgets ?? body.items)!.find((w) => w.key === key);
  const layoutRow = async (u: TestUser) =>
    (await t.db.query('SELECT widgets FROM user_dashboard_layouts WHERE user_id = $1', [u.id]))[0];

  beforeAll(async () => {
    // the product dashboard default, widget overrides and tier features are settings of the whole service: this file changes them, on a database of its own
    t = await startHealthTestApp({}, { own: true });
    admin = await t.newUser({ role: 'admin' });
    fay = await t.newUser();
    pia = await t.newUser({ tier: 'plus' });
    ole = await t.newUser({ tier: 'plus' });
    await t.db.query(
      `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, 'photos', false)`,
      [pia.id],
    );
  });
  afterAll(() => t.close());

  describe('catalog', () => {
    it('holds a widget per chart and the summary widgets, each with its features', async () => {
      const res = await t.http.get('/api/app-dashboard/widgets').set('Authorization', fay.auth);
      expect(res.status).toBe(200);
      const keys = res.body.items.map((w: Widget) => w.key);
      for (const code of CHART_CODES) expect(keys).toContain(`chart.${code.toLowerCase()}`);
      for (const k of [
        'summary.latest_weight',
        'summary.today_nutrition',
        'summary.recent_activities',
        'summary.last_insight',
      ]) {
        expect(keys).toContain(k);
      }
      expect(widget(res.body, 'chart.c1')).toMatchObject({
        features: ['charts.basic'],
        available: true,
        data_url: '/api/charts/C1',
      });
      expect(widget(res.body, 'chart.a2')).toMatchObject({
        available: false,
        missing_features: ['charts.advanced'],
      });
      expect((await t.http.get('/api/app-dashboard/widgets')).status).toBe(401);
    });
  });

  describe('GET / PUT / DELETE /api/app-dashboard', () => {
    it('answers the product default with availability when the user has no layout', async () => {
      const res = await dash(fay);
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('default');
      expect(res.body.widgets.map((w: Widget) => [w.key, w.size])).toEqual(
        PRODUCT_DASHBOARD_DEFAULT.widgets.map((w) => [w.key, w.size]),
      );
      expect(widget(res.body, 'chart.e1')).toMatchObject({ available: true, missing_features: [] });
      expect(widget(res.body, 'chart.r5')).toMatchObject({
        available: false,
        missing_features: ['charts.advanced'],
      });
      expect((await t.http.get('/api/app-dashboard')).status).toBe(401);
    });

    it("saves the caller's own layout in order and leaves other users on the default", async () => {
      const widgets = [
        { key: 'chart.c4', size: 'small' },
        { key: 'summary.latest_weight', size: 'full' },
      ];
      const res = await t.http
        .put('/api/app-dashboard')
        .set('Authorization', fay.auth)
        .send({ widgets });
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('user');
      expect(
        res.body.widgets.map((w: Widget & { position: number }) => [
          w.key,
          w.size,
          w.position,
          w.available,
        ]),
      ).toEqual([
        ['chart.c4', 'small', 0, false],
        ['summary.latest_weight', 'full', 1, true],
      ]);
      expect((await layoutRow(fay)).widgets).toEqual(widgets);
      expect((await dash(fay)).body.source).toBe('user');
      expect((await dash(ole)).body.source).toBe('default');
    });

    it('refuses an unknown widget with 422 UNKNOWN_WIDGET and keeps the saved layout', async () => {
      const before = await layoutRow(fay);
      const res = await t.http
        .put('/api/app-dashboard')
        .set('Authorization', fay.auth)
        .send({
          widgets: [
            { key: 'chart.e1', size: 'small' },
            { key: 'chart.z9', size: 'small' },
          ],
        });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_WIDGET', unknown_widgets: ['chart.z9'] });
      expect(await layoutRow(fay)).toEqual(before);
    });

    it('refuses a widget listed twice (422) and a bad size or extra field (400)', async () => {
      const put = (body: object) =>
        t.http.put('/api/app-dashboard').set('Authorization', fay.auth).send(body);
      const dup = await put({
        widgets: [
          { key: 'chart.e1', size: 'small' },
          { key: 'chart.e1', size: 'large' },
        ],
      });
      expect([dup.status, dup.body.code]).toEqual([422, 'DUPLICATE_WIDGET']);
      expect((await put({ widgets: [{ key: 'chart.e1', size: 'huge' }] })).status).toBe(400);
      expect((await put({ widgets: [{ key: 'chart.e1', size: 'small', x: 1 }] })).status).toBe(400);
      expect((await put({})).status).toBe(400);
    });

    it('resets to the product default on DELETE', async () => {
      const res = await t.http.delete('/api/app-dashboard').set('Authorization', fay.auth);
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('default');
      expect(await layoutRow(fay)).toBeUndefined();
    });
  });

  describe('feature gating (AND rule) and admin overrides', () => {
    const combo = 'combo.body_progress'; // charts.advanced AND photos

    it('keeps a widget with two features unavailable when the user has only one', async () => {
      const res = await t.http.get('/api/app-dashboard/widgets').set('Authorization', pia.auth);
      expect(widget(res.body, combo)).toMatchObject({
        features: ['charts.advanced', 'photos'],
        available: false,
        missing_features: ['photos'],
      });
      expect(
        widget(
          (await t.http.get('/api/app-dashboard/widgets').set('Authorization', ole.auth)).body,
          combo,
        )!.available,
      ).toBe(true);
    });

    it('makes it available when an admin override removes the missing feature, and clearing restores the catalog rule', async () => {
      const set = await t.http
        .put(`/api/admin/dashboard/widgets/${combo}/features`)
        .set('Authorization', admin.auth)
        .send({ features: ['charts.advanced'] });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        key: combo,
        features: ['charts.advanced'],
        catalog_features: ['charts.advanced', 'photos'],
        override_features: ['charts.advanced'],
      });
      const [row] = await t.db.query(
        'SELECT override_features, override_updated_by FROM widget_catalog WHERE key = $1',
        [combo],
      );
      expect(row).toEqual({
        override_features: ['charts.advanced'],
        override_updated_by: admin.id,
      });

      await t.http
        .put('/api/app-dashboard')
        .set('Authorization', pia.auth)
        .send({ widgets: [{ key: combo, size: 'large' }] });
      expect(widget((await dash(pia)).body, combo)).toMatchObject({
        available: true,
        missing_features: [],
      });

      const clear = await t.http
        .delete(`/api/admin/dashboard/widgets/${combo}/features`)
        .set('Authorization', admin.auth);
      expect(clear.status).toBe(204);
      expect(widget((await dash(pia)).body, combo)).toMatchObject({
        available: false,
        missing_features: ['photos'],
      });
      const again = await t.http
        .delete(`/api/admin/dashboard/widgets/${combo}/features`)
        .set('Authorization', admin.auth);
      expect(again.status).toBe(404);
    });

    it('can add a feature by override (the override replaces the catalog set)', async () => {
      await t.http
        .put('/api/admin/dashboard/widgets/chart.e1/features')
        .set('Authorization', admin.auth)
        .send({ features: ['charts.basic', 'export'] });
      expect(widget((await dash(fay)).body, 'chart.e1')).toMatchObject({
        available: false,
        missing_features: ['export'],
      });
      await t.http
        .delete('/api/admin/dashboard/widgets/chart.e1/features')
        .set('Authorization', admin.auth);
      expect(widget((await dash(fay)).body, 'chart.e1')!.available).toBe(true);
    });

    it('refuses unknown features (422) and unknown widgets (404) in overrides', async () => {
      const bad = await t.http
        .put('/api/admin/dashboard/widgets/chart.e1/features')
        .set('Authorization', admin.auth)
        .send({ features: ['charts.basic', 'teleport'] });
      expect([bad.status, bad.body.code, bad.body.unknown_features]).toEqual([
        422,
        'UNKNOWN_FEATURE',
        ['teleport'],
      ]);
      const missing = await t.http
        .put('/api/admin/dashboard/widgets/chart.z9/features')
        .set('Authorization', admin.auth)
        .send({ features: [] });
      expect(missing.status).toBe(404);
    });

    it('lists catalog and override per widget for admins only', async () => {
      const res = await t.http.get('/api/admin/dashboard/widgets').set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(widget(res.body, 'chart.c1')).toMatchObject({
        catalog_features: ['charts.basic'],
        override_features: null,
      });
      expect(
        (await t.http.get('/api/admin/dashboard/widgets').set('Authorization', fay.auth)).status,
      ).toBe(403);
      expect(
        (
          await t.http
            .put('/api/admin/dashboard/widgets/chart.e1/features')
            .set('Authorization', fay.auth)
            .send({ features: [] })
        ).status,
      ).toBe(403);
      expect((await t.http.delete('/api/admin/dashboard/widgets/chart.e1/features')).status).toBe(
        401,
      );
    });
  });

  describe('chart data follows the widget gating (issue 16.13)', () => {
    const override = (key: string, features: string[]) =>
      t.http
        .put(`/api/admin/dashboard/widgets/${key}/features`)
        .set('Authorization', admin.auth)
        .send({ features });
    const clear = (key: string) =>
      t.http
        .delete(`/api/admin/dashboard/widgets/${key}/features`)
        .set('Authorization', admin.auth);
    const chart = (u: TestUser, code: string) =>
      t.http.get(`/api/charts/${code}`).set('Authorization', u.auth);

    it('refuses a chart whose widget an admin override closed, with the missing features', async () => {
      expect((await chart(fay, 'E1')).status).toBe(200);
      await override('chart.e1', ['charts.basic', 'export']);
      const closed = await chart(fay, 'E1');
      expect([closed.status, closed.body.code, closed.body.missing_features]).toEqual([
        403,
        'FEATURE_REQUIRED',
        ['export'],
      ]);
      await clear('chart.e1');
      expect((await chart(fay, 'E1')).status).toBe(200);
    });

    it('serves a chart whose widget an admin override opened to the free tier', async () => {
      expect((await chart(fay, 'A2')).status).toBe(403);
      await override('chart.a2', []);
      expect((await chart(fay, 'A2')).status).toBe(200);
      await clear('chart.a2');
      expect((await chart(fay, 'A2')).status).toBe(403);
    });

    it('serves a chart shown by several widgets when any one of them is available', async () => {
      // C2 is shown by chart.c2 (charts.advanced) and combo.body_progress (+ photos).
      await override('chart.c2', ['charts.advanced', 'workflow.run']);
      expect((await chart(pia, 'C2')).status).toBe(403); // neither workflow.run nor photos
      expect((await chart(ole, 'C2')).status).toBe(200); // through the combo widget
      await override('combo.body_progress', ['charts.advanced']);
      expect((await chart(pia, 'C2')).status).toBe(200);
      await clear('combo.body_progress');
      await clear('chart.c2');
      expect((await chart(pia, 'C2')).status).toBe(200);
    });
  });

  describe('product dashboard default (system_config)', () => {
    it('reads and writes the default, validated against the catalog', async () => {
      const got = await t.http.get('/api/admin/dashboard/default').set('Authorization', admin.auth);
      expect(got.status).toBe(200);
      expect(got.body.widgets).toEqual(PRODUCT_DASHBOARD_DEFAULT.widgets);

      const bad = await t.http
        .put('/api/admin/dashboard/default')
        .set('Authorization', admin.auth)
        .send({ widgets: [{ key: 'nope', size: 'small' }] });
      expect([bad.status, bad.body.code]).toEqual([422, 'UNKNOWN_WIDGET']);

      const widgets = [
        { key: 'chart.a1', size: 'large' },
        { key: 'summary.today_nutrition', size: 'small' },
      ];
      const put = await t.http
        .put('/api/admin/dashboard/default')
        .set('Authorization', admin.auth)
        .send({ widgets });
      expect(put.status).toBe(200);
      expect(put.body.widgets).toEqual(widgets);
      const [row] = await t.db.query(
        `SELECT value, updated_by FROM system_config WHERE key = 'product_dashboard_default'`,
      );
      expect(row).toEqual({ value: { widgets }, updated_by: admin.id });
      expect((await dash(ole)).body.widgets.map((w: Widget) => w.key)).toEqual([
        'chart.a1',
        'summary.today_nutrition',
      ]);
    });

    it('is admin-only', async () => {
      expect(
        (await t.http.get('/api/admin/dashboard/default').set('Authorization', fay.auth)).status,
      ).toBe(403);
      expect(
        (
          await t.http
            .put('/api/admin/dashboard/default')
            .set('Authorization', fay.auth)
            .send({ widgets: [] })
        ).status,
      ).toBe(403);
      expect((await t.http.get('/api/admin/dashboard/default')).status).toBe(401);
    });
  });
});
