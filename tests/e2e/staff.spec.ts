import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { parseMail } from '../api/mime';
import { mayEnter, type StaffArea } from '../../src/staff/roles';
import { expect, seriousAxeViolations, test } from './fixtures';
import { databaseFromTemplate } from '../../scripts/lib/database-template.mjs';
import { freePort } from '../../scripts/lib/serve-built.mjs';
import { seaPng } from '../fixtures/pictures';

/**
 * The staff console as its users meet it, on a server of its own started as the README says: the
 * first admin made by one command on a fresh database, then the browser. Served at
 * http://localhost (a passkey cannot be bound to an IP address); passkeys through Chromium's
 * virtual authenticator (CDP WebAuthn).
 */
const repo = process.cwd();
const node = existsSync(join(repo, 'node_modules/.bin/node')) ? join(repo, 'node_modules/.bin/node') : process.execPath;

let server: ChildProcess | undefined;
let dataDir = '';
/** The project copy the server runs in (./copyProject). */
let site = '';
let origin = '';
let adminLink = '';
/** The notice the newsroom test publishes, for the release test after it. */
let publishedId = '';
/** The writer's signed-in state, for the pages' role checks. */
let writerState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>> | undefined;
/** The editor's (password and TOTP), for the newsroom. */
let editorState: typeof writerState;

test.describe.configure({ mode: 'serial' });

/**
 * The project as a deployment holds it, in a folder of its own under var/ (node_modules found above
 * it): the code, the content and the built site (hard links, no copy of the bytes). The worker builds
 * and switches releases there, never in the checkout the other tests serve.
 */
function copyProject(to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of ['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json', 'keystatic.config.ts', 'src', 'content', 'public', 'scripts']) {
    const copied = spawnSync('cp', ['-a', entry, join(to, entry)], { encoding: 'utf8' });
    expect(copied.status, copied.stderr).toBe(0);
  }
  const linked = spawnSync('cp', ['-al', 'dist', join(to, 'dist')], { encoding: 'utf8' });
  expect(linked.status, linked.stderr).toBe(0);
}

