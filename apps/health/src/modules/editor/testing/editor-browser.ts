import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/**
 * What every editor browser suite shares: Debian's Chromium driven by playwright-core, the
 * artifact folders, and the page helpers that name the editor's parts (nodes on the canvas, the
 * side panel, the node selector). Each suite starts its own health service and browser.
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
  return {
    page,
    node,
    panel,
    select,
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
    /** Opens the editor at `path` and logs in with the login form. */
    logIn: async (baseUrl: string, email: string, password: string, path = '/editor/') => {
      await page.goto(`${baseUrl}${path}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
    },
  };
}
