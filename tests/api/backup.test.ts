import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import positionsJson from '../../content/recruiting/positions.json';
import { publishedPositions, type Position } from '../../src/content-model/schemas/recruiting';
import { EXAMPLE_MESSAGE } from '../../src/contract/examples';
import { NEWS_TYPE } from '../../src/contract/wire';
import { ArchiveError, readArchive, sha256 } from '../../src/backup/archive';
import { restoreBackup, siteFolders, takeBackup, targetContents, type RestoreTarget } from '../../src/backup/backup';
import { inTransaction, quoteIdent, tablesInOrder } from '../../src/backup/sql';
import { backupStatus, runNightlyBackup } from '../../src/backup/nightly';
import { encryptArchive, isEncrypted } from '../../src/backup/encrypt';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { createMailer } from '../../src/server/mail';
import { registerBackupGauges } from '../../src/observability/gauges';
import { metricsAnswer } from '../../src/observability/metrics.mjs';
import type { StoryContent } from '../../src/newsroom/story';
import { readNewsImage } from '../../src/newsroom/images';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db';
import { contactMessages, positionApplications, staffPasskeys, staffUsers, subscribers } from '../../src/server/db/schema';
import { createCaptcha } from '../../src/server/forms/captcha';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import { createStaffApp } from '../../src/server/staff/app';
import { seaPng } from '../fixtures/pictures';
import { MemoryMailer } from './forms-helpers';
import { usingPostgres } from './harness';
import { Jar, ORIGIN, startStaff, type StaffHarness, totpNow } from './staff-helpers';
import { realDocx } from './word-fixtures';

/**
 * The backup drill (src/backup/): a site filled through its own API, backed up while a burst of
 * form posts and publishes goes on, restored into a fresh database and folders, and the restored
 * site started and asked the same questions. On PGlite in `npm test`; on PostgreSQL with
 * TEST_DATABASE_URL, where the archive also goes PostgreSQL → PGlite → PostgreSQL.
 */
let h: StaffHarness;
const root = mkdtempSync(join(tmpdir(), 'backup-drill-'));
const site = join(root, 'site');
const SITE_ENV = { DATA_DIR: site, UPLOAD_DIR: join(site, 'uploads'), OUTBOX_DIR: join(site, 'outbox'), ...UNLIMITED_RATE_ENV };
const position = publishedPositions(positionsJson.positions as Position[])[0];
const dropAfter: string[] = [];

const admin = { email: 'ada.admin@seabridgelines.com', password: 'Harbour crane admin 47 north', secret: '' };
let writer: Jar;
let editor: Jar;
let service: Jar;
const resumes = new Map<string, Buffer>();
const pictures: string[] = [];
let publishedId = '';
const drafts: Array<{ id: string; version: number }> = [];

