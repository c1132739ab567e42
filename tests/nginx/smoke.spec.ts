import type { Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { acceptCookies, expect, field, outboxMail, test } from '../e2e/fixtures';

/**
 * The site in the browser through nginx (scripts/nginx-smoke.mjs): pages of both languages, a
 * message with its captcha, the schedule search, the carbon calculator, the subscription, the
 * tracking results page, the API reference and the 404 page, each with every request it makes answered (nothing refused by a
 * policy, nothing missing behind the proxy). The flows' details are the end-to-end tests'
 * (tests/e2e/); here each is walked once, through the proxy and two API processes.
 */

/** Every failed request and console error of the page from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

for (const [path, heading] of [
  ['/en/home/', /./],
  ['/zh/home/', /./],
  ['/en/home/About/about/Profile', /Profile|About/i],
  ['/zh/home/About/about/Profile', /./],
] as const) {
  test(`the page ${path} shows with everything it loads`, async ({ page }) => {
    const problems = problemsOf(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', path.startsWith('/zh') ? /^zh/ : /^en/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('a message with its captcha is sent and mailed', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/en/home/Message/leaveMessage');
  await acceptCookies(page);
  const form = page.locator('form.contact-form');
  await expect(form.locator('.captcha-picture img')).toBeVisible();
  const marker = `nginx-${Date.now()}`;
  await form.getByLabel(field('E-mail')).fill(`${marker}@example.com`);
  await form.getByLabel(field('Name')).fill('Alex Morgan');
  await form.getByLabel(field('Message')).fill(`${marker}: please quote two 40' reefers from Shanghai to Rotterdam every week.`);
  await form.getByLabel(field('Verification code')).fill(E2E_CAPTCHA_ANSWER);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you. Your message has been sent; we will reply within a week.');
  const mail = await outboxMail((m) => m.text.includes(marker), `the notification of ${marker}`);
  expect(mail.text).toContain('Alex Morgan');
  expect(problems).toEqual([]);
});

test('the schedule search finds sailings', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/en/home/Services/schedules');
  await acceptCookies(page);
  for (const [label, typed, option] of [
    [/^From$/, 'shang', /Shanghai CNSHA/],
    [/^To$/, 'rotter', /Rotterdam NLRTM/],
  ] as const) {
    const box = page.getByRole('combobox', { name: label });
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  }
  await page.getByRole('button', { name: 'Search sailings' }).click();
  await expect(page.locator('.schedule-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /\d+ sailings/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]from=CNSHA&to=NLRTM/);
  expect(problems).toEqual([]);
});

test('the carbon calculator calculates a shipment', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/en/home/About/socialResponsibility/carbonCalculator');
  await acceptCookies(page);
  // the island hydrates on intent (src/islands/shared/intent-directive.ts): a pointer over it
  await page.locator('.carbon-calculator').hover();
  await expect(page.locator('.carbon-calculator[data-ready]')).toBeVisible();
  const form = page.getByRole('group', { name: 'Shipment 1' });
  for (const [label, typed, address] of [
    ['Origin', 'shang', 'Shanghai, China'],
    ['Destination', 'rotter', 'Rotterdam, Netherlands'],
  ]) {
    await form.getByRole('combobox', { name: label }).fill(typed);
    await form.getByRole('option', { name: address }).click();
  }
  await form.getByLabel('Cargo Volume').fill('2');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('heading', { level: 3 }).first()).toContainText('Shanghai → Rotterdam');
  await expect(results.locator('.carbon-emission strong').first()).toHaveText(/^[\d,.]+ /);
  expect(problems).toEqual([]);
});

test('a visitor subscribes to the newsletter with the code mailed to them', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = problemsOf(page);
  const email = `nginx.${Date.now()}@example.com`;
  await page.goto('/en/home/News/newsSubscribe');
  await acceptCookies(page);
  const verify = page.locator('form.subscribe-verify');
  await verify.getByLabel(field('E-mail')).fill(email);
  await verify.getByRole('button', { name: 'Get code' }).click();
  const mail = await outboxMail((m) => m.headers.to === email && /^\s+\d{6}\s*$/m.test(m.text), `a code mail to ${email}`);
  await verify.getByLabel(field('E-mail code')).fill(/^\s+(\d{6})\s*$/m.exec(mail.text)![1]);
  await verify.getByRole('button', { name: 'Next' }).click();
  await expect(verify.locator('.form-outcome.is-ok')).toHaveText('Please complete the form.');
  const form = page.locator('form.subscribe-details');
  await form.getByLabel(field('Company')).fill('Huadong Electronics Trading Co., Ltd.');
  await form.getByLabel(field('First name')).fill('Jing');
  await form.getByLabel(field('Last name')).fill('Chen');
  await form.getByLabel(field('Country / region')).selectOption({ label: 'China' });
  const province = form.getByLabel(field('Province / state'));
  await expect(province).toBeEnabled();
  await province.selectOption({ label: 'Shanghai' });
  const city = form.getByLabel(field('City'));
  await expect(city).toBeEnabled();
  await expect(city.locator('option')).not.toHaveCount(1);
  await city.selectOption({ index: 1 });
  await form.getByLabel(field('Phone')).fill('86-21-61234567');
  await form.getByLabel(/^All news/).check();
  await form.getByLabel('Every day').check();
  await form.getByLabel(field('Picture code')).fill(E2E_CAPTCHA_ANSWER);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('dialog.subscribe-dialog[open]')).toContainText(`Subscribed. The first digest will reach ${email} on the next day you chose.`);
  expect(problems).toEqual([]);
});

test('the tracking results page is rendered by the API processes, never cached', async ({ page }) => {
  const problems = problemsOf(page);
  // a container number with a wrong check digit: answered whatever the shipments of the day
  const response = await page.goto('/en/home/Track/result?refs=SBLU3096213');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('#track-server-results .track-card.is-invalid')).toContainText('the check digit (the last digit) should be 2, not 3');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the API reference page shows the document', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/homeapiak/docs');
  await expect(page.getByRole('heading', { name: 'Seabridge Container Lines website API' })).toBeVisible();
  await page.getByText('DCSA Commercial Schedules', { exact: true }).first().click();
  await expect(page.getByText(/\/dcsa\/cs\/v1\/point-to-point-routes/).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/en/home/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // its own files load
  const problems = problemsOf(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(problems.filter((p) => !p.includes('/en/home/no-such-page') && !/404 \(Not Found\)/.test(p))).toEqual([]);
});
