import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_TYPE } from '../../src/contract/wire';
import { newsItems, stories, subscribers } from '../../src/server/db/schema';
import { publishDue } from '../../src/newsroom/stories';
import type { StoryContent } from '../../src/newsroom/story';
import { readAudit } from '../../src/staff/audit';
import { sendDigests } from '../../src/server/subscribe/digest';
import { todayInChina } from '../../src/newsroom/times';
import type { Jar } from './staff-helpers';
import { seaPng } from '../fixtures/pictures';
import { readNewsImage } from '../../src/newsroom/images';
import { startStaff, type StaffHarness } from './staff-helpers';

/** The newsroom's calls (src/newsroom/, src/server/staff/newsroom.ts) on a real database, and what the public API then serves. */
let h: StaffHarness;
let writer: Jar;
let editor: Jar;
let service: Jar;
const dataDir = mkdtempSync(join(tmpdir(), 'newsroom-'));
beforeAll(async () => {
  // the uploaded pictures go to DATA_DIR/files/news
  h = await startStaff({ DATA_DIR: dataDir });
  [writer, editor, service] = [await h.member('writer', 'wei.writer@seabridgelines.com'), await h.member('editor', 'maria.editor@seabridgelines.com'), await h.member('service')];
}, 240_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const notice = (title = 'Congestion surcharge at Yantian from 1 December'): StoryContent => ({
  meta: { typeId: NEWS_TYPE.notices, labels: ['surcharges', 'port-operations'], tradeCodes: [], portCodes: ['CNYTN'], statusDt: '2026-11-26', important: true },
  en: {
    title,
    subTitle: '',
    author: 'Trade Management',
    summary: 'A congestion surcharge applies to export cargo from Yantian.',
    body: '<p>From <strong>1 December 2026</strong> a surcharge of USD 150 per TEU applies.</p>',
    picUrl: null,
  },
  zh: { title: '盐田港拥堵附加费通知', subTitle: '', author: '贸易管理部', summary: '自12月1日起盐田出口货物加收拥堵附加费。', body: '<p>自2026年12月1日起，每TEU加收150美元。</p>', picUrl: null },
});
const publicDetail = (id: string, language: 0 | 1) => h.request(`/cosNewss/findLastNextNews/${id}?language=${language}&newsTypeUuid=${NEWS_TYPE.notices}`);

describe('the newsroom', () => {
  it('holds every story the public API already served, as published', async () => {
    const [{ n }] = await h.database.db.select({ n: sql<number>`count(distinct ${newsItems.uuid})::int` }).from(newsItems);
    const list = await h.call(`/news/stories?status=published&size=1`, { jar: editor });
    expect(list.status).toBe(200);
    expect(list.body.data.content.total).toBe(n);
    expect(n).toBeGreaterThan(10);
  });

  it('a writer drafts a bilingual notice (what the allow-list removes is said), submits it; the editor publishes it and the public API serves it at once', async () => {
    const content = notice();
    content.en!.body = '<p onclick="steal()">From <strong>1 December</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">';
    const check = await h.call('/news/check-body', { body: { html: content.en!.body }, jar: writer });
    expect(check.body.data.content.removed.map((r: { what: string }) => r.what)).toEqual(['p onclick', 'script', 'img onerror']);

    const created = await h.call('/news/stories', { body: content, jar: writer });
    expect(created.status).toBe(200);
    const { id, version, removed } = created.body.data.content;
    expect(removed.en.length).toBe(3);
    expect(removed.zh).toBeUndefined();
    const stored = await h.call(`/news/stories/${id}`, { jar: writer });
    expect(stored.body.data.content.content.en.body).toBe('<p>From <strong>1 December</strong>.</p><img src="x">');

    // not on the site yet
    expect((await publicDetail(id, 1)).body.code).not.toBe('200');
    const submitted = await h.call(`/news/stories/${id}/submit`, { body: { version }, jar: writer });
    expect(submitted.body.data.content).toMatchObject({ status: 'review', version: version + 1 });
    // a writer does not publish
    expect((await h.call(`/news/stories/${id}/publish`, { body: { version: version + 1 }, jar: writer })).status).toBe(403);
    // customer service has no newsroom
    expect((await h.call(`/news/stories/${id}`, { jar: service })).status).toBe(403);

    const published = await h.call(`/news/stories/${id}/publish`, { body: { version: version + 1 }, jar: editor });
    expect(published.body.data.content.status).toBe('published');
    const en = await publicDetail(id, 1);
    expect(en.status).toBe(200);
    expect(JSON.stringify(en.body.data.content)).toContain('Congestion surcharge at Yantian');
    const zh = await publicDetail(id, 0);
    expect(JSON.stringify(zh.body.data.content)).toContain('盐田港拥堵附加费通知');
    const entries = (await readAudit(h.database.db, { text: id, page: 1, size: 20 })).rows.map((r) => `${r.action} ${r.actorEmail}`);
    expect(entries).toEqual(
      expect.arrayContaining(['story.created wei.writer@seabridgelines.com', 'story.submitted wei.writer@seabridgelines.com', 'story.published maria.editor@seabridgelines.com']),
    );
  });

  it('two people saving the same version: the second is refused and told who saved first', async () => {
    const { id, version } = (await h.call('/news/stories', { body: notice('Typhoon: Yantian gate closed'), jar: writer })).body.data.content;
    const first = await h.call(`/news/stories/${id}`, { body: { version, content: notice('Typhoon Koinu: Yantian gate closed') }, jar: writer });
    expect(first.status).toBe(200);
    const second = await h.call(`/news/stories/${id}`, { body: { version, content: notice('Typhoon: Yantian and Shekou gates closed') }, jar: editor });
    expect(second.status).toBe(409);
    expect(second.body.data.content).toMatchObject({ by: 'wei.writer@seabridgelines.com', version: version + 1 });
    const [row] = await h.database.db.select().from(stories).where(eq(stories.id, id));
    expect((row.content as StoryContent).en!.title).toBe('Typhoon Koinu: Yantian gate closed');
  });

  it('editing a published story makes a new revision, live at once; every revision is kept and can be restored; unpublish takes it off', async () => {
    const { id, version } = (await h.call('/news/stories', { body: notice('Holiday schedule for the Spring Festival'), jar: editor })).body.data.content;
    let v = (await h.call(`/news/stories/${id}/publish`, { body: { version }, jar: editor })).body.data.content.version;
    const edited = notice('Holiday schedule for the Spring Festival 2027');
    v = (await h.call(`/news/stories/${id}`, { body: { version: v, content: edited }, jar: editor })).body.data.content.version;
    expect(JSON.stringify((await publicDetail(id, 1)).body.data.content)).toContain('Spring Festival 2027');
    // a writer cannot change a published story
    expect((await h.call(`/news/stories/${id}`, { body: { version: v, content: notice('x') }, jar: writer })).status).toBe(403);
    const story = (await h.call(`/news/stories/${id}`, { jar: editor })).body.data.content;
    expect(story.revisions.map((r: { action: string }) => r.action)).toEqual(['saved', 'published', 'created']);
    expect(story.revisions[0]).toMatchObject({ by: 'maria.editor@seabridgelines.com', summary: 'title (en)' });
    v = (await h.call(`/news/stories/${id}/restore`, { body: { version: v, revision: 1 }, jar: editor })).body.data.content.version;
    expect(JSON.stringify((await publicDetail(id, 1)).body.data.content)).not.toContain('Spring Festival 2027');
    const off = await h.call(`/news/stories/${id}/unpublish`, { body: { version: v }, jar: editor });
    expect(off.body.data.content.status).toBe('unpublished');
    expect((await publicDetail(id, 1)).body.code).not.toBe('200');
  });

  it('a scheduled story is published by publishDue once its time has come, not before; a time in the past is refused', async () => {
    const { id, version } = (await h.call('/news/stories', { body: notice('Rate restoration on the Asia–Europe trade'), jar: editor })).body.data.content;
    const past = await h.call(`/news/stories/${id}/schedule`, { body: { version, at: '2020-01-01T09:00:00+08:00' }, jar: editor });
    expect(past.status).toBe(400);
    const at = new Date(h.clock.now().getTime() + 3600_000);
    const scheduled = await h.call(`/news/stories/${id}/schedule`, { body: { version, at: at.toISOString() }, jar: editor });
    expect(scheduled.body.data.content.status).toBe('scheduled');
    expect(await publishDue(h.database.db, new Date(at.getTime() - 1000))).toEqual([]);
    expect(await publishDue(h.database.db, new Date(at.getTime() + 1000))).toEqual([id]);
    expect((await publicDetail(id, 1)).status).toBe(200);
  });

  it('bad input is refused naming the field', async () => {
    const bad = notice('');
    bad.meta.portCodes = ['Yantian'];
    const answer = await h.call('/news/stories', { body: bad, jar: writer });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/en\.title/);
    expect(answer.body.message).toMatch(/portCodes/);
    const none = await h.call('/news/stories', { body: { ...notice(), en: null, zh: null }, jar: writer });
    expect(none.status).toBe(400);
  });

  it('a trade or port that is not in the site’s lists is refused, named, in the asker’s language; nothing is saved', async () => {
    const unknown = notice('Shekou gate closed');
    unknown.meta.tradeCodes = ['TP', 'XX'];
    unknown.meta.portCodes = ['CNYTN', 'CNSZX'];
    const answer = await h.call('/news/stories', { body: unknown, jar: writer });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("body.meta.tradeCodes: XX is not one of the site's trades.; body.meta.portCodes: CNSZX is not a port of the site's network.");
    const { id, version } = (await h.call('/news/stories', { body: notice('Shekou gate closed'), jar: writer })).body.data.content;
    const saved = await h.call(`/news/stories/${id}?language=0`, { body: { version, content: unknown }, jar: writer });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toContain('body.content.meta.portCodes: CNSZX 不是本站航线网络中的港口。');
    const [row] = await h.database.db.select().from(stories).where(eq(stories.id, id));
    expect((row.content as StoryContent).meta.portCodes).toEqual(notice().meta.portCodes);
    // the known ones are kept as chosen
    const known = notice('Shekou gate closed');
    known.meta.tradeCodes = ['TP', 'AE'];
    known.meta.portCodes = ['CNYTN', 'CNSHA'];
    expect((await h.call(`/news/stories/${id}`, { body: { version, content: known }, jar: writer })).status).toBe(200);
  });
});