/** A fresh target: a PostgreSQL database beside the test's (TEST_DATABASE_URL), or a PGlite folder; its own file folders. */
async function freshTarget(kind: 'postgres' | 'pglite'): Promise<RestoreTarget> {
  const dataDir = mkdtempSync(join(root, 'target-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `backup_test_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropAfter.push(name);
  }
  return { databaseUrl, dataDir, folders: siteFolders(loadConfig({ DATA_DIR: dataDir })) };
}

/** Every table's rows as sorted JSON lines, read as the backup reads them. */
async function rowsOf(database: Database): Promise<Map<string, string[]>> {
  return inTransaction(database, 'snapshot', async (sql) => {
    const out = new Map<string, string[]>();
    for (const t of await tablesInOrder(sql)) {
      const rows = await sql.query<{ j: string }>(`select row_to_json(t)::text as j from ${quoteIdent(t)} t order by row_to_json(t)::text collate "C"`);
      out.set(
        t,
        rows.map((r) => r.j),
      );
    }
    return out;
  });
}

async function publicPost(path: string, body: FormData | URLSearchParams) {
  const response = await h.app.request(`http://test.local${h.config.apiBase}${path}?language=1`, { method: 'POST', body }, { clientAddress: '203.0.113.9' });
  const json = await response.json();
  expect(json.code, json.message).toBe('200');
  return json.data.content;
}
async function solved() {
  const secret = await loadCaptchaSecret(h.database.db, h.config.forms.captchaSecret);
  const { answer, sign } = createCaptcha({ secret, ttlSeconds: h.config.forms.captchaTtlSeconds, now: h.clock.now() });
  return { code: answer, sign };
}
const sendMessage = async (content: string) => publicPost('/contactUs/saveContactUs', new URLSearchParams({ ...EXAMPLE_MESSAGE, content, ...(await solved()) }));
async function apply(name: string, resume: Buffer): Promise<string> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(resume)], 'cv.docx'));
  const { path } = await publicPost('/webUpload/upload', form);
  const fields = { applyForName: name, applyForSex: '女', graduateSchool: 'Shanghai Maritime University', magor: 'Logistics Management', graduateTime: '2022-06', positionUUID: position.id, path };
  await publicPost('/positionApplyFor/savePositionApplyFor', new URLSearchParams({ ...fields, ...(await solved()) }));
  const [row] = await h.database.db.select({ id: positionApplications.id }).from(positionApplications).where(eq(positionApplications.uploadId, path));
  return row.id;
}
const story = (title: string, picUrl: string | null, typeId: string = NEWS_TYPE.notices): StoryContent => ({
  meta: { typeId: typeId as StoryContent['meta']['typeId'], labels: ['port-operations'], tradeCodes: [], portCodes: ['CNYTN'], statusDt: '2026-11-26', important: false },
  en: { title, subTitle: '', author: 'Trade Management', summary: `${title}.`, body: `<p>${title}.</p>${picUrl ? `<img src="${picUrl}" alt="">` : ''}`, picUrl },
  zh: { title: `${title}（中文）`, subTitle: '', author: '贸易管理部', summary: '通知。', body: '<p>通知。</p>', picUrl: null },
});

beforeAll(async () => {
  h = await startStaff({ STAFF_ORIGIN: ORIGIN, ...SITE_ENV }, { outboxMail: true });
  // staff: an admin whose password and TOTP secret the restored site must know, and a passkey of theirs
  await h.account(admin.email, 'admin', admin.password);
  const { jar } = await h.signIn(admin.email, admin.password);
  admin.secret = (await h.enrolTotp(jar, admin.password)).secret;
  const [user] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, admin.email));
  // the passkey row as Better Auth writes it (a test has no authenticator to register one through the browser's ceremony)
  await h.database.db.insert(staffPasskeys).values({
    id: randomUUID(),
    name: 'YubiKey 5C',
    publicKey: randomBytes(77).toString('base64'),
    userId: user.id,
    credentialID: randomBytes(32).toString('base64url'),
    counter: 7,
    deviceType: 'singleDevice',
    backedUp: false,
    transports: 'usb,nfc',
    createdAt: new Date('2026-11-20T08:00:00Z'),
    aaguid: 'ee882879-721c-4913-9775-3dfcce97072a',
  });
  [writer, editor, service] = [await h.member('writer'), await h.member('editor'), await h.member('service')];
  await h.member('hr');

  // stories with revisions and pictures
  for (const [i, size] of [16, 24].entries()) {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(seaPng(size, size))], `picture-${i}.png`));
    const up = await h.call('/news/images?language=1', { body: form, jar: writer });
    expect(up.status).toBe(200);
    pictures.push(up.body.data.content.url);
  }
  const created = (await h.call('/news/stories', { body: story('Yantian gate hours', pictures[0]), jar: writer })).body.data.content;
  const saved = await h.call(`/news/stories/${created.id}`, { body: { version: created.version, content: story('Yantian gate hours extended', pictures[0]) }, jar: writer });
  expect(saved.status).toBe(200);
  const published = await h.call(`/news/stories/${created.id}/publish`, { body: { version: created.version + 1 }, jar: editor });
  expect(published.body.data.content.status).toBe('published');
  publishedId = created.id;
  for (const title of ['Shekou berth works', 'Nansha reefer plugs']) {
    // of another type than the story published before the backup: the questions asked of both sites below do not see them
    drafts.push((await h.call('/news/stories', { body: story(title, pictures[1], NEWS_TYPE.updates), jar: writer })).body.data.content);
  }

  // messages with notes, applications with résumés
  await sendMessage('Please quote a 40HQ from Shanghai to Rotterdam.');
  await sendMessage('[Reefer cargo]\nWe ship cherries from Chile.');
  const messages = await h.database.db.select({ id: contactMessages.id }).from(contactMessages);
  for (const m of messages) expect((await h.call(`/inbox/messages/${m.id}/notes`, { body: { text: 'Called back; quote sent.' }, jar: service })).status).toBe(200);
  for (const name of ['Zhang Min', 'Li Na']) {
    const resume = await realDocx(`${name} — résumé`);
    resumes.set(await apply(name, resume), resume);
  }
  // subscribers (arrays, small integers, time stamps: the row types a portable format must carry)
  await h.database.db.insert(subscribers).values([
    {
      id: randomUUID(),
      email: 'wu.fang@example.com',
      company: 'Fresh Fruit Ltd',
      firstName: 'Fang',
      lastName: 'Wu',
      country: 'CN',
      language: 'zh-CN',
      dayOfWeek: 'MON',
      tradeLabels: ['asia-europe'],
      ports: ['CNSHA', 'NLRTM'],
      frequencyImportant: 1,
    },
    { id: randomUUID(), email: 'o.neill@example.com', company: "O'Neill & Sons", firstName: 'Aoife', lastName: "O'Neill", country: 'IE', language: 'en-US', dayOfWeek: 'DAILY', frequencyBusiness: 3 },
  ]);
}, 300_000);