test.beforeAll(async () => {
  // a copy of the project, a first account (the database made and seeded) and a server warmed up before it is ready: minutes on a busy machine
  test.setTimeout(360_000);
  dataDir = mkdtempSync(join(tmpdir(), 'staff-e2e-'));
  site = join(repo, `var/staff-e2e-site-${process.pid}`);
  copyProject(site);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  // the worker in process, as the quick start runs it: a publish builds the site copy and switches its release
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', STAFF_ORIGIN: origin, WORKER: 'inprocess', TNT_DEMO: 'off' };
  // the run's database template, migrated and seeded once (scripts/lib/database-template.mjs): a fresh database where there is none
  databaseFromTemplate(dataDir);
  // the one command of the README
  const made = spawnSync(node, ['scripts/staff.mjs', 'add', '--email', 'ada.lin@seabridgelines.com', '--role', 'admin', '--name', 'Ada Lin'], { cwd: site, env, encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  adminLink = /(http:\/\/localhost:\d+\/en\/staff\/set-password\?\S+)/.exec(made.stdout)![1];
  server = spawn(node, ['scripts/start.mjs'], { cwd: site, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break;
    } catch {}
    if (i > 1200) throw new Error('the staff e2e server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  server?.kill();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
  // the next publish's copy of the release is made ahead by a process of its own: let it finish before the folder goes
  const releases = join(site, 'var/releases');
  for (let i = 0; i < 600 && existsSync(releases) && readdirSync(releases).some((n) => n.startsWith('.preparing-')); i++) await new Promise((r) => setTimeout(r, 250));
  rmSync(site, { recursive: true, force: true, maxRetries: 5 });
});

/** The newest mail to `to` in the server's outbox, waited for; its first console link. */
async function linkMailedTo(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const outbox = join(dataDir, 'outbox');
        if (!existsSync(outbox)) return false;
        for (const file of readdirSync(outbox).sort()) {
          const mail = parseMail(readFileSync(join(outbox, file)));
          if (mail.headers.to?.includes(to)) link = /(http:\/\/localhost:\d+\/en\/staff\/set-password\?\S+)/.exec(mail.text)?.[1] ?? link;
        }
        return link !== '';
      },
      { message: `an invitation to ${to}` },
    )
    .toBe(true);
  return link;
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto(`${origin}/en/staff/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Turns on TOTP from the account page; the secret, read from the key shown beside the QR code. */
async function enrolTotp(page: Page, password: string): Promise<string> {
  await page.getByLabel('Your password, to confirm it is you').fill(password);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = (await page.locator('.staff-key').textContent())!.trim();
  const secret = new TextDecoder().decode(base32.decode(key));
  await page.getByLabel('Code from the app').fill(await createOTP(secret).totp());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  return secret;
}

test('the first admin, made by one command, sets a password, adds TOTP, invites a writer and an editor; the writer signs in with a passkey', async ({ page, context }) => {
  test.setTimeout(180_000);
  // no password ever travels in a URL (a form sent by the browser before its island hydrated would do that)
  const urls: string[] = [];
  const watch = (c: import('@playwright/test').BrowserContext) => c.on('request', (r) => urls.push(r.url()));
  watch(context);
  // ---- the admin
  await setPassword(page, adminLink, 'Quay crane seven at dusk');
  await signInWithPassword(page, 'ada.lin@seabridgelines.com', 'Quay crane seven at dusk');
  // without a second factor, the console offers its own account only
  await page.waitForURL(/\/en\/staff\/security$/);
  await expect(page.getByRole('note')).toContainText('Add a second factor');
  expect((await page.request.get(`${origin}/en/staff/accounts`, { maxRedirects: 0 })).status()).toBe(303);
  const adminSecret = await enrolTotp(page, 'Quay crane seven at dusk');
  await page.getByRole('link', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // ---- invitations, mailed
  await page.getByRole('navigation').getByRole('link', { name: 'Accounts' }).click();
  for (const [email, name, role] of [
    ['wei.zhang@seabridgelines.com', 'Wei Zhang', 'writer'],
    ['maria.rossi@seabridgelines.com', 'Maria Rossi', 'editor'],
  ]) {
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByRole('status')).toContainText(`Invitation mailed to ${email}`);
  }
  await expect(page.getByRole('row', { name: /wei\.zhang@seabridgelines\.com/ })).toContainText('Invited');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // ---- the writer: password, then a passkey, then signs in with the passkey alone
  const writer = await context.browser()!.newContext();
  watch(writer);
  const w = await writer.newPage();
  const cdp = await writer.newCDPSession(w);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await setPassword(w, await linkMailedTo('wei.zhang@seabridgelines.com'), 'Tide tables for Ningbo 9');
  await signInWithPassword(w, 'wei.zhang@seabridgelines.com', 'Tide tables for Ningbo 9');
  await w.waitForURL(/\/en\/staff\/security$/);
  await w.getByLabel('Name of this passkey (e.g. office laptop)').fill('office laptop');
  await w.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(w.getByRole('status')).toContainText('Passkey added');
  await w.getByRole('button', { name: 'Sign out' }).click();
  await w.waitForURL(/\/en\/staff\/sign-in$/);
  // an assertion without user verification (a client that asked for none, an authenticator that did none) is refused by the server
  const options = '**/staff/auth/passkey/generate-authenticate-options';
  await w.route(options, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), userVerification: 'discouraged' } });
  });
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await w.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(w.getByRole('alert')).toContainText('did not verify you');
  await w.unroute(options);
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await w.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await w.waitForURL(/\/en\/staff\/$/);
  await expect(w.getByText('Signed in as')).toContainText('wei.zhang@seabridgelines.com');
  // a writer has no accounts or audit log
  await expect(w.getByRole('navigation').getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  expect((await w.request.get(`${origin}/en/staff/audit`, { maxRedirects: 0 })).status()).toBe(403);
  writerState = await writer.storageState();
  await writer.close();

  // ---- the editor: password and TOTP, in Chinese
  const editor = await context.browser()!.newContext();
  watch(editor);
  const e = await editor.newPage();
  await setPassword(e, await linkMailedTo('maria.rossi@seabridgelines.com'), 'Bunker price at Fujairah 3');
  await signInWithPassword(e, 'maria.rossi@seabridgelines.com', 'Bunker price at Fujairah 3');
  await e.waitForURL(/\/en\/staff\/security$/);
  await enrolTotp(e, 'Bunker price at Fujairah 3');
  await e.goto(`${origin}/zh/staff/`);
  await expect(e.getByRole('heading', { name: '概览' })).toBeVisible();
  expect(await seriousAxeViolations(e)).toEqual([]);
  editorState = await editor.storageState();
  await editor.close();

  // ---- the admin signs in again with password and code, and reads the audit log
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/en\/staff\/sign-in$/);
  await signInWithPassword(page, 'ada.lin@seabridgelines.com', 'Quay crane seven at dusk');
  await page.getByLabel('Code from the app').fill(await createOTP(adminSecret).totp());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/en\/staff\/$/);
  await page.goto(`${origin}/en/staff/audit`);
  await expect(page.getByRole('cell', { name: 'account.invited' }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /passkey/ }).first()).toContainText('wei.zhang@seabridgelines.com');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(urls.length).toBeGreaterThan(20);
  expect(urls.filter((u) => /[?&](password|repeat|current|new)=/i.test(new URL(u).search) || /Quay crane|Tide tables|Bunker price/.test(decodeURIComponent(u)))).toEqual([]);
});

test('the newsroom: the writer writes a bilingual notice with pictures and submits it; the editor previews and publishes it, and the API serves it at once; a second save over another is refused and keeps the text; the saved edit goes live without a build', async ({
  browser,
}) => {
  // a full build of the site for the publish, then a patch for the edit: many minutes on a busy machine
  test.setTimeout(900_000);
  const picture = { name: 'yantian-gate.png', mimeType: 'image/png', buffer: seaPng() };
  // ---- the writer
  const writer = await browser.newContext({ storageState: writerState });
  const w = await writer.newPage();
  const problems: string[] = [];
  w.on('pageerror', (error) => problems.push(error.message));
  w.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await w.goto(`${origin}/en/staff/`);
  await w.getByRole('navigation').getByRole('link', { name: 'Newsroom' }).click();
  await expect(w.getByRole('heading', { name: 'Newsroom' })).toBeVisible();
  await w.getByRole('link', { name: 'New story' }).click();
  // the editor's fields are React's once it has hydrated (its buttons are enabled then): typed before, a field could be reset
  await expect(w.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await w.getByLabel('Type', { exact: true }).selectOption({ label: 'Notices' });
  // the ports and trades from the site's lists, found by name, pinyin or code: by keyboard, then by pointer
  const ports = w.getByRole('combobox', { name: 'Ports the story is about' });
  await ports.fill('yantian');
  await ports.press('ArrowDown');
  await ports.press('Enter');
  await ports.fill('rotter');
  await w.getByRole('option', { name: /^Rotterdam NLRTM/ }).click();
  await expect(w.getByRole('list', { name: 'Chosen: Ports the story is about' }).getByRole('listitem')).toHaveText([/^Yantian.*\(CNYTN\)/, /^Rotterdam \(NLRTM\)/]);
  await w.getByRole('button', { name: 'Remove Rotterdam (NLRTM)' }).click();
  await w.getByRole('combobox', { name: 'Trades the story is about' }).fill('tp');
  await w.getByRole('option', { name: /^Trans-Pacific TP/ }).click();
  await ports.fill('qqqq');
  await expect(w.getByText('Nothing matches.')).toBeVisible();
  await ports.fill('');
  await w.getByRole('checkbox', { name: 'Port Operations' }).check();
  await w.getByRole('checkbox', { name: /^Important notice/ }).check();
  const en = w.locator('[data-version="en"]');
  const zh = w.locator('[data-version="zh"]');
  await en.getByLabel('Title', { exact: true }).fill('Typhoon Koinu: Yantian terminal gate closed');
  await en.getByLabel('Teaser (plain text)').fill('Yantian International Container Terminals closed their gates at 14:00 on 26 November.');
  const enBody = en.getByRole('textbox', { name: 'Body' });
  await enBody.click();
  await enBody.pressSequentially('Gates at Yantian are closed until the typhoon signal is lowered. ');
  await w.keyboard.press('Control+b');
  await enBody.pressSequentially('Export cargo cut-off moves by 24 hours.');
  await en.getByLabel('Insert an image into the body').setInputFiles(picture);
  await expect(enBody.locator('img[src^="/files/news/"]')).toBeVisible();
  await en.getByLabel(/^Upload a picture/).setInputFiles(picture);
  await expect(en.locator('.staff-picture img')).toBeVisible();
  await zh.getByLabel('Title', { exact: true }).fill('台风“小犬”：盐田码头闸口关闭');
  const zhBody = zh.getByRole('textbox', { name: 'Body' });
  await zhBody.click();
  await zhBody.pressSequentially('盐田国际集装箱码头于11月26日14:00关闭闸口，出口截关时间顺延24小时。');
  expect(await seriousAxeViolations(w)).toEqual([]);
  await w.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(w.getByRole('status')).toContainText('Saved (version 1)');
  await w.waitForURL(/\/en\/staff\/news\/edit\?id=n\d{4}-\d{4}-[0-9a-f]{4}$/);
  const id = new URL(w.url()).searchParams.get('id')!;
  publishedId = id;
  await w.getByRole('button', { name: 'Submit for review' }).click();
  await expect(w.getByRole('status')).toContainText('now In review');
  // a writer publishes nothing
  await expect(w.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
  // nothing the console ran failed or was refused by its CSP
  expect(problems).toEqual([]);
  await writer.close();

  // ---- the editor: finds it in review, previews it as the site will show it, publishes it
  const editor = await browser.newContext({ storageState: editorState });
  const e = await editor.newPage();
  e.on('dialog', (d) => d.accept());
  await e.goto(`${origin}/en/staff/news`);
  await e.getByLabel('Status').selectOption({ label: 'In review' });
  await e.getByRole('button', { name: 'Filter' }).click();
  await expect(e.locator('[data-stories] tbody tr')).toHaveCount(1);
  await e.getByRole('link', { name: 'Typhoon Koinu: Yantian terminal gate closed' }).click();
  await e.getByRole('link', { name: 'Preview of the Chinese version' }).click();
  await expect(e.getByRole('heading', { level: 2, name: '台风“小犬”：盐田码头闸口关闭' })).toBeVisible();
  await e.goBack();
  await e.getByRole('link', { name: 'Preview of the English version' }).click();
  await expect(e.getByRole('note')).toContainText('Preview of the English version');
  const article = e.locator('.news-article');
  await expect(article.getByRole('heading', { level: 2 })).toHaveText('Typhoon Koinu: Yantian terminal gate closed');
  await expect(article.locator('strong')).toHaveText('Export cargo cut-off moves by 24 hours.');
  const src = await article.locator('img').getAttribute('src');
  const served = await e.request.get(`${origin}${src}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), picture.buffer)).toBe(0);
  await e.getByRole('link', { name: 'Edit story' }).click();
  await e.getByRole('button', { name: 'Publish now' }).click();
  await expect(e.getByRole('status')).toContainText('now Published');
  const api = await (await e.request.get(`${origin}/homeapiak/cosNewss/findLastNextNews/${id}?language=1&newsTypeUuid=50000000000000231`)).json();
  expect(JSON.stringify(api.data.content)).toContain('Typhoon Koinu: Yantian terminal gate closed');

  // ---- live on the site: the worker pulls, builds a release and switches to it; the editor's page follows it there
  await expect(e.locator('.staff-story-site [data-site-state]')).toHaveAttribute('data-site-state', /queued|building|live/);
  const siteState = e.locator('.staff-story-site [data-site-state]');
  await expect
    .poll(
      async () => {
        const state = await siteState.getAttribute('data-site-state');
        // a failed build says why on the page: fail with its words rather than wait out the time
        if (state === 'failed') throw new Error(`the site build failed: ${await siteState.textContent()}`);
        return state;
      },
      { timeout: 600_000, intervals: [1000] },
    )
    .toBe('live');
  const title = 'Typhoon Koinu: Yantian terminal gate closed';
  const notices = '50000000000000231';
  for (const [path, text] of [
    [`/en/home/News/detail/${id}/${notices}`, title],
    [`/zh/home/News/detail/${id}/${notices}`, '台风“小犬”：盐田码头闸口关闭'],
    [`/en/home/News/news/${notices}`, title],
    [`/en/home/News/rss/${notices}.xml`, title],
  ]) {
    const answer = await e.request.get(`${origin}${path}`);
    expect(answer.status(), path).toBe(200);
    expect(await answer.text(), path).toContain(text);
  }
  // the story's picture is a file of the release
  expect(readdirSync(join(site, 'dist/client/files/news'))).toContain(src!.split('/').pop());
  // and the site search finds it (Pagefind's index of the new release)
  await e.goto(`${origin}/en/home/list?keyword=Koinu`);
  await expect(e.getByRole('link', { name: title })).toBeVisible({ timeout: 30_000 });
  await e.goto(`${origin}/en/staff/news/edit?id=${id}`);
  // an important notice is mailed at once, once: the button is gone after it
  await e.getByRole('button', { name: 'Mail this notice to its subscribers now' }).click();
  await expect(e.locator('[data-notice-mailed]')).toContainText('subscribers');
  await expect(e.getByRole('button', { name: 'Mail this notice to its subscribers now' })).toHaveCount(0);

  // ---- two tabs on the same story: the second save is refused, names the first, and keeps what was typed
  const other = await editor.newPage();
  await other.goto(e.url());
  // the second tab holds the story as it was before the first tab's save: its editor has loaded it (the form shows once
  // the story is read), so the save below is refused, whichever of the two tabs the machine was quicker to serve
  await expect(other.locator('[data-version="en"]').getByLabel('Title', { exact: true })).toHaveValue('Typhoon Koinu: Yantian terminal gate closed');
  await e.locator('[data-version="en"]').getByLabel('Subtitle').fill('Update 16:00: gates stay closed overnight');
  await e.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(e.getByRole('status')).toContainText('Saved');
  await other.locator('[data-version="en"]').getByLabel('Subtitle').fill('Gates reopen at 06:00');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByRole('alert')).toContainText('maria.rossi@seabridgelines.com saved this story first');
  await expect(other.locator('[data-version="en"]').getByLabel('Subtitle')).toHaveValue('Gates reopen at 06:00');

  // ---- the saved edit of a live story goes live too, without a build: the worker patches the release served
  // (src/releases/news-patch.ts), whose other pages are links to the one before; the recent stories' search bundle with it
  const built = readlinkSync(join(site, 'dist/client'));
  await expect
    .poll(async () => (await e.request.get(`${origin}/en/home/News/detail/${id}/${notices}`)).text(), { timeout: 600_000, intervals: [1000] })
    .toContain('Update 16:00: gates stay closed overnight');
  expect(readlinkSync(join(site, 'dist/client'))).not.toBe(built);
  expect(statSync(join(site, 'dist/client/en/home/About/history/index.html')).nlink).toBeGreaterThanOrEqual(2);
  const search = await editor.newPage();
  await search.goto(`${origin}/en/home/list?keyword=overnight`);
  await expect(search.getByRole('link', { name: title })).toBeVisible({ timeout: 30_000 });
  await search.close();
  await e.screenshot({ path: 'test-results/newsroom-editor.png', fullPage: true });
  expect(await seriousAxeViolations(e)).toEqual([]);
  await editor.close();
});