describe('the newsroom’s pictures', () => {
  const upload = (data: Uint8Array, name: string, jar: Jar, language = 1) => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(data)], name));
    return h.call(`/news/images?language=${language}`, { body: form, jar });
  };

  it('a PNG is stored once by its content and named under /files/news/; the same bytes twice are one file', async () => {
    const png = seaPng();
    const first = await upload(png, 'yantian.png', writer);
    expect(first.status).toBe(200);
    expect(first.body.data.content).toMatchObject({ type: 'image/png', size: png.byteLength });
    expect(first.body.data.content.url).toMatch(/^\/files\/news\/[0-9a-f]{24}\.png$/);
    const again = await upload(png, 'another-name.jpg', writer);
    expect(again.body.data.content.url).toBe(first.body.data.content.url);
    const name = first.body.data.content.url.split('/').pop();
    const stored = readNewsImage(h.config.dataDir, name);
    expect(stored?.type).toBe('image/png');
    expect(Buffer.compare(stored!.data, png)).toBe(0);
    // only names of the stored form are looked up
    expect(readNewsImage(h.config.dataDir, '../../package.json')).toBeNull();
    // and a story may use it, in the body and as its picture
    const content = notice('Typhoon: Yantian gate closed');
    content.en!.picUrl = first.body.data.content.url;
    content.en!.body = `<p>The gate is closed.</p><img src="${first.body.data.content.url}" alt="">`;
    expect((await h.call('/news/stories', { body: content, jar: writer })).status).toBe(200);
  });

  it('anything but PNG, JPEG or WebP is refused by its content, whatever its name, in the language asked; so is a file over 5 MB', async () => {
    const text = await upload(new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'picture.png', writer, 0);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('file: 图片须为 PNG、JPEG 或 WebP 格式（按文件内容检查，而非文件名）。');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(seaPng(8, 8));
    const large = await upload(big, 'big.png', writer);
    expect(large.status).toBe(400);
    expect(large.body.message).toMatch(/^file: The picture may be at most 5 MB/);
  });

  it('service and hr, who have no newsroom, may not upload', async () => {
    expect((await upload(seaPng(8, 8), 'x.png', service)).status).toBe(403);
  });
});

