import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../../testing/health-test-app';

/**
 * What every editor browser suite shares: Debian's Chromium driven by playwright-core, the
 * artifact folders, and the page helpers that name the editor's parts (nodes on the canvas, the
 * side panel, the node selector). Each suite starts its own health service and browser
 * (`useEditorSuite`).
 */
export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Screenshots of each step, not committed. */
export const ARTIFACTS = resolve(__dirname, '../../../../../../test-artifacts/editor');
/** The main states, committed and linked from the README's editor section. */
export const DOC_SHOTS = resolve(__dirname, '../../../../../../docs/editor-screenshots');
export const describeBrowser = HAVE_CHROMIUM ? describe : describe.skip;

if (!HAVE_CHROMIUM) {
  console.warn(
    `SKIPPED: editor browser tests need Chromium at ${CHROMIUM} (apt-get install chromium).`,
  );
}

export async function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  mkdirSync(DOC_SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Helpers bound to one page of the editor. `prefix` keeps each suite's screenshots apart. */
export function editorPage(page: Page, prefix = '') {
  let step = 0;
  const panel = () => page.locator('.side-panel');
  const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
  const select = (id: string) => page.getByLabel('Selected node').selectOption(id);
  const saveButton = () => page.getByRole('button', { name: 'Save', exact: true });
  const saved = () => page.locator('.status', { hasText: 'Saved.' }).waitFor();
  return {
    page,
    node,
    panel,
    select,
    saveButton,
    /** Waits for the status "Saved.". */
    saved,
    /** Clicks Save and waits for "Saved.". */
    save: async () => {
      await saveButton().click();
      await saved();
    },
    /**
     * Drags node `id` by its middle by (dx, dy) screen pixels in `steps` mouse moves, as a
     * person would: React Flow sees one drag with many position changes.
     */
    dragNode: async (id: string, dx: number, dy: number, steps = 8) => {
      const box = await node(id).boundingBox();
      if (!box) throw new Error(`node ${id} is not on the canvas`);
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps });
      await page.mouse.up();
    },
    /** A full-page screenshot of the current step into test-artifacts/editor/. */
    shot: async (name: string) => {
      step += 1;
      await page.screenshot({
        path: join(ARTIFACTS, `${prefix}${String(step).padStart(2, '0')}-${name}.png`),
        fullPage: true,
      });
    },
    /** A screenshot of a main state for the README (viewport only, so the files stay small). */
    docShot: (name: string) => page.screenshot({ path: join(DOC_SHOTS, `${name}.png`) }),
    connect: async (from: string, to: string, branch?: string) => {
      await select(from);
      await panel().getByLabel('Connect to').selectOption(to);
      if (branch) await panel().getByLabel('Edge branch').selectOption(branch);
      await panel().getByRole('button', { name: 'Add edge' }).click();
    },
    fit: () => page.locator('.react-flow__controls-fitview').click(),
    /**
     * Picks `operator` for the selected logic node, answering a question (dropping its
     * sub-conditions) with `accept`; answers the questions the page asked.
     */
    switchOperator: async (operator: string, accept: boolean) => {
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.message());
        void (accept ? d.accept() : d.dismiss());
      });
      await panel().getByLabel('Operator').selectOption(operator);
      return asked;
    },
  };
}

export type EditorPage = ReturnType<typeof editorPage>;

/** The service a suite runs against: the health app, perhaps with more (a loopback model). */
export interface StartedApp {
  t: HealthTestApp;
  close(): Promise<void>;
}

/**
 * One suite's service, account (tier pro), browser and page, with the page helpers of
 * `editorPage` on the same object. Filled in by the suite's first `beforeAll`: read it in tests
 * and later hooks only.
 */
export type EditorSuite<A extends StartedApp> = EditorPage & {
  app: A;
  t: HealthTestApp;
  user: TestUser;
  browser: Browser;
  /** Uncaught errors of the suite's page (a suite expects none at its end). */
  errors: string[];
  /** Another tab of the suite's browser, at the same viewport. */
  newPage(): Promise<Page>;
  /** Opens the editor at `path` on `page` (the suite's page by default) and logs the user in. */
  logIn(page?: Page, path?: string): Promise<void>;
};

const VIEWPORT = { width: 1280, height: 800 };

/**
 * Registers the hooks that start the service (`start`, the plain health app by default), the
 * account and Chromium before the suite's tests and close them after; `prefix` keeps the suite's
 * screenshots apart.
 */
export function useEditorSuite(options?: { prefix?: string }): EditorSuite<StartedApp>;
export function useEditorSuite<A extends StartedApp>(options: {
  prefix?: string;
  start: () => Promise<A>;
}): EditorSuite<A>;
export function useEditorSuite(
  options: { prefix?: string; start?: () => Promise<StartedApp> } = {},
): EditorSuite<StartedApp> {
  const start =
    options.start ??
    (async () => {
      const t = await startHealthTestApp();
      return { t, close: () => t.close() };
    });
  const suite = {} as EditorSuite<StartedApp>;
  beforeAll(async () => {
    // Each part is on the suite as soon as it runs, for afterAll to close it if a later one fails.
    const app = await start();
    Object.assign(suite, { app, t: app.t });
    const user = await app.t.newUser({ tier: 'pro' });
    const browser = await launchChromium();
    suite.browser = browser;
    const page = await browser.newPage({ viewport: VIEWPORT });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    Object.assign(suite, editorPage(page, options.prefix), {
      user,
      errors,
      newPage: () => browser.newPage({ viewport: VIEWPORT }),
      logIn: async (on: Page = page, path = '/editor/') => {
        await on.goto(`${app.t.url}${path}`);
        await on.getByLabel('Email').fill(user.email);
        await on.getByLabel('Password').fill(user.password);
        await on.getByRole('button', { name: 'Log in' }).click();
      },
    });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}
