import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { expect, test } from '../e2e/fixtures';

/**
 * One API process gone (SIGKILL, no goodbye): nginx marks it failed and the other answers, so a
 * visitor sees nothing. Runs after every other spec of the suite (project "failover" depends on
 * "through-nginx": playwright.config.ts here), since it leaves the stack with one process.
 * What happens to a request under way when its process dies is the load bench's to measure.
 */

const nginx = process.env.NGINX_BASE_URL!;
const pids = process.env.NGINX_UPSTREAM_PIDS!.split(',').map(Number);

test('with one API process killed, every read and a message still answer through nginx', async ({ page }) => {
  expect(pids).toHaveLength(2);
  process.kill(pids[1], 'SIGKILL');
  // the process is gone once signalling it fails
  await expect
    .poll(() => {
      try {
        process.kill(pids[1], 0);
        return 'alive';
      } catch {
        return 'gone';
      }
    })
    .toBe('gone');
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 10; i++) {
    for (const path of ['/homeapiak/health', `/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA&date=${today}&limit=1`, '/en/staff/sign-in']) {
      const response = await fetch(`${nginx}${path}`);
      expect(response.status, `${path} (${i + 1})`).toBe(200);
      await response.arrayBuffer();
    }
  }
  // a form in the browser: the captcha, then the message, each answered by the process left
  await page.goto('/en/home/Message/leaveMessage');
  const form = page.locator('form.contact-form');
  await expect(form.locator('.captcha-picture img')).toBeVisible();
  await form.getByLabel(/^E-mail/).fill(`failover.${Date.now()}@example.com`);
  await form.getByLabel(/^Name/).fill('Alex Morgan');
  await form.getByLabel(/^Message/).fill('After a process died: please quote two 40 foot reefers every week.');
  await form.getByLabel(/^Verification code/).fill(E2E_CAPTCHA_ANSWER);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you. Your message has been sent; we will reply within a week.');
});
