import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls } from '../../src/contract/calls';
import { NEWS_PAGE_SIZE } from '../../src/contract/news';
import { NEWS_TYPE, NEWS_TYPE_IDS } from '../../src/contract/wire';
import { loadFaq, searchFaq } from '../../src/help/faq';
import { labelIdOf, OCEAN_ALLIANCE_LABEL, SERVICE_ENHANCEMENT_LABEL } from '../../src/news/news-catalogue';
import { readNewsSnapshot } from '../../src/server/news/snapshot';
import { seedIfEmpty } from '../../src/server/db/seed';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const snapshot = readNewsSnapshot();
const newestFirst = (a: { statusDt: string; newsUuid: string }, b: { statusDt: string; newsUuid: string }) => b.statusDt.localeCompare(a.statusDt) || b.newsUuid.localeCompare(a.newsUuid);
const ofType = (typeId: string, language: 0 | 1, label?: string) =>
  snapshot.filter((n) => n.language === language && n.typeId === typeId && (!label || n.labels.some((l) => labelIdOf(l) === label))).sort(newestFirst);

describe('news: seeded from the committed snapshot', () => {
  it('holds every story of content/news in both languages', async () => {
    for (const language of [0, 1] as const) {
      let total = 0;
      for (const typeId of NEWS_TYPE_IDS) total += (await h.client.call(calls.typeNews, { params: { typeId }, query: { language, size: 1 } })).count;
      expect(total).toBe(snapshot.filter((n) => n.language === language).length);
    }
  });

  it('does not seed twice', async () => {
    expect(await seedIfEmpty(h.database.db)).toBe(false);
  });
});

describe('news: types and labels', () => {
  it('names the four types in the language asked', async () => {
    const en = await h.client.call(calls.newsTypes, { query: { language: 1 } });
    expect(en.map((t) => t.newsTypeId)).toEqual(NEWS_TYPE_IDS);
    expect(en[0].typeName).toBe('Notices');
    const zh = await h.client.call(calls.newsTypes, { query: { language: 0 } });
    expect(zh[0].typeName).toBe('通知公告');
  });

  it('lists the labels used by a type (Ocean Alliance among the special topics)', async () => {
    const labels = await h.client.call(calls.newsLabels, { params: { typeId: NEWS_TYPE.specialTopic }, query: { language: 1 } });
    expect(labels.map((l) => l.newsLabelUuid)).toContain(OCEAN_ALLIANCE_LABEL);
    expect(labels.find((l) => l.newsLabelUuid === OCEAN_ALLIANCE_LABEL)?.labelName).toBe('Ocean Alliance');
    const zh = await h.client.call(calls.newsLabels, { params: { typeId: NEWS_TYPE.specialTopic }, query: { language: 0 } });
    expect(zh.find((l) => l.newsLabelUuid === OCEAN_ALLIANCE_LABEL)?.labelName).toBe('海洋联盟');
  });

  it('answers 404 for an unknown type', async () => {
    const { status, body } = await h.request('/cosNewss/findLabelNews/50000000000000299');
    expect(status).toBe(404);
    expect(body.code).toBe('404');
    expect(body.message).toContain('50000000000000299');
  });
});

