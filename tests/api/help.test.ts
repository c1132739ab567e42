import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { ApiError } from '../../src/contract/fetch';
import { loadFaq } from '../../src/help/faq';
import { loadDownloads, loadTariffs } from '../../src/help/help-downloads';
import { loadRouteNetwork } from '../../src/routes/route-network';
import { scheduleSettings } from '../../src/help/service-schedules';
import { downloadCounts } from '../../src/server/db/schema';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const raw = (path: string, init?: RequestInit) => h.app.request(`http://test.local${h.config.apiBase}${path}`, init);
const post = (path: string, body: unknown) => h.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const counter = async (key: string) => (await h.database.db.select().from(downloadCounts)).find((r) => r.fileKey === key);

describe('FAQ calls', () => {
  it('lists the FAQ types in order, named in the language asked', async () => {
    const en = await h.client.call(calls.faqTypes, { query: { language: 1 } });
    const zh = await h.client.call(calls.faqTypes, { query: { language: 0 } });
    expect(en).toEqual(loadFaq('en').map((t) => ({ id: t.id, faqType: t.name })));
    expect(zh.map((t) => t.id)).toEqual(en.map((t) => t.id));
    expect(zh[0].faqType).toBe(loadFaq('zh')[0].name);
  });

  it('answers the entries of a type, from a JSON body, a form body or the query', async () => {
    const type = loadFaq('en')[1];
    const json = await post('/faq/findByFaqTypeUuid?language=1', { faqTypeUuid: type.id });
    expect(json.status).toBe(200);
    const items = json.body.data.content as { id: string; faqTypeUuid: string; title: string; content: string }[];
    expect(items.map((i) => i.id)).toEqual(type.entries.map((e) => e.id));
    expect(items[0]).toEqual({ id: type.entries[0].id, faqTypeUuid: type.id, title: type.entries[0].title, content: type.entries[0].html });
    const form = await h.request('/faq/findByFaqTypeUuid?language=0', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ faqTypeUuid: type.id }).toString(),
    });
    expect((form.body.data.content as { title: string }[])[0].title).toBe(loadFaq('zh')[1].entries[0].title);
    const query = await h.request(`/faq/findByFaqTypeUuid?faqTypeUuid=${type.id}`, { method: 'POST' });
    expect((query.body.data.content as unknown[]).length).toBe(type.entries.length);
    // the typed client
    const typed = await h.client.call(calls.faqByType, { query: { language: 1 }, body: { faqTypeUuid: type.id } });
    expect(typed).toHaveLength(type.entries.length);
  });

  it('filters by faqTitle with the FAQ matching rule (case-insensitive, question and answer)', async () => {
    const found = await post('/faq/findByFaqTypeUuid?language=1', { faqTypeUuid: '1', faqTitle: 'vgm' });
    expect((found.body.data.content as { id: string }[]).map((i) => i.id)).toEqual(['cut-off-times', 'vgm']);
    const zh = await post('/faq/findByFaqTypeUuid?language=0', { faqTypeUuid: '5', faqTitle: '锂电池' });
    expect((zh.body.data.content as { id: string }[]).map((i) => i.id)).toEqual(['lithium-batteries']);
    const none = await post('/faq/findByFaqTypeUuid', { faqTypeUuid: '1', faqTitle: 'zebra crossing' });
    expect(none.status).toBe(200);
    expect(none.body.data.content).toEqual([]);
    const empty = await post('/faq/findByFaqTypeUuid', { faqTypeUuid: '1', faqTitle: '' });
    expect((empty.body.data.content as unknown[]).length).toBe(loadFaq('en')[0].entries.length);
  });

  it('pages when asked: a page, the last partial page, past the end', async () => {
    const all = loadFaq('en')[0].entries.map((e) => e.id);
    const page = async (currentPage: number, size: number) => ((await post('/faq/findByFaqTypeUuid', { faqTypeUuid: '1', currentPage, size })).body.data.content as { id: string }[]).map((i) => i.id);
    expect(await page(1, 2)).toEqual(all.slice(0, 2));
    expect(await page(2, 2)).toEqual(all.slice(2, 4));
    expect(await page(Math.ceil(all.length / 4), 4)).toEqual(all.slice((Math.ceil(all.length / 4) - 1) * 4));
    expect(await page(99, 5)).toEqual([]);
    expect(await page(1, 100)).toEqual(all);
  });

  it('refuses page 0, negative or fractional pages, a huge size, half a paging, naming the field', async () => {
    for (const [body, field] of [
      [{ faqTypeUuid: '1', currentPage: 0, size: 5 }, 'currentPage'],
      [{ faqTypeUuid: '1', currentPage: -1, size: 5 }, 'currentPage'],
      [{ faqTypeUuid: '1', currentPage: 1.5, size: 5 }, 'currentPage'],
      [{ faqTypeUuid: '1', currentPage: 1, size: 0 }, 'size'],
      [{ faqTypeUuid: '1', currentPage: 1, size: 1_000_000 }, 'size'],
      [{ faqTypeUuid: '1', currentPage: 'two', size: 5 }, 'currentPage'],
      [{ faqTypeUuid: '1', currentPage: 2 }, 'size'],
      [{ faqTypeUuid: '1', size: 2 }, 'currentPage'],
      [{ faqTitle: 'vgm' }, 'faqTypeUuid'],
      [{ faqTypeUuid: '../1' }, 'faqTypeUuid'],
      [{ faqTypeUuid: '1', faqTitle: 'x'.repeat(101) }, 'faqTitle'],
      [{ faqTypeUuid: '1', color: 'red' }, 'color'],
    ] as const) {
      const { status, body: answer } = await post('/faq/findByFaqTypeUuid', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message, JSON.stringify(body)).toMatch(new RegExp(field));
    }
    const query = await h.request('/faq/findByFaqTypeUuid?faqTypeUuid=1&currentPage=0&size=5', { method: 'POST' });
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/currentPage/);
  });

  it('answers 404 for an unknown type and 405 for GET', async () => {
    const unknown = await post('/faq/findByFaqTypeUuid', { faqTypeUuid: '999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('404');
    await expect(h.client.call(calls.faqByType, { body: { faqTypeUuid: '999' } })).rejects.toBeInstanceOf(ApiError);
    expect((await h.request('/faq/findByFaqTypeUuid?faqTypeUuid=1')).status).toBe(405);
  });
});

