import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { acceptCookies, expect, field, outboxMail, test, seriousAxeViolations } from './fixtures';

/**
 * The forms in the browser, in both languages: the leave-message page, the same form
 * as an overlay of the floating widget and in a consultation dialog, and a full
 * résumé application with a real .docx. The end-to-end server answers every captcha
 * with E2E_CAPTCHA_ANSWER (a setting it refuses in production); messages go to its
 * outbox folder, where these tests find them.
 */

const text = {
  en: {
    email: 'E-mail',
    name: 'Name',
    company: 'Company',
    callYes: 'Yes, please call me',
    phone: 'Phone',
    country: 'Country / region',
    province: 'Province / state',
    city: 'City',
    comment: 'Message',
    code: 'Verification code',
    submit: 'Send message',
    sent: 'Thank you. Your message has been sent; we will reply within a week.',
    emailRequired: 'Please enter your e-mail address',
    nameRequired: 'Please enter your name',
    commentRequired: 'Please enter your message',
    commentShort: 'Your message needs at least 20 characters',
    codeRequired: 'Please enter the verification code',
    phoneRequired: 'Please enter a phone number so that we can call you',
    phoneFormat: /^Please enter 8 digits/,
    wrongCode: 'The verification code is wrong. Please type the code of the new picture.',
    china: 'China',
    shanghai: 'Shanghai',
    title: 'Leave a message',
    region: 'Region',
    europe: 'Europe',
    close: 'Close',
    newPicture: 'New picture',
  },
  zh: {
    email: '邮箱',
    name: '姓名',
    company: '公司名称',
    callYes: '是，请致电我',
    phone: '联系电话',
    country: '国家/地区',
    province: '省/州',
    city: '城市',
    comment: '留言内容',
    code: '验证码',
    submit: '提交留言',
    sent: '感谢您的留言，我们将在一周内回复。',
    emailRequired: '请输入邮箱',
    nameRequired: '请输入姓名',
    commentRequired: '请输入留言内容',
    commentShort: '留言内容不能少于20个字符',
    codeRequired: '请输入验证码',
    phoneRequired: '请填写联系电话，以便我们致电您',
    phoneFormat: /^电话格式不正确/,
    wrongCode: '验证码错误，请输入新图片中的验证码。',
    china: '中国',
    shanghai: '上海市',
    title: '在线留言',
    region: '区域',
    europe: '欧洲',
    close: '关闭',
    newPicture: '换一张',
  },
} as const;

/** The mail of the end-to-end server's outbox whose text mentions `marker`. */
const mailWith = (marker: string) => outboxMail((mail) => mail.text.includes(marker), `a mail mentioning ${marker}`);

async function captchaReady(scope: ReturnType<Page['locator']>) {
  await expect(scope.locator('.captcha-picture img')).toBeVisible();
}

