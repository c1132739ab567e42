import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type BrowserContext, expect, type Page, type Route } from '@playwright/test';
import { parseMail, type ParsedMail } from '../api/mime';

/** Requests to other hosts than this machine, and the empty page that answers them. */
export const EXTERNAL = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;
export const stubExternal = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' });

/**
 * A kept page made as a fresh context's is: its context's cookies and the page's two storages emptied
 * (the page's origin must be the site's); the browser's cache stays, which changes how fast a page
 * loads, not what it is.
 */
export async function asIfFresh(page: Page): Promise<Page> {
  await page.context().clearCookies();
  if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  return page;
}

/**
 * Every page a test opens stays on this machine: requests to other hosts
 * (the external platforms the site links to) are answered with an empty page.
 *
 * `keptPage`: a signed-out page of the worker's one context (with the project's viewport and device),
 * for tests that only open a page and look at it (axe): a fresh context costs Chromium about 0.15 s of
 * CPU more per page (a renderer process started, the site's scripts compiled again;
 * docs/testing.md#ci-time). The test finds it as a fresh context is: the cookies and both storages
 * emptied; what stays is the browser's cache, which changes how fast a page loads, not what it is.
 */
export const test = base.extend<{ keptPage: Page }, { keptContext: BrowserContext }>({
  page: async ({ page }, use) => {
    await page.route(EXTERNAL, stubExternal);
    await use(page);
  },
  context: async ({ context }, use) => {
    await context.route(EXTERNAL, stubExternal);
    await use(context);
  },
  keptContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, screen } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, screen });
      await context.route(EXTERNAL, stubExternal);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  keptPage: async ({ keptContext }, use) => {
    await use(await asIfFresh(keptContext.pages()[0] ?? (await keptContext.newPage())));
  },
});
export { expect };

/** Accepts the cookie notice if it is shown, so that it does not cover what a test clicks. */
export async function acceptCookies(page: Page): Promise<void> {
  const notice = page.locator('[data-cookie-notice]');
  if (await notice.isVisible()) await notice.getByRole('button', { name: /Accept|接受/ }).click();
}

/** The rules the site is held to: WCAG 2.2 level AA, as axe tags them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe on the page as it is now, every rule, the same checks as `new AxeBuilder({ page })`, with less work
 * around them (docs/testing.md#ci-time):
 * - `resultTypes: ['violations']`: axe still runs every rule on every node, but describes (selector,
 *   HTML, ancestry) only the nodes that fail; the passes, the incomplete and the inapplicable keep one
 *   node each. Nothing here reads them.
 * - legacy mode: `axe.run` in the page itself. The default mode runs `axe.runPartial` in each frame, then
 *   opens a blank page, injects axe into it a second time and runs `axe.finishRun` there, to reach frames of
 *   other origins. The site's pages embed no frame (the one iframe, a local site's chat, opens on a click
 *   and is another carrier platform's page, stubbed in these tests); frames of the same origin are still
 *   checked in legacy mode.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();

/** The serious and critical WCAG AA violations axe finds on the page as it is now, each as "rule: its first three targets" (none: an empty list). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).withTags(WCAG_AA).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** The label of a form field, with the "(Required)" or "(optional)" after it. */
export const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\(.*\\))?$`);

/** A mail in the outbox of the end-to-end server (DATA_DIR var/e2e-<pid>/outbox) that `matches`, waited for. */
export async function outboxMail(matches: (mail: ParsedMail) => boolean, what: string): Promise<ParsedMail> {
  let found: ParsedMail | null = null;
  await expect
    .poll(
      () => {
        for (const dir of readdirSync('var').filter((d) => d.startsWith('e2e-'))) {
          const outbox = join('var', dir, 'outbox');
          if (!existsSync(outbox)) continue;
          for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
            const mail = parseMail(readFileSync(join(outbox, file)));
            if (matches(mail)) found = mail;
          }
        }
        return found !== null;
      },
      { message: `${what} in the outbox` },
    )
    .toBe(true);
  return found!;
}

/** A script's code without the chunk names it may import later (scripts/page-weight.mjs): what the framework checks look at. */
export { codeOf } from '../../scripts/page-weight.mjs';
