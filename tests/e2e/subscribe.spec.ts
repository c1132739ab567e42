import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { acceptCookies, axeBuilder, expect, field, outboxMail, test } from './fixtures';

/**
 * The newsletter subscription manager in the browser, in both languages: a new
 * subscriber asks for a code, reads it from the outbox of the end-to-end server,
 * registers; comes back with the code and modifies; unsubscribes after confirming.
 * The end-to-end server answers every captcha with E2E_CAPTCHA_ANSWER.
 */

const text = {
  en: {
    email: 'E-mail',
    emailCode: 'E-mail code',
    getCode: 'Get code',
    resend: /^Resend in (\d+) s$/,
    next: 'Next',
    emailRequired: 'Please enter your e-mail address',
    codeWrong: 'Verification code error.',
    newForm: 'Please complete the form.',
    found: 'Welcome back. Your subscription is shown below: change it and choose Modify, or unsubscribe.',
    company: 'Company',
    firstName: 'First name',
    lastName: 'Last name',
    country: 'Country / region',
    province: 'Province / state',
    city: 'City',
    phone: 'Phone',
    jobTitle: 'Job title',
    china: 'China',
    shanghai: 'Shanghai',
    byCategory: 'Choose categories',
    business: 'Business news',
    tradeTP: 'Trans-Pacific',
    asia: 'Asia',
    portShanghai: /^Shanghai CNSHA$/,
    daily: 'Every day',
    day: 'Day of the week',
    captcha: 'Picture code',
    submit: 'Submit',
    modify: 'Modify',
    unsubscribe: 'Unsubscribe',
    refine: 'Please refine the form: correct the fields marked in red.',
    companyRequired: 'Please enter your company',
    provinceRequired: 'Please choose your province or state',
    captchaRequired: 'Please enter the picture code',
    notSubscribed: 'This address is not subscribed.',
    subscribed: (email: string) => `Subscribed. The first digest will reach ${email} on the next day you chose.`,
    modified: 'Your subscription has been modified.',
    confirmTitle: 'Please confirm',
    confirmText: 'Do you really want to cancel the subscription?',
    confirmYes: 'Yes, unsubscribe',
    cancel: 'Cancel',
    deleted: 'Your subscription has been cancelled. You will receive no more newsletters.',
    ok: 'OK',
    mailSubject: /^Your verification code \d{6} – Seabridge newsletter$/,
  },
  zh: {
    email: '邮箱',
    emailCode: '邮箱验证码',
    getCode: '获取验证码',
    resend: /^(\d+)秒后重新获取$/,
    next: '下一步',
    emailRequired: '请输入邮箱',
    codeWrong: '验证码错误。',
    newForm: '请完善表单。',
    found: '欢迎回来。您的订阅信息如下：可修改后点击“修改”，或取消订阅。',
    company: '公司名称',
    firstName: '名',
    lastName: '姓',
    country: '国家/地区',
    province: '省/州',
    city: '城市',
    phone: '联系电话',
    jobTitle: '职位',
    china: '中国',
    shanghai: '上海市',
    byCategory: '按类别选择',
    business: '业务新闻',
    tradeTP: '跨太平洋航线',
    asia: '亚洲',
    portShanghai: /^上海 CNSHA$/,
    daily: '每天',
    day: '发送日',
    captcha: '图片验证码',
    submit: '提交',
    modify: '修改',
    unsubscribe: '取消订阅',
    refine: '请完善表单：修改标红的内容。',
    companyRequired: '请输入公司名称',
    provinceRequired: '请选择省/州',
    captchaRequired: '请输入图片验证码',
    notSubscribed: '该邮箱尚未订阅。',
    subscribed: (email: string) => `订阅成功。首封订阅邮件将在您选定的下一个发送日发送至 ${email}。`,
    modified: '订阅信息已修改。',
    confirmTitle: '提示',
    confirmText: '是否取消订阅？',
    confirmYes: '确定取消',
    cancel: '返回',
    deleted: '已取消订阅，您将不再收到订阅邮件。',
    ok: '确定',
    mailSubject: /^您的验证码 \d{6} – 海桥集运新闻订阅$/,
  },
} as const;