for (const locale of ['en', 'zh'] as const) {
  const t = text[locale];

  test(`the leave-message page checks every rule and sends a message in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/Message/leaveMessage`);
    await acceptCookies(page);
    const form = page.locator('form.contact-form');
    await expect(page.locator('.form-aside')).toContainText('400-820-6688');
    await captchaReady(form);

    // submit empty: each required field says why, focus goes to the first
    await form.getByRole('button', { name: t.submit }).click();
    const email = form.getByLabel(field(t.email));
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#contact-email-error')).toHaveText(t.emailRequired);
    expect(await email.getAttribute('aria-describedby')).toContain('contact-email-error');
    await expect(page.locator('#contact-userName-error')).toHaveText(t.nameRequired);
    await expect(page.locator('#contact-content-error')).toHaveText(t.commentRequired);
    await expect(page.locator('#contact-code-error')).toHaveText(t.codeRequired);
    await expect(email).toHaveAttribute('placeholder', locale === 'en' ? 'Required' : '必填');

    // on blur: a short comment, a phone that is required once a call is wanted, then a bad one
    const marker = `e2e-${locale}-${Date.now()}`;
    await email.fill(`${marker}@example.com`);
    await form.getByLabel(field(t.name)).fill(locale === 'en' ? 'Alex Morgan' : '李娜');
    await form.getByLabel(field(t.company)).fill('Example Freight Ltd');
    await form.getByLabel(t.callYes).check();
    const phone = form.getByLabel(field(t.phone));
    await phone.focus();
    await phone.blur();
    await expect(page.locator('#contact-tel-error')).toHaveText(t.phoneRequired);
    await phone.fill('12345');
    await phone.blur();
    await expect(page.locator('#contact-tel-error')).toHaveText(t.phoneFormat);
    await phone.fill('021-12345678');
    await phone.blur();
    await expect(page.locator('#contact-tel-error')).toBeHidden();
    const comment = form.getByLabel(field(t.comment));
    await comment.fill('Too short');
    await comment.blur();
    await expect(page.locator('#contact-content-error')).toHaveText(t.commentShort);
    const message = `${marker}: please quote two 40' reefers from Shanghai to Rotterdam every week.`;
    await comment.fill(message);
    await comment.blur();
    await expect(page.locator('#contact-content-error')).toBeHidden();

    // country, then province, then city: each loads the next
    await form.getByLabel(field(t.country)).selectOption({ label: t.china });
    await expect(form.getByLabel(field(t.province))).toBeEnabled();
    await form.getByLabel(field(t.province)).selectOption({ label: t.shanghai });
    await expect(form.getByLabel(field(t.city))).toBeEnabled();
    await form.getByLabel(field(t.city)).selectOption({ label: 'Shanghai' });

    // a wrong captcha: the server's message, a new picture, the answer box emptied
    const picture = await form.locator('.captcha-picture img').getAttribute('src');
    await form.getByLabel(field(t.code)).fill('ZZZZ');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('alert').filter({ hasText: t.wrongCode })).toBeVisible();
    await expect(form.locator('.captcha-picture img')).not.toHaveAttribute('src', picture!);
    await expect(form.getByLabel(field(t.code))).toHaveValue('');

    // the right answer (in lower case: not case-sensitive)
    await form.getByLabel(field(t.code)).fill(E2E_CAPTCHA_ANSWER.toLowerCase());
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('status')).toHaveText(t.sent);
    await expect(email).toHaveValue('');
    await expect(comment).toHaveValue('');
    await expect(form.getByLabel(field(t.country))).toHaveValue('');
    await expect(form.getByLabel(field(t.province))).toBeDisabled();

    const mail = await mailWith(marker);
    expect(mail.headers.to).toBe('service@seabridgelines.com');
    expect(mail.text).toContain('Phone / 电话: 021-12345678');
    expect(mail.text).toContain(message);
  });

  test(`the floating widget opens the same form as an overlay that closes when the message is sent, in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/About/history`);
    await acceptCookies(page);
    const messageButton = page.locator('button[aria-controls="float-message"]');
    await messageButton.click();
    const panel = page.locator('#float-message');
    await panel.getByLabel(t.region).selectOption({ label: t.europe });
    await panel.locator('button[type=submit]').click();
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    await captchaReady(dialog);

    // the close button closes it
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(dialog).toBeHidden();
    await messageButton.click();
    await panel.locator('button[type=submit]').click();
    await expect(dialog).toBeVisible();

    const marker = `overlay-${locale}-${Date.now()}`;
    await dialog.getByLabel(field(t.email)).fill(`${marker}@example.com`);
    await dialog.getByLabel(field(t.name)).fill('Overlay Visitor');
    await dialog.getByLabel(field(t.comment)).fill(`${marker} asks about the Rotterdam schedule in week 3.`);
    await dialog.getByLabel(field(t.code)).fill(E2E_CAPTCHA_ANSWER);
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-message-notice]')).toHaveText(t.sent);
    await expect(messageButton).toBeFocused();

    const mail = await mailWith(marker);
    expect(mail.text).toContain('Region / 区域: Europe / 欧洲');
  });
}