afterAll(async () => {
  await h?.close();
  if (dropAfter.length) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    for (const name of dropAfter) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
  rmSync(root, { recursive: true, force: true });
});

/** The restored site, started on its database and folders: the public API and the staff API. */
async function startRestored(target: RestoreTarget) {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const config = loadConfig({ LOG_LEVEL: 'silent', STAFF_ORIGIN: ORIGIN, DATA_DIR: target.dataDir, UPLOAD_DIR: target.folders.uploads, OUTBOX_DIR: target.folders.outbox, ...UNLIMITED_RATE_ENV });
  const mailer = new MemoryMailer();
  const app = createApp({ database, config, mailer, now: h.clock.now });
  const staff = await createStaffApp({ database, config, mailer, now: h.clock.now });
  const call = async (path: string, init: { body?: unknown; jar?: Jar } = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.jar?.cookies.size) headers.cookie = init.jar.header();
    const response = await staff.app.request(
      `${ORIGIN}${config.apiBase}/staff${path}`,
      { method: init.body === undefined ? 'GET' : 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
      { clientAddress: '198.51.100.20' },
    );
    init.jar?.take(response.headers);
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()) };
  };
  const publicGet = async (path: string) => (await app.request(`http://test.local${config.apiBase}${path}`)).json();
  return { database, config, call, publicGet };
}

const targetKind = usingPostgres ? 'postgres' : 'pglite';
let archive: Uint8Array;
let before: Map<string, string[]>;
let restored: RestoreTarget;