describe('an important notice mailed at once', () => {
  it('goes once to the subscribers of important notices, each in their language, and a digest takes a story published today', async () => {
    const db = h.database.db;
    const person = (email: string, language: string, frequencyImportant: number) => ({
      id: randomUUID(),
      email,
      company: 'Ningbo Lotus Trading',
      firstName: 'Li',
      lastName: 'Na',
      country: 'CN',
      language,
      dayOfWeek: 'MON',
      frequencyImportant,
      // on the test's clock, not the database's: the digest's day is the clock's
      createdAt: h.clock.now(),
    });
    await db.insert(subscribers).values([person('li.na@example.com', 'zh-CN', 3), person('ops@example.com', 'en-US', 1), person('quiet@example.com', 'en-US', 0)]);
    const today = notice('Typhoon: Yantian gate closed');
    today.meta.statusDt = todayInChina(h.clock.now());
    const { id, version } = (await h.call('/news/stories', { body: today, jar: editor })).body.data.content;
    // not before it is published, and never by a writer
    expect((await h.call(`/news/stories/${id}/mail`, { body: { confirm: true }, jar: editor })).status).toBe(409);
    await h.call(`/news/stories/${id}/publish`, { body: { version }, jar: editor });
    expect((await h.call(`/news/stories/${id}/mail`, { body: { confirm: true }, jar: writer })).status).toBe(403);
    expect((await h.call(`/news/stories/${id}/mail`, { body: {}, jar: editor })).status).toBe(400);
    const before = h.mailer.sent.length;
    const first = await h.call(`/news/stories/${id}/mail`, { body: { confirm: true }, jar: editor });
    expect(first.body.data.content).toEqual({ recipients: 2 });
    const again = await h.call(`/news/stories/${id}/mail`, { body: { confirm: true }, jar: editor });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been mailed/);
    // the mails go in the background: waited for, as long as they take
    await expect.poll(async () => (await h.call(`/news/stories/${id}`, { jar: editor })).body.data.content.story.notice.sent, { timeout: 30_000 }).toBe(2);
    const mails = h.mailer.sent.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['li.na@example.com', 'ops@example.com']);
    expect(mails.find((m) => m.to === 'li.na@example.com')?.subject).toContain('盐田港拥堵附加费通知');
    expect(mails.find((m) => m.to === 'ops@example.com')?.subject).toContain('Typhoon: Yantian gate closed');
    expect((await readAudit(db, { action: 'story.mailed', page: 1, size: 5 })).rows[0]).toMatchObject({ subject: id, detail: '2 subscribers' });
    // the daily digest of the same day carries it too (the newsroom publishes into what the digests read)
    const sent = h.mailer.sent.length;
    const run = await sendDigests({ db, config: h.config, mailer: h.mailer, at: h.clock.now() });
    expect(run.errors).toEqual([]);
    const digest = h.mailer.sent.slice(sent).find((m) => m.to === 'li.na@example.com');
    expect(digest?.text).toContain('盐田港拥堵附加费通知');
  });
});
