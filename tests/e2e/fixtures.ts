import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page a test opens stays on this machine: requests to other hosts
 * (the external platforms the site links to) are answered with an empty page.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' }));
    await use(page);
  },
  context: async ({ context }, use) => {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' }));
    await use(context);
  },
});
export { expect };

/** Accepts the cookie notice if it is shown, so that it does not cover what a test clicks. */
export async function acceptCookies(page: Page): Promise<void> {
  const notice = page.locator('[data-cookie-notice]');
  if (await notice.isVisible()) await notice.getByRole('button', { name: /Accept|接受/ }).click();
}
