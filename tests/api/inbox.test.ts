import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import positionsJson from '../../content/recruiting/positions.json';
import { publishedPositions, type Position } from '../../src/content-model/schemas/recruiting';
import { contactMessages, positionApplications, resumeUploads, subscribers, trackingAlerts } from '../../src/server/db/schema';
import { createCaptcha } from '../../src/server/forms/captcha';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { loadLocations } from '../../src/server/content';
import { APPLICATION_COLUMNS, MESSAGE_COLUMNS } from '../../src/server/export';
import { EXAMPLE_MESSAGE, EXAMPLE_SUBSCRIPTION } from '../../src/contract/examples';
import { runRetention } from '../../src/inbox/retention';
import { setStatus } from '../../src/inbox/items';
import { openQueue, QUEUES } from '../../src/worker/queue';
import { startWorker } from '../../src/worker/worker';
import { readAudit } from '../../src/staff/audit';
import { type Jar, startStaff, type StaffHarness } from './staff-helpers';
import { realDocx } from './word-fixtures';

/**
 * The inbox's calls (src/inbox/, src/server/staff/inbox.ts) on a real database, fed through the
 * public forms as a visitor sends them, with the staff mail written to a real outbox folder.
 */
let h: StaffHarness;
let service: Jar;
let service2: Jar;
let hr: Jar;
let admin: Jar;
let editor: Jar;
const root = mkdtempSync(join(tmpdir(), 'inbox-'));
const uploadDir = join(root, 'uploads');
const outboxDir = join(root, 'outbox');
const position = publishedPositions(positionsJson.positions as Position[])[0];
const region = loadLocations().find((l) => l.locationParentId === 0)!;

beforeAll(async () => {
  h = await startStaff({ UPLOAD_DIR: uploadDir, OUTBOX_DIR: outboxDir, ...UNLIMITED_RATE_ENV }, { outboxMail: true });
  service = await h.member('service', 'sam.service@seabridgelines.com');
  service2 = await h.member('service', 'sue.service@seabridgelines.com');
  hr = await h.member('hr', 'hana.hr@seabridgelines.com');
  admin = await h.member('admin', 'ada.admin@seabridgelines.com');
  editor = await h.member('editor', 'eddie.editor@seabridgelines.com');
}, 240_000);
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

// ---- the visitor's side: the public forms, as the pages post them
async function solved() {
  const secret = await loadCaptchaSecret(h.database.db, h.config.forms.captchaSecret);
  const { answer, sign } = createCaptcha({ secret, ttlSeconds: h.config.forms.captchaTtlSeconds, now: h.clock.now() });
  return { code: answer, sign };
}
async function publicPost(path: string, body: FormData | URLSearchParams, language: 0 | 1 = 1) {
  const response = await h.app.request(`http://test.local${h.config.apiBase}${path}?language=${language}`, { method: 'POST', body }, { clientAddress: '203.0.113.9' });
  const json = await response.json();
  expect(json.code, json.message).toBe('200');
  return json.data.content;
}
/** Sends a message through the public API; answers the id of the one row it added (the clock is frozen: no newest by time). */
async function sendMessage(over: Record<string, string> = {}): Promise<string> {
  const ids = async () => new Set((await h.database.db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id));
  const before = await ids();
  await publicPost('/contactUs/saveContactUs', new URLSearchParams({ ...EXAMPLE_MESSAGE, ...over, ...(await solved()) }));
  const added = [...(await ids())].filter((id) => !before.has(id));
  expect(added).toHaveLength(1);
  return added[0];
}
async function apply(name: string, resume: Buffer): Promise<string> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(resume)], 'cv.docx'));
  const { path } = await publicPost('/webUpload/upload', form);
  const fields = { applyForName: name, applyForSex: '女', graduateSchool: 'Shanghai Maritime University', magor: 'Logistics Management', graduateTime: '2022-06', positionUUID: position.id, path };
  await publicPost('/positionApplyFor/savePositionApplyFor', new URLSearchParams({ ...fields, ...(await solved()) }));
  const [row] = await h.database.db.select({ id: positionApplications.id }).from(positionApplications).where(eq(positionApplications.uploadId, path));
  return row.id;
}
const later = (ms: number) => h.clock.advance(ms);

let messageId = '';
let consultId = '';
let applicationId = '';
let resume: Buffer;