test('a consultation dialog carries the message form, with the product as its subject', async ({ page }) => {
  await page.goto('/en/home/Services/fruit');
  await acceptCookies(page);
  await page.locator('.svc-banner [data-consult-open]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.form-subject')).toContainText('Subject:');
  await captchaReady(dialog);
  const marker = `consult-${Date.now()}`;
  await dialog.getByLabel(field('E-mail')).fill(`${marker}@example.com`);
  await dialog.getByLabel(field('Name')).fill('Fruit Shipper');
  await dialog.getByLabel(field('Message')).fill('Bananas from Guayaquil, 4 x 40RH a week from March.');
  await dialog.getByLabel(field('Verification code')).fill(E2E_CAPTCHA_ANSWER);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByRole('status')).toHaveText(text.en.sent);
  const subject = (await dialog.locator('.form-subject').textContent())!.replace('Subject:', '').trim();
  const mail = await mailWith(marker);
  expect(subject.length).toBeGreaterThan(3);
  expect(mail.text).toContain(`[${subject}]\nBananas from Guayaquil`);
});

test('axe finds no serious or critical violation in the form, with errors shown, and in the overlay', async ({ page }) => {
  await page.goto('/zh/home/Message/leaveMessage');
  await acceptCookies(page);
  await captchaReady(page.locator('form.contact-form'));
  await page.locator('form.contact-form button[type=submit]').click();
  await expect(page.locator('#contact-email-error')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.locator('button[aria-controls="float-message"]').click();
  await page.locator('#float-message select').selectOption({ index: 1 });
  await page.locator('#float-message button[type=submit]').click();
  await captchaReady(page.getByRole('dialog'));
  expect(await seriousAxeViolations(page)).toEqual([]);
});

// ---- recruiting ----------------------------------------------------------------------

const jobs = {
  en: {
    title: 'Now recruiting',
    more: 'Show more',
    noMore: 'No more results',
    apply: 'Apply online',
    submit: 'Submit application',
    failed: 'Submission failed',
    sent: 'Thank you. Your application has been received.',
    name: 'Name',
    school: 'Graduate school',
    major: 'Major',
    graduation: 'Graduation (year and month)',
    position: 'Position',
    file: 'Résumé file',
    female: 'Female',
    nameEmpty: 'Name cannot be empty',
    sexEmpty: 'Please select gender',
    fileEmpty: 'Please upload the file',
    wrongType: 'Only DOC and DOCX files are allowed',
    notWord: 'This file is not a Word document (DOC or DOCX)',
    uploaded: 'Uploaded: ',
  },
  zh: {
    title: '正在招聘',
    more: '加载更多',
    noMore: '没有更多了',
    apply: '在线投递简历',
    submit: '提交申请',
    failed: '提交失败',
    sent: '简历投递成功，感谢您的关注。',
    name: '姓名',
    school: '毕业院校',
    major: '专业',
    graduation: '毕业时间（年月）',
    position: '应聘职位',
    file: '简历文件',
    female: '女',
    nameEmpty: '姓名不能为空',
    sexEmpty: '请选择性别',
    fileEmpty: '请上传简历文件',
    wrongType: '只能上传doc和docx格式的文件',
    notWord: '文件内容不是Word文档（DOC或DOCX）',
    uploaded: '上传成功：',
  },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const j = jobs[locale];

  test(`the job list shows 7 positions, then the rest, then 'no more results'; a job leads to its résumé form, in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/Recruiting/recruiting`);
    await acceptCookies(page);
    await expect(page.locator('h1')).toHaveText(j.title);
    const rows = page.locator('[data-job-list] tbody tr');
    const total = await rows.count();
    expect(total).toBeGreaterThan(7);
    await expect(rows.locator('visible=true')).toHaveCount(7);
    await expect(page.getByText(j.noMore)).toBeHidden();
    await page.getByRole('button', { name: j.more }).click();
    await expect(rows.locator('visible=true')).toHaveCount(total);
    await expect(page.getByRole('button', { name: j.more })).toBeHidden();
    await expect(page.getByText(j.noMore)).toBeVisible();

    const first = rows.first().locator('a');
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page.locator('.job-facts').first()).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(page.locator('.job-detail ul').first().locator('li').first()).toBeVisible();
    await expect(page.locator('.job-detail a[href^="mailto:"]')).toBeVisible();
    await page.getByRole('link', { name: j.apply }).click();
    await expect(page).toHaveURL(/\/Recruiting\/recruiting\/resume\?id=[a-z0-9-]+$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await expect(page.getByLabel(new RegExp(`^${j.position}`))).toHaveValue(id);
    const template = page.locator('.resume-template a[download]');
    await expect(template).toHaveAttribute('href', `/files/recruiting/${id}.docx`);
    const response = await page.request.get(`/files/recruiting/${id}.docx`);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
  });

  test(`a full application with a real .docx, in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/Recruiting/recruiting/resume?id=stowage-planner`);
    await acceptCookies(page);
    const form = page.locator('form.resume-form');
    await captchaReady(form);

    // submit empty: 'submission failed' and every rule's message, focus on the first
    await form.getByRole('button', { name: j.submit }).click();
    await expect(form.getByRole('alert').filter({ hasText: j.failed })).toBeVisible();
    await expect(form.getByLabel(new RegExp(`^${j.name}`))).toBeFocused();
    await expect(page.locator('#resume-applyForName-error')).toHaveText(j.nameEmpty);
    await expect(page.locator('#resume-applyForSex-error')).toHaveText(j.sexEmpty);
    await expect(page.locator('#resume-path-error')).toHaveText(j.fileEmpty);

    // the wrong kinds of file: by name in the browser, by content on the server
    const fileInput = form.getByLabel(new RegExp(`^${j.file}`));
    await fileInput.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await expect(page.locator('#resume-path-error')).toHaveText(j.wrongType);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await fileInput.setInputFiles({ name: 'photo.docx', mimeType: 'application/octet-stream', buffer: png });
    await expect(page.locator('#resume-path-error')).toHaveText(j.notWord);

    // a real Word file: the position's template, filled in (as a candidate would)
    const marker = `Candidate ${locale} ${Date.now()}`;
    await form.getByLabel(new RegExp(`^${j.name}`)).fill(marker);
    await form.getByLabel(j.female).check();
    await form.getByLabel(new RegExp(`^${j.school}`)).fill('Dalian Maritime University');
    await form.getByLabel(new RegExp(`^${j.major}`)).fill('Nautical Science');
    await form.getByLabel(new RegExp(`^${j.graduation.replace(/[()（）]/g, '.')}`)).fill('2021-07');
    const docx = readFileSync('public/files/recruiting/stowage-planner.docx');
    await fileInput.setInputFiles({ name: 'my-resume.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
    await expect(form.locator('.upload-status')).toHaveText(`✓ ${j.uploaded}my-resume.docx`);
    await expect(page.locator('#resume-path-error')).toBeHidden();
    await form.getByLabel(/^(Verification code|验证码)/).fill(E2E_CAPTCHA_ANSWER);
    await form.getByRole('button', { name: j.submit }).click();
    await expect(form.locator('.resume-done')).toHaveText(j.sent);
    await expect(form.locator('.resume-done svg.tick')).toBeVisible();
    await expect(form.getByRole('button', { name: j.submit })).toBeDisabled();

    const mail = await mailWith(marker);
    expect(mail.headers.subject).toContain('Stowage Planner');
    expect(mail.text).toContain('Dalian Maritime University');
    const attachment = mail.parts.find((p) => p.filename);
    expect(attachment?.body.equals(docx)).toBe(true);
  });
}

test('an unknown or unpublished job lands on /error/notFound', async ({ page }) => {
  for (const [path, target] of [
    ['/en/home/Recruiting/detail/recruitDetail/no-such-job', '/en/error/notFound'],
    ['/zh/home/Recruiting/detail/recruitDetail/management-trainee-2027', '/zh/error/notFound'],
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  }
});

test('axe finds no serious or critical violation on the résumé form with errors shown', async ({ page }) => {
  await page.goto('/en/home/Recruiting/recruiting/resume');
  await acceptCookies(page);
  await captchaReady(page.locator('form.resume-form'));
  await page.locator('form.resume-form button[type=submit]').click();
  await expect(page.locator('#resume-applyForName-error')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