describe('service schedule calls', () => {
  const net = loadRouteNetwork();

  it('lists the trades as schedule groups whose second dash-separated part is the trade', async () => {
    const groups = await h.client.call(calls.scheduleGroups, { query: { language: 0 } });
    expect(groups.map((g) => g.trade)).toEqual(['Trans-Pacific', 'Asia-Europe', 'Intra-Europe', 'Trans-Atlantic', 'Asia-Oceania', 'Latin America-Africa', 'Middle East', 'Intra-Asia']);
    for (const g of groups) expect(g.name.slice(g.name.indexOf('-') + 1)).toBe(g.trade);
    expect(groups[0].tradeName).toBe(net.directions.find((d) => d.id === 11)!.name.zh);
  });

  it('lists the services of a trade by trade or group name, and flags those without schedules', async () => {
    const loops = await h.client.call(calls.scheduleLoops, { query: { tradeName: 'Intra-Asia', language: 1 } });
    expect(loops.map((l) => l.serviceCode)).toEqual(['CTV', 'CIP', 'JKV', 'CIX', 'BBX']);
    expect(loops.find((l) => l.serviceCode === 'BBX')!.isInServiceLoop).toBe(false);
    expect(loops.find((l) => l.serviceCode === 'CTV')).toMatchObject({ isInServiceLoop: true, serLpUuid: 'CTV', serLpGroupUuid: 'ia-sea', service: net.services.get('CTV')!.service.name.en });
    const byGroup = await h.client.call(calls.scheduleLoops, { query: { tradeName: '16-Intra-Asia' } });
    expect(byGroup).toEqual(loops);
    const unknown = await h.request('/schedule/findServiceLoop?tradeName=Moon');
    expect(unknown.status).toBe(404);
    const missing = await h.request('/schedule/findServiceLoop');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/tradeName/);
  });

  it("lists a service's schedule files in the language asked, none for an unpublished one", async () => {
    const files = await h.client.call(calls.scheduleFiles, { query: { serviceCode: 'PSX', language: 0 } });
    expect(files.map((f) => [f.scheduleUuid, f.kind])).toEqual([
      ['psx-long-term', 'long-term'],
      ['psx-proforma', 'proforma'],
    ]);
    expect(files[0].excelName).toBe(`PSX 长期船期表（${scheduleSettings().weeks}周）`);
    expect(files[0].downloadUrl).toBe('/schedule/downloads?scheduleUuid=psx-long-term');
    expect(await h.client.call(calls.scheduleFiles, { query: { serviceCode: 'BBX' } })).toEqual([]);
    expect((await h.request('/schedule/findExeclPath?serviceCode=ZZZ')).status).toBe(404);
    for (const q of ['', '?serviceCode=psx', '?serviceCode=<x>', '?serviceCode=PSX&size=5']) {
      const bad = await h.request(`/schedule/findExeclPath${q}`);
      expect(bad.status, q).toBe(400);
    }
  });

  it('counts a schedule download for real and redirects to the static file', async () => {
    expect(await counter('schedule:psx-long-term')).toBeUndefined();
    for (let n = 1; n <= 3; n++) {
      const response = await raw('/schedule/downloads?scheduleUuid=psx-long-term');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/files/schedules/psx-long-term.xlsx');
      const row = await counter('schedule:psx-long-term');
      expect(row?.count).toBe(n);
      expect(row?.kind).toBe('schedule');
      expect(row?.lastDownloadAt).toBeInstanceOf(Date);
    }
    // concurrent downloads each count once
    await Promise.all(Array.from({ length: 10 }, () => raw('/schedule/downloads?scheduleUuid=psx-proforma')));
    expect((await counter('schedule:psx-proforma'))?.count).toBe(10);
  });

  it('refuses unknown, unpublished and malformed schedule ids without counting', async () => {
    const before = (await h.database.db.select().from(downloadCounts)).length;
    for (const [q, status] of [
      ['?scheduleUuid=zzz-long-term', 404],
      ['?scheduleUuid=bbx-long-term', 404],
      ['?scheduleUuid=psx-monthly', 404],
      ['?scheduleUuid=../../etc/passwd', 400],
      ['?scheduleUuid=' + 'a'.repeat(80), 400],
      ['', 400],
    ] as const) {
      const response = await h.request(`/schedule/downloads${q}`);
      expect(response.status, q).toBe(status);
      if (status === 400) expect(response.body.message).toMatch(/scheduleUuid/);
    }
    expect((await h.database.db.select().from(downloadCounts)).length).toBe(before);
    expect((await h.request('/schedule/downloads?scheduleUuid=psx-long-term', { method: 'POST' })).status).toBe(405);
  });
});