test('a rollback takes the story off the site and the newsroom says so in both languages; release use serves it again, and it is live', async ({ browser }) => {
  test.setTimeout(180_000);
  expect(publishedId).not.toBe('');
  const notices = '50000000000000231';
  const release = (...args: string[]) => {
    const run = spawnSync(node, ['scripts/release.mjs', ...args], { cwd: site, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  };
  const served = readlinkSync(join(site, 'dist/client')).split('/').at(-2)!;
  // the list names what made each release: the publish of this story
  expect(release('list')).toContain(`publish: ${publishedId}`);
  const back = release('rollback');
  expect(back).toContain(`(was ${served})`);
  // the served site no longer has the saved edit
  expect(await (await fetch(`${origin}/en/home/News/detail/${publishedId}/${notices}`)).text()).not.toContain('Update 16:00: gates stay closed overnight');

  const editor = await browser.newContext({ storageState: editorState });
  const e = await editor.newPage();
  const state = e.locator('.staff-story-site [data-site-state]');
  await e.goto(`${origin}/en/staff/news/edit?id=${publishedId}`);
  await expect(state).toHaveAttribute('data-site-state', 'rolledBack');
  await expect(state).toContainText('the site was rolled back to the release of');
  await e.goto(`${origin}/zh/staff/news/edit?id=${publishedId}`);
  await expect(state).toHaveAttribute('data-site-state', 'rolledBack');
  await expect(state).toContainText('网站已回滚到');
  // the list says the same
  await e.goto(`${origin}/en/staff/news?text=Koinu`);
  await expect(e.locator(`[data-site-state="rolledBack"]`).first()).toContainText('rolled back');

  // forward again: the release that has it, by name
  expect(release('use', served)).toContain(`now serving ${served}`);
  await expect.poll(async () => (await fetch(`${origin}/en/home/News/detail/${publishedId}/${notices}`)).text()).toContain('Update 16:00: gates stay closed overnight');
  for (const lang of ['en', 'zh']) {
    await e.goto(`${origin}/${lang}/staff/news/edit?id=${publishedId}`);
    await expect(state).toHaveAttribute('data-site-state', 'live');
    await expect(state).toContainText(lang === 'en' ? 'Live since' : '起已上线');
  }
  await editor.close();
});

test('a story body carrying the sanitizer tests’ XSS payloads is inert in the editor and the preview', async ({ browser }) => {
  const { payloads } = JSON.parse(readFileSync('tests/fixtures/dompurify-payloads.json', 'utf8')) as { payloads: string[] };
  const editor = await browser.newContext({ storageState: editorState });
  const e = await editor.newPage();
  const fired: string[] = [];
  e.on('dialog', (d) => {
    fired.push(d.message());
    void d.dismiss();
  });
  await e.goto(`${origin}/en/staff/news`);
  const body = `<p>Hostile</p>${payloads.join('')}`;
  const content = { meta: { typeId: '50000000000000232', statusDt: '2026-11-26' }, en: { title: 'Hostile body', body } };
  const made = await e.request.post(`${origin}/homeapiak/staff/news/stories`, { data: content, headers: { origin } });
  expect(made.status()).toBe(200);
  const { id, removed } = (await made.json()).data.content;
  expect(removed.en.length).toBeGreaterThan(100);
  for (const path of [`/en/staff/news/edit?id=${id}`, `/en/staff/news/preview?id=${id}&version=en`]) {
    await e.goto(`${origin}${path}`);
    await expect(e.getByText('Hostile', { exact: true })).toBeVisible();
    await e.waitForTimeout(300); // let any image error or load handler of a payload run
  }
  expect(fired).toEqual([]);
  await editor.close();
});

test('every console page, enumerated from the pages folder: rendered on demand, no-store, noindex; a sign-in first, and 403 to a role its area does not admit', async ({ playwright }) => {
  // Astro's router is the pages folder: every file under src/pages/[lang]/staff is a console page, and says its area
  const folder = 'src/pages/[lang]/staff';
  const pages = (readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) => {
      const source = readFileSync(join(folder, f), 'utf8');
      expect(source, f).toContain('export const prerender = false');
      const area = /staffPage\(Astro, (null|'([a-z]+)')\)/.exec(source);
      expect(area, `${f} asks staffPage for its area`).not.toBeNull();
      return { path: `/${f.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`, area: area![2] ?? null };
    });
  expect(pages.length).toBeGreaterThanOrEqual(9);
  const anonymous = await playwright.request.newContext();
  const writer = await playwright.request.newContext({ storageState: writerState });
  for (const { path, area } of pages) {
    for (const lang of ['en', 'zh']) {
      const url = `${origin}/${lang}/staff${path}`;
      const answer = await anonymous.get(url, { maxRedirects: 0 });
      expect(answer.headers()['cache-control'], url).toBe('private, no-store');
      expect(answer.headers()['x-robots-tag'], url).toMatch(/noindex/);
      // never framed: the page's own policy keeps frame-ancestors 'none'
      expect(answer.headers()['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      if (area === null) {
        expect(answer.status(), url).toBe(200);
        expect(await answer.text(), url).toContain('<meta name="robots" content="noindex, nofollow">');
        continue;
      }
      expect(answer.status(), url).toBe(303);
      expect(answer.headers().location, url).toMatch(new RegExp(`^/${lang}/staff/sign-in\\?next=`));
      const asWriter = await writer.get(url, { maxRedirects: 0 });
      expect(asWriter.status(), `${url} as a writer`).toBe(mayEnter('writer', area as StaffArea) ? 200 : 403);
    }
  }
  await anonymous.dispose();
  await writer.dispose();
  // and none of it is in the static output or the sitemap
  expect(existsSync('dist/client/en/staff')).toBe(false);
  expect(readFileSync('dist/client/sitemap.xml', 'utf8')).not.toContain('/staff/');
});
