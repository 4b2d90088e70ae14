import type { Dialog } from 'playwright-core';
import { startLoopbackWorkflowApp } from '../../testing/loopback-workflow-app';
import { FakeChatHandler, FakeChatReply, sectionAnswer } from '../llm/testing/fake-chat-server';
import { describeBrowser, useEditorSuite } from './testing/editor-browser';

/**
 * The run features of the workflow editor in Chromium, against the health service with a
 * loopback language model (so a test can make an answer slow, fail once, or carry hostile
 * Markdown): live node states from the execution's event stream, the run history, resume of a
 * failed run, the test-run of one node, and run output rendered as sanitized Markdown.
 */

const mark = (prompt: string) => /MARK:(\w+)/.exec(prompt)?.[1] ?? 'plain';
const answer = (text: string, delayMs = 0): FakeChatReply => ({
  kind: 'answer',
  text,
  tokens_in: 10,
  tokens_out: 5,
  delayMs,
});
const quick: FakeChatHandler = (req) => answer(sectionAnswer(`Analyse ${mark(req.prompt)}.`));
const slow: FakeChatHandler = (req) => answer(sectionAnswer(`Analyse ${mark(req.prompt)}.`), 1500);

const analysis = (id: string) => ({
  id,
  kind: 'analysis',
  inline_template: `Gewicht: {{weight.latest}} kg. MARK:${id}`,
});
const linear = {
  nodes: [analysis('a1'), analysis('a2'), { id: 'end', kind: 'end' }],
  edges: [
    { from: 'a1', to: 'a2' },
    { from: 'a2', to: 'end' },
  ],
};

/** Model output that tries every way of running script in the page, among real Markdown. */
const HOSTILE = [
  'Die Woche war **gut** und _ruhig_.',
  '',
  '- erster Punkt',
  '- zweiter Punkt mit `code`',
  '',
  '[Quelle](https://example.org/quelle) [Mail](mailto:coach@example.org) [böse](javascript:window.__xss=1)',
  '',
  '<img src=x onerror="window.__xss=2"> <script>window.__xss=3</script>',
  '',
  '<div onclick="window.__xss=4"><iframe src="javascript:window.__xss=5"></iframe></div>',
  '',
  '![bild](javascript:window.__xss=6) [<b onmouseover="window.__xss=7">fett</b>](https://example.org)',
].join('\n');

