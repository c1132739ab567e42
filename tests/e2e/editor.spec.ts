import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../../scripts/lib/serve-built.mjs';

/**
 * The content editor as a maintainer uses it: `npm run dev`, /admin, an office's
 * telephone and address changed in both languages, saved, the file on disk
 * changed, `npm run build`, and the built pages in English and Chinese show it;
 * a bad UN/LOCODE and an IMO number with a wrong check digit are refused in the
 * form with the schema's message.
 *
 * The editor writes content/, so all of it happens in a copy of the project,
 * with its own dev server and its own build. Its node_modules is a tree of hard
 * links (cp -al: a second, no copying): Vite serves no file from outside the
 * project, so a symbolic link to ours would leave the editor's modules unserved.
 */

const repo = process.cwd();
const node = existsSync(join(repo, 'node_modules/.bin/node')) ? join(repo, 'node_modules/.bin/node') : process.execPath;
const astro = join(repo, 'node_modules/astro/bin/astro.mjs');
/** What a fresh clone does not have, or what this copy makes itself. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', '.astro', 'test-results', 'var', 'bench-results', 'playwright-report']);

let root = '';
let dev: ChildProcess | undefined;
let origin = '';
let devLog = '';

function run(args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, [astro, ...args], { cwd, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test.describe.configure({ mode: 'serial' });
test.skip(({ browserName }) => browserName !== 'chromium');

test.beforeAll(async ({ browser }) => {
  // the copy, the dev server (up to 180 s on a busy machine) and the editor's first bundling (up to 150 s)
  test.setTimeout(360_000);
  root = mkdtempSync(join(tmpdir(), 'editor-e2e-'));
  cpSync(repo, root, { recursive: true, filter: (source) => !NOT_COPIED.has(relative(repo, source).split('/')[0]) });
  const link = spawnSync('cp', ['-al', join(repo, 'node_modules'), join(root, 'node_modules')], { encoding: 'utf8' });
  if (link.status !== 0) throw new Error(`cp -al node_modules: ${link.stderr}`);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn(node, [astro, 'dev', '--host', '127.0.0.1', '--port', String(port)], { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  dev.stdout?.on('data', (d) => (devLog += d));
  dev.stderr?.on('data', (d) => (devLog += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const answer = await fetch(`${origin}/admin`, { redirect: 'manual' }).catch(() => undefined);
    if (answer?.status === 302) break;
    if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`the dev server did not answer /admin:\n${devLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // the first visit has Vite bundle the editor's modules, and it may reload the page once they are ready:
  // done here, once, so that no test's navigation is cut short by it
  const warm = await browser.newPage();
  await expect(async () => {
    await warm.goto(`${origin}/keystatic`);
    await expect(warm.getByText('Dashboard', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await warm.waitForLoadState('networkidle');
  }).toPass({ timeout: 150_000 });
  await warm.close();
});

test.afterAll(() => {
  dev?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Opens an entry of the editor (the first visit waits for Vite to bundle the editor). */
async function openEntry(page: Page, path: string, heading: string) {
  await page.goto(`${origin}${path}`);
  await expect(
    page
      .getByRole('heading', { name: heading })
      .or(page.getByText(heading, { exact: true }))
      .first(),
  ).toBeVisible({ timeout: 90_000 });
}

/** Closes the open dialogs (Done), innermost first. */
async function closeDialogs(page: Page) {
  for (let open = await page.getByRole('dialog').count(); open > 0; open--) {
    await page.getByRole('dialog').last().getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(open - 1);
  }
}

/** Opens an item of a list field in its dialog. */
async function openItem(scope: Page | ReturnType<Page['getByRole']>, list: string, item: string) {
  await scope.getByRole('grid', { name: list }).getByRole('row', { name: item, exact: true }).dblclick();
}

/** A content file of the copy; undefined while the editor is still writing it (its writes are not atomic). */
function readJson(path: string) {
  try {
    return JSON.parse(readFileSync(join(root, path), 'utf8'));
  } catch {
    return undefined;
  }
}
const officeFile = () => readJson('content/offices/europe.json');
const hamburg = (file: { countries: { code: string; offices: { id: string; tel: string; address: { en: string; zh: string } }[] }[] } | undefined) =>
  file?.countries.find((c) => c.code === 'DE')?.offices.find((o) => o.id === 'DEHAM01');