describe('the inbox', () => {
  it('a message, a consultation and an application sent through the public forms arrive as new, each in its own box', async () => {
    messageId = await sendMessage({ region: String(region.locationId), content: 'Please quote a 40HQ from Shanghai to Rotterdam.' });
    later(60_000);
    consultId = await sendMessage({ email: 'wu.fang@example.com', userName: 'Wu Fang', companyName: 'Fresh Fruit Ltd', content: '[Reefer cargo]\nWe ship cherries from Chile.' });
    later(60_000);
    resume = await realDocx('Zhang Min — zhang.min@example.com');
    applicationId = await apply('Zhang Min', resume);

    const messages = await h.call('/inbox/messages', { jar: service });
    expect(messages.status).toBe(200);
    const rows = messages.body.data.content.rows;
    // newest first
    expect(rows.map((r: { id: string }) => r.id)).toEqual([consultId, messageId]);
    expect(rows[0]).toMatchObject({ kind: 'consultation', status: 'new', version: 1, assignedTo: null, email: 'wu.fang@example.com' });
    expect(rows[1]).toMatchObject({ kind: 'message', region: String(region.locationId), regionName: `${region.locationNameEn} / ${region.locationNameCn}` });

    const counts = await h.call('/inbox/counts', { jar: service });
    expect(counts.body.data.content).toEqual({ messages: 2, applications: null });
    expect((await h.call('/inbox/counts', { jar: hr })).body.data.content).toEqual({ messages: null, applications: 1 });
    expect((await h.call('/inbox/counts', { jar: admin })).body.data.content).toEqual({ messages: 2, applications: 1 });
    expect((await h.call('/inbox/counts', { jar: editor })).status).toBe(403);

    // HR sees no messages, service no applications
    expect((await h.call('/inbox/messages', { jar: hr })).status).toBe(403);
    expect((await h.call(`/inbox/messages/${messageId}`, { jar: hr })).status).toBe(403);
    expect((await h.call('/inbox/applications', { jar: service })).status).toBe(403);
    expect((await h.call(`/inbox/applications/${applicationId}/resume`, { jar: service })).status).toBe(403);
    const apps = await h.call('/inbox/applications', { jar: hr });
    expect(apps.body.data.content.rows).toEqual([expect.objectContaining({ id: applicationId, kind: 'application', name: 'Zhang Min', positionId: position.id, status: 'new' })]);
  });

  it('filters by status, kind, region, position, date and text; pages', async () => {
    const ids = async (query: string, jar = service, box = 'messages') => {
      const r = await h.call(`/inbox/${box}?${query}`, { jar });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.content.rows.map((x: { id: string }) => x.id);
    };
    expect(await ids('kind=consultation')).toEqual([consultId]);
    expect(await ids('kind=message')).toEqual([messageId]);
    expect(await ids(`region=${region.locationId}`)).toEqual([messageId]);
    expect(await ids('text=cherries')).toEqual([consultId]);
    expect(await ids('text=FRESH%20fruit')).toEqual([consultId]);
    expect(await ids('text=li.wei@example')).toEqual([messageId]);
    expect(await ids('status=closed')).toEqual([]);
    const today = h.clock.now().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(2);
    expect(await ids('to=2000-01-01')).toEqual([]);
    const paged = await h.call('/inbox/messages?size=1&page=2', { jar: service });
    expect(paged.body.data.content).toMatchObject({ total: 2, rows: [{ id: messageId }] });
    expect(await ids(`position=${position.id}`, hr, 'applications')).toEqual([applicationId]);
    expect(await ids('text=maritime', hr, 'applications')).toEqual([applicationId]);
    expect(await ids('position=no-such-position', hr, 'applications')).toEqual([]);
    // bad input is named
    const bad = await h.call('/inbox/messages?status=lost&from=yesterday', { jar: service });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
    expect(bad.body.message).toMatch(/from/);
  });

  it('a message shows everything sent, where it was routed, when it arrived and whether the staff mail went out', async () => {
    const r = await h.call(`/inbox/messages/${messageId}`, { jar: service });
    expect(r.status).toBe(200);
    const m = r.body.data.content;
    expect(m).toMatchObject({
      name: EXAMPLE_MESSAGE.userName,
      email: EXAMPLE_MESSAGE.email,
      company: EXAMPLE_MESSAGE.companyName,
      phone: EXAMPLE_MESSAGE.tel,
      wantsCall: true,
      place: EXAMPLE_MESSAGE.country,
      content: 'Please quote a 40HQ from Shanghai to Rotterdam.',
      language: 'en',
      region: String(region.locationId),
      notifyError: null,
      notes: [],
    });
    expect(Date.parse(m.receivedAt)).toBeGreaterThan(0);
    expect(m.notifiedAt).not.toBeNull();
    expect(m.assignable).toEqual(['sam.service@seabridgelines.com', 'sue.service@seabridgelines.com']);
    // the staff mail is in the outbox, and the row knows its copy
    const [row] = await h.database.db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    expect(row.outboxFile && existsSync(row.outboxFile)).toBe(true);
    // a mail that did not go out says why
    await h.database.db.update(contactMessages).set({ notifiedAt: null, notifyError: 'mail limit reached (RATE_LIMIT_MAIL); not sent' }).where(eq(contactMessages.id, consultId));
    const failed = await h.call(`/inbox/messages/${consultId}`, { jar: service });
    expect(failed.body.data.content).toMatchObject({ notifiedAt: null, notifyError: 'mail limit reached (RATE_LIMIT_MAIL); not sent', kind: 'consultation' });
    expect((await h.call(`/inbox/messages/${randomUUID()}`, { jar: service })).status).toBe(404);
    expect((await h.call('/inbox/messages/not-an-id', { jar: service })).status).toBe(400);
  });

  it('assign to oneself or someone of the same role, notes, and a status change racing another is refused naming who changed first', async () => {
    const mine = await h.call(`/inbox/messages/${messageId}/assign`, { body: { version: 1, to: 'sam.service@seabridgelines.com' }, jar: service });
    expect(mine.body.data.content).toMatchObject({ version: 2, assignedTo: 'sam.service@seabridgelines.com', status: 'new' });
    const toHr = await h.call(`/inbox/messages/${messageId}/assign`, { body: { version: 2, to: 'hana.hr@seabridgelines.com' }, jar: service });
    expect(toHr.status).toBe(400);
    expect(toHr.body.message).toMatch(/hana\.hr@seabridgelines\.com cannot be given this/);
    const toSue = await h.call(`/inbox/messages/${messageId}/assign`, { body: { version: 2, to: 'sue.service@seabridgelines.com' }, jar: service });
    expect(toSue.body.data.content).toMatchObject({ version: 3, assignedTo: 'sue.service@seabridgelines.com' });

    // both read version 3; Sue answers first, Sam's change is refused and told who
    later(1000);
    const sue = await h.call(`/inbox/messages/${messageId}/status`, { body: { version: 3, status: 'in_progress' }, jar: service2 });
    expect(sue.body.data.content).toMatchObject({ status: 'in_progress', version: 4 });
    const sam = await h.call(`/inbox/messages/${messageId}/status`, { body: { version: 3, status: 'spam' }, jar: service });
    expect(sam.status).toBe(409);
    expect(sam.body.message).toMatch(/^Changed first by sue\.service@seabridgelines\.com at /);
    expect(sam.body.data.content).toMatchObject({ by: 'sue.service@seabridgelines.com', version: 4 });

    const note = await h.call(`/inbox/messages/${messageId}/notes`, { body: { text: 'Called back, <b>quote</b> sent Monday.' }, jar: service });
    expect(note.body.data.content).toMatchObject({ by: 'sam.service@seabridgelines.com', text: 'Called back, <b>quote</b> sent Monday.' });
    expect((await h.call(`/inbox/messages/${messageId}/notes`, { body: { text: '   ' }, jar: service })).body.message).toMatch(/text: must not be empty/);
    expect((await h.call(`/inbox/messages/${messageId}/notes?language=0`, { body: { text: '' }, jar: service })).body.message).toMatch(/text: 不能为空/);

    const closed = await h.call(`/inbox/messages/${messageId}/status`, { body: { version: 4, status: 'closed' }, jar: service });
    expect(closed.body.data.content.status).toBe('closed');
    const detail = (await h.call(`/inbox/messages/${messageId}`, { jar: service })).body.data.content;
    expect(detail).toMatchObject({ status: 'closed', changedBy: 'sam.service@seabridgelines.com', notes: [{ text: 'Called back, <b>quote</b> sent Monday.' }] });
    expect(detail.closedAt).not.toBeNull();
    expect((await h.call('/inbox/counts', { jar: service })).body.data.content.messages).toBe(1);
    const { rows } = await readAudit(h.database.db, { action: 'inbox.', page: 1, size: 50 });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['inbox.assigned', 'inbox.status-changed', 'inbox.noted']));
  });

  it('HR downloads the résumé as an attachment checked by its content, and previews it as sanitized HTML; a missing file is a clear 404', async () => {
    const detail = await h.call(`/inbox/applications/${applicationId}`, { jar: hr });
    expect(detail.body.data.content).toMatchObject({
      name: 'Zhang Min',
      gender: '女',
      school: 'Shanghai Maritime University',
      major: 'Logistics Management',
      graduation: '2022-06',
      position: position.title.en,
      resume: { kind: 'docx', originalName: 'cv.docx' },
    });
    const download = await h.call(`/inbox/applications/${applicationId}/resume`, { jar: hr });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="resume - Zhang Min\.docx"/);
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    const bytes = await (
      await h.staff.app.request(`${'http://staff.test'}${h.config.apiBase}/staff/inbox/applications/${applicationId}/resume`, { headers: { cookie: hr.header(), origin: 'http://staff.test' } })
    ).arrayBuffer();
    expect(Buffer.from(bytes).equals(resume)).toBe(true);

    const preview = await h.call(`/inbox/applications/${applicationId}/preview`, { jar: hr });
    expect(preview.body.data.content.html).toContain('zhang.min@example.com');
    expect(preview.body.data.content.html).toContain('<table>');

    const [{ u }] = await h.database.db
      .select({ u: resumeUploads })
      .from(positionApplications)
      .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
      .where(eq(positionApplications.id, applicationId));
    const file = join(uploadDir, `${u.id}.${u.kind}`);
    // a file that is no longer a Word document by its content is not served
    writeFileSync(file, '<html><script>alert(1)</script></html>');
    const changed = await h.call(`/inbox/applications/${applicationId}/resume`, { jar: hr });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/no longer a DOCX document/);
    rmSync(file);
    const missing = await h.call(`/inbox/applications/${applicationId}/resume`, { jar: hr });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/résumé file .* is missing on the server/);
    // in the page's language
    expect((await h.call(`/inbox/applications/${applicationId}/resume?language=0`, { jar: hr })).body.message).toMatch(/^服务器上缺少简历文件/);
    expect((await h.call(`/inbox/applications/${applicationId}/preview`, { jar: hr })).status).toBe(404);
    writeFileSync(file, resume);
  });

  it('a DOCX preview keeps text as text: markup typed into a résumé never becomes markup', async () => {
    const hostile = await apply('Hostile Résumé', await realDocx('<img src=x onerror=alert(1)><script>alert(2)</script>'));
    const preview = await h.call(`/inbox/applications/${hostile}/preview`, { jar: hr });
    expect(preview.body.data.content.html).not.toMatch(/<img|<script/);
    expect(preview.body.data.content.html).toContain('&lt;script&gt;');
  });

  it('exports a filtered list as CSV with a BOM and the columns of export:submissions, and audits it', async () => {
    const r = await h.staff.app.request(`http://staff.test${h.config.apiBase}/staff/inbox/export/messages?kind=consultation`, { headers: { cookie: service.header(), origin: 'http://staff.test' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(MESSAGE_COLUMNS.join(','));
    // one row: the consultation, its two lines quoted
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('"[Reefer cargo]\nWe ship cherries from Chile."');
    const apps = await h.staff.app.request(`http://staff.test${h.config.apiBase}/staff/inbox/export/applications`, { headers: { cookie: hr.header(), origin: 'http://staff.test' } });
    const appsText = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await apps.arrayBuffer());
    expect(appsText.slice(1).split('\r\n')[0]).toBe(APPLICATION_COLUMNS.join(','));
    expect((await h.call('/inbox/export/applications', { jar: service })).status).toBe(403);
    const { rows } = await readAudit(h.database.db, { action: 'inbox.exported', page: 1, size: 10 });
    expect(rows.map((x) => `${x.actorEmail} ${x.subject} ${x.detail}`)).toEqual(
      expect.arrayContaining(['sam.service@seabridgelines.com messages 1 rows; kind=consultation', 'hana.hr@seabridgelines.com applications 2 rows']),
    );
  });
});

