import type { APIRequestContext, Page } from '@playwright/test';
import { acceptCookies, expect, field, outboxMail, seriousAxeViolations, test } from './fixtures';

/**
 * Track & trace as a visitor uses it, in both languages, on the demonstration shipments the
 * end-to-end server's embedded reference provider writes (TNT_PROVIDER_URL unset): several
 * numbers tracked at once with their legs and milestones, a container number with a wrong check
 * digit told before anything is sent, the form without JavaScript (the results page rendered on
 * the server), a shared address opening on its results, the entry points (home page box, menu,
 * local site), and axe on the results. E-mail alerts on a found number: the form opened from its
 * card, the code read from the server's outbox, a wrong code refused, the alerts turned on; the
 * unsubscribe link's landing told at the top of the tracking page. (The captcha over the rate limit
 * is not reached here: the server runs with unlimited rates; tests/api/tracking-alerts.test.ts and
 * tests/unit/tracking-page.test.ts cover it.)
 */

interface Sample {
  reference: string;
  kind: 'container' | 'bl' | 'booking';
  stage: 'booked' | 'origin' | 'sea' | 'destination' | 'delivered';
}

/** The demonstration references, once the server has caught up with its provider (it polls in the background after start). */
async function samples(request: APIRequestContext): Promise<Sample[]> {
  let found: Sample[] = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get('/homeapiak/tracking/samples?language=1');
        found = answer.ok() ? (await answer.json()).data.content.samples : [];
        return found.length;
      },
      { timeout: 60_000, intervals: [1000], message: 'the demonstration shipments are listed' },
    )
    .toBeGreaterThanOrEqual(3);
  return found;
}

const WORDS = {
  en: {
    label: 'Container, B/L or booking numbers',
    track: 'Track',
    count: (n: number) => `Results for ${n} numbers`,
    now: 'Where it is now',
    next: 'Next',
    milestones: 'Milestones',
    voyage: 'Voyage',
    demo: /^Demonstration data/,
    checkDigit: 'SBLU3096213: the check digit (the last digit) should be 2, not 3. Check the number on the container door.',
    problem: 'Check this number',
    kinds: { container: 'Container', bl: 'B/L', booking: 'Booking' },
    states: /^(Actual|Estimated|Planned)$/,
    alerts: {
      open: 'Get e-mail alerts',
      title: (ref: string) => `E-mail alerts for ${ref}`,
      email: 'E-mail',
      milestones: 'Tell me when',
      pickup: 'The cargo is available for pick-up',
      hours: 'Hours',
      send: 'Send code',
      code: 'Code from the e-mail',
      turnOn: 'Turn on alerts',
      sent: (email: string) => `We sent a 6-digit code to ${email}. It is valid for 15 minutes.`,
      wrong: 'Verification code error.',
      created: (ref: string, email: string) => `Alerts on ${ref} are on. Each one comes to ${email} as it happens.`,
      subject: /^\d{6} is your code for tracking alerts from /,
      invalid: /^This link is no longer valid/,
      unsubscribed: 'Alerts turned off: your address is deleted.',
    },
  },
  zh: {
    label: '集装箱号、提单号或订舱号',
    track: '查询',
    count: (n: number) => `${n} 个编号的查询结果`,
    now: '当前动态',
    next: '下一步',
    milestones: '运输节点',
    voyage: '航程',
    demo: /^演示数据/,
    checkDigit: 'SBLU3096213：校验位（最后一位数字）应为 2，而不是 3。请核对箱门上的箱号。',
    problem: '请核对',
    kinds: { container: '集装箱号', bl: '提单号', booking: '订舱号' },
    states: /^(实际|预计|计划)$/,
    alerts: {
      open: '订阅邮件提醒',
      title: (ref: string) => `${ref} 的邮件提醒`,
      email: '邮箱',
      milestones: '以下动态发生时提醒我',
      pickup: '货物已放行，可以提货',
      hours: '小时数',
      send: '发送验证码',
      code: '邮件验证码',
      turnOn: '开启提醒',
      sent: (email: string) => `我们已向 ${email} 发送 6 位验证码，15 分钟内有效。`,
      wrong: '验证码错误。',
      created: (ref: string, email: string) => `已为 ${ref} 开启提醒，每项动态发生时将发送至 ${email}。`,
      subject: /货物动态提醒验证码：\d{6}$/,
      invalid: /^此链接已失效/,
      unsubscribed: '提醒已关闭，您的邮箱地址已删除。',
    },
  },
} as const;

