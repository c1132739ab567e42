import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Browser, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { databaseFromTemplate } from '../../scripts/lib/database-template.mjs';
import { freePort } from '../../scripts/lib/serve-built.mjs';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { realDocx } from '../api/word-fixtures';
import { checkPages, WIDTHS } from './layout-check';
import { acceptCookies, expect, field, seriousAxeViolations, test } from './fixtures';

/**
 * The inbox as its users meet it (issue 27's whole path), on a server of its own with a fresh
 * database: a visitor sends a message and applies with a résumé through the public pages; customer
 * service handles the message; HR opens the application and its résumé; neither sees the other's
 * box; an admin answers a data-subject request (export, then deletion). Then the sanitizer tests'
 * XSS payloads, sent through the public forms, are inert in the inbox.
 */
const repo = process.cwd();
const node = existsSync(join(repo, 'node_modules/.bin/node')) ? join(repo, 'node_modules/.bin/node') : process.execPath;
let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';
const links: Record<string, string> = {};
const states: Record<string, Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>> = {};
const VISITOR = 'zhou.lan@example.com';
const STAFF = { admin: 'ada.lin@seabridgelines.com', service: 'sam.chen@seabridgelines.com', hr: 'hana.wu@seabridgelines.com' } as const;
const PASSWORD = 'Reefer plugs on deck nine';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // three accounts (each command opens and migrates the database) and a server start, on a busy machine
  test.setTimeout(360_000);
  dataDir = mkdtempSync(join(tmpdir(), 'inbox-e2e-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    ...UNLIMITED_RATE_ENV,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    STAFF_ORIGIN: origin,
    WORKER: 'off',
    TNT_DEMO: 'off',
    CAPTCHA_TEST_ANSWER: E2E_CAPTCHA_ANSWER,
  };
  // the run's database template, migrated and seeded once (scripts/lib/database-template.mjs): a fresh database where there is none
  databaseFromTemplate(dataDir);
  // the accounts, made by the README's command before the server opens the database
  for (const [role, email] of Object.entries(STAFF)) {
    const made = spawnSync(node, ['scripts/staff.mjs', 'add', '--email', email, '--role', role], { cwd: repo, env, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    links[role] = /(http:\/\/localhost:\d+\/en\/staff\/set-password\?\S+)/.exec(made.stdout)![1];
  }
  server = spawn(node, ['scripts/start.mjs'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the inbox e2e server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  server?.kill();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A member of staff: the invitation's password, sign-in, TOTP from the account page; the signed-in page (its context kept for later tests). */
async function staffMember(browser: Browser, role: keyof typeof STAFF): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(links[role]);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  await page.goto(`${origin}/en/staff/sign-in`);
  await page.getByLabel('E-mail address').fill(STAFF[role]);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/staff\/security$/);
  await page.getByLabel('Your password, to confirm it is you').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = new TextDecoder().decode(base32.decode((await page.locator('.staff-key').textContent())!.trim()));
  await page.getByLabel('Code from the app').fill(await createOTP(secret).totp());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  states[role] = await context.storageState();
  return page;
}

const api = (path: string) => `${origin}/homeapiak${path}`;

test('a message and an application sent through the public pages are handled by service and HR, each in their own box; a data-subject request exports, then deletes them', async ({ browser }) => {
  test.setTimeout(240_000);
  // ---- the visitor: a message, then an application with a résumé that carries their address
  const visitor = await browser.newPage();
  await visitor.goto(`${origin}/en/home/Message/leaveMessage`);
  await acceptCookies(visitor);
  const contact = visitor.locator('form.contact-form');
  await expect(contact.locator('.captcha-picture img')).toBeVisible();
  await contact.getByLabel(field('E-mail')).fill(VISITOR);
  await contact.getByLabel(field('Name')).fill('Zhou Lan');
  await contact.getByLabel(field('Company')).fill('Lanting Imports');
  await contact.getByLabel(field('Message')).fill('Please quote two 40HQ reefers from Qingdao to Hamburg.\nSecond line of the message.');
  await contact.getByLabel(/^Verification code/).fill(E2E_CAPTCHA_ANSWER);
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByRole('status')).toContainText('Your message has been sent');

  const resume = await realDocx(`Zhou Lan, ${VISITOR}, stowage planning`);
  await visitor.goto(`${origin}/en/home/Recruiting/recruiting/resume?id=stowage-planner`);
  const form = visitor.locator('form.resume-form');
  await expect(form.locator('.captcha-picture img')).toBeVisible();
  await form.getByLabel(/^Name/).fill('Zhou Lan');
  await form.getByLabel('Female').check();
  await form.getByLabel(/^Graduate school/).fill('Dalian Maritime University');
  await form.getByLabel(/^Major/).fill('Nautical Science');
  await form.getByLabel(/^Graduation/).fill('2021-07');
  await form.getByLabel(/^Résumé file/).setInputFiles({ name: 'zhou-lan-cv.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: resume });
  await expect(form.locator('.upload-status')).toContainText('zhou-lan-cv.docx');
  await form.getByLabel(/^Verification code/).fill(E2E_CAPTCHA_ANSWER);
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.locator('.resume-done')).toHaveText('Thank you. Your application has been received.');
  await visitor.close();

  // ---- customer service: the message is new; assigned, noted, closed
  const s = await staffMember(browser, 'service');
  const nav = s.getByRole('navigation', { name: 'Staff console' });
  await expect(nav.locator('[data-inbox-new]')).toHaveText('1 new');
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await expect(s.getByRole('heading', { name: 'Messages' })).toBeVisible();
  // service has no applications: no tab for them, and the API refuses them
  await expect(s.getByRole('button', { name: 'Applications' })).toHaveCount(0);
  expect((await s.request.get(api('/staff/inbox/applications'))).status()).toBe(403);
  const row = s.locator('tr[data-item]', { hasText: 'Zhou Lan' });
  await expect(row).toContainText('New');
  await expect(row).toContainText(VISITOR);
  await row.getByRole('link').click();
  await expect(s.getByRole('heading', { name: 'Message: Zhou Lan' })).toBeVisible();
  await expect(s.locator('[data-field=content]')).toHaveText('Please quote two 40HQ reefers from Qingdao to Hamburg.\nSecond line of the message.');
  await expect(s.locator('[data-field=mail]')).toContainText('Sent on');
  await expect(s.getByText('None (the message form)')).toBeVisible();
  const reply = s.getByRole('link', { name: 'Reply by e-mail' });
  await expect(reply).toHaveAttribute('href', `mailto:${VISITOR}?subject=${encodeURIComponent('Re: your message to Seabridge')}`);
  await s.getByLabel('Handled by').selectOption(STAFF.service);
  await s.getByRole('button', { name: 'Assign' }).click();
  await expect(s.getByRole('status')).toHaveText('Saved.');
  await s.getByLabel('Note (seen by staff only)').fill('Quoted by phone; customer to confirm on Friday.');
  await s.getByRole('button', { name: 'Add a note' }).click();
  await expect(s.locator('.staff-notes')).toContainText('Quoted by phone; customer to confirm on Friday.');
  await s.getByLabel('Status').selectOption('closed');
  await s.getByRole('button', { name: 'Change status' }).click();
  await expect(s.getByRole('status')).toHaveText('Saved.');
  await expect(s.getByText(/^Closed on .*; deleted 365 days later/)).toBeVisible();
  expect(await seriousAxeViolations(s)).toEqual([]);
  const messageId = (await s.locator('[data-item]').first().getAttribute('data-item'))!;
  await s.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(s.locator('tr[data-item]', { hasText: 'Zhou Lan' })).toContainText('Closed');
  await expect(s.locator('tr[data-item]', { hasText: 'Zhou Lan' })).toContainText(STAFF.service);
  await expect(nav.locator('[data-inbox-new]')).toHaveText('0 new');
  // the filters are kept in the address: a reload shows the same filtered list
  await s.locator('form.staff-filters').getByLabel('Status', { exact: true }).selectOption('new');
  await s.getByRole('button', { name: 'Filter' }).click();
  await expect(s).toHaveURL(/[?&]status=new(&|$)/);
  await expect(s.getByText('Nothing here yet.')).toBeVisible();
  await s.reload();
  await expect(s.locator('form.staff-filters').getByLabel('Status', { exact: true })).toHaveValue('new');
  await expect(s.getByText('Nothing here yet.')).toBeVisible();
  await s.locator('form.staff-filters').getByLabel('Status', { exact: true }).selectOption('');
  await s.getByRole('button', { name: 'Filter' }).click();
  await expect(s.locator('tr[data-item]', { hasText: 'Zhou Lan' })).toContainText('Closed');
  // the same list in Chinese
  await s.goto(`${origin}/zh/staff/inbox`);
  await expect(s.locator('tr[data-item]', { hasText: 'Zhou Lan' })).toContainText('已关闭');
  expect(await seriousAxeViolations(s)).toEqual([]);

  // ---- HR: the application and its résumé; no messages
  const hr = await staffMember(browser, 'hr');
  await hr.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(hr.getByRole('heading', { name: 'Applications' })).toBeVisible();
  expect((await hr.request.get(api('/staff/inbox/messages'))).status()).toBe(403);
  expect((await hr.request.get(`${origin}/en/staff/inbox/item?box=messages&id=${messageId}`, { maxRedirects: 0 })).status()).toBe(403);
  await hr.locator('tr[data-item]', { hasText: 'Zhou Lan' }).getByRole('link').click();
  await expect(hr.getByRole('heading', { name: 'Application: Zhou Lan' })).toBeVisible();
  await expect(hr.locator('[data-field=school]')).toHaveText('Dalian Maritime University');
  const downloading = hr.waitForEvent('download');
  await hr.getByRole('link', { name: /^Download the résumé \(zhou-lan-cv\.docx/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('resume - Zhou Lan.docx');
  expect(readFileSync((await download.path())!).equals(resume)).toBe(true);
  await hr.getByRole('button', { name: 'Show a preview' }).click();
  await expect(hr.locator('.staff-preview')).toContainText(VISITOR);
  const applicationId = (await hr.locator('[data-item]').first().getAttribute('data-item'))!;
  // service cannot open it
  expect((await s.request.get(api(`/staff/inbox/applications/${applicationId}/resume`))).status()).toBe(403);
  expect((await s.request.get(`${origin}/en/staff/inbox/item?box=applications&id=${applicationId}`, { maxRedirects: 0 })).status()).toBe(403);

  // ---- the admin: a data-subject request for the visitor's address
  const a = await staffMember(browser, 'admin');
  await a.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Personal data' }).click();
  // typed once the form is live (a field filled before the island hydrates is reset by it)
  await expect(a.getByRole('button', { name: 'Find' })).toBeEnabled();
  await a.getByLabel('E-mail address').fill(VISITOR);
  await a.getByRole('button', { name: 'Find' }).click();
  await expect(a.locator('[data-findings] [role=status]')).toHaveText('Found: 1 messages, 1 applications, 0 newsletter subscriptions, 0 tracking alerts.');
  await expect(a.locator('[data-findings]')).toContainText('address in the résumé');
  const zipping = a.waitForEvent('download');
  await a.getByRole('link', { name: 'Export all as one zip' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync((await (await zipping).path())!)));
  const subject = JSON.parse(strFromU8(zip['subject.json']));
  expect(subject.messages.map((m: { id: string; notes: { text: string }[] }) => [m.id, m.notes[0].text])).toEqual([[messageId, 'Quoted by phone; customer to confirm on Friday.']]);
  expect(subject.applications.map((x: { id: string }) => x.id)).toEqual([applicationId]);
  expect(Buffer.from(zip[subject.applications[0].resume.file]).equals(resume)).toBe(true);
  a.once('dialog', (d) => void d.accept());
  await a.getByRole('button', { name: 'Delete all of it' }).click();
  await expect(a.getByRole('status')).toHaveText('Deleted: 1 messages, 1 applications, 0 subscriptions, 0 tracking alerts, 3 files.');
  await a.getByRole('button', { name: 'Find' }).click();
  await expect(a.locator('[data-findings] [role=status]')).toHaveText('Found: 0 messages, 0 applications, 0 newsletter subscriptions, 0 tracking alerts.');
  expect((await s.request.get(api(`/staff/inbox/messages/${messageId}`))).status()).toBe(404);
  // both steps are in the audit log, with who did them
  const audit = await (await a.request.get(api('/staff/audit?action=privacy.'))).json();
  expect(audit.data.content.rows.map((r: { action: string; actorEmail: string }) => `${r.action} ${r.actorEmail}`)).toEqual(
    expect.arrayContaining([`privacy.exported ${STAFF.admin}`, `privacy.deleted ${STAFF.admin}`]),
  );
  expect(await seriousAxeViolations(a)).toEqual([]);
  await Promise.all([s.context().close(), hr.context().close(), a.context().close()]);
});

test('the sanitizer tests’ XSS payloads, sent through the public forms, are inert in the inbox', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { payloads } = JSON.parse(readFileSync('tests/fixtures/dompurify-payloads.json', 'utf8')) as { payloads: string[] };
  const captcha = async () => (await (await request.get(api('/public/captcha/new?language=1'))).json()).data.content.sign as string;
  // the comment holds at most 1,000 characters: the payloads go in as many messages as that takes (the few longer than that cannot be sent)
  const batches: string[] = [];
  for (const p of payloads.filter((x) => x.length <= 960)) {
    if (!batches.length || batches.at(-1)!.length + p.length > 960) batches.push('XSS probe: ');
    batches[batches.length - 1] += p;
  }
  for (const [i, content] of batches.entries()) {
    const sent = await request.post(api('/contactUs/saveContactUs?language=1'), {
      form: {
        email: `probe${i}@example.com`,
        userName: `<img src=x onerror=alert(${i})>`,
        companyName: '<script>alert("company")</script>',
        needCall: '1',
        tel: '',
        country: '',
        content,
        code: E2E_CAPTCHA_ANSWER,
        sign: await captcha(),
      },
      headers: { origin },
    });
    expect((await sent.json()).code, content.slice(0, 80)).toBe('200');
  }
  const upload = await request.post(api('/webUpload/upload?language=1'), {
    multipart: { file: { name: '<svg onload=alert(1)>.docx', mimeType: 'application/octet-stream', buffer: await realDocx('<script>alert("resume")</script>') } },
    headers: { origin },
  });
  const { path } = (await upload.json()).data.content;
  const applied = await request.post(api('/positionApplyFor/savePositionApplyFor?language=1'), {
    form: {
      applyForName: '"><img src=x onerror=alert(7)>',
      applyForSex: '男',
      graduateSchool: '<iframe src=javascript:alert(8)>',
      magor: '<b onmouseover=alert(9)>x</b>',
      graduateTime: '2020-06',
      positionUUID: 'stowage-planner',
      path,
      code: E2E_CAPTCHA_ANSWER,
      sign: await captcha(),
    },
    headers: { origin },
  });
  expect((await applied.json()).code).toBe('200');

  const fired: string[] = [];
  const admin = await browser.newContext({ storageState: states.admin });
  const page = await admin.newPage();
  page.on('dialog', (d) => {
    fired.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${origin}/en/staff/inbox?box=messages`);
  await expect(page.locator('tr[data-item]')).toHaveCount(Math.min(batches.length, 20));
  await expect(page.locator('tr[data-item]').first()).toContainText('<img src=x onerror=alert(');
  const listed = await (await page.request.get(api('/staff/inbox/messages?text=XSS%20probe&size=100'))).json();
  const ids = listed.data.content.rows.map((r: { id: string }) => r.id) as string[];
  expect(ids).toHaveLength(batches.length);
  for (const id of ids) {
    await page.goto(`${origin}/en/staff/inbox/item?box=messages&id=${id}`);
    await expect(page.locator('[data-field=content]')).toContainText('XSS probe: ');
    // shown as text: what the visitor sent, character for character, and no element of it in the page
    const shown = await page.locator('[data-field=content]').textContent();
    expect(batches).toContain(shown);
    await expect(page.locator('[data-field=content] *')).toHaveCount(0);
    await expect(page.locator('[data-field=name] *, [data-field=company] *')).toHaveCount(0);
  }
  await page.goto(`${origin}/en/staff/inbox?box=applications`);
  await page.locator('tr[data-item]', { hasText: 'onerror=alert(7)' }).getByRole('link').click();
  await expect(page.locator('[data-field=name]')).toHaveText('"><img src=x onerror=alert(7)>');
  await expect(page.locator('[data-field=school]')).toHaveText('<iframe src=javascript:alert(8)>');
  await page.getByRole('button', { name: 'Show a preview' }).click();
  await expect(page.locator('.staff-preview')).toContainText('<script>alert("resume")</script>');
  await expect(page.locator('.staff-preview script, .staff-preview img, .staff-preview iframe')).toHaveCount(0);
  await page.waitForTimeout(300); // let any image error or load handler of a payload run
  expect(fired).toEqual([]);
  await admin.close();
});

test('the console lays out on phones, a tablet and a laptop: no control drawn over another on any page a role opens, in either language', async ({ browser }) => {
  test.setTimeout(600_000);
  const widths = [...WIDTHS, 1366];
  const pages: Record<keyof typeof STAFF, string[]> = {
    admin: [
      '/staff/',
      '/staff/news',
      '/staff/news/edit',
      '/staff/inbox?box=messages',
      '/staff/inbox?box=applications',
      '/staff/privacy',
      '/staff/audit',
      '/staff/accounts',
      '/staff/security',
      '/staff/subscribers',
      '/staff/releases',
    ],
    service: ['/staff/', '/staff/inbox'],
    hr: ['/staff/inbox'],
  };
  const problems: string[] = [];
  // the lists and the overview load what they show after the page: networkidle waits for it
  for (const [role, paths] of Object.entries(pages))
    problems.push(
      ...(await checkPages(
        browser,
        origin,
        ['en', 'zh'].flatMap((lang) => paths.map((path) => `/${lang}${path}`)),
        { widths, storageState: states[role], waitUntil: 'networkidle' },
      )),
    );
  problems.push(...(await checkPages(browser, origin, ['/en/staff/sign-in', '/zh/staff/sign-in'], { widths })));
  expect(problems, problems.join('\n')).toEqual([]);
});