/** The code mailed to `email`, from the outbox of the end-to-end server. */
async function codeFor(email: string, subject: RegExp): Promise<string> {
  const mail = await outboxMail((m) => m.headers.to === email && subject.test(m.headers.subject) && /^\s+\d{6}\s*$/m.test(m.text), `a code mail to ${email}`);
  return /^\s+(\d{6})\s*$/m.exec(mail.text)![1];
}

for (const locale of ['en', 'zh'] as const) {
  const t = text[locale];

  test(`a visitor subscribes, comes back to modify, and unsubscribes, in ${locale}`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = `e2e.${locale}.${Date.now()}@example.com`;
    await page.goto(`/${locale}/home/News/newsSubscribe`);
    await acceptCookies(page);
    const verify = page.locator('form.subscribe-verify');

    // step one: the e-mail is required, the code button counts down after sending
    await verify.getByRole('button', { name: t.next }).click();
    await expect(verify.getByText(t.emailRequired, { exact: true })).toBeVisible();
    await expect(verify.getByLabel(field(t.email))).toBeFocused();
    await verify.getByLabel(field(t.email)).fill(email);
    const getCode = verify.getByRole('button', { name: t.getCode });
    await getCode.click();
    const countdown = verify.locator('.code-row button');
    await expect(countdown).toHaveText(t.resend);
    await expect(countdown).toBeDisabled();
    const first = Number(t.resend.exec((await countdown.textContent())!)![1]);
    // from 60 s, read as soon as it shows (a busy machine may take a few seconds to get here), then counting down
    expect(first).toBeLessThanOrEqual(60);
    expect(first).toBeGreaterThanOrEqual(45);
    await expect.poll(async () => Number(t.resend.exec((await countdown.textContent()) ?? '')?.[1] ?? 99), { timeout: 20_000 }).toBeLessThan(first);
    const code = await codeFor(email, t.mailSubject);

    // a wrong code shows the server's message; the right one opens the empty form (201)
    await verify.getByLabel(field(t.emailCode)).fill(code === '000000' ? '000001' : '000000');
    await verify.getByRole('button', { name: t.next }).click();
    await expect(verify.locator('.form-outcome.is-error')).toHaveText(t.codeWrong);
    await verify.getByLabel(field(t.emailCode)).fill(code);
    await verify.getByRole('button', { name: t.next }).click();
    await expect(verify.locator('.form-outcome.is-ok')).toHaveText(t.newForm);
    const form = page.locator('form.subscribe-details');
    await expect(form.getByRole('button', { name: t.submit })).toBeVisible();

    // unsubscribing before subscribing: the not-subscribed message
    const result = page.locator('dialog.subscribe-dialog[open]');
    await form.getByRole('button', { name: t.unsubscribe }).click();
    await expect(result).toContainText(t.notSubscribed);
    await result.getByRole('button', { name: t.ok }).click();
    await expect(result).toHaveCount(0);

    // submit empty: every rule says why, and "please refine"
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByText(t.refine, { exact: true })).toBeVisible();
    await expect(form.getByText(t.companyRequired, { exact: true })).toBeVisible();
    await expect(form.getByText(t.captchaRequired, { exact: true })).toBeVisible();
    await expect(form.getByLabel(field(t.company))).toBeFocused();

    // the subscriber: country, then province and city (the cascade)
    await form.getByLabel(field(t.company)).fill('Huadong Electronics Trading Co., Ltd.');
    await form.getByLabel(field(t.firstName)).fill('Jing');
    await form.getByLabel(field(t.lastName)).fill('Chen');
    await form.getByLabel(field(t.country)).selectOption({ label: t.china });
    const province = form.getByLabel(field(t.province));
    await expect(province).toBeEnabled();
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByText(t.provinceRequired, { exact: true })).toBeVisible();
    await province.selectOption({ label: t.shanghai });
    const city = form.getByLabel(field(t.city));
    await expect(city).toBeEnabled();
    await expect(city.locator('option')).not.toHaveCount(1);
    await city.selectOption({ index: 1 });
    const chosenCity = await city.inputValue();
    await form.getByLabel(field(t.phone)).fill('86-21-61234567');

    // preferences: by category, business news on the Trans-Pacific (its services on hover) and Shanghai; daily
    await form.getByLabel(t.byCategory).check();
    await form.getByLabel(t.business).check();
    const card = form.locator('.trade-card', { hasText: t.tradeTP });
    await card.hover();
    await expect(card.getByRole('tooltip')).toBeVisible();
    await expect(card.getByRole('tooltip')).toContainText('PSX');
    await card.getByRole('checkbox').check();
    await form.locator('.port-group summary', { hasText: t.asia }).click();
    await form.getByLabel(t.portShanghai).check();
    await expect(form.getByLabel(field(t.day))).toBeVisible();
    await form.getByLabel(t.daily).check();
    await expect(form.getByLabel(field(t.day))).toHaveCount(0);
    await form.getByLabel(field(t.captcha)).fill(E2E_CAPTCHA_ANSWER);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(result).toContainText(t.subscribed(email));
    await result.getByRole('button', { name: t.ok }).click();
    await expect(form.getByRole('button', { name: t.modify })).toBeVisible();

    // comes back: the same code (still valid) finds the subscription (200), the form filled in
    await page.reload();
    await verify.getByLabel(field(t.email)).fill(email);
    await verify.getByLabel(field(t.emailCode)).fill(code);
    await verify.getByRole('button', { name: t.next }).click();
    await expect(verify.locator('.form-outcome.is-ok')).toHaveText(t.found);
    await expect(form.getByLabel(field(t.company))).toHaveValue('Huadong Electronics Trading Co., Ltd.');
    await expect(form.getByLabel(field(t.country))).toHaveValue('CN');
    await expect(form.getByLabel(field(t.province))).toHaveValue('SH');
    await expect(form.getByLabel(field(t.city))).toHaveValue(chosenCity);
    await expect(form.getByLabel(t.byCategory)).toBeChecked();
    await expect(form.locator('.trade-card', { hasText: t.tradeTP }).getByRole('checkbox')).toBeChecked();
    await expect(form.getByLabel(t.portShanghai)).toBeChecked();
    await expect(form.getByLabel(t.daily)).toBeChecked();
    await form.getByLabel(field(t.jobTitle)).fill('Head of Logistics');
    await form.getByLabel(field(t.captcha)).fill(E2E_CAPTCHA_ANSWER);
    await form.getByRole('button', { name: t.modify }).click();
    await expect(result).toContainText(t.modified);
    await result.getByRole('button', { name: t.ok }).click();

    const a11y = await axeBuilder(page).include('.subscribe').analyze();
    expect(a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    // unsubscribe: the picture code first, then the confirmation (Cancel keeps the subscription)
    await form.getByRole('button', { name: t.unsubscribe }).click();
    await expect(form.getByText(t.captchaRequired, { exact: true })).toBeVisible();
    await form.getByLabel(field(t.captcha)).fill(E2E_CAPTCHA_ANSWER);
    await form.getByRole('button', { name: t.unsubscribe }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(confirm).toContainText(t.confirmText);
    await confirm.getByRole('button', { name: t.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(form.getByRole('button', { name: t.modify })).toBeVisible();
    await form.getByRole('button', { name: t.unsubscribe }).click();
    await confirm.getByRole('button', { name: t.confirmYes }).click();
    await expect(result).toContainText(t.deleted);
    await result.getByRole('button', { name: t.ok }).click();
    await expect(verify.locator('.form-outcome.is-ok')).toHaveText(t.deleted);
    await expect(form).toHaveCount(0);

    // the server agrees: the address is no longer subscribed
    const lookup = await page.request.post('/homeapiak/subscribe/getUserByEmail?language=1', { form: { email, code }, headers: { origin: new URL(page.url()).origin } });
    expect((await lookup.json()).code).toBe('201');
  });
}

test('on a phone nothing overflows sideways, in either step', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `e2e.phone.${Date.now()}.with.a.long.address@example.com`;
  await page.goto('/en/home/News/newsSubscribe');
  await acceptCookies(page);
  // the page does not scroll sideways, and no part of the form is cut off at the right edge
  const fits = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth && [...document.querySelectorAll('.subscribe *')].every((el) => el.getBoundingClientRect().right <= window.innerWidth + 0.5),
    );
  expect(await fits()).toBe(true);
  const verify = page.locator('form.subscribe-verify');
  await verify.getByLabel(field('E-mail')).fill(email);
  await verify.getByRole('button', { name: 'Get code' }).click();
  await expect(verify.locator('.form-outcome.is-ok')).toContainText(email);
  expect(await fits()).toBe(true);
  await verify.getByLabel(field('E-mail code')).fill(await codeFor(email, text.en.mailSubject));
  await verify.getByRole('button', { name: 'Next' }).click();
  const form = page.locator('form.subscribe-details');
  await form.getByLabel('Choose categories').check();
  await form.getByLabel('Business news').check();
  await form.locator('.port-group summary').first().click();
  await form.locator('.trade-card').first().getByRole('checkbox').focus();
  await expect(form.locator('.trade-card').first().getByRole('tooltip')).toBeVisible();
  expect(await fits()).toBe(true);
});

