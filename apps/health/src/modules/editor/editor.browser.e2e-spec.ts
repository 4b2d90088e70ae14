import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@sports/common/testing';
import { HealthTestApp, startHealthTestApp } from '../../testing/health-test-app';
import { EDITOR_CSP, EDITOR_DIST } from './editor-static';
import { describeBrowser, editorPage, useEditorSuite } from './testing/editor-browser';

/**
 * The workflow editor in a real browser (Debian's Chromium driven by playwright-core) against
 * the real health service and database, with the offline analyst answering. Screenshots of
 * each step go to test-artifacts/editor/ at the repository root.
 */

describe('workflow editor served at /editor', () => {
  let t: HealthTestApp;
  beforeAll(async () => {
    t = await startHealthTestApp();
  });
  afterAll(() => t.close());

  it('needs the built editor (pnpm test builds it first)', () => {
    expect(existsSync(join(EDITOR_DIST, 'index.html'))).toBe(true);
  });

  it('serves the page publicly with a restrictive Content-Security-Policy', async () => {
    const res = await t.http.get('/editor/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBe(EDITOR_CSP);
    expect(res.text).toContain('<div id="root">');
  });

  it('redirects /editor to /editor/ and answers client routes with the page', async () => {
    const bare = await t.http.get('/editor');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/editor/');
    const route = await t.http.get('/editor/workflows/some-id');
    expect(route.status).toBe(200);
    expect(route.text).toContain('<div id="root">');
  });

  it('sends the precompressed copies to clients that accept them, with long caching for hashed assets', async () => {
    const page = await fetch(`${t.url}/editor/`);
    const html = await page.text();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/editor\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const get = (encoding: string) =>
      fetch(`${t.url}${script}`, { headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    const raw = Number(plain.headers.get('content-length'));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const res = await get(accept);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(res.headers.get('content-length'))).toBeLessThan(raw / 2);
      // The decoded body is the file itself.
      expect((await res.text()).length).toBe((await (await get('identity')).text()).length);
    }
  });

  it('answers a missing asset and a path escaping the folder with 404 problem+json', async () => {
    const missing = await t.http.get('/editor/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
    for (const path of ['/editor/..%2f..%2fpackage.json', '/editor/%2e%2e/%2e%2e/package.json']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('"name"');
    }
  });
});

describeBrowser('workflow editor in Chromium', () => {
  // The checks read the workflows table whole (the one workflow being edited): a database of
  // this suite's own.
  const s = useEditorSuite({
    start: async () => {
      const t = await startHealthTestApp({}, { own: true });
      return { t, close: () => t.close() };
    },
  });

  beforeAll(async () => {
    const prompt = await s.t.http.post('/api/prompts').set('Authorization', s.user.auth).send({
      slug: 'wochencheck',
      name: 'Wochencheck',
      type: 'base',
      template: 'Gewicht: {{weight.latest}} kg. Wie ist die Woche?',
    });
    expect(prompt.status).toBe(201);
  });

  it('builds, checks, saves and runs a branch-and-join workflow by clicking', async () => {
    // Log in and create a workflow (it starts as start → end).
    await s.page.goto(`${s.t.url}/editor/`);
    await s.page.getByLabel('Email').fill(s.user.email);
    await s.page.getByLabel('Password').fill(s.user.password);
    await s.shot('login');
    await s.page.getByRole('button', { name: 'Log in' }).click();
    await s.page.getByText('No workflows yet.').waitFor();
    await s.docShot('empty');
    await s.page.getByLabel('New workflow name').fill('Verzweigung');
    await s.page.getByRole('button', { name: 'Create' }).click();
    await s.node('start').waitFor();
    await s.shot('created');

    // Nodes by buttons: logic after start, two analyses, a join.
    await s.node('start').click();
    await s.page.getByRole('button', { name: 'Add logic' }).click();
    await s.panel().getByLabel('Signal (node_id.key)').fill('start.risk');
    await s.panel().getByLabel('Value').fill('hoch');
    await s.panel().getByLabel('Fallback strategy').selectOption('DEFAULT_PATH');
    await s.panel().getByLabel('Default branch').selectOption('then');
    await s.page.getByRole('button', { name: 'Add analysis' }).click();
    await s.select('logic_1');
    await s.page.getByRole('button', { name: 'Add analysis' }).click();
    await s.select('analysis_1');
    await s.page.getByRole('button', { name: 'Add join' }).click();
    await s.fit();
    for (const id of ['logic_1', 'analysis_1', 'analysis_2', 'join_1']) {
      await expect(s.node(id).isVisible()).resolves.toBe(true);
    }

    // Connect by dragging handles: start → logic_1, and the then-handle of logic_1 → analysis_1.
    await s
      .node('start')
      .locator('.react-flow__handle.source')
      .dragTo(s.node('logic_1').locator('.react-flow__handle.target'));
    await s
      .node('logic_1')
      .locator('.react-flow__handle[data-handleid="then"]')
      .dragTo(s.node('analysis_1').locator('.react-flow__handle.target'));
    await s.select('logic_1');
    await expect(s.panel().locator('.edges li').allTextContents()).resolves.toEqual([
      expect.stringContaining('→ analysis_1 (then)'),
    ]);
    // The rest with the keyboard-friendly form of the side panel.
    await s.connect('logic_1', 'analysis_2', 'else');
    await s.connect('analysis_1', 'join_1');
    await s.connect('analysis_2', 'join_1');
    await s.connect('join_1', 'end');
    await s.select('start');
    await s.panel().locator('.edges li', { hasText: '→ end' }).getByRole('button').click();
    await s.fit();
    await s.shot('graph-built');
    await s.docShot('editing');

    // Reference ↔ inline: only the fitting input is shown.
    await s.select('analysis_2');
    const inline = s.panel().getByLabel('Inline template', { exact: true });
    const stored = s.panel().getByLabel('Stored prompt', { exact: true });
    await expect(stored.isVisible()).resolves.toBe(true);
    await expect(inline.count()).resolves.toBe(0);
    await s
      .panel()
      .getByRole('radio', { name: /Inline mode/ })
      .check();
    await expect(inline.isVisible()).resolves.toBe(true);
    await expect(stored.count()).resolves.toBe(0);
    await s
      .panel()
      .getByRole('radio', { name: /Reference mode/ })
      .check();
    await expect(inline.count()).resolves.toBe(0);
    await s
      .panel()
      .getByRole('radio', { name: /Inline mode/ })
      .check();
    await inline.fill('Zweig B. Gewicht: ');
    await s.panel().getByLabel('Placeholder').selectOption('{{weight.latest}}');
    await s.panel().getByRole('button', { name: 'Insert' }).click();
    await expect(inline.inputValue()).resolves.toBe('Zweig B. Gewicht: {{weight.latest}}');
    await s.shot('inline-with-placeholder');

    // End node template with a node placeholder inserted at the cursor.
    await s.select('end');
    await s.panel().getByLabel('Output mode').selectOption('TEMPLATE');
    const template = s.panel().getByLabel('Output template');
    await template.fill('Ergebnis: ');
    await template.press('End');
    await s.panel().getByLabel('Placeholder').selectOption('{{start.analysis_core}}');
    await s.panel().getByRole('button', { name: 'Insert' }).click();
    await expect(template.inputValue()).resolves.toBe('Ergebnis: {{start.analysis_core}}');
    await s.shot('end-template');

    // analysis_1 has neither a prompt nor an inline template: saving is refused, node marked.
    await s.saveButton().click();
    await s.node('analysis_1').locator('.wf-node.has-problem').waitFor();
    await expect(s.page.locator('.status.error').textContent()).resolves.toContain('Not saved');
    await expect(s.panel().locator('.problems').first().textContent()).resolves.toContain(
      'Choose a stored prompt or write an inline template',
    );
    const before = await s.t.db.query('SELECT graph FROM workflow_definitions');
    expect(before[0].graph.nodes).toHaveLength(2);
    await s.shot('save-refused');
    await s.docShot('invalid');

    // The engine's errors (the server's check, run in the browser from @sports/workflow-engine)
    // land on the nodes they name: an unconnected node cannot reach the end.
    await s.select('analysis_1');
    await s.panel().getByLabel('Stored prompt', { exact: true }).selectOption('wochencheck');
    await s.page.getByRole('button', { name: 'Add analysis' }).click();
    await s
      .panel()
      .getByRole('radio', { name: /Inline mode/ })
      .check();
    await s.panel().getByLabel('Inline template', { exact: true }).fill('lose');
    await s.saveButton().click();
    await s.node('analysis_3').locator('.wf-node.has-problem').waitFor();
    await expect(s.page.getByLabel('Problems').textContent()).resolves.toContain(
      'NODE_CANNOT_REACH_END',
    );
    await s.shot('engine-validation');
    await s.select('analysis_3');
    await s.panel().getByRole('button', { name: 'Delete node' }).click();

    // Save.
    await s.save();
    const [row] = await s.t.db.query('SELECT graph FROM workflow_definitions');
    expect(row.graph.nodes.map((n: { id: string }) => n.id).sort()).toEqual(
      ['analysis_1', 'analysis_2', 'end', 'join_1', 'logic_1', 'start'].sort(),
    );
    expect(row.graph.edges).toEqual(
      expect.arrayContaining([
        { from: 'logic_1', to: 'analysis_1', branch: 'then' },
        { from: 'logic_1', to: 'analysis_2', branch: 'else' },
      ]),
    );
    expect(row.graph.nodes.find((n: { id: string }) => n.id === 'analysis_1')).toEqual({
      id: 'analysis_1',
      kind: 'analysis',
      prompt_slug: 'wochencheck',
    });
    await s.shot('saved');

    // Run with the offline analyst: undecidable signal → default then-path. (The "running"
    // screenshot is taken by editor-runs.browser.e2e-spec.ts, where the model answers slowly.)
    await s.page.getByRole('button', { name: 'Run' }).click();
    await s.page.locator('[data-testid="run-output"]').waitFor();
    const state = (id: string) => s.node(id).locator('.wf-node').getAttribute('data-state');
    await expect(state('start')).resolves.toBe('COMPLETED');
    await expect(state('logic_1')).resolves.toBe('COMPLETED');
    await expect(state('analysis_1')).resolves.toBe('COMPLETED');
    await expect(state('analysis_2')).resolves.toBe('SKIPPED');
    await expect(state('end')).resolves.toBe('COMPLETED');
    await expect(s.page.locator('[data-testid="run-output"]').textContent()).resolves.toMatch(
      /^Ergebnis: \S/,
    );
    await s.select('analysis_1');
    await expect(s.panel().locator('.run-details').textContent()).resolves.toContain('COMPLETED');
    await s.panel().locator('.run-details .markdown').first().waitFor();
    await expect(
      s.panel().locator('.run-details .markdown').first().textContent(),
    ).resolves.not.toBe('');
    await s.shot('run-desktop');
    await s.docShot('finished');

    // Layouts: no horizontal scrolling of the page or the side panel.
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      await s.page.setViewportSize({ width, height });
      // Until the page has laid itself out for the new size (its checks pass, or time is up).
      await waitFor(
        async () => {
          // A string expression: the health tsconfig has no DOM types.
          const m = await s.page.evaluate<Record<string, number>>(`(() => {
            const aside = document.querySelector('.side-panel');
            const canvas = document.querySelector('.canvas');
            return {
              docWidth: window.innerWidth,
              docScroll: document.documentElement.scrollWidth,
              docClient: document.documentElement.clientWidth,
              panelScroll: aside.scrollWidth,
              panelClient: aside.clientWidth,
              panelTop: aside.getBoundingClientRect().top,
              canvasBottom: canvas.getBoundingClientRect().bottom,
            };
          })()`);
          expect(m.docWidth).toBe(width);
          expect(m.panelScroll).toBeLessThanOrEqual(m.panelClient);
          expect(m.docScroll).toBeLessThanOrEqual(m.docClient);
          if (width === 390) expect(m.panelTop).toBeGreaterThanOrEqual(m.canvasBottom);
          else expect(m.panelTop).toBeLessThan(m.canvasBottom);
          return true;
        },
        { message: `the layout at ${width}×${height}` },
      );
      await s.shot(`layout-${width}x${height}`);
    }

    // Keyboard: the toolbar is reachable with Tab and shows a focus ring.
    await s.page.setViewportSize({ width: 1280, height: 800 });
    await s.page.getByLabel('Name').focus();
    await s.page.keyboard.press('Tab');
    const focused = await s.page.evaluate<{ text: string; outline: string }>(`(() => ({
      text: document.activeElement.textContent,
      outline: getComputedStyle(document.activeElement).outlineStyle,
    }))()`);
    expect(focused).toEqual({ text: 'Add analysis', outline: 'solid' });
    expect(s.errors).toEqual([]);
  });

  it('refreshes an expired access token, asks to log in again when the session ended and keeps the graph, logs out on the server', async () => {
    const stored = () =>
      s.page.evaluate<{ access_token: string; refresh_token: string } | null>(
        `JSON.parse(sessionStorage.getItem('workflow-editor.tokens'))`,
      );
    const savedTemplate = async () =>
      (await s.t.db.query('SELECT graph FROM workflow_definitions'))[0].graph.nodes.find(
        (n: { id: string }) => n.id === 'end',
      ).template;
    const editTemplate = async (text: string) => {
      await s.select('end');
      await s.panel().getByLabel('Output template').fill(text);
      // An edit after a save takes "Saved." away.
      await expect(s.page.locator('.status', { hasText: 'Saved.' }).count()).resolves.toBe(0);
    };

    // An access token the server no longer accepts (as after its 15 minutes): the client
    // refreshes once, rotates the refresh token and the save goes through without a dialog.
    const before = await stored();
    expect(before?.refresh_token).toEqual(expect.any(String));
    await s.page.evaluate(`sessionStorage.setItem('workflow-editor.tokens', JSON.stringify({
      ...JSON.parse(sessionStorage.getItem('workflow-editor.tokens')), access_token: 'expired' }))`);
    await editTemplate('Erneuert: {{start.analysis_core}}');
    await s.save();
    await expect(savedTemplate()).resolves.toBe('Erneuert: {{start.analysis_core}}');
    const rotated = await stored();
    expect(rotated?.refresh_token).not.toBe(before?.refresh_token);
    expect(rotated?.access_token).not.toBe('expired');
    await expect(s.page.getByRole('dialog').count()).resolves.toBe(0);

    // The session ends on the server (refresh refused too): a dialog over the editor asks to
    // log in again, then the same save goes through with the unsaved graph.
    await editTemplate('Nach Anmeldung: {{start.analysis_core}}');
    await s.t.db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE subject_id = $1', [
      s.user.id,
    ]);
    await s.saveButton().click();
    const dialog = s.page.getByRole('dialog', { name: 'Session ended' });
    await dialog.waitFor();
    await s.shot('session-ended');
    await dialog.getByLabel('Email').fill(s.user.email);
    await dialog.getByLabel('Password').fill(s.user.password);
    await dialog.getByRole('button', { name: 'Log in and continue' }).click();
    await s.saved();
    await expect(dialog.count()).resolves.toBe(0);
    await expect(savedTemplate()).resolves.toBe('Nach Anmeldung: {{start.analysis_core}}');
    await expect(s.panel().getByLabel('Output template').inputValue()).resolves.toBe(
      'Nach Anmeldung: {{start.analysis_core}}',
    );

    // Log out ends the server session: no live refresh token of the account is left.
    await s.page.getByRole('button', { name: 'Log out' }).click();
    await s.page.getByRole('button', { name: 'Log in' }).waitFor();
    const live = await s.t.db.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE subject_id = $1 AND revoked_at IS NULL',
      [s.user.id],
    );
    expect(live[0].n).toBe(0);
    await expect(stored()).resolves.toBeNull();
  });

  it('draws then and else to the same node as two labelled edges with arrowheads and labelled handles', async () => {
    await s.logIn();
    await s.page.getByRole('button', { name: 'Open Verzweigung' }).click();
    await s.node('start').waitFor();
    await s.connect('logic_1', 'analysis_2', 'then');
    const edges = s.page.locator('[data-testid^="rf__edge-logic_1->analysis_2"]');
    await expect(edges.count()).resolves.toBe(2);
    await expect(
      s.page.locator('.react-flow__edge-textwrapper', { hasText: /^then$/ }).count(),
    ).resolves.toBe(2);
    await expect(
      s.page.locator('.react-flow__edge-textwrapper', { hasText: /^else$/ }).count(),
    ).resolves.toBe(1);
    await expect(
      edges.first().locator('.react-flow__edge-path').getAttribute('marker-end'),
    ).resolves.toMatch(/url\(/);
    await expect(
      s.node('logic_1').locator('.branch-handle .branch-label').allTextContents(),
    ).resolves.toEqual(['then', 'else', 'uncertain']);
    await s.shot('then-else-same-node');
  });

  it('refuses to save compound-condition JSON that does not parse, marks the field, and asks before dropping sub-conditions', async () => {
    const storedCondition = async () =>
      (await s.t.db.query('SELECT graph FROM workflow_definitions'))[0].graph.nodes.find(
        (n: { id: string }) => n.id === 'logic_1',
      ).condition;
    const before = await storedCondition();
    await s.select('logic_1');
    await s.panel().getByLabel('Operator').selectOption('AND');
    // The condition builder keeps the JSON for pasting, under "Edit as JSON".
    await s.panel().getByText('Edit as JSON').click();
    const json = s.panel().getByLabel('Condition (JSON)');
    await json.fill('{ "op": "AND", "conditions": [');
    await expect(json.getAttribute('aria-invalid')).resolves.toBe('true');
    await s.saveButton().click();
    // One status line; each problem is its own item of the list.
    await expect(s.page.locator('.status.error').textContent()).resolves.toBe(
      'Not saved: 1 problem, listed under Problems.',
    );
    await expect(s.page.getByLabel('Problems').locator('li').allTextContents()).resolves.toEqual([
      expect.stringContaining('logic_1: The condition (JSON) is not valid JSON'),
    ]);
    await s.node('logic_1').locator('.wf-node.has-problem').waitFor();
    await expect(storedCondition()).resolves.toEqual(before);
    await s.shot('invalid-condition-json');

    // Valid again with two sub-conditions; switching to EQ asks first (dismissed: kept).
    await json.fill(
      JSON.stringify({
        op: 'OR',
        conditions: [
          { op: 'EQ', signal: 'start.risk', value: 'hoch' },
          { op: 'EQ', signal: 'start.risk', value: 'mittel' },
        ],
      }),
    );
    await expect(json.getAttribute('aria-invalid')).resolves.toBe('false');
    await expect(s.switchOperator('EQ', false)).resolves.toEqual([
      'Switching to EQ drops 2 sub-conditions. Continue?',
    ]);
    await expect(s.panel().getByLabel('Operator').inputValue()).resolves.toBe('OR');
    await s.switchOperator('EQ', true);
    await expect(s.panel().getByLabel('Operator').inputValue()).resolves.toBe('EQ');
  });

  it('two tabs: a save over a newer version opens a conflict dialog (reload theirs / overwrite with mine)', async () => {
    const storedName = async () =>
      (await s.t.db.query('SELECT name FROM workflow_definitions'))[0].name as string;
    // Tab 1 opens the saved workflow afresh; tab 2 signs in on its own and opens it too.
    await s.page.goto(`${s.t.url}/editor/`);
    await s.page.getByRole('button', { name: 'Open Verzweigung' }).click();
    await s.node('start').waitFor();
    const other = editorPage(await s.newPage(), 'tab2-');
    await s.logIn(other.page);
    await other.page.getByRole('button', { name: 'Open Verzweigung' }).click();
    await other.page.getByLabel('Name').fill('Aus Tab zwei');
    await other.save();

    // Tab 1 still holds the older version: its save is refused and nothing is written.
    await s.page.getByLabel('Name').fill('Aus Tab eins');
    await s.saveButton().click();
    const dialog = s.page.getByRole('alertdialog', { name: 'Changed elsewhere' });
    await dialog.waitFor();
    await expect(storedName()).resolves.toBe('Aus Tab zwei');
    await s.shot('conflict');
    await s.docShot('conflict');
    await dialog.getByRole('button', { name: 'Reload theirs' }).click();
    await s.page.locator('.status', { hasText: 'Reloaded their version.' }).waitFor();
    await expect(s.page.getByLabel('Name').inputValue()).resolves.toBe('Aus Tab zwei');

    // Again, now overwriting: tab 2 saves, tab 1's save asks, tab 1 keeps its version.
    await other.page.getByLabel('Name').fill('Zweite Fassung');
    await other.save();
    await s.page.getByLabel('Name').fill('Verzweigung');
    await s.saveButton().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await s.saved();
    await expect(storedName()).resolves.toBe('Verzweigung');
    await other.page.close();
  });

  it('routes by URL (reload and Back keep the view) and guards unsaved changes with a marker', async () => {
    const [{ id }] = await s.t.db.query('SELECT id FROM workflow_definitions');
    expect(new URL(s.page.url()).pathname).toBe(`/editor/workflows/${id}`);
    await s.page.reload();
    await s.node('start').waitFor();
    await expect(s.page.getByLabel('Name').inputValue()).resolves.toBe('Verzweigung');
    const blocksUnload = () =>
      s.page.evaluate<boolean>(`(() => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      })()`);
    const unsaved = s.page.locator('.unsaved', { hasText: 'Unsaved changes' });
    await expect(unsaved.count()).resolves.toBe(0);
    await expect(blocksUnload()).resolves.toBe(false);

    // An edit: marker, the tab close / reload is guarded, leaving asks (declined: stays).
    await s.page.getByLabel('Name').fill('Ungespeichert');
    await unsaved.waitFor();
    await expect(blocksUnload()).resolves.toBe(true);
    const asked: string[] = [];
    s.page.on('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.goBack();
    await s.page.getByRole('button', { name: 'Log out' }).click();
    expect(asked).toEqual(Array(3).fill('Discard unsaved changes?'));
    expect(new URL(s.page.url()).pathname).toBe(`/editor/workflows/${id}`);
    await expect(s.page.getByLabel('Name').inputValue()).resolves.toBe('Ungespeichert');
    s.page.removeAllListeners('dialog');

    // Saved: no marker, leaving needs no question; Back returns to the workflow.
    await s.page.getByLabel('Name').fill('Verzweigung');
    await s.save();
    await expect(unsaved.count()).resolves.toBe(0);
    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.getByRole('heading', { name: 'Workflows' }).waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/editor/');
    await s.page.goBack();
    await s.node('start').waitFor();
    expect(new URL(s.page.url()).pathname).toBe(`/editor/workflows/${id}`);
    // A link to a workflow opens it directly.
    await s.page.goto(`${s.t.url}/editor/workflows/${id}`);
    await s.node('start').waitFor();
  });

  it('shows a refused name at the field, the server warnings, and keeps a run result marked stale after edits', async () => {
    const nameField = s.page.locator('.toolbar label.name input');
    // A name of only spaces: the server answers 400 VALIDATION_FAILED, shown at the field.
    await nameField.fill('   ');
    await s.saveButton().click();
    await s.page.locator('#name-error').waitFor();
    await expect(nameField.getAttribute('aria-invalid')).resolves.toBe('true');
    const [{ name }] = await s.t.db.query('SELECT name FROM workflow_definitions');
    expect(name).toBe('Verzweigung');
    await nameField.fill('Verzweigung');
    await expect(nameField.getAttribute('aria-invalid')).resolves.toBe('false');

    // A misspelt placeholder saves, with the server's warning listed.
    await s.select('analysis_2');
    const inline = s.panel().getByLabel('Inline template', { exact: true });
    const template = await inline.inputValue();
    await inline.fill('Zweig B: {{weight.latst}}');
    await s.save();
    await expect(s.page.getByLabel('Warnings').textContent()).resolves.toContain(
      'PLACEHOLDER_UNKNOWN',
    );
    await s.shot('warnings');
    await inline.fill(template);
    await s.save();
    await expect(s.page.getByLabel('Warnings').count()).resolves.toBe(0);

    // A run, then an edit: the output stays, marked stale.
    await s.page.getByRole('button', { name: 'Run' }).click();
    const output = s.page.locator('[data-testid="run-output"]');
    await output.waitFor();
    await s.shot('finished');
    const text = await output.textContent();
    await s.select('end');
    await s.panel().getByLabel('Output template').fill('Neu: {{start.analysis_core}}');
    await expect(output.textContent()).resolves.toBe(text);
    await s.page.locator('.output.stale .stale-note').waitFor();
    await s.shot('run-stale');
    await s.panel().getByLabel('Output template').fill('Ergebnis: {{start.analysis_core}}');
    await s.save();

    // The list's create form shows the refused name at its field too.
    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.getByLabel('New workflow name').fill('   ');
    await s.page.getByRole('button', { name: 'Create' }).click();
    await s.page.locator('#new-name-error').waitFor();
    await expect(s.page.getByLabel('New workflow name').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await s.page.goBack();
    await s.node('start').waitFor();
  });

  it('keyboard: duplicate, undo/redo, copy/paste, Delete with an in-use question, Ctrl+S; a minimap', async () => {
    await expect(s.page.locator('.react-flow__minimap').count()).resolves.toBe(1);
    await s.fit();
    await s.node('analysis_1').click();
    await s.page.keyboard.press('Control+d');
    await s.node('analysis_3').waitFor();
    await s.page.keyboard.press('Control+z');
    await s.node('analysis_3').waitFor({ state: 'detached' });
    await s.page.keyboard.press('Control+Shift+z');
    await s.node('analysis_3').waitFor();
    // Delete of a node nothing refers to: at once.
    await s.node('analysis_3').click();
    await s.page.keyboard.press('Delete');
    await s.node('analysis_3').waitFor({ state: 'detached' });
    // Copy and paste.
    await s.node('analysis_1').click();
    await s.page.keyboard.press('Control+c');
    await s.page.keyboard.press('Control+v');
    await s.node('analysis_3').waitFor();
    // A connected node: Backspace asks first (declined: kept).
    const asked: string[] = [];
    s.page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await s.node('analysis_1').click();
    await s.page.keyboard.press('Backspace');
    expect(asked).toEqual(['Delete node analysis_1? It has 2 edges.']);
    await expect(s.node('analysis_1').count()).resolves.toBe(1);
    // The copy is not connected; delete it, then Ctrl+S from a text field saves.
    await s.node('analysis_3').click();
    await s.page.keyboard.press('Delete');
    await s.node('analysis_3').waitFor({ state: 'detached' });
    const nameField = s.page.locator('.toolbar label.name input');
    await nameField.fill('Tastatur');
    await s.page.keyboard.press('Control+s');
    await s.saved();
    const [row] = await s.t.db.query('SELECT name, graph FROM workflow_definitions');
    expect(row.name).toBe('Tastatur');
    expect(row.graph.nodes).toHaveLength(6);
    await nameField.fill('Verzweigung');
    await s.page.keyboard.press('Control+s');
    await s.saved();
  });

  it('checks the graph on the server while editing (debounced) and marks problems without a save', async () => {
    const checks: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().endsWith('/api/workflows/validate')) checks.push(r.method());
    });
    await s.select('end');
    await s.page.getByRole('button', { name: 'Add analysis' }).click();
    await s.node('analysis_3').locator('.wf-node.has-problem').waitFor();
    expect(checks).toEqual(['POST']);
    await expect(s.page.getByLabel('Problems').textContent()).resolves.toContain(
      'NODE_CANNOT_REACH_END',
    );
    await s.page.keyboard.press('Control+z');
    await s.node('analysis_3').waitFor({ state: 'detached' });
    await s.page.getByLabel('Problems').waitFor({ state: 'detached' });
    s.page.removeAllListeners('request');
  });

  it('transfers at most 150 KB of JavaScript (compressed) to open the editor', async () => {
    const fresh = await s.newPage();
    const encodings: (string | undefined)[] = [];
    fresh.on('response', (r) => {
      if (r.url().endsWith('.js')) encodings.push(r.headers()['content-encoding']);
    });
    await s.logIn(fresh);
    await fresh.getByRole('button', { name: 'Open Verzweigung' }).click();
    await fresh.locator('.react-flow__node[data-id="start"]').waitFor();
    const js = await fresh.evaluate<{ encoded: number; decoded: number }>(`(() => {
      const entries = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
      return {
        encoded: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
        decoded: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
      };
    })()`);
    console.log(
      `editor JavaScript: ${js.encoded} bytes transferred, ${js.decoded} decoded, encodings ${encodings.join(',')}`,
    );
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((e) => e === 'br' || e === 'gzip')).toBe(true);
    expect(js.encoded).toBeGreaterThan(0);
    expect(js.encoded).toBeLessThanOrEqual(150 * 1024);
    await fresh.close();
  });

  it('exports a workflow as JSON, imports that file as a new workflow and duplicates a whole workflow', async () => {
    const count = async () =>
      (await s.t.db.query('SELECT count(*)::int AS n FROM workflow_definitions'))[0].n as number;
    expect(await count()).toBe(1);
    const [original] = await s.t.db.query('SELECT graph FROM workflow_definitions');
    // The earlier test left an undone edit: leaving asks, and is confirmed here.
    s.page.on('dialog', (d) => void d.accept());
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Verzweigung.json');
    const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(exported.name).toBe('Verzweigung');
    expect(exported.graph.nodes).toHaveLength(6);

    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.getByLabel('Import workflow (JSON)').setInputFiles({
      name: 'import.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Importiert' })),
    });
    await s.node('start').waitFor();
    await expect(s.page.locator('.toolbar label.name input').inputValue()).resolves.toBe(
      'Importiert',
    );
    expect(await count()).toBe(2);

    await s.page.getByRole('button', { name: 'All workflows' }).click();
    await s.page.getByRole('button', { name: 'Duplicate Verzweigung' }).click();
    await s.page.locator('.wf-name', { hasText: 'Verzweigung (copy)' }).waitFor();
    const copies = await s.t.db.query(
      `SELECT graph FROM workflow_definitions WHERE name = 'Verzweigung (copy)' AND owner_id = $1`,
      [s.user.id],
    );
    expect(copies).toHaveLength(1);
    expect(copies[0].graph).toEqual(original.graph);
    s.page.removeAllListeners('dialog');
  });

  it('offers sign-up on the login page: a new account lands on its empty list', async () => {
    const fresh = await s.newPage();
    await fresh.goto(`${s.t.url}/editor/`);
    await fresh.getByRole('button', { name: 'No account yet? Sign up' }).click();
    const email = `neu-${Date.now()}@example.org`;
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password').fill('ein-langes-passwort-123');
    await fresh.getByRole('button', { name: 'Create account' }).click();
    await fresh.getByText('No workflows yet.').waitFor();
    const users = await s.t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      email,
    ]);
    expect(users[0].n).toBe(1);
    await fresh.close();
  });
});