describeBrowser('workflow editor runs in Chromium', () => {
  const s = useEditorSuite({ prefix: 'runs-', start: () => startLoopbackWorkflowApp(quick) });
  let workflowId: string;
  const state = (id: string) => s.node(id).locator('.wf-node').getAttribute('data-state');
  const inState = (id: string, st: string, timeout = 15_000) =>
    s.node(id).locator(`.wf-node[data-state="${st}"]`).waitFor({ timeout });
  const status = () => s.page.locator('.status').first();
  const runButton = () => s.page.getByRole('button', { name: 'Run', exact: true });
  const executions = async () =>
    (
      await s.t.db.query(
        'SELECT id, status FROM workflow_executions WHERE workflow_id = $1 ORDER BY started_at',
        [workflowId],
      )
    ).map((r: { id: string; status: string }) => r);

  beforeAll(async () => {
    workflowId = await s.app.createWorkflow(s.user, linear, 'Live');
    await s.logIn();
    await s.page.getByRole('button', { name: 'Open Live' }).click();
    await s.node('a1').waitFor();
  });

  it('shows node states live while the run is in progress (async start, event stream), then the result; the Markdown renderer is loaded only then', async () => {
    s.app.server.setHandler(slow);
    const scripts: string[] = [];
    s.page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    const [started] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith(`/api/workflows/${workflowId}/execute`)),
      runButton().click(),
    ]);
    // Started asynchronously: 202 at once, before any node has ended.
    expect(started.status()).toBe(202);
    expect(started.request().headers().prefer).toBe('respond-async');

    await inState('a1', 'RUNNING');
    await expect(runButton().isDisabled()).resolves.toBe(true);
    await expect(s.page.locator('[data-testid="run-output"]').count()).resolves.toBe(0);
    await s.fit();
    await s.shot('a1-running');
    await inState('a1', 'COMPLETED');
    await inState('a2', 'RUNNING');
    await s.shot('a2-running');
    await s.docShot('running');
    // Still running when a2 was seen running: the states came from the stream, not the result.
    expect((await executions()).at(-1)?.status).toBe('running');

    await s.page.locator('[data-testid="run-output"]').waitFor({ timeout: 15_000 });
    await expect(status().textContent()).resolves.toBe('Run completed.');
    for (const id of ['a1', 'a2', 'end']) await expect(state(id)).resolves.toBe('COMPLETED');
    await expect(
      s.page.locator('[data-testid="run-output"] h4').allTextContents(),
    ).resolves.toEqual(['a1', 'a2']);
    await s.shot('run-completed');
    // The renderer's chunk came with the output, after the editor had opened without it.
    expect(scripts.filter((url) => /\/Markdown-[\w-]+\.js$/.test(url))).toHaveLength(1);
    s.page.removeAllListeners('response');
  });

  it('shows "Run failed." as an error (role=alert) with the failed node marked', async () => {
    s.app.server.setHandler((req, i) =>
      mark(req.prompt) === 'a1' ? { kind: 'status', status: 500 } : quick(req, i),
    );
    await runButton().click();
    const alert = s.page.getByRole('alert').filter({ hasText: 'Run failed.' });
    await alert.waitFor({ timeout: 15_000 });
    await expect(alert.getAttribute('class')).resolves.toContain('error');
    const colour = await s.page.evaluate<string>(
      `getComputedStyle(document.querySelector('.status.error')).backgroundColor`,
    );
    expect(colour).toBe('rgb(253, 236, 234)');
    await expect(state('a1')).resolves.toBe('FAILED');
    await expect(s.page.locator('.output .resume').textContent()).resolves.toContain('Failed: a1');
    await s.shot('run-failed');
  });

  it('lists earlier executions; opening one shows its node states and output read-only, leaving returns to the current run', async () => {
    const [first, second] = await executions();
    expect([first.status, second.status]).toEqual(['completed', 'failed']);
    const history = s.page.getByRole('region', { name: 'Run history' });
    await history.locator('li').nth(1).waitFor();
    await expect(history.locator('.badge').allTextContents()).resolves.toEqual([
      'failed',
      'completed',
    ]);

    // The older, completed run: its states and output on the canvas, the toolbar inert.
    await history.locator('li').nth(1).getByRole('button').click();
    const banner = s.page.locator('.status.viewing');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('(completed), read-only');
    await expect(state('a1')).resolves.toBe('COMPLETED');
    await expect(s.page.locator('#output-title').textContent()).resolves.toBe('Output (completed)');
    await expect(
      s.page.getByRole('toolbar', { name: 'Workflow actions' }).getAttribute('inert'),
    ).resolves.not.toBeNull();
    await s.select('a2');
    await expect(s.panel().locator('.run-details').textContent()).resolves.toContain('COMPLETED');
    await expect(s.panel().getByLabel('Inline template', { exact: true }).count()).resolves.toBe(0);
    await s.shot('history-open');

    // Back: the current (failed) run again, editable.
    await s.page.getByRole('button', { name: 'Back to the current workflow' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect(state('a1')).resolves.toBe('FAILED');
    await expect(s.page.locator('#output-title').textContent()).resolves.toBe('Output (failed)');
    await expect(
      s.page.getByRole('toolbar', { name: 'Workflow actions' }).getAttribute('inert'),
    ).resolves.toBeNull();
  });

  it('resumes the failed run (async, live states) and shows the new outcome', async () => {
    s.app.server.setHandler(slow);
    const before = await executions();
    const [started] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/resume')),
      s.page.getByRole('button', { name: 'Resume' }).click(),
    ]);
    expect(started.status()).toBe(202);
    expect(started.url()).toContain(`/api/workflows/executions/${before[1].id}/resume`);
    await inState('a1', 'RUNNING');
    await s.shot('resume-running');
    await s.page.locator('.status', { hasText: 'Run completed.' }).waitFor({ timeout: 15_000 });
    for (const id of ['a1', 'a2', 'end']) await expect(state(id)).resolves.toBe('COMPLETED');
    await expect(s.page.locator('#output-title').textContent()).resolves.toBe('Output (completed)');
    await expect(s.page.getByRole('button', { name: 'Resume' }).count()).resolves.toBe(0);
    // The same execution, now completed: no new one.
    await expect(executions()).resolves.toEqual([
      before[0],
      { id: before[1].id, status: 'completed' },
    ]);
    await s.shot('resumed');
  });

  it('test-runs one analysis node as edited (not saved) and shows the rendered prompt and the answer', async () => {
    s.app.server.setHandler(quick);
    await s.select('a2');
    await s
      .panel()
      .getByLabel('Inline template', { exact: true })
      .fill('Nur ein Test: {{weight.latest}} kg. MARK:edited');
    const [res] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/nodes/a2/test-run')),
      s.page.getByRole('button', { name: 'Test node' }).click(),
    ]);
    expect(res.status()).toBe(200);
    const prompt = s.page.locator('[data-testid="test-prompt"]');
    await prompt.waitFor();
    await expect(prompt.textContent()).resolves.toContain('Nur ein Test:');
    await expect(prompt.textContent()).resolves.toContain('MARK:edited');
    await expect(prompt.textContent()).resolves.not.toContain('{{weight.latest}}');
    expect(s.app.server.requests.at(-1)?.prompt).toContain('MARK:edited');
    const answerText = s.page.locator('[data-testid="test-answer"]');
    await answerText.waitFor();
    await expect(answerText.textContent()).resolves.toContain('Analyse edited.');
    await s.shot('node-test-run');
    // Nothing was saved by the test-run.
    const [row] = await s.t.db.query('SELECT graph FROM workflow_definitions WHERE id = $1', [
      workflowId,
    ]);
    expect(JSON.stringify(row.graph)).not.toContain('MARK:edited');
    // A model error is shown at the button, and the earlier result is gone.
    s.app.server.setHandler(() => ({ kind: 'status', status: 500 }));
    await s.page.getByRole('button', { name: 'Test node' }).click();
    await s.page.locator('.node-test [role="alert"]').waitFor();
    await expect(prompt.count()).resolves.toBe(0);
    await s.page.keyboard.press('Control+z');
  });

  it('follows the event stream through a refused access token (refresh) and a dropped connection (Last-Event-ID)', async () => {
    s.app.server.setHandler((req, i) => ({ ...quick(req, i), delayMs: 300 }) as FakeChatReply);
    const tokens = () =>
      s.page.evaluate<{ refresh_token: string }>(
        `JSON.parse(sessionStorage.getItem('workflow-editor.tokens'))`,
      );
    const before = await tokens();
    // 1st request: refused as with an expired access token; 2nd (after the refresh): drops
    // after one event; 3rd: read on after that event.
    const seen: { auth?: string; last?: string }[] = [];
    await s.page.route('**/api/workflows/executions/*/events', async (route) => {
      const headers = route.request().headers();
      seen.push({ auth: headers.authorization, last: headers['last-event-id'] });
      if (seen.length === 1)
        return route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            code: 'UNAUTHENTICATED',
            detail: 'A valid access token is required.',
          }),
        });
      if (seen.length > 2) return route.continue();
      const upstream = await route.fetch({ timeout: 30_000 });
      const first = (await upstream.text()).split('\n\n').find((b) => b.startsWith('id: 1\n'));
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `${first}\n\n`,
      });
    });
    await runButton().click();
    await s.page.locator('.status', { hasText: 'Running…' }).waitFor();
    await s.page.locator('.status', { hasText: 'Run completed.' }).waitFor({ timeout: 20_000 });
    await s.page.unroute('**/api/workflows/executions/*/events');
    expect(seen.map((r) => r.last)).toEqual([undefined, undefined, '1']);
    expect(seen[1].auth).not.toBe(seen[0].auth);
    expect(seen[2].auth).toBe(seen[1].auth);
    expect((await tokens()).refresh_token).not.toBe(before.refresh_token);
    for (const id of ['a1', 'a2', 'end']) await expect(state(id)).resolves.toBe('COMPLETED');
    await expect(s.page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('renders run output as Markdown with no HTML, script or javascript: link surviving', async () => {
    s.app.server.setHandler(() => answer(sectionAnswer(HOSTILE), 300));
    const before = await s.page.locator('[data-testid="run-output"]').textContent();
    await runButton().click();
    await s.page.locator('.status', { hasText: 'Running…' }).waitFor();
    await s.page.locator('.status', { hasText: 'Run completed.' }).waitFor({ timeout: 20_000 });
    const output = s.page.locator('[data-testid="run-output"]');
    await output.locator('strong').first().waitFor();
    expect(before).not.toContain('gut');

    // Markdown: headings, emphasis, lists, code, safe links.
    await expect(output.locator('h4').allTextContents()).resolves.toEqual(['a1', 'a2']);
    await expect(output.locator('strong').first().textContent()).resolves.toBe('gut');
    await expect(output.locator('em').first().textContent()).resolves.toBe('ruhig');
    await expect(output.locator('ul > li').count()).resolves.toBe(4);
    await expect(output.locator('code').first().textContent()).resolves.toBe('code');
    await expect(output.locator('a[href="https://example.org/quelle"]').count()).resolves.toBe(2);
    await expect(output.locator('a[href="mailto:coach@example.org"]').count()).resolves.toBe(2);
    // Nothing executable: no such elements, no event-handler attributes, no javascript: URL.
    await expect(
      output.locator('img, script, iframe, div div, b, object, embed').count(),
    ).resolves.toBe(0);
    // A string expression: the health tsconfig has no DOM types.
    const found = await s.page.evaluate<{
      handlers: number;
      unsafe: number;
      links: number;
    }>(`(() => {
      const root = document.querySelector('[data-testid="run-output"]');
      const all = [root, ...root.querySelectorAll('*')];
      const some = (el, test) => [...el.attributes].some(test);
      return {
        handlers: all.filter((el) => some(el, (a) => a.name.startsWith('on'))).length,
        unsafe: all.filter((el) => some(el, (a) => /javascript:/i.test(a.value))).length,
        links: root.querySelectorAll('a').length,
      };
    })()`);
    expect(found).toEqual({ handlers: 0, unsafe: 0, links: 6 });
    // The raw HTML is visible as text; the javascript: link keeps only its text.
    await expect(output.textContent()).resolves.toContain('<img src=x onerror=');
    await expect(output.textContent()).resolves.toContain('böse');
    await output.hover();
    await output.locator('text=fett').first().hover();
    await expect(s.page.evaluate('window.__xss')).resolves.toBeUndefined();
    // The node's own analysis in the side panel is the same sanitized Markdown.
    await s.select('a1');
    const details = s.panel().locator('.run-details');
    await details.locator('.markdown strong').first().waitFor();
    await expect(details.locator('.markdown strong').first().textContent()).resolves.toBe('gut');
    await expect(details.locator('img, script, iframe').count()).resolves.toBe(0);
    await expect(s.page.evaluate('window.__xss')).resolves.toBeUndefined();
    await s.shot('markdown-output');
    expect(s.errors).toEqual([]);
  });

  it('follows a still-running run opened from the run history live, like a run started here', async () => {
    s.app.server.setHandler((req, i) => ({ ...quick(req, i), delayMs: 2500 }) as FakeChatReply);
    const started = await s.app.execute(s.user, workflowId, { Prefer: 'respond-async' });
    expect(started.status).toBe(202);
    // The page learns of the run from its history only (reloaded), not by starting it. An
    // earlier test left an undone edit: leaving asks, and is confirmed here.
    const leave = (d: Dialog) => void d.accept();
    s.page.on('dialog', leave);
    await s.page.reload();
    s.page.off('dialog', leave);
    const history = s.page.getByRole('region', { name: 'Run history' });
    const running = history.locator('li', { has: s.page.locator('.badge.state-running') });
    await running.getByRole('button').click();
    // Node states arrive from the event stream while the run goes on, then its outcome.
    await inState('a2', 'RUNNING', 20_000);
    expect((await executions()).at(-1)).toEqual({ id: started.body.id, status: 'running' });
    await s.page.locator('.status', { hasText: 'Run completed.' }).waitFor({ timeout: 20_000 });
    for (const id of ['a1', 'a2', 'end']) await expect(state(id)).resolves.toBe('COMPLETED');
    await expect(s.page.locator('.status.viewing').count()).resolves.toBe(0);
    await s.shot('history-running-followed');
  });
});