test('a maintainer changes an office, a FAQ answer and a loop’s call time in /admin, saves, builds, and the site shows all of it', async ({ page }) => {
  // a whole build of the site in the test: over 5 minutes on a busy 2-core machine with another build beside it
  test.setTimeout(1_200_000);
  const before = hamburg(officeFile())!;
  const tel = '+49 40 3609 6799';
  const address = { en: 'Große Elbstraße 160, 22767 Hamburg', zh: '德国汉堡市易北大街160号（邮编22767）' };
  expect(before.tel).not.toBe(tel);

  await page.goto(`${origin}/admin`);
  await expect(page).toHaveURL(/\/keystatic/);
  await openEntry(page, '/keystatic/collection/offices/item/europe', 'europe');
  await openItem(page, 'Countries', 'Germany');
  const country = page.getByRole('dialog');
  await openItem(country, 'Offices', 'Hamburg');
  const office = page.getByRole('dialog').last();
  await expect(office.getByRole('group', { name: 'Office' })).toBeVisible();

  await office.getByRole('textbox', { name: 'Telephone', exact: true }).fill(tel);
  const addressGroup = office.getByRole('group', { name: 'Address' });
  await addressGroup.getByRole('textbox', { name: 'English' }).fill(address.en);
  await addressGroup.getByRole('textbox', { name: '中文' }).fill(address.zh);
  await closeDialogs(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // the file on disk: the office changed, nothing else of it
  await expect.poll(() => hamburg(officeFile())?.tel, { timeout: 15_000 }).toBe(tel);
  const after = hamburg(officeFile());
  expect(after).toEqual({ ...before, tel, address });

  // a FAQ answer, in both languages: the first paragraph of the first question
  const answer = { en: 'Book online on our e-Business platform, or ask your local Seabridge office.', zh: '请通过电子商务平台在线订舱，或联系当地海桥办事处。' };
  await openEntry(page, '/keystatic/singleton/faq', 'FAQ');
  await page.getByRole('grid', { name: 'Types' }).getByRole('row').first().dblclick();
  await page.getByRole('dialog').getByRole('grid', { name: 'Entries' }).getByRole('row').first().dblclick();
  const question = page.getByRole('dialog').last();
  for (const [language, text] of [
    ['English', answer.en],
    ['中文', answer.zh],
  ] as const) {
    await question.getByRole('group', { name: 'Answer' }).getByRole('grid', { name: language }).getByRole('row').first().dblclick();
    const paragraph = page.getByRole('dialog').last();
    await paragraph.getByRole('textbox').fill(text);
    await paragraph.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(2);
  }
  await closeDialogs(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const faq = () => readJson('content/help/faq.json')?.types[0].entries[0];
  await expect.poll(() => faq()?.answer.en[0], { timeout: 15_000 }).toBe(answer.en);
  expect(faq().answer.zh[0]).toBe(answer.zh);

  // a loop's call time: the departure of the first call of the first loop of trade 15
  const tradeFile = () => readJson('content/routes/trades/15.json');
  const loop = tradeFile().groups[0].services[0];
  // five minutes later, on the same day (or earlier if that would pass midnight), still after the arrival
  const minutes = (t: { day: number; time: string }) => t.day * 1440 + Number(t.time.slice(0, 2)) * 60 + Number(t.time.slice(3));
  const old = loop.calls[0].departure as { day: number; time: string };
  const shifted = (minutes({ day: 0, time: old.time }) + (old.time >= '23:50' ? -5 : 5)) % 1440;
  const departure = { day: old.day, time: `${String(Math.floor(shifted / 60)).padStart(2, '0')}:${String(shifted % 60).padStart(2, '0')}` };
  expect(minutes(departure)).toBeGreaterThan(minutes(loop.calls[0].arrival));
  expect(loop.calls[0].departure.time).not.toBe(departure.time);
  await openEntry(page, '/keystatic/collection/trades/item/15', '15');
  await page.getByRole('grid', { name: 'Groups' }).getByRole('row').first().dblclick();
  await page.getByRole('dialog').getByRole('grid', { name: 'Services' }).getByRole('row').first().dblclick();
  await page.getByRole('dialog').last().getByRole('grid', { name: 'Calls' }).getByRole('row').first().dblclick();
  const call = page.getByRole('dialog').last();
  await call.getByRole('group', { name: 'Departure' }).getByRole('textbox', { name: 'Time' }).fill(departure.time);
  await closeDialogs(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => tradeFile()?.groups[0].services[0].calls[0].departure.time, { timeout: 15_000 }).toBe(departure.time);

  // npm run build in the copy, and nothing else: every derived file is current afterwards
  const build = await run(['build'], root, 900_000);
  expect(build.code, build.output.slice(-3000)).toBe(0);
  expect(build.output).toMatch(/carbon network rebuilt: content\/routes\/trades\/15\.json changed/);
  const derived = spawnSync(node, ['scripts/derived.ts', '--check'], { cwd: root, encoding: 'utf8' });
  expect(derived.status, derived.stdout + derived.stderr).toBe(0);

  // the route page of the loop shows the new departure time; the FAQ page the new answer in each language
  const routePage = readFileSync(join(root, `dist/client/en/home/Services/route/15/${loop.code}/index.html`), 'utf8');
  // the rotation table: arrival and departure of each call in turn; the first call's departure is the second
  const times = [...routePage.matchAll(/<td><time>([^<]+)<\/time><\/td>/g)].map((m) => m[1]);
  expect(times[1]).toMatch(new RegExp(` ${departure.time}$`));
  for (const [locale, text] of [
    ['en', answer.en],
    ['zh', answer.zh],
  ] as const) {
    const typeId = JSON.parse(readFileSync(join(root, 'content/help/faq.json'), 'utf8')).types[0].id;
    const faqPage = readFileSync(join(root, `dist/client/${locale}/home/HelpCenter/questions/${typeId}/index.html`), 'utf8');
    expect(faqPage).toContain(text);
  }

  // the office page of each language shows the new number and its address
  for (const [locale, text] of [
    ['en', address.en],
    ['zh', address.zh],
  ] as const) {
    const html = readFileSync(join(root, `dist/client/${locale}/home/Contact/global/countryList/more/europe/germany/hamburg/DEHAM01/index.html`), 'utf8');
    expect(html).toContain(tel);
    expect(html).toContain(text);
    expect(html).not.toContain(before.tel);
  }
});

test('the form refuses a bad UN/LOCODE and an IMO number with a wrong check digit, with the schema’s messages', async ({ page }) => {
  test.setTimeout(150_000);
  await openEntry(page, '/keystatic/collection/offices/item/europe', 'europe');
  await openItem(page, 'Countries', 'Germany');
  await openItem(page.getByRole('dialog'), 'Offices', 'Hamburg');
  const office = page.getByRole('dialog').last();
  const id = office.getByRole('textbox', { name: 'Id', exact: true });
  await id.fill('Hamburg');
  await id.blur();
  await expect(office.getByText('must be the UN/LOCODE of the city and two digits, e.g. CNSHA01')).toBeVisible();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await id.fill('DEHAM01');
  await expect(office.getByText('must be the UN/LOCODE of the city and two digits, e.g. CNSHA01')).toHaveCount(0);

  // a loop's deployment: the first ship of the first loop of trade 15
  await openEntry(page, '/keystatic/collection/trades/item/15', '15');
  const groups = page.getByRole('grid', { name: 'Groups' });
  await groups.getByRole('row').first().dblclick();
  const group = page.getByRole('dialog');
  await group.getByRole('grid', { name: 'Services' }).getByRole('row').first().dblclick();
  const service = page.getByRole('dialog').last();
  await service.getByRole('grid', { name: 'Vessels' }).getByRole('row').first().dblclick();
  const slot = page.getByRole('dialog').last();
  const imo = slot.getByRole('textbox').first();
  const good = await imo.inputValue();
  expect(good).toMatch(/^\d{7}$/);
  const wrongDigit = `${good.slice(0, 6)}${(Number(good[6]) + 1) % 10}`;
  await imo.fill(wrongDigit);
  await imo.blur();
  await expect(slot.getByText('must be the IMO number of a ship (seven digits whose last is the check digit of the first six, e.g. 9074729), or "TBN"')).toBeVisible();

  // Keystatic closes an item's dialog whatever it holds: each list up to the trade marks the item that holds
  // the refused value with the schema's message, and Save refuses the entry: the file keeps its number
  const saved = readFileSync(join(root, 'content/routes/trades/15.json'), 'utf8');
  await closeDialogs(page);
  const marked = page.getByRole('grid', { name: 'Groups' }).getByRole('row').first();
  await expect(marked).toContainText('⚠');
  await expect(marked).toContainText('must be the IMO number of a ship');
  await expect(page.getByRole('grid', { name: 'Groups' }).getByRole('row').nth(1)).not.toContainText('⚠');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Unsaved')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(readFileSync(join(root, 'content/routes/trades/15.json'), 'utf8')).toBe(saved);
});

/** A real 2×2 PNG (red), made here so the test needs no binary fixture. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat([row, row]))), chunk('IEND', Buffer.alloc(0))]);
}

test('a picture uploaded in the form lands in public/ beside the others, and the saved file names it', async ({ page }) => {
  test.setTimeout(150_000);
  const png = tinyPng();
  await openEntry(page, '/keystatic/singleton/vessels', 'Vessels (our fleet)');
  await page.getByRole('grid', { name: 'Vessels' }).getByRole('row').first().dblclick();
  const vessel = page.getByRole('dialog');
  const image = vessel.getByRole('textbox', { name: 'Image', exact: true });
  const before = await image.inputValue();
  expect(before).toMatch(/^\/images\/vessels\/[^/]+$/);
  await vessel.getByLabel('Upload a new file for “Image”').setInputFiles({ name: 'Harmony at Yangshan.PNG', mimeType: 'image/png', buffer: png });
  await expect(vessel.getByRole('status')).toHaveText('Saved as public/images/vessels/harmony-at-yangshan.png');
  await expect(image).toHaveValue('/images/vessels/harmony-at-yangshan.png');
  expect(readFileSync(join(root, 'public/images/vessels/harmony-at-yangshan.png')).equals(png)).toBe(true);

  // a file the site does not serve is refused, and the path stays as it was
  await vessel.getByLabel('Upload a new file for “Image”').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(vessel.getByRole('status')).toContainText('Not uploaded: a .txt file is not served by the site');
  await expect(image).toHaveValue('/images/vessels/harmony-at-yangshan.png');

  await vessel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => (readJson('content/vessels.json') as { vessels: { image?: string }[] } | undefined)?.vessels[0].image, { timeout: 15_000 }).toBe('/images/vessels/harmony-at-yangshan.png');
});