const trackButton = (page: Page, name: string) => page.locator('form.track-form').getByRole('button', { name, exact: true });

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test.describe(`tracking (${lang})`, () => {
    test('several numbers at once: each recognised as typed, then tracked with where it is, what comes next, its legs and its milestones; the query in the address', async ({ page, request }) => {
      const picked = (await samples(request)).slice(0, 3);
      await page.goto(`/${lang}/home/Track`);
      await acceptCookies(page);
      const box = page.getByLabel(w.label, { exact: true });
      await box.click();
      await box.fill(picked.map((s) => s.reference).join('\n'));
      // each number's kind, recognised in the browser before anything is sent
      const checks = page.locator('.track-checks li');
      await expect(checks).toHaveCount(picked.length);
      for (const [i, s] of picked.entries()) await expect(checks.nth(i)).toHaveText(`${s.reference}${w.kinds[s.kind]}`);
      // by keyboard: from the box to the button, Enter
      await expect(trackButton(page, w.track)).toBeEnabled();
      await box.press('Tab');
      await expect(trackButton(page, w.track)).toBeFocused();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: w.count(picked.length) });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(page.locator('.track-banner.is-demo')).toHaveText(w.demo);
      const cards = page.locator('.track-card');
      await expect(cards).toHaveCount(picked.length);
      for (const [i, s] of picked.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole('heading', { level: 3 })).toContainText(s.reference);
        await expect(card).toHaveClass(/is-found/);
        await expect(card.getByRole('heading', { level: 4, name: w.now })).toBeVisible();
        await expect(card.getByRole('heading', { level: 4, name: w.next })).toBeVisible();
        // a time is told in words and with the port's offset from UTC
        const steps = card.locator('.track-timeline > li');
        expect(await steps.count()).toBeGreaterThan(0);
        await expect(steps.first().locator('.track-state')).toHaveText(w.states);
        await expect(steps.first().locator('time')).toHaveText(/\d{4}-\d{2}-\d{2} .*\d{2}:\d{2} UTC/);
        await expect(card.getByRole('heading', { level: 4, name: w.voyage })).toBeVisible();
        await expect(card.locator('.track-leg').first()).toContainText(/UTC/);
      }
      // a vessel with a schedule page and a service with its route page are links
      await expect(cards.locator('.track-leg-head a[href*="/home/Services/schedules/vessel/"]').first()).toBeVisible();
      await expect(cards.locator('.track-leg-head a[href*="/home/Services/route/"]').first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${lang}/home/Track\\?refs=${picked.map((s) => s.reference).join(',')}$`));
    });

    test('a container number with a wrong check digit is told as it is typed, naming the digit, before anything is sent', async ({ page }) => {
      await page.goto(`/${lang}/home/Track`);
      await acceptCookies(page);
      const box = page.getByLabel(w.label, { exact: true });
      await box.click();
      await box.pressSequentially('SBLU3096213', { delay: 20 });
      const message = page.locator('#track-refs-error');
      await expect(message).toHaveAttribute('aria-live', 'polite');
      await expect(message).toHaveText(w.checkDigit);
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.track-checks li')).toHaveText([`SBLU3096213${w.problem}`]);
      await expect(page.locator('.track-results')).toHaveCount(0);
      // the right digit clears it
      await box.press('Backspace');
      await box.pressSequentially('2');
      await expect(message).toHaveText('');
      await expect(page.locator('.track-checks li')).toHaveText([`SBLU3096212${w.kinds.container}`]);
    });

    test('a shared address opens on its results; the results page is clean for axe', async ({ page, request }) => {
      const picked = (await samples(request)).slice(0, 2);
      await page.goto(`/${lang}/home/Track?refs=${picked.map((s) => s.reference).join(',')}`);
      await acceptCookies(page);
      await expect(page.getByRole('heading', { level: 2, name: w.count(2) })).toBeVisible();
      await expect(page.getByLabel(w.label, { exact: true })).toHaveValue(picked.map((s) => s.reference).join('\n'));
      await expect(page.locator('.track-card.is-found')).toHaveCount(2);
      // a route map opens, lazily loaded, with its text
      const map = page.locator('.track-map').first();
      await map.locator('summary').click();
      await expect(map.locator('img')).toHaveAttribute('alt', /.{20,}/);
      await page.locator('.track-glossary summary').click();
      await expect(page.locator('.track-glossary dt').first()).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test('e-mail alerts on a found number: the form opens in its card, the mailed code turns them on; the unsubscribe link lands on the page with its message', async ({ page, request }) => {
      const a = w.alerts;
      // a shipment at sea: its arrival, discharge and release are to come
      const all = await samples(request);
      const sample = all.find((x) => x.stage === 'sea') ?? all.find((x) => x.stage !== 'delivered')!;
      await page.goto(`/${lang}/home/Track?refs=${sample.reference}`);
      await acceptCookies(page);
      const card = page.locator('.track-card.is-found');
      await expect(card).toHaveCount(1);
      // the results carry when the provider was last heard
      await expect(page.locator('.track-results')).toHaveAttribute('data-last-heard', /^\d{4}-\d{2}-\d{2}T/);
      await expect(page.locator('.track-updated')).toBeVisible();
      const open = card.getByRole('button', { name: a.open });
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      const form = card.getByRole('form', { name: a.title(sample.reference) });
      await expect(form).toBeVisible();
      const email = form.getByLabel(field(a.email));
      await expect(email).toBeFocused();
      // labelled fields: the milestones in their group, the hours of the estimate
      const group = form.getByRole('group', { name: a.milestones });
      await expect(group.getByRole('checkbox')).toHaveCount(5);
      await expect(group.getByRole('checkbox', { name: a.pickup })).toBeChecked();
      await expect(form.getByLabel(a.hours, { exact: true })).toHaveValue('12');
      await form.getByLabel(a.hours, { exact: true }).fill('6');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // by keyboard: the address, Enter sends the code
      const address = `e2e.alerts.${lang}.${Date.now()}@example.com`;
      await email.fill(address);
      await email.press('Enter');
      await expect(form.locator('.form-outcome.is-ok')).toHaveText(a.sent(address));
      const code = form.getByLabel(field(a.code));
      await expect(code).toBeFocused();
      const mail = await outboxMail((m) => m.headers.to === address && a.subject.test(m.headers.subject), `the alerts' code mail to ${address}`);
      const sent = /^\s+(\d{6})\s*$/m.exec(mail.text)![1];

      // a wrong code: the API's words beside the form
      await code.fill(sent === '000000' ? '000001' : '000000');
      await form.getByRole('button', { name: a.turnOn }).click();
      await expect(form.locator('.form-outcome.is-error')).toHaveText(a.wrong);
      // the right one turns the alerts on: the API's confirmation, focused
      await code.fill(sent);
      await code.press('Enter');
      const done = form.locator('.track-alert-done');
      await expect(done).toHaveText(a.created(sample.reference, address));
      await expect(done).toBeFocused();

      // the mails' unsubscribe link (GET) with a signature that is not its own: back on the tracking page, which says so
      const link = await request.get(`/homeapiak/tracking/alerts/unsubscribe?a=${crypto.randomUUID()}&t=${'A'.repeat(43)}&language=${lang === 'zh' ? 0 : 1}`, { maxRedirects: 0 });
      expect(link.status()).toBe(303);
      const landing = new URL(link.headers().location);
      expect(`${landing.pathname}${landing.search}`).toBe(`/${lang}/home/Track?alerts=invalid`);
      await page.goto(`${landing.pathname}${landing.search}`);
      await expect(page.locator('#track-notice')).toHaveText(a.invalid);
      // and where a valid one lands (the API test ends an alert by it)
      await page.goto(`/${lang}/home/Track?alerts=unsubscribed`);
      await expect(page.locator('#track-notice')).toHaveText(a.unsubscribed);
      await expect(page.locator('.track-results')).toHaveCount(0);
    });

    test('the results page rendered on the server leads to the alerts: the tracking page opens their form', async ({ page, request }) => {
      const all = await samples(request);
      const sample = all.find((x) => x.stage === 'sea') ?? all.find((x) => x.stage !== 'delivered')!;
      await page.goto(`/${lang}/home/Track/result?refs=${sample.reference}`);
      await acceptCookies(page);
      await expect(page.locator('#track-server-results .track-results')).toHaveAttribute('data-last-heard', /^\d{4}-/);
      await page.locator('#track-server-results').getByRole('link', { name: w.alerts.open }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/home/Track\\?refs=${sample.reference}$`));
      const form = page.getByRole('form', { name: w.alerts.title(sample.reference) });
      await expect(form).toBeVisible();
      await expect(form.getByLabel(field(w.alerts.email))).toBeFocused();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form goes to the results page, rendered on the server with the answer; never cached', async ({ page, request }) => {
    const [sample] = await samples(request);
    await page.goto('/en/home/Track');
    // the island's button waits for JavaScript; the one for visitors without it sends the form
    const send = page.getByRole('button', { name: 'Track', exact: true });
    await expect(send).toHaveCount(1);
    await page.getByLabel(WORDS.en.label, { exact: true }).fill(`${sample.reference}\nSBLU3096213`);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/en/home/Track/result?')), send.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    await expect(page).toHaveURL(/\/en\/home\/Track\/result\?refs=/);
    await expect(page.getByRole('heading', { level: 2, name: 'Results for 2 numbers' })).toBeVisible();
    const found = page.locator('#track-server-results .track-card.is-found');
    await expect(found.getByRole('heading', { level: 3 })).toContainText(sample.reference);
    await expect(found.getByRole('heading', { level: 4, name: 'Where it is now' })).toBeVisible();
    await expect(found.locator('.track-timeline > li').first()).toContainText(/UTC/);
    await expect(page.locator('#track-server-results .track-card.is-invalid')).toContainText(WORDS.en.checkDigit);
    // alerts need the island: said so, and no link to them
    await expect(found.getByText('E-mail alerts need JavaScript.')).toBeVisible();
    await expect(found.getByRole('link', { name: 'Get e-mail alerts' })).toHaveCount(0);
    // the form holds what was asked
    await expect(page.getByLabel(WORDS.en.label, { exact: true })).toHaveValue(`${sample.reference}\nSBLU3096213`);
  });

  test('in Chinese, from the home page’s tracking box; the results page without a query is the tracking page', async ({ page, request }) => {
    const [sample] = await samples(request);
    await page.goto('/zh/home');
    await page.getByLabel('集装箱号、提单号或订舱号', { exact: true }).fill(sample.reference);
    await page.locator('.track-box').getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/\/zh\/home\/Track\/result\?refs=/);
    await expect(page.getByRole('heading', { level: 2, name: '1 个编号的查询结果' })).toBeVisible();
    await expect(page.locator('#track-server-results .track-card.is-found')).toContainText('当前动态');
    const response = await page.goto('/zh/home/Track/result');
    expect(response?.url()).toMatch(/\/zh\/home\/Track$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('货物跟踪');
  });
});

test('the results page rendered on the server is clean for axe, and hydrates into the same form', async ({ page, request }) => {
  const picked = (await samples(request)).slice(0, 2);
  await page.goto(`/zh/home/Track/result?refs=${picked.map((s) => s.reference).join('%0A')}`);
  await acceptCookies(page);
  await expect(page.locator('#track-server-results .track-card.is-found')).toHaveCount(2);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // tracking again from here: the island's answer replaces the server's
  const box = page.getByLabel(WORDS.zh.label, { exact: true });
  await box.click();
  await box.fill(picked[0].reference);
  await expect(trackButton(page, '查询')).toBeEnabled();
  await trackButton(page, '查询').click();
  await expect(page.getByRole('heading', { level: 2, name: '1 个编号的查询结果' })).toBeFocused();
  await expect(page.locator('#track-server-results')).toHaveCount(0);
  await expect(page.locator('.track-card')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`/zh/home/Track/result\\?refs=${picked[0].reference}$`));
});

test('hydrating the box leaves the numbers the visitor selected there selected: what they type replaces them', async ({ page, request }) => {
  const picked = (await samples(request)).slice(0, 2);
  await page.goto(`/en/home/Track/result?refs=${picked.map((s) => s.reference).join('%0A')}`);
  await acceptCookies(page);
  const box = page.getByLabel(WORDS.en.label, { exact: true });
  // the rendered numbers selected before the island has run (no focus, no pointer: nothing wakes it)
  const length = await box.evaluate((el: HTMLTextAreaElement) => {
    el.setSelectionRange(0, el.value.length);
    return el.value.length;
  });
  await box.hover(); // the island wakes
  await expect(trackButton(page, WORDS.en.track)).toBeEnabled();
  expect(await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, length]);
  await box.focus();
  await page.keyboard.insertText(picked[1].reference);
  await expect(box).toHaveValue(picked[1].reference);
});

test('typed and clicked at once: the numbers recognised on leaving the box do not move the Track button from under the pointer', async ({ page, request }) => {
  const picked = (await samples(request)).slice(0, 3);
  await page.goto('/en/home/Track');
  await acceptCookies(page);
  const box = page.getByLabel(WORDS.en.label, { exact: true });
  const send = trackButton(page, WORDS.en.track);
  await box.click(); // the island wakes on first use
  await expect(send).toBeEnabled();
  // the pointer over the button, the numbers typed, the button pressed at once (before the typing pause shows them)
  const at = (await send.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await expect(box).toBeFocused();
  await page.keyboard.insertText(picked.map((x) => x.reference).join('\n'));
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByRole('heading', { level: 2, name: WORDS.en.count(picked.length) })).toBeVisible();
  await expect(page.locator('.track-card')).toHaveCount(picked.length);
});

test('the menu and the local sites lead to the tracking page', async ({ page }) => {
  await page.goto('/en/home');
  await expect(page.locator('#menu-services a[href="/en/home/Track"]')).toHaveText('Track & trace');
  await page.goto('/shanghai/cn/home');
  await expect(page.locator('[data-local-platforms] a[href="/zh/home/Track"]')).toHaveText('货物跟踪');
  await page.goto('/hongkong/tc/home');
  await expect(page.locator('[data-local-platforms] a[href="/zh/home/Track"]')).toHaveText('貨物跟蹤');
});

test('on phones and tablets the results fit the screen: nothing wider than it, in either language', async ({ browser, baseURL, request }) => {
  const refs = (await samples(request)).map((s) => s.reference).join(',');
  for (const width of [360, 390, 768])
    for (const lang of ['en', 'zh'] as const) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`/${lang}/home/Track/result?refs=${refs}`);
      await expect(page.locator('.track-card.is-found').first()).toBeVisible();
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('.sr-only'))
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`),
      );
      expect(wide, `${lang} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${lang} at ${width} px`).toBe(true);
      await context.close();
    }
});