describe('downloads, popular lists and tariffs', () => {
  const files = loadDownloads().files;

  it('counts a document download and sends the PDF of the language asked', async () => {
    const file = files[3];
    const en = await raw(`/webUpload/multipleDownloads?fileType=pdf&fileStatisticsUuid=${file.id}&language=1`);
    expect(en.status).toBe(302);
    expect(en.headers.get('location')).toBe(file.file.en);
    expect(existsSync(`public${file.file.en}`)).toBe(true);
    const zh = await raw(`/webUpload/multipleDownloads?fileType=pdf&fileStatisticsUuid=${file.id}&language=0`);
    expect(zh.headers.get('location')).toBe(file.file.zh);
    expect((await counter(`file:${file.id}`))?.count).toBe(2);
  });

  it('refuses a wrong file type, an unknown or malformed document and a bad language', async () => {
    for (const [q, status, field] of [
      ['?fileType=xlsx&fileStatisticsUuid=bl-terms', 400, 'fileType'],
      ['?fileType=pdf&fileStatisticsUuid=no-such-file', 404, ''],
      ['?fileType=pdf&fileStatisticsUuid=../x', 400, 'fileStatisticsUuid'],
      ['?fileType=pdf', 400, 'fileStatisticsUuid'],
      ['?fileStatisticsUuid=bl-terms&language=2', 400, 'language'],
    ] as const) {
      const response = await h.request(`/webUpload/multipleDownloads${q}`);
      expect(response.status, q).toBe(status);
      if (field) expect(response.body.message).toMatch(new RegExp(field));
    }
    expect(await counter('file:bl-terms')).toBeUndefined();
  });

  it('ranks the five most downloaded documents by their real counters', async () => {
    // with no downloads, the page order
    const fresh = await startHarness();
    try {
      const initial = await fresh.client.call(calls.popularDownloads, {});
      expect(initial.map((d) => d.fileStatisticsUuid)).toEqual(files.slice(0, 5).map((f) => f.id));
      expect(initial.every((d) => d.count === 0)).toBe(true);
      const download = (id: string) => fresh.app.request(`http://test.local${fresh.config.apiBase}/webUpload/multipleDownloads?fileType=pdf&fileStatisticsUuid=${id}`);
      const last = files.at(-1)!.id;
      for (let i = 0; i < 3; i++) await download(last);
      await download(files[7].id);
      await download(files[6].id);
      const ranked = await fresh.client.call(calls.popularDownloads, { query: { language: 0 } });
      expect(ranked.map((d) => [d.fileStatisticsUuid, d.count])).toEqual([
        [last, 3],
        // one download each: the latest first
        [files[6].id, 1],
        [files[7].id, 1],
        [files[0].id, 0],
        [files[1].id, 0],
      ]);
      expect(ranked[0]).toMatchObject({ fileNameEn: files.at(-1)!.name.en, fileNameCn: files.at(-1)!.name.zh, fileType: 'pdf' });
    } finally {
      await fresh.close();
    }
  });

  it('counts vessel certificate downloads and ranks them', async () => {
    expect(await h.client.call(calls.popularCertificates, {})).toEqual([]);
    for (const id of ['seabridge-harmony', 'seabridge-harmony', 'seabridge-busan']) expect((await raw(`/ship/download?shipUuid=${id}`)).status).toBe(302);
    expect((await counter('ship:seabridge-harmony'))?.count).toBe(2);
    const ranked = await h.client.call(calls.popularCertificates, { query: { language: 0 } });
    expect(ranked.map((r) => [r.shipUuid, r.count])).toEqual([
      ['seabridge-harmony', 2],
      ['seabridge-busan', 1],
    ]);
    expect(ranked[0].shipNameCn).toBe('海桥和谐');
    expect((await raw('/ship/download?shipUuid=no-such-ship')).status).toBe(404);
    expect(await counter('ship:no-such-ship')).toBeUndefined();
  });

  it('lists the EU inland tariffs with the PDF of the language asked', async () => {
    const tariffs = loadTariffs().tariffs;
    const en = await h.client.call(calls.tariffs, { query: { language: 1 } });
    const zh = await h.client.call(calls.tariffs, { query: { language: 0 } });
    expect(en.map((t) => t.europeTariffPath)).toEqual(tariffs.map((t) => t.file.en));
    expect(zh.map((t) => t.europeTariffName)).toEqual(tariffs.map((t) => t.name.zh));
    for (const t of [...en, ...zh]) expect(existsSync(`public${t.europeTariffPath}`), t.europeTariffPath).toBe(true);
    expect((await h.request('/europe/getTariffPdfList?language=5')).status).toBe(400);
  });
});
