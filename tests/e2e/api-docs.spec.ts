import { expect, test } from './fixtures';

/** The API reference page for integrators (/homeapiak/docs): the OpenAPI document read by Scalar's reader, under the page's own policy. */
test('the API reference page shows every tag of the document, a call with its parameters and answers, and the DCSA calls under their own base', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto('/homeapiak/docs');
  await expect(page.getByRole('heading', { name: 'Seabridge Container Lines website API' })).toBeVisible();
  await page.getByText('carbonCalculate', { exact: true }).first().click();
  const city = page.getByRole('heading', { name: /^Up to 10 cities whose name/ });
  await city.scrollIntoViewIfNeeded();
  await expect(city).toBeVisible();
  await expect(page.getByText('prefix', { exact: true }).first()).toBeVisible();
  await page.getByText('DCSA Commercial Schedules', { exact: true }).first().click();
  await expect(page.getByText(/\/dcsa\/cs\/v1\/point-to-point-routes/).first()).toBeVisible();
  // nothing blocked by the page's policy, nothing fetched from elsewhere
  expect(problems).toEqual([]);
});
