import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { describeBrowser, editorPage, launchChromium } from './testing/editor-browser';

/**
 * Editing in the workflow editor (Chromium against the real health service): the node palette,
 * node positions saved with the workflow, the visual AND/OR condition builder with its signal
 * picker, Delete/Backspace on edges, the minimap's colours and the description in the export.
 * Each test opens a workflow of its own, created through the API.
 */
jest.setTimeout(120_000);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const contains = (box: Box, p: { x: number; y: number }) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

describeBrowser('workflow editor: editing in Chromium', () => {
  let t: HealthTestApp;
  let user: TestUser;
  let browser: Browser;
  let page: Page;
  let ui: ReturnType<typeof editorPage>;
  const node = (id: string) => ui.node(id);
  const panel = () => ui.panel();
  const save = async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.status', { hasText: 'Saved.' }).waitFor();
  };
  const stored = async (id: string) =>
    (
      await t.db.query(
        'SELECT description, graph, layout FROM workflow_definitions WHERE id = $1',
        [id],
      )
    )[0];
  /** The node's position on the canvas (React Flow's translate), in canvas coordinates. */
  const canvasPosition = async (id: string) => {
    const style = (await node(id).getAttribute('style')) ?? '';
    const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(style);
    return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await t.http.post('/api/workflows').set('Authorization', user.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const open = async (id: string, first: string) => {
    await page.goto(`${t.url}/editor/workflows/${id}`);
    await node(first).waitFor();
  };
  const analysis = (id: string, question_keys?: string[]) => ({
    id,
    kind: 'analysis',
    inline_template: `Knoten ${id}`,
    ...(question_keys ? { question_keys } : {}),
  });
  const END = { id: 'end', kind: 'end', output_mode: 'AUTO' };

  beforeAll(async () => {
    t = await startHealthTestApp();
    user = await t.newUser({ tier: 'pro' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    ui = editorPage(page, 'editing-');
    // Leaving a workflow with unsaved changes asks first: the tests leave on purpose.
    page.on('dialog', (d) => {
      if (d.type() === 'beforeunload') void d.accept();
    });
    await ui.logIn(t.url, user.email, user.password);
    await page.getByText('No workflows yet.').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('palette: a click adds the node inside the visible canvas after panning, a drag drops it at the pointer', async () => {
    const id = await create({
      name: 'Palette',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
    });
    await open(id, 'start');
    const palette = page.getByRole('group', { name: 'Node palette' });
    await expect(palette.getByRole('button').allTextContents()).resolves.toEqual([
      'Add analysis',
      'Add logic',
      'Add join',
      'Add end',
    ]);

    // Pan far away from the nodes (dragging the empty pane): they are off-screen now.
    const view = (await page.locator('.react-flow').boundingBox()) as Box;
    await page.mouse.move(view.x + 20, view.y + 20);
    await page.mouse.down();
    await page.mouse.move(view.x - 700, view.y - 500, { steps: 10 });
    await page.mouse.up();
    await expect(
      node('start')
        .boundingBox()
        .then((b) => inside(b as Box, view)),
    ).resolves.toBe(false);

    // A click adds in view: with nothing selected, and next to an off-screen selected node.
    await palette.getByRole('button', { name: 'Add analysis' }).click();
    await node('analysis_1').waitFor();
    expect(inside((await node('analysis_1').boundingBox()) as Box, view)).toBe(true);
    await ui.select('start');
    await palette.getByRole('button', { name: 'Add logic' }).click();
    await node('logic_1').waitFor();
    expect(inside((await node('logic_1').boundingBox()) as Box, view)).toBe(true);
    // Also after zooming out: still in view, not on another node.
    await page.locator('.react-flow__controls-zoomout').click();
    await page.locator('.react-flow__controls-zoomout').click();
    await palette.getByRole('button', { name: 'Add analysis' }).click();
    await node('analysis_2').waitFor();
    const added = (await node('analysis_2').boundingBox()) as Box;
    expect(inside(added, view)).toBe(true);
    const logic = (await node('logic_1').boundingBox()) as Box;
    expect(contains(logic, { x: added.x + 5, y: added.y + 5 })).toBe(false);
    await ui.shot('palette-added-in-view');

    // Dragged from the palette: the node lies under the pointer where it was dropped.
    const target = { x: view.width - 320, y: view.height - 260 };
    await palette
      .getByRole('button', { name: 'Add join' })
      .dragTo(page.locator('.react-flow__pane'), { targetPosition: target });
    await node('join_1').waitFor();
    expect(
      contains((await node('join_1').boundingBox()) as Box, {
        x: view.x + target.x,
        y: view.y + target.y,
      }),
    ).toBe(true);
    await ui.shot('palette-dropped');
  });

  it('saves node positions with the workflow and opens it with them (the automatic layout for nodes without one)', async () => {
    const id = await create({
      name: 'Positionen',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
    });
    await open(id, 'start');
    await expect(canvasPosition('end')).resolves.toEqual({ x: 260, y: 40 });
    await ui.fit();
    const box = (await node('start').boundingBox()) as Box;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 180, { steps: 8 });
    await page.mouse.up();
    await page.locator('.unsaved', { hasText: 'Unsaved changes' }).waitFor();
    const dragged = await canvasPosition('start');
    expect(dragged?.y).toBeGreaterThan(100);
    await save();
    const { layout } = await stored(id);
    expect(layout.start).toEqual(dragged);
    expect(layout.end).toEqual({ x: 260, y: 40 });

    await page.reload();
    await node('start').waitFor();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
    await ui.shot('positions-reloaded');

    // Only start has a saved position: end takes its place in the automatic layout.
    await t.db.query(
      `UPDATE workflow_definitions SET layout = jsonb_build_object('start', layout->'start')
        WHERE id = $1`,
      [id],
    );
    await page.reload();
    await node('start').waitFor();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
    await expect(canvasPosition('end')).resolves.toEqual({ x: 260, y: 40 });
  });

  it('builds AND/OR conditions visually, offers the upstream signals, refuses an invalid sub-condition', async () => {
    const condition = { op: 'EQ', signal: 'a1.risk', value: 'hoch' };
    const id = await create({
      name: 'Bedingungen',
      graph: {
        nodes: [
          analysis('a1', ['risk', 'mood']),
          { id: 'l1', kind: 'logic', condition, fallback_strategy: 'CONSERVATIVE_SKIP' },
          analysis('b1', ['late']),
          END,
        ],
        edges: [
          { from: 'a1', to: 'l1' },
          { from: 'l1', to: 'b1', branch: 'then' },
          { from: 'l1', to: 'end', branch: 'else' },
          { from: 'b1', to: 'end' },
        ],
      },
    });
    await open(id, 'l1');
    await ui.select('l1');
    // The signal picker: the signals of the analysis node upstream, not those downstream.
    // A string expression: the health tsconfig has no DOM types.
    await expect(
      page.evaluate<string[]>(
        `[...document.querySelectorAll('.side-panel datalist option')].map((o) => o.value)`,
      ),
    ).resolves.toEqual(['a1.risk', 'a1.mood']);
    await expect(panel().getByLabel('Signal (node_id.key)').getAttribute('list')).resolves.toBe(
      await panel().locator('datalist').getAttribute('id'),
    );

    // AND: the comparison becomes its first sub-condition; a second is added, a third removed.
    await panel().getByLabel('Operator').selectOption('AND');
    await expect(panel().getByLabel('Condition 1 signal').inputValue()).resolves.toBe('a1.risk');
    await panel().getByRole('button', { name: 'Add condition' }).click();
    await panel().getByLabel('Condition 2 type').selectOption('IN');
    await panel().getByLabel('Condition 2 signal').fill('a1.mood');
    await panel().getByLabel('Condition 2 values (comma separated)').fill('gut,mittel');
    await panel().getByRole('button', { name: 'Add condition' }).click();
    await expect(panel().getByLabel('Condition 3 signal').count()).resolves.toBe(1);
    await panel().getByRole('button', { name: 'Remove Condition 3' }).click();
    await expect(panel().getByLabel('Condition 3 signal').count()).resolves.toBe(0);
    // Undo brings it back, and the JSON view follows the builder and the undo.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(panel().getByLabel('Condition 3 signal').count()).resolves.toBe(1);
    await panel().getByText('Edit as JSON').click();
    const json = async () => JSON.parse(await panel().getByLabel('Condition (JSON)').inputValue());
    await expect(json().then((c) => c.conditions.length)).resolves.toBe(3);
    await panel().getByRole('button', { name: 'Remove Condition 3' }).click();
    await expect(json().then((c) => c.conditions[1])).resolves.toEqual({
      op: 'IN',
      signal: 'a1.mood',
      value: ['gut', 'mittel'],
    });
    // AND → OR keeps the sub-conditions (no question).
    await panel().getByLabel('Operator').selectOption('OR');
    await expect(panel().getByLabel('Condition 2 signal').inputValue()).resolves.toBe('a1.mood');
    await ui.shot('condition-builder');

    // A sub-condition the engine refuses (GT needs a number): not saved, nothing written.
    await panel().getByLabel('Condition 1 type').selectOption('GT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status.error').textContent()).resolves.toContain('Not saved');
    await node('l1').locator('.wf-node.has-problem').waitFor();
    expect((await stored(id)).graph.nodes[1].condition).toEqual(condition);
    // A decimal typed key by key keeps its dot.
    await panel().getByLabel('Condition 1 value').fill('');
    await panel().getByLabel('Condition 1 value').pressSequentially('2.5');
    await expect(panel().getByLabel('Condition 1 value').inputValue()).resolves.toBe('2.5');
    await panel().getByLabel('Condition 1 type').selectOption('EQ');
    await panel().getByLabel('Condition 1 value').fill('hoch');

    await save();
    const expected = {
      op: 'OR',
      conditions: [condition, { op: 'IN', signal: 'a1.mood', value: ['gut', 'mittel'] }],
    };
    expect((await stored(id)).graph.nodes[1].condition).toEqual(expected);

    // Reopened: the builder shows the saved condition.
    await page.reload();
    await node('l1').waitFor();
    await ui.select('l1');
    await expect(panel().getByLabel('Operator').inputValue()).resolves.toBe('OR');
    await expect(
      panel().getByLabel('Condition 2 values (comma separated)').inputValue(),
    ).resolves.toBe('gut,mittel');
    // Dropping the sub-conditions asks first (declined: kept).
    await expect(ui.switchOperator('EQ', false)).resolves.toEqual([
      'Switching to EQ drops 2 sub-conditions. Continue?',
    ]);
    await expect(panel().getByLabel('Operator').inputValue()).resolves.toBe('OR');
  });

  it('Delete and Backspace remove the selected edge, Ctrl+Z brings it back; the minimap colours nodes by kind', async () => {
    const id = await create({
      name: 'Kanten',
      graph: {
        nodes: [analysis('s1'), analysis('s2'), END],
        edges: [
          { from: 's1', to: 'end' },
          { from: 's1', to: 's2' },
          { from: 's2', to: 'end' },
        ],
      },
      // s2 below the s1 → end edge, so the edge can be clicked in its middle.
      layout: { s1: { x: 40, y: 40 }, s2: { x: 260, y: 260 }, end: { x: 480, y: 120 } },
    });
    await open(id, 's1');
    await ui.fit();
    const edge = page.locator('[data-testid="rf__edge-s1->end"]');
    await edge.click();
    await page.locator('.react-flow__edge.selected').waitFor();
    await ui.shot('edge-selected');
    await page.keyboard.press('Delete');
    await edge.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await edge.waitFor();
    await edge.click();
    await page.keyboard.press('Backspace');
    await edge.waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid^="rf__edge-"]').count()).resolves.toBe(2);
    await save();
    expect((await stored(id)).graph.edges).toEqual([
      { from: 's1', to: 's2' },
      { from: 's2', to: 'end' },
    ]);

    // Minimap: one filled shape per node, in the colour of its kind.
    const fills = await page.evaluate<string[]>(
      `[...document.querySelectorAll('.react-flow__minimap-node')].map((n) => getComputedStyle(n).fill)`,
    );
    expect(fills.sort()).toEqual(['rgb(29, 35, 43)', 'rgb(31, 95, 191)', 'rgb(31, 95, 191)']);
    await ui.shot('minimap');
  });

  it('exports the description and positions with the graph; the import restores them', async () => {
    const layout = { start: { x: 40, y: 300 }, end: { x: 400, y: 60 } };
    const id = await create({
      name: 'Mit Beschreibung',
      description: 'Prüft die Woche.',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
      layout,
    });
    await open(id, 'start');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(exported.description).toBe('Prüft die Woche.');
    expect(exported.layout).toEqual(layout);

    await page.getByRole('button', { name: 'All workflows' }).click();
    await page.getByLabel('Import workflow (JSON)').setInputFiles({
      name: 'import.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Importiert' })),
    });
    await node('start').waitFor();
    const [copy] = await t.db.query(
      `SELECT description, layout FROM workflow_definitions WHERE name = 'Importiert'`,
    );
    expect(copy).toEqual({ description: 'Prüft die Woche.', layout });
    await expect(canvasPosition('start')).resolves.toEqual(layout.start);
  });
});