describe('retention', () => {
  it('removes what is past its time (rows, résumé files, outbox copies) and nothing else; a run that dies midway is completed by the next', async () => {
    const db = h.database.db;
    const config = { messagesDays: 365, applicationsDays: 180 };
    const start = h.clock.now();
    const day = 86_400_000;
    // a second closed message, closed later; an open one, old but never closed
    const closedLater = await sendMessage({ email: 'late@example.com', content: 'Closed ten days later than the first one.' });
    const [{ version }] = await db.select({ version: contactMessages.version }).from(contactMessages).where(eq(contactMessages.id, closedLater));
    // closed ten days on (straight through the module: a staff session would not live ten days)
    await setStatus(db, 'messages', closedLater, version, 'closed', { id: null, email: 'sam.service@seabridgelines.com' }, new Date(start.getTime() + 10 * day));
    const outboxBefore = readdirSync(outboxDir).length;
    const [closedRow] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    const [app] = await db
      .select({ a: positionApplications, u: resumeUploads })
      .from(positionApplications)
      .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
      .where(eq(positionApplications.id, applicationId));
    const resumeFile = join(uploadDir, `${app.u.id}.${app.u.kind}`);
    expect(existsSync(resumeFile)).toBe(true);
    expect(existsSync(app.a.outboxFile!)).toBe(true);

    // the day before anything is due: nothing goes
    const none = await runRetention({ db, config, uploadDir, outboxDir, now: new Date(start.getTime() + 179 * day) });
    expect(none).toEqual({ messages: 0, applications: 0, files: 0 });

    // 181 days after receipt: the applications go (both), no message yet (the first was closed ~0 days after start)
    const apps = await runRetention({ db, config, uploadDir, outboxDir, now: new Date(start.getTime() + 181 * day) });
    expect(apps).toMatchObject({ messages: 0, applications: 2 });
    expect(existsSync(resumeFile)).toBe(false);
    expect(existsSync(app.a.outboxFile!)).toBe(false);
    expect(await db.select().from(positionApplications)).toEqual([]);
    expect(await db.select().from(resumeUploads)).toEqual([]);

    // 366 days after the first closing: that message is due, the one closed ten days later is not; the run dies after its first deletion
    const at = new Date(start.getTime() + 366 * day);
    await expect(
      runRetention({
        db,
        config,
        uploadDir,
        outboxDir,
        now: at,
        afterEach: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await db.select().from(contactMessages).where(eq(contactMessages.id, messageId))).length).toBe(0);
    expect(existsSync(closedRow.outboxFile!)).toBe(false);
    const next = await runRetention({ db, config, uploadDir, outboxDir, now: at });
    expect(next).toEqual({ messages: 0, applications: 0, files: 0 });
    const left = (await db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id).sort();
    expect(left).toEqual([consultId, closedLater].sort());
    // 0 keeps
    expect(await runRetention({ db, config: { messagesDays: 0, applicationsDays: 0 }, uploadDir, outboxDir, now: new Date(start.getTime() + 5000 * day) })).toEqual({
      messages: 0,
      applications: 0,
      files: 0,
    });
    // ten days later the second closed one goes, its outbox copy with it; the open one stays however old
    const last = await runRetention({ db, config, uploadDir, outboxDir, now: new Date(start.getTime() + 377 * day) });
    expect(last).toEqual({ messages: 1, applications: 0, files: 1 });
    expect((await db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id)).toEqual([consultId]);
    expect(readdirSync(outboxDir).length).toBe(outboxBefore - 4);
    const { rows } = await readAudit(db, { action: 'inbox.retention', page: 1, size: 10 });
    expect(rows.map((r) => r.detail)).toEqual(['1 messages, 0 applications, 1 files deleted', '1 messages, 0 applications, 1 files deleted', '0 messages, 2 applications, 4 files deleted']);
    // only counts: no address, no name
    expect(rows.every((r) => r.subject === '' && !/@/.test(r.detail))).toBe(true);
  });
});

describe('the retention job', () => {
  it('is scheduled daily by the worker, and a run deletes what is due', async () => {
    const db = h.database.db;
    const queue = await openQueue(h.database, { databaseUrl: h.databaseUrl, work: true, log: () => {} });
    try {
      await startWorker({ db, queue, root: root, newsApiUrl: 'http://127.0.0.1:9/none', log: () => {}, retention: { config: { messagesDays: 365, applicationsDays: 180 }, uploadDir, outboxDir } });
      const schedules = await queue.boss.getSchedules();
      expect(schedules.find((x) => x.name === QUEUES.retention)).toMatchObject({ cron: '27 3 * * *', timezone: 'Asia/Shanghai' });
      // a message closed 400 days ago (the job runs on the real clock)
      const old = await sendMessage({ email: 'old@example.com', content: 'An old question, closed long ago.' });
      await setStatus(db, 'messages', old, 1, 'closed', { id: null, email: 'sam.service@seabridgelines.com' }, new Date(Date.now() - 400 * 86_400_000));
      await queue.boss.send(QUEUES.retention, {});
      await expect.poll(async () => (await db.select().from(contactMessages).where(eq(contactMessages.id, old))).length, { timeout: 30_000 }).toBe(0);
      expect((await db.select().from(contactMessages).where(eq(contactMessages.id, consultId))).length).toBe(1);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});

describe('personal data', () => {
  const email = 'zhou.lan@example.com';
  it('a data-subject request lists, exports as one zip and deletes everything under an address (admin only, audited)', async () => {
    const db = h.database.db;
    const m = await sendMessage({ email, userName: 'Zhou Lan', content: 'Please delete my data after answering.' });
    const other = await sendMessage({ email: 'someone.else@example.com', content: 'Not Zhou: another visitor asking for a quote.' });
    const a = await apply('Zhou Lan', await realDocx(`Zhou Lan, ${email.toUpperCase()}`));
    const notHers = await apply('Zhou Lan Ting', await realDocx('Another candidate, nobody@example.com'));
    await db.insert(subscribers).values({
      ...EXAMPLE_SUBSCRIPTION,
      id: randomUUID(),
      email,
      province: '',
      city: '',
      language: 'zh-CN',
      dayOfWeek: 'MON',
      tradeLabels: [],
      ports: [],
      frequencyImportant: 1,
    } as typeof subscribers.$inferInsert);
    await db
      .insert(trackingAlerts)
      .values({ id: randomUUID(), email, language: 0, reference: 'SBLU2611040071', kind: 'bl', booking: '2611040071', bl: 'SBLU2611040071', milestones: ['arrival'], lastEventAt: new Date() });
    await h.call(`/inbox/messages/${m}/notes`, { body: { text: 'Asked for deletion on the phone.' }, jar: service });

    expect((await h.call(`/privacy/subject?email=${email}`, { jar: service })).status).toBe(403);
    expect((await h.call(`/privacy/subject?email=${email}`, { jar: hr })).status).toBe(403);
    expect((await h.call('/privacy/subject?email=not-an-address', { jar: admin })).body.message).toMatch(/email/);
    const found = await h.call(`/privacy/subject?email=${email.toUpperCase()}`, { jar: admin });
    expect(found.status).toBe(200);
    const f = found.body.data.content;
    expect(f.messages.map((x: { id: string }) => x.id)).toEqual([m]);
    expect(f.applications.map((x: { id: string; matchedBy: string }) => [x.id, x.matchedBy])).toEqual([[a, 'resume']]);
    expect(f.subscriptions.map((x: { email: string }) => x.email)).toEqual([email]);
    expect(f.trackingAlerts.map((x: { reference: string }) => x.reference)).toEqual(['SBLU2611040071']);

    const zipped = await h.staff.app.request(`http://staff.test${h.config.apiBase}/staff/privacy/subject/export?email=${email}`, { headers: { cookie: admin.header(), origin: 'http://staff.test' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-disposition')).toMatch(/^attachment; /);
    const files = unzipSync(new Uint8Array(await zipped.arrayBuffer()));
    const subject = JSON.parse(strFromU8(files['subject.json']));
    expect(subject.messages.map((x: { id: string; notes: { text: string }[] }) => [x.id, x.notes[0]?.text])).toEqual([[m, 'Asked for deletion on the phone.']]);
    expect(subject.applications).toHaveLength(1);
    expect(subject.newsletterSubscriptions).toHaveLength(1);
    expect(subject.trackingAlerts).toHaveLength(1);
    const resumeName = subject.applications[0].resume.file;
    expect(Object.keys(files).sort()).toEqual(['subject.json', resumeName].sort());
    expect(files[resumeName].byteLength).toBeGreaterThan(1000);

    const [appRow] = await db
      .select({ a: positionApplications, u: resumeUploads })
      .from(positionApplications)
      .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
      .where(eq(positionApplications.id, a));
    const [msgRow] = await db.select().from(contactMessages).where(eq(contactMessages.id, m));
    expect((await h.call('/privacy/subject/delete', { body: { email }, jar: admin })).body.message).toMatch(/confirm/);
    const erased = await h.call('/privacy/subject/delete', { body: { email, confirm: true }, jar: admin });
    expect(erased.body.data.content).toEqual({ messages: 1, applications: 1, subscriptions: 1, trackingAlerts: 1, files: 3 });
    expect(existsSync(join(uploadDir, `${appRow.u.id}.${appRow.u.kind}`))).toBe(false);
    expect(existsSync(appRow.a.outboxFile!)).toBe(false);
    expect(existsSync(msgRow.outboxFile!)).toBe(false);
    const again = (await h.call(`/privacy/subject?email=${email}`, { jar: admin })).body.data.content;
    expect([again.messages, again.applications, again.subscriptions, again.trackingAlerts]).toEqual([[], [], [], []]);
    // the others are untouched
    expect((await db.select().from(contactMessages).where(eq(contactMessages.id, other))).length).toBe(1);
    expect((await db.select().from(positionApplications).where(eq(positionApplications.id, notHers))).length).toBe(1);
    const { rows } = await readAudit(db, { action: 'privacy.', page: 1, size: 10 });
    expect(rows.map((r) => r.action).sort()).toEqual(['privacy.deleted', 'privacy.exported', 'privacy.looked-up', 'privacy.looked-up']);
    expect(rows.find((r) => r.action === 'privacy.deleted')).toMatchObject({
      actorEmail: 'ada.admin@seabridgelines.com',
      subject: email,
      detail: '1 messages, 1 applications, 1 subscriptions, 1 tracking alerts, 3 files',
    });
  });

  it('an application can be found by the applicant’s name when the résumé does not carry the address', async () => {
    const found = await h.call('/privacy/subject?email=zhou.lanting@example.com&name=zhou%20lan%20ting', { jar: admin });
    expect(found.body.data.content.applications.map((x: { name: string; matchedBy: string }) => [x.name, x.matchedBy])).toEqual([['Zhou Lan Ting', 'name']]);
  });

  it('newsletter subscribers: counts per language and choice to editors, look-up and deletion by address to admins only', async () => {
    const db = h.database.db;
    const base = { ...EXAMPLE_SUBSCRIPTION, province: '', city: '', dayOfWeek: 'MON', tradeLabels: [], ports: [] };
    await db.insert(subscribers).values([
      { ...base, id: randomUUID(), email: 'a@example.com', language: 'zh-CN', frequencyImportant: 1 },
      { ...base, id: randomUUID(), email: 'b@example.com', language: 'zh-CN', frequencyImportant: 1 },
      { ...base, id: randomUUID(), email: 'c@example.com', language: 'en-US', frequencyBusiness: 2, frequencyPort: 3 },
    ] as (typeof subscribers.$inferInsert)[]);
    const counts = await h.call('/privacy/subscribers/counts', { jar: editor });
    expect(counts.body.data.content).toEqual({
      total: 3,
      rows: [
        { language: 'en-US', important: 0, business: 2, port: 3, subscribers: 1 },
        { language: 'zh-CN', important: 1, business: 0, port: 0, subscribers: 2 },
      ],
    });
    expect(JSON.stringify(counts.body)).not.toContain('@');
    expect((await h.call('/privacy/subscribers/counts', { jar: service })).status).toBe(403);
    expect((await h.call('/privacy/subscribers?email=a@example.com', { jar: editor })).status).toBe(403);
    expect((await h.call('/privacy/subscribers?email=a@example.com', { jar: admin })).body.data.content).toMatchObject({ email: 'a@example.com', language: 'zh-CN', important: 1 });
    expect((await h.call('/privacy/subscribers/delete', { body: { email: 'a@example.com' }, jar: editor })).status).toBe(403);
    expect((await h.call('/privacy/subscribers/delete', { body: { email: 'A@example.com' }, jar: admin })).body.data.content).toEqual({ deleted: true });
    expect((await h.call('/privacy/subscribers?email=a@example.com', { jar: admin })).body.data.content).toBeNull();
    expect((await h.call('/privacy/subscribers/counts', { jar: admin })).body.data.content.total).toBe(2);
  });
});