test('the one-click link lands on the page with its result', async ({ page }) => {
  await page.goto('/zh/home/News/newsSubscribe?result=unsubscribed');
  await expect(page.locator('form.subscribe-verify .form-outcome.is-ok')).toHaveText('已退订，您将不再收到订阅邮件。');
  await page.goto('/en/home/News/newsSubscribe?result=invalidLink');
  await expect(page.locator('form.subscribe-verify .form-outcome.is-error')).toHaveText('This unsubscribe link is not valid. Please use the form below to manage your subscription.');
});

test('local sites have the subscription manager in their own language, linked from the footer', async ({ page }) => {
  const t = text.zh;
  const email = `e2e.local.${Date.now()}@example.com`;
  await page.goto('/shanghai/cn/home');
  await acceptCookies(page);
  await page.locator('footer').getByRole('link', { name: '新闻订阅' }).click();
  await expect(page).toHaveURL(/\/shanghai\/cn\/newsSubscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: '新闻订阅' })).toBeVisible();
  // the form is a React island: use it once it answers (Astro drops the ssr attribute when hydration starts, and
  // React 19 hydrates concurrently, so a click right then could be lost): an empty step one says the e-mail is required
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const verify = page.locator('form.subscribe-verify');
  await verify.getByRole('button', { name: t.next }).click();
  await expect(verify.getByText(t.emailRequired, { exact: true })).toBeVisible();
  await verify.getByLabel(field(t.email)).fill(email);
  await verify.getByRole('button', { name: t.getCode }).click();
  // the code mail is in the site's language (the API got the local code cn)
  const code = await codeFor(email, t.mailSubject);
  await verify.getByLabel(field(t.emailCode)).fill(code);
  await verify.getByRole('button', { name: t.next }).click();
  await expect(verify.locator('.form-outcome.is-ok')).toHaveText(t.newForm);

  await page.goto('/singapore/en/newsSubscribe');
  await expect(page.locator('form.subscribe-verify').getByLabel(field(text.en.email))).toBeVisible();
});

test('what a visitor types before the form has loaded is kept, and the form cannot be sent before', async ({ page }) => {
  const t = text.en;
  // the island's code is held back until the visitor has typed (a slow phone)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/SubscribeForm\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/home/News/newsSubscribe');
  await acceptCookies(page);
  const verify = page.locator('form.subscribe-verify');
  // sent by the browser itself, the form would put the address in the page's URL: its buttons wait for the code
  await expect(verify.getByRole('button', { name: t.next })).toBeDisabled();
  await expect(verify.getByRole('button', { name: t.getCode })).toBeDisabled();
  await verify.getByLabel(field(t.email)).fill('early.typist@example.com');
  release();
  await expect(verify.getByRole('button', { name: t.next })).toBeEnabled();
  await verify.getByRole('button', { name: t.next }).click();
  // the address typed early is the form's own: only the missing code is said
  await expect(verify.getByLabel(field(t.emailCode))).toHaveAttribute('aria-invalid', 'true');
  await expect(verify.getByText(t.emailRequired, { exact: true })).toHaveCount(0);
  await expect(verify.getByLabel(field(t.email))).toHaveValue('early.typist@example.com');
  expect(page.url()).not.toContain('early.typist');
});