describe('news: lists and paging', () => {
  it('pages a type newest first, 5 by default, with the total count', async () => {
    const expected = ofType(NEWS_TYPE.news, 1);
    const first = await h.client.call(calls.typeNews, { params: { typeId: NEWS_TYPE.news }, query: { language: 1 } });
    expect(first.count).toBe(expected.length);
    expect(first.list.map((n) => n.newsUuid)).toEqual(expected.slice(0, NEWS_PAGE_SIZE).map((n) => n.newsUuid));
    const second = await h.client.call(calls.typeNews, { params: { typeId: NEWS_TYPE.news }, query: { language: 1, currentPage: 2 } });
    expect(second.list.map((n) => n.newsUuid)).toEqual(expected.slice(NEWS_PAGE_SIZE, 2 * NEWS_PAGE_SIZE).map((n) => n.newsUuid));
    expect(first.list[0].statusDt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers an empty page past the end, with the count', async () => {
    const page = await h.client.call(calls.typeNews, { params: { typeId: NEWS_TYPE.notices }, query: { currentPage: 9999 } });
    expect(page.list).toEqual([]);
    expect(page.count).toBe(ofType(NEWS_TYPE.notices, 1).length);
  });

  it.each([
    ['currentPage=0', 'currentPage'],
    ['currentPage=-1', 'currentPage'],
    ['currentPage=abc', 'currentPage'],
    ['size=0', 'size'],
    ['size=-5', 'size'],
    ['size=1000000', 'size'],
    ['size=2.5', 'size'],
    ['page=2', 'page'],
  ])('refuses %s with a 400 naming %s', async (q, field) => {
    const { status, body } = await h.request(`/cosNewss/findTypeNews/${NEWS_TYPE.news}?${q}`);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain(field);
  });

  it('filters by label (findNewss), keeping the paging', async () => {
    const expected = ofType(NEWS_TYPE.specialTopic, 0, OCEAN_ALLIANCE_LABEL);
    expect(expected.length).toBeGreaterThan(0);
    const page = await h.client.call(calls.labelNews, { params: { typeId: NEWS_TYPE.specialTopic }, query: { language: 0, newsLabelUuid: OCEAN_ALLIANCE_LABEL, size: 100 } });
    expect(page.count).toBe(expected.length);
    expect(page.list.map((n) => n.newsUuid)).toEqual(expected.map((n) => n.newsUuid));
    for (const n of page.list) expect(n.newLabels.map((l) => l.labelName)).toContain('海洋联盟');
    const all = await h.client.call(calls.labelNews, { params: { typeId: NEWS_TYPE.specialTopic } });
    expect(all.count).toBe(ofType(NEWS_TYPE.specialTopic, 1).length);
  });

  it('answers 404 for an unknown label and 400 for a malformed one', async () => {
    const unknown = await h.request(`/cosNewss/findNewss/${NEWS_TYPE.news}?newsLabelUuid=no-such-label`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('no-such-label');
    const bad = await h.request(`/cosNewss/findNewss/${NEWS_TYPE.news}?newsLabelUuid=${encodeURIComponent('<x>')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('newsLabelUuid');
  });

  it('has the Ocean Alliance and Quality2019 (Service Enhancement) variants', async () => {
    const oa = await h.client.call(calls.typeNewsOceanAlliance, { params: { typeId: NEWS_TYPE.specialTopic }, query: { size: 100 } });
    expect(oa.list.map((n) => n.newsUuid)).toEqual(ofType(NEWS_TYPE.specialTopic, 1, OCEAN_ALLIANCE_LABEL).map((n) => n.newsUuid));
    const q = await h.client.call(calls.typeNewsQuality2019, { params: { typeId: NEWS_TYPE.specialTopic }, query: { size: 100 } });
    expect(q.count).toBeGreaterThan(0);
    expect(q.list.map((n) => n.newsUuid)).toEqual(ofType(NEWS_TYPE.specialTopic, 1, SERVICE_ENHANCEMENT_LABEL).map((n) => n.newsUuid));
    const bad = await h.request('/cosNewss/findTypeNews/123/OceanAlliance');
    expect(bad.status).toBe(404);
  });
});

describe('news: detail with previous and next', () => {
  it('answers the item and its neighbours in its type list', async () => {
    const list = ofType(NEWS_TYPE.news, 1);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const mid = list[1];
    const [prev, next, item] = await h.client.call(calls.newsLastNext, { params: { newsId: mid.newsUuid }, query: { newsTypeUuid: NEWS_TYPE.news, language: 1 } });
    expect(item.title).toBe(mid.title);
    expect(item.subTitle).toBe(mid.subTitle);
    expect(item.author).toBe(mid.author);
    expect(item.statusDt).toBe(mid.statusDt);
    expect(item.content).toBe(mid.body);
    expect(prev.lastNewsUuid).toBe(list[0].newsUuid);
    expect(prev.lastTitle).toBe(list[0].title);
    expect(next.nextNewsUuid).toBe(list[2].newsUuid);
    expect(next.nextDate).toBe(list[2].statusDt);
  });

  it('has no previous for the newest and no next for the oldest', async () => {
    const list = ofType(NEWS_TYPE.updates, 0);
    const [prev] = await h.client.call(calls.newsLastNext, { params: { newsId: list[0].newsUuid }, query: { language: 0 } });
    expect(prev).toEqual({ prevDate: null, lastNewsUuid: null, lastTitle: null });
    const [, next, item] = await h.client.call(calls.newsLastNext, { params: { newsId: list.at(-1)!.newsUuid }, query: { language: 0 } });
    expect(next).toEqual({ nextDate: null, nextNewsUuid: null, nextTitle: null });
    expect(item.title).toBe(list.at(-1)!.title);
  });

  it('answers 404 for an unknown item or a type it is not of', async () => {
    const unknown = await h.request('/cosNewss/findLastNextNews/no-such-news');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('no-such-news');
    const item = ofType(NEWS_TYPE.news, 1)[0];
    const wrong = await h.request(`/cosNewss/findLastNextNews/${item.newsUuid}?newsTypeUuid=${NEWS_TYPE.notices}`);
    expect(wrong.status).toBe(404);
    const bad = await h.request(`/cosNewss/findLastNextNews/${item.newsUuid}?newsTypeUuid=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('newsTypeUuid');
  });
});

describe('news: home blocks', () => {
  it('findFocusNews answers important items only, at most 5', async () => {
    const items = await h.client.call(calls.focusNews, { params: { id: NEWS_TYPE.notices } });
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    for (const n of items) expect(n.important).toBe(true);
  });

  it('findSpecialNews, findFocusNewss and findServiceNews answer at most 5 of the type', async () => {
    const special = await h.client.call(calls.specialNews, { params: { id: NEWS_TYPE.specialTopic } });
    expect(special.map((n) => n.newsUuid)).toEqual(
      ofType(NEWS_TYPE.specialTopic, 1)
        .slice(0, 5)
        .map((n) => n.newsUuid),
    );
    const focus = await h.client.call(calls.focusNewss, { params: { id: NEWS_TYPE.updates } });
    expect(focus.length).toBeLessThanOrEqual(5);
    for (const n of focus) expect(n.picUrl).not.toBeNull();
    const service = await h.client.call(calls.serviceNews, { params: { fixedId: NEWS_TYPE.specialTopic } });
    for (const n of service) expect(n.newLabels.map((l) => l.newsLabelUuid)).toContain(SERVICE_ENHANCEMENT_LABEL);
    expect((await h.request('/cosNewss/findFocusNews/1')).status).toBe(404);
  });
});

describe('news: search (findTitleAll)', () => {
  it('finds English and Chinese words, with the tab counts', async () => {
    const en = await h.client.call(calls.newsSearch, { query: { title: 'alliance', language: 1 } });
    expect(en.count).toBeGreaterThan(0);
    expect(en.type.find((t) => t.typeName === 'news')?.typeCount).toBe(en.count);
    expect(en.list.length).toBeLessThanOrEqual(10);
    for (const r of en.list) expect(r.LS).toBe(0);
    const zh = await h.client.call(calls.newsSearch, { query: { title: '海洋联盟', language: 0 } });
    expect(zh.count).toBeGreaterThan(0);
  });

  it('counts the FAQ entries matching the keyword, in the language asked (all = news + FAQ)', async () => {
    const count = (r: { type: { typeName: string; typeCount: number }[] }, name: string) => r.type.find((t) => t.typeName === name)?.typeCount;
    // 'bill of lading' is the subject of five entries of type 2 and named in others
    const en = await h.client.call(calls.newsSearch, { query: { title: 'bill of lading', language: 1 } });
    const enFaq = searchFaq(loadFaq('en'), 'bill of lading').flatMap((t) => t.entries);
    expect(enFaq.map((e) => e.id)).toEqual(expect.arrayContaining(['bl-issue-time', 'seaway-bill-or-original', 'bl-correction', 'lost-original-bl', 'bl-terms']));
    expect(count(en, 'faq')).toBe(enFaq.length);
    expect(count(en, 'all')).toBe(en.count + enFaq.length);
    expect(count(en, 'news')).toBe(en.count);
    for (const r of en.list) expect(r.LS).toBe(0);
    // Chinese: 提单 (bill of lading) in the Chinese FAQ; the English word finds no Chinese entry
    const zh = await h.client.call(calls.newsSearch, { query: { title: '提单', language: 0 } });
    const zhFaq = searchFaq(loadFaq('zh'), '提单').flatMap((t) => t.entries);
    expect(zhFaq.length).toBeGreaterThanOrEqual(5);
    expect(count(zh, 'faq')).toBe(zhFaq.length);
    expect(count(zh, 'all')).toBe(zh.count + zhFaq.length);
    expect(count(await h.client.call(calls.newsSearch, { query: { title: 'bill of lading', language: 0 } }), 'faq')).toBe(0);
    // a word of a FAQ answer that no story has: FAQ count only
    const vgm = await h.client.call(calls.newsSearch, { query: { title: 'VGM', language: 1 } });
    expect(count(vgm, 'faq')).toBeGreaterThan(0);
    expect(count(vgm, 'all')).toBe(vgm.count + count(vgm, 'faq')!);
    const none = await h.client.call(calls.newsSearch, { query: { title: 'zzqx-no-such-word', language: 1 } });
    expect(none.type.map((t) => t.typeCount)).toEqual([0, 0, 0]);
  });

  it('treats % and _ literally and refuses an empty keyword', async () => {
    const pct = await h.client.call(calls.newsSearch, { query: { title: '%%%_' } });
    expect(pct.count).toBe(0);
    const empty = await h.request('/cosNewss/findTitleAll?title=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('title');
  });
});

describe('news: the nightly job’s export (revisions, whole stories by id)', () => {
  const post = (ids: unknown, language = 1) =>
    h.request(`/cosNewss/exportNews?language=${language}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });

  it('lists every story of a language with its type and a revision', async () => {
    for (const language of [0, 1] as const) {
      const { list } = await h.client.call(calls.newsRevisions, { query: { language } });
      const expected = snapshot.filter((n) => n.language === language);
      expect(list.map((r) => r.newsUuid).sort()).toEqual(expected.map((n) => n.newsUuid).sort());
      for (const r of list) expect(r.newsTypeId).toBe(expected.find((n) => n.newsUuid === r.newsUuid)!.typeId);
    }
  });

  it('answers whole stories by id with their revision, and leaves unknown ids out', async () => {
    const [a, b] = snapshot.filter((n) => n.language === 0);
    const { list } = await h.client.call(calls.newsExport, { query: { language: 0 }, body: { ids: [b.newsUuid, 'no-such-story', a.newsUuid] } });
    expect(list.map((s) => s.newsUuid).sort()).toEqual([a.newsUuid, b.newsUuid].sort());
    const story = list.find((s) => s.newsUuid === a.newsUuid)!;
    expect(story).toMatchObject({ title: a.title, author: a.author, statusDt: a.statusDt, newsTypeId: a.typeId });
    expect(story.newLabels.map((l) => l.labelName)).toEqual(a.labels);
    const { list: revisions } = await h.client.call(calls.newsRevisions, { query: { language: 0 } });
    expect(story.revision).toBe(revisions.find((r) => r.newsUuid === a.newsUuid)!.revision);
  });

  it('moves a story’s revision when the story or its labels change, and no other', async () => {
    const before = new Map((await h.client.call(calls.newsRevisions, { query: { language: 1 } })).list.map((r) => [r.newsUuid, r.revision]));
    const [first, second] = snapshot.filter((n) => n.language === 1 && n.labels.length > 0);
    await h.database.db.execute(sql`update news_items set summary = summary || ' (amended)' where uuid = ${first.newsUuid} and language = 1`);
    await h.database.db.execute(sql`delete from news_item_labels where uuid = ${second.newsUuid} and language = 1`);
    const after = new Map((await h.client.call(calls.newsRevisions, { query: { language: 1 } })).list.map((r) => [r.newsUuid, r.revision]));
    const moved = [...after].filter(([id, revision]) => before.get(id) !== revision).map(([id]) => id);
    expect(moved.sort()).toEqual([first.newsUuid, second.newsUuid].sort());
  });

  it('refuses an empty list, more than 500 ids and a malformed id, naming the field', async () => {
    for (const [ids, pattern] of [
      [[], /ids.*at least one/],
      [Array.from({ length: 501 }, (_, i) => `n-${i}`), /ids.*at most 500/],
      [['bad id!'], /ids\.0.*news id/],
    ] as const) {
      const { status, body } = await post(ids);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.message).toMatch(pattern);
    }
  });
});
