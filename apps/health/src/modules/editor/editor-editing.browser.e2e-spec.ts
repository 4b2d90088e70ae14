import { readFileSync } from 'node:fs';
import { describeBrowser, useEditorSuite } from './testing/editor-browser';

/**
 * Editing in the workflow editor (Chromium against the real health service): the node palette,
 * node positions saved with the workflow, the visual AND/OR condition builder with its signal
 * picker, Delete/Backspace on edges, the minimap's colours and the description in the export.
 * Each test opens a workflow of its own, created through the API.
 */

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
  const s = useEditorSuite({ prefix: 'editing-' });
  const stored = async (id: string) =>
    (
      await s.t.db.query(
        'SELECT description, graph, layout FROM workflow_definitions WHERE id = $1',
        [id],
      )
    )[0];
  /** The node's position on the canvas (React Flow's translate), in canvas coordinates. */
  const canvasPosition = async (id: string) => {
    const style = (await s.node(id).getAttribute('style')) ?? '';
    const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(style);
    return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await s.t.http.post('/api/workflows').set('Authorization', s.user.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const open = async (id: string, first: string) => {
    await s.page.goto(`${s.t.url}/editor/workflows/${id}`);
    await s.node(first).waitFor();
  };
  const analysis = (id: string, question_keys?: string[]) => ({
    id,
    kind: 'analysis',
    inline_template: `Knoten ${id}`,
    ...(question_keys ? { question_keys } : {}),
  });
  const END = { id: 'end', kind: 'end', output_mode: 'AUTO' };

  beforeAll(async () => {
    // Leaving a workflow with unsaved changes asks first: the tests leave on purpose.
    s.page.on('dialog', (d) => {
      if (d.type() === 'beforeunload') void d.accept();
    });
    await s.logIn();
    await s.page.getByText('No workflows yet.').waitFor();
  });

  it('palette: a click adds the node inside the visible canvas after panning, a drag drops it at the pointer', async () => {
    const id = await create({
      name: 'Palette',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
    });
    await open(id, 'start');
    const palette = s.page.getByRole('group', { name: 'Node palette' });
    await expect(palette.getByRole('button').allTextContents()).resolves.toEqual([
      'Add analysis',
      'Add logic',
      'Add join',
      'Add end',
    ]);

    // Pan far away from the nodes (dragging the empty pane): they are off-screen now.
    const view = (await s.page.locator('.react-flow').boundingBox()) as Box;
    await s.page.mouse.move(view.x + 20, view.y + 20);
    await s.page.mouse.down();
    await s.page.mouse.move(view.x - 700, view.y - 500, { steps: 10 });
    await s.page.mouse.up();
    await expect(
      s
        .node('start')
        .boundingBox()
        .then((b) => inside(b as Box, view)),
    ).resolves.toBe(false);

    // A click adds in view: with nothing selected, and next to an off-screen selected node.
    await palette.getByRole('button', { name: 'Add analysis' }).click();
    await s.node('analysis_1').waitFor();
    expect(inside((await s.node('analysis_1').boundingBox()) as Box, view)).toBe(true);
    await s.select('start');
    await palette.getByRole('button', { name: 'Add logic' }).click();
    await s.node('logic_1').waitFor();
    expect(inside((await s.node('logic_1').boundingBox()) as Box, view)).toBe(true);
    // Also after zooming out: still in view, not on another node.
    await s.page.locator('.react-flow__controls-zoomout').click();
    await s.page.locator('.react-flow__controls-zoomout').click();
    await palette.getByRole('button', { name: 'Add analysis' }).click();
    await s.node('analysis_2').waitFor();
    const added = (await s.node('analysis_2').boundingBox()) as Box;
    expect(inside(added, view)).toBe(true);
    const logic = (await s.node('logic_1').boundingBox()) as Box;
    expect(contains(logic, { x: added.x + 5, y: added.y + 5 })).toBe(false);
    await s.shot('palette-added-in-view');

    // Dragged from the palette: the node lies under the pointer where it was dropped.
    const target = { x: view.width - 320, y: view.height - 260 };
    await palette
      .getByRole('button', { name: 'Add join' })
      .dragTo(s.page.locator('.react-flow__pane'), { targetPosition: target });
    await s.node('join_1').waitFor();
    expect(
      contains((await s.node('join_1').boundingBox()) as Box, {
        x: view.x + target.x,
        y: view.y + target.y,
      }),
    ).toBe(true);
    await s.shot('palette-dropped');
  });

  it('saves node positions with the workflow and opens it with them (the automatic layout for nodes without one)', async () => {
    const id = await create({
      name: 'Positionen',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
    });
    await open(id, 'start');
    await expect(canvasPosition('end')).resolves.toEqual({ x: 260, y: 40 });
    await s.fit();
    await s.dragNode('start', 40, 180);
    await s.page.locator('.unsaved', { hasText: 'Unsaved changes' }).waitFor();
    const dragged = await canvasPosition('start');
    expect(dragged?.y).toBeGreaterThan(100);
    await s.save();
    const { layout } = await stored(id);
    expect(layout.start).toEqual(dragged);
    expect(layout.end).toEqual({ x: 260, y: 40 });

    await s.page.reload();
    await s.node('start').waitFor();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
    await s.shot('positions-reloaded');

    // Only start has a saved position: end takes its place in the automatic layout.
    await s.t.db.query(
      `UPDATE workflow_definitions SET layout = jsonb_build_object('start', layout->'start')
        WHERE id = $1`,
      [id],
    );
    await s.page.reload();
    await s.node('start').waitFor();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
    await expect(canvasPosition('end')).resolves.toEqual({ x: 260, y: 40 });
  });

  it('a node move is one undo step: Undo puts the node back where the drag began, Redo moves it again', async () => {
    const id = await create({
      name: 'Verschieben',
      graph: { nodes: [analysis('start'), END], edges: [{ from: 'start', to: 'end' }] },
    });
    await open(id, 'start');
    await s.fit();
    const before = await canvasPosition('start');
    await s.dragNode('start', 60, 160, 12);
    const dragged = await canvasPosition('start');
    expect(dragged).not.toEqual(before);
    const undo = s.page.getByRole('button', { name: 'Undo' });
    await undo.click();
    await expect(canvasPosition('start')).resolves.toEqual(before);
    // The whole drag was one step (not one per position change): nothing is left to undo.
    await expect(undo.isDisabled()).resolves.toBe(true);
    await s.page.getByRole('button', { name: 'Redo' }).click();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
    // Arrange is a step too.
    await s.page.getByRole('button', { name: 'Arrange' }).click();
    await expect(canvasPosition('start')).resolves.not.toEqual(dragged);
    await undo.click();
    await expect(canvasPosition('start')).resolves.toEqual(dragged);
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
    await s.select('l1');
    // The signal picker: the signals of the analysis node upstream, not those downstream.
    // The options of the field's datalist (typed here: the health tsconfig has no DOM types).
    type Listed = { list: { options: ArrayLike<{ value: string }> } | null };
    const suggested = (label: string) =>
      s
        .panel()
        .getByLabel(label, { exact: true })
        .evaluate((input) =>
          Array.from((input as unknown as Listed).list?.options ?? [], (o) => o.value),
        );
    await expect(suggested('Signal (node_id.key)')).resolves.toEqual(['a1.risk', 'a1.mood']);
    // The value field suggests what the question catalogue knows of the signal: risk is an
    // enum (low, medium, high); training_load_high a yes/no question; mood is no question.
    await expect(suggested('Value')).resolves.toEqual(['low', 'medium', 'high']);
    await s.panel().getByLabel('Signal (node_id.key)').fill('a1.training_load_high');
    await expect(suggested('Value')).resolves.toEqual(['true', 'false']);
    await s.panel().getByLabel('Signal (node_id.key)').fill('a1.risk');

    // AND: the comparison becomes its first sub-condition; a second is added, a third removed.
    await s.panel().getByLabel('Operator').selectOption('AND');
    await expect(s.panel().getByLabel('Condition 1 signal').inputValue()).resolves.toBe('a1.risk');
    await s.panel().getByRole('button', { name: 'Add condition' }).click();
    await s.panel().getByLabel('Condition 2 type').selectOption('IN');
    await s.panel().getByLabel('Condition 2 signal').fill('a1.mood');
    await s.panel().getByLabel('Condition 2 values (comma separated)').fill('gut,mittel');
    await expect(suggested('Condition 2 values (comma separated)')).resolves.toEqual([]);
    await expect(suggested('Condition 1 value')).resolves.toEqual(['low', 'medium', 'high']);
    await s.panel().getByRole('button', { name: 'Add condition' }).click();
    await expect(s.panel().getByLabel('Condition 3 signal').count()).resolves.toBe(1);
    await s.panel().getByRole('button', { name: 'Remove Condition 3' }).click();
    await expect(s.panel().getByLabel('Condition 3 signal').count()).resolves.toBe(0);
    // Undo brings it back, and the JSON view follows the builder and the undo.
    await s.page.getByRole('button', { name: 'Undo' }).click();
    await expect(s.panel().getByLabel('Condition 3 signal').count()).resolves.toBe(1);
    await s.panel().getByText('Edit as JSON').click();
    const json = async () =>
      JSON.parse(await s.panel().getByLabel('Condition (JSON)').inputValue());
    await expect(json().then((c) => c.conditions.length)).resolves.toBe(3);
    await s.panel().getByRole('button', { name: 'Remove Condition 3' }).click();
    await expect(json().then((c) => c.conditions[1])).resolves.toEqual({
      op: 'IN',
      signal: 'a1.mood',
      value: ['gut', 'mittel'],
    });
    // AND → OR keeps the sub-conditions (no question).
    await s.panel().getByLabel('Operator').selectOption('OR');
    await expect(s.panel().getByLabel('Condition 2 signal').inputValue()).resolves.toBe('a1.mood');
    await s.shot('condition-builder');

    // A sub-condition the engine refuses (GT needs a number): not saved, nothing written.
    await s.panel().getByLabel('Condition 1 type').selectOption('GT');
    await s.saveButton().click();
    await expect(s.page.locator('.status.error').textContent()).resolves.toContain('Not saved');
    await s.node('l1').locator('.wf-node.has-problem').waitFor();
    expect((await stored(id)).graph.nodes[1].condition).toEqual(condition);
    // A decimal typed key by key keeps its dot.
    await s.panel().getByLabel('Condition 1 value').fill('');
    await s.panel().getByLabel('Condition 1 value').pressSequentially('2.5');
    await expect(s.panel().getByLabel('Condition 1 value').inputValue()).resolves.toBe('2.5');
    await s.panel().getByLabel('Condition 1 type').selectOption('EQ');
    await s.panel().getByLabel('Condition 1 value').fill('hoch');

    await s.save();
    const expected = {
      op: 'OR',
      conditions: [condition, { op: 'IN', signal: 'a1.mood', value: ['gut', 'mittel'] }],
    };
    expect((await stored(id)).graph.nodes[1].condition).toEqual(expected);

    // Reopened: the builder shows the saved condition.
    await s.page.reload();
    await s.node('l1').waitFor();
    await s.select('l1');
    await expect(s.panel().getByLabel('Operator').inputValue()).resolves.toBe('OR');
    await expect(
      s.panel().getByLabel('Condition 2 values (comma separated)').inputValue(),
    ).resolves.toBe('gut,mittel');
    // Dropping the sub-conditions asks first (declined: kept).
    await expect(s.switchOperator('EQ', false)).resolves.toEqual([
      'Switching to EQ drops 2 sub-conditions. Continue?',
    ]);
    await expect(s.panel().getByLabel('Operator').inputValue()).resolves.toBe('OR');
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
    await s.fit();
    const edge = s.page.locator('[data-testid="rf__edge-s1->end"]');
    await edge.click();
    await s.page.locator('.react-flow__edge.selected').waitFor();
    await s.shot('edge-selected');
    await s.page.keyboard.press('Delete');
    await edge.waitFor({ state: 'detached' });
    await s.page.keyboard.press('Control+z');
    await edge.waitFor();
    await edge.click();
    await s.page.keyboard.press('Backspace');
    await edge.waitFor({ state: 'detached' });
    await expect(s.page.locator('[data-testid^="rf__edge-"]').count()).resolves.toBe(2);
    await s.save();
    expect((await stored(id)).graph.edges).toEqual([
      { from: 's1', to: 's2' },
      { from: 's2', to: 'end' },
    ]);

    // Minimap: one filled shape per node, in the colour of its kind.
    const fills = await s.page.evaluate<string[]>(
      `[...document.querySelectorAll('.react-flow__minimap-node')].map((n) => getComputedStyle(n).fill)`,
    );
    expect(fills.sort()).toEqual(['rgb(29, 35, 43)', 'rgb(31, 95, 191)', 'rgb(31, 95, 191)']);
    await s.shot('minimap');
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
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(exported.description).toBe('Prüft die Woche.');
    expect(exported.layout).toEqual(layout);

    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.getByLabel('Import workflow (JSON)').setInputFiles({
      name: 'import.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Importiert' })),
    });
    await s.node('start').waitFor();
    const [copy] = await s.t.db.query(
      `SELECT description, layout FROM workflow_definitions WHERE name = 'Importiert' AND owner_id = $1`,
      [s.user.id],
    );
    expect(copy).toEqual({ description: 'Prüft die Woche.', layout });
    await expect(canvasPosition('start')).resolves.toEqual(layout.start);
  });
});