describe(`the backup drill (${targetKind})`, () => {
  it('backs up while form posts and publishes go on: every row committed before it began is in the archive', async () => {
    before = await rowsOf(h.database);
    const burst = [
      ...Array.from({ length: 8 }, (_, i) => sendMessage(`Burst message number ${i}: please call us back about a booking.`)),
      ...drafts.map((d) => h.call(`/news/stories/${d.id}/publish`, { body: { version: d.version }, jar: editor })),
    ];
    const [backup] = await Promise.all([takeBackup({ database: h.database, folders: siteFolders(h.config), version: h.config.version }), ...burst]);
    archive = backup.archive;
    const { manifest, entries } = readArchive(archive);
    expect(manifest.database.kind).toBe(h.database.kind);
    for (const [table, rows] of before) {
      const entry = manifest.tables.find((t) => t.name === table)!;
      expect(entry, table).toBeDefined();
      const archived = new Set(new TextDecoder().decode(entries[entry.file]).split('\n').filter(Boolean));
      // rows the burst changes in place (a story published, a counter) are there by key; every other row as it was
      const changing = new Set(['stories', 'news_items', 'news_item_labels', 'story_revisions', 'rate_limits', 'captcha_uses', 'staff_sessions', 'audit_log', 'app_meta', 'site_builds']);
      if (changing.has(table)) expect(archived.size, table).toBeGreaterThanOrEqual(rows.length);
      else for (const r of rows) expect(archived.has(r), `${table}: ${r.slice(0, 120)}`).toBe(true);
    }
    const messages = manifest.tables.find((t) => t.name === 'contact_messages')!;
    expect(messages.rows).toBeGreaterThanOrEqual(2);
    expect(manifest.files.filter((f) => f.area === 'uploads')).toHaveLength(2);
    expect(manifest.files.filter((f) => f.area === 'news')).toHaveLength(2);
  }, 120_000);

  it('restores into a fresh database and folders; the restored site answers as the original did', async () => {
    restored = await freshTarget(targetKind);
    const report = await restoreBackup({ archive, target: restored });
    const { manifest } = readArchive(archive);
    expect(report.migrationsRun).toBe(0);
    for (const t of report.tables) expect(t.restored, t.name).toBe(t.archived);

    // the same rows: each table's rows, read the same way, have the manifest's checksum (read before the
    // site starts: its start-up refreshes the seeded news' time stamps)
    const opened = await openDatabase({ databaseUrl: restored.databaseUrl, dataDir: restored.dataDir });
    try {
      const rows = await rowsOf(opened);
      for (const t of manifest.tables) {
        const lines = rows.get(t.name)!;
        expect(lines.length, t.name).toBe(t.rows);
        expect(sha256(lines.map((l) => `${l}\n`).join('')), t.name).toBe(t.sha256);
      }
    } finally {
      await opened.close();
    }
    const site2 = await startRestored(restored);
    try {
      // résumés and pictures byte for byte, through the restored site
      const signedIn = new Jar();
      // the same password and the same TOTP secret
      const first = await site2.call('/auth/sign-in/email', { body: { email: admin.email, password: admin.password }, jar: signedIn });
      expect(first.status).toBe(200);
      expect((first.body as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
      const second = await site2.call('/auth/two-factor/verify-totp', { body: { code: await totpNow(admin.secret) }, jar: signedIn });
      expect(second.status).toBe(200);
      for (const [id, resume] of resumes) {
        const got = await site2.call(`/inbox/applications/${id}/resume`, { jar: signedIn });
        expect(got.status).toBe(200);
        expect(Buffer.compare(got.body as Buffer, resume)).toBe(0);
      }
      for (const url of pictures) {
        const name = url.split('/').pop()!;
        expect(Buffer.compare(readNewsImage(restored.dataDir, name)!.data, readNewsImage(h.config.dataDir, name)!.data)).toBe(0);
      }
      const passkeys = await site2.database.db.select().from(staffPasskeys);
      expect(passkeys).toEqual(await h.database.db.select().from(staffPasskeys));
      // the newsroom and the public API answer the same for the same questions
      const adminJar = new Jar();
      await h.call('/auth/sign-in/email', { body: { email: admin.email, password: admin.password }, jar: adminJar });
      await h.call('/auth/two-factor/verify-totp', { body: { code: await totpNow(admin.secret) }, jar: adminJar });
      const storyThere = await site2.call(`/news/stories/${publishedId}`, { jar: signedIn });
      const storyHere = await h.call(`/news/stories/${publishedId}`, { jar: adminJar });
      expect(storyThere.status).toBe(200);
      expect(storyThere.body).toEqual(storyHere.body);
      for (const question of [
        `/cosNewss/findNewss/${NEWS_TYPE.notices}?language=1`,
        `/cosNewss/findNewss/${NEWS_TYPE.news}?language=0`,
        `/cosNewss/findLastNextNews/${publishedId}?language=0&newsTypeUuid=${NEWS_TYPE.notices}`,
      ]) {
        expect(await site2.publicGet(question), question).toEqual(await (await h.app.request(`http://test.local${h.config.apiBase}${question}`)).json());
      }
      // and it takes new rows: the sequences were set past the restored ones
      const more = await site2.database.db.select({ id: contactMessages.id }).from(contactMessages);
      expect(more.length).toBe(manifest.tables.find((t) => t.name === 'contact_messages')!.rows);
    } finally {
      await site2.database.close();
    }
  }, 180_000);

  it('a truncated or altered archive is refused and the target left untouched; a non-empty target is refused without force', async () => {
    const empty = await freshTarget(targetKind);
    const truncated = archive.slice(0, Math.floor(archive.byteLength * 0.8));
    await expect(restoreBackup({ archive: truncated, target: empty })).rejects.toThrow(ArchiveError);
    await expect(restoreBackup({ archive: truncated, target: empty })).rejects.toThrow(/truncated/);
    // one byte of one résumé changed (stored uncompressed: the ZIP still opens; its checksum does not match)
    const { manifest } = readArchive(archive);
    const resume = manifest.files.find((f) => f.area === 'uploads')!;
    const altered = archive.slice();
    const at = Buffer.from(altered).indexOf(Buffer.from(readFileSync(join(h.config.forms.uploadDir, resume.path.split('/').pop()!)).subarray(0, 64)));
    expect(at).toBeGreaterThan(0);
    altered[at + 40] ^= 0xff;
    await expect(restoreBackup({ archive: altered, target: empty })).rejects.toThrow(/does not match its checksum|cannot be read/);
    expect(await targetContents(empty)).toEqual([]);

    // the restored site is not empty: refused without force, and an altered archive leaves it as it was even with force
    const rowsBefore = await (async () => {
      const d = await openDatabase({ databaseUrl: restored.databaseUrl, dataDir: restored.dataDir });
      try {
        return await rowsOf(d);
      } finally {
        await d.close();
      }
    })();
    await expect(restoreBackup({ archive, target: restored })).rejects.toThrow(/not empty/);
    await expect(restoreBackup({ archive: altered, target: restored, force: true })).rejects.toThrow(ArchiveError);
    const d = await openDatabase({ databaseUrl: restored.databaseUrl, dataDir: restored.dataDir });
    try {
      expect(await rowsOf(d)).toEqual(rowsBefore);
    } finally {
      await d.close();
    }
  }, 120_000);

  it('an archive encrypted with age restores with its identity only; altered, it is refused', async () => {
    const identity = await generateIdentity();
    const other = await generateIdentity();
    const sealed = await encryptArchive(archive, await identityToRecipient(identity));
    expect(isEncrypted(sealed)).toBe(true);
    expect(Buffer.from(sealed).includes(Buffer.from('manifest.json'))).toBe(false);
    const target = await freshTarget(targetKind);
    await expect(restoreBackup({ archive: sealed, target })).rejects.toThrow(/encrypted \(age\): set BACKUP_AGE_IDENTITY/);
    await expect(restoreBackup({ archive: sealed, target, identity: other })).rejects.toThrow(ArchiveError);
    const altered = sealed.slice();
    altered[altered.byteLength - 100] ^= 0x01;
    await expect(restoreBackup({ archive: altered, target, identity })).rejects.toThrow(/cannot be decrypted/);
    expect(await targetContents(target)).toEqual([]);
    const report = await restoreBackup({ archive: sealed, target, identity });
    for (const t of report.tables) expect(t.restored, t.name).toBe(t.archived);
  }, 120_000);

  it.runIf(usingPostgres)(
    'an archive from PostgreSQL restores into PGlite, and the PGlite site backs up into PostgreSQL again: the same rows',
    async () => {
      const embedded = await freshTarget('pglite');
      await restoreBackup({ archive, target: embedded });
      const d = await openDatabase({ dataDir: embedded.dataDir });
      let again: Uint8Array;
      try {
        again = (await takeBackup({ database: d, folders: embedded.folders, version: h.config.version })).archive;
      } finally {
        await d.close();
      }
      const back = await freshTarget('postgres');
      await restoreBackup({ archive: again, target: back });
      const [m1, m2] = [readArchive(archive).manifest, readArchive(again).manifest];
      expect(m2.database.kind).toBe('pglite');
      expect(m2.tables.map((t) => [t.name, t.rows, t.sha256])).toEqual(m1.tables.map((t) => [t.name, t.rows, t.sha256]));
      expect(m2.files.map((f) => [f.path, f.sha256])).toEqual(m1.files.map((f) => [f.path, f.sha256]));
    },
    180_000,
  );
});

describe(`the nightly backup (${targetKind})`, () => {
  it('writes an archive a night into BACKUP_DIR and keeps BACKUP_KEEP of them; /metrics tells the newest one', async () => {
    const config = { dir: join(root, 'backups'), keep: 2, at: '47 2 * * *' };
    const nights = ['2026-11-25T18:47:00Z', '2026-11-26T18:47:00Z', '2026-11-27T18:47:00Z'];
    let last = { file: '', bytes: 0 };
    for (const night of nights) {
      const done = await runNightlyBackup({ database: h.database, folders: siteFolders(h.config), config, version: h.config.version, now: () => new Date(night) });
      expect(done.ok).toBe(true);
      if (done.ok) last = done;
    }
    expect(readdirSync(config.dir).sort()).toEqual(['site-20261126T184700Z.zip', 'site-20261127T184700Z.zip']);
    // each archive is whole
    expect(readArchive(new Uint8Array(readFileSync(last.file))).manifest.tables.length).toBeGreaterThan(20);
    const status = backupStatus(config);
    expect(status).toMatchObject({ count: 2, failed: null, last: { file: 'site-20261127T184700Z.zip', bytes: last.bytes } });
    registerBackupGauges(config);
    const { body } = await metricsAnswer();
    expect(body).toContain(`backup_last_size_bytes ${last.bytes}`);
    expect(body).toMatch(/backup_last_success_seconds \d+/);
    expect(body).toContain('backup_archives 2');
    expect(body).toContain('backup_failing 0');
  }, 120_000);

  it('with BACKUP_AGE_RECIPIENTS the nightly archives are encrypted to them (site-….zip.age) and restore with the identity', async () => {
    const identity = await generateIdentity();
    const config = { dir: join(root, 'backups-sealed'), keep: 3, at: '47 2 * * *', recipients: await identityToRecipient(identity) };
    const done = await runNightlyBackup({ database: h.database, folders: siteFolders(h.config), config, version: h.config.version, now: () => new Date('2026-11-28T18:47:00Z') });
    expect(done.ok && done.file.endsWith('site-20261128T184700Z.zip.age')).toBe(true);
    const sealed = new Uint8Array(readFileSync(join(config.dir, 'site-20261128T184700Z.zip.age')));
    expect(isEncrypted(sealed)).toBe(true);
    expect(backupStatus(config)).toMatchObject({ count: 1, last: { file: 'site-20261128T184700Z.zip.age' } });
    const target = await freshTarget(targetKind);
    const report = await restoreBackup({ archive: sealed, target, identity });
    expect(report.tables.every((t) => t.restored === t.archived)).toBe(true);
  }, 120_000);

  it('a failed backup is recorded in the folder, mailed to every admin in both languages, and keeps the last good archive', async () => {
    const config = { dir: join(root, 'backups-failing'), keep: 2, at: '47 2 * * *' };
    const night = new Date('2026-11-28T18:47:00Z');
    // where the archive would be written is taken (a folder of that name): the write fails
    mkdirSync(join(config.dir, '.site-20261128T184700Z.zip.partial'), { recursive: true });
    const outbox = join(root, 'admin-mail');
    const mailer = createMailer({ ...h.config.forms, smtpUrl: undefined, outboxDir: outbox } as typeof h.config.forms);
    const done = await runNightlyBackup({ database: h.database, folders: siteFolders(h.config), config, version: h.config.version, mailer, now: () => night });
    expect(done.ok).toBe(false);
    expect(done).toMatchObject({ mailed: 1 });
    const [mail] = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(mail).toContain(`To: ${admin.email}`);
    expect(mail).toMatch(/EISDIR|directory/);
    expect(backupStatus(config)).toMatchObject({ last: null, failed: { at: night.toISOString() } });
    registerBackupGauges(config);
    expect((await metricsAnswer()).body).toContain('backup_failing 1');
  }, 60_000);
});
