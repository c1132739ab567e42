import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { OFFICE_AREAS } from '../../src/contract/wire';
import { loadOffices } from '../../src/offices/offices';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const net = loadOffices();
const china = net.countries.get('china')!;
type Page = { list: { bkOfficeUuid: string; city: string; cnTeminal: string; enTeminal: string; countryKey: string; cityKey: string }[]; count: number };

describe('global offices: continent index', () => {
  it('groups every continent by English initial, in order, each country once', async () => {
    for (const area of OFFICE_AREAS) {
      const groups = await h.client.call(calls.globalOffices, { query: { area } });
      const letters = groups.map((g) => g.index);
      expect(letters).toEqual([...letters].sort());
      for (const g of groups) for (const c of g.countryList) expect(c.ecountryName.charAt(0).toUpperCase()).toBe(g.index);
      expect(groups.flatMap((g) => g.countryList.map((c) => c.countryKey)).sort()).toEqual(
        net.areas
          .get(area)!
          .map((c) => c.key)
          .sort(),
      );
    }
  });

  it('groups by the pinyin initial of the Chinese name for language 0 (秘鲁 under B)', async () => {
    const { body } = await h.request('/globalInstitutions/findGlobalOffices?area=america&language=0');
    const groups = body.data.content as { index: string; countryList: { countryName: string; ecountryName: string }[] }[];
    const letterOf = (zh: string) => groups.find((g) => g.countryList.some((c) => c.countryName === zh))?.index;
    expect(letterOf('秘鲁')).toBe('B');
    expect(letterOf('智利')).toBe('Z');
    expect(letterOf('厄瓜多尔')).toBe('E');
    expect(letterOf('美国')).toBe('M');
  });

  it('refuses an unknown or missing area, naming the field', async () => {
    for (const path of ['/globalInstitutions/findGlobalOffices?area=antarctica', '/globalInstitutions/findGlobalOffices']) {
      const { status, body } = await h.request(path);
      expect(status, path).toBe(400);
      expect(body.code).toBe('400');
      expect(body.message).toMatch(/area/);
    }
  });
});

describe('global offices: country list with paging', () => {
  it('pages a country of more than ten offices: 10, then the rest, then nothing, always with the count', async () => {
    const total = china.offices.length;
    expect(total).toBeGreaterThan(10);
    const first = (await h.client.call(calls.countryOffices, { query: { Country: 'china', currentPage: 1, size: 10 } })) as Page;
    expect(first.count).toBe(total);
    expect(first.list.map((o) => o.bkOfficeUuid)).toEqual(china.offices.slice(0, 10).map((o) => o.office.id));
    const second = (await h.client.call(calls.countryOffices, { query: { Country: 'china', currentPage: 2, size: 10 } })) as Page;
    expect(second.list.map((o) => o.bkOfficeUuid)).toEqual(china.offices.slice(10).map((o) => o.office.id));
    const past = (await h.client.call(calls.countryOffices, { query: { Country: 'china', currentPage: 3, size: 10 } })) as Page;
    expect(past).toEqual({ list: [], count: total });
    // Load More grows the size: one page of 20 holds them all
    const grown = (await h.client.call(calls.countryOffices, { query: { Country: 'china', currentPage: 1, size: 20 } })) as Page;
    expect(grown.list).toHaveLength(total);
    // exactly the size: count not greater than size
    const exact = (await h.client.call(calls.countryOffices, { query: { Country: 'china', size: total } })) as Page;
    expect(exact.list).toHaveLength(total);
  });

  it('defaults to the first page of 10 and accepts the country by URL segment, English or Chinese name', async () => {
    const byKey = await h.request('/globalInstitutions/findCity?Country=china');
    expect((byKey.body.data.content as Page).list).toHaveLength(10);
    for (const name of ['China', 'CHINA', '中国']) {
      const { body } = await h.request(`/globalInstitutions/findCity?Country=${encodeURIComponent(name)}&currentPage=1&size=10`);
      expect((body.data.content as Page).count, name).toBe(china.offices.length);
    }
    const us = await h.request(`/globalInstitutions/findCity?Country=${encodeURIComponent('United States')}&language=0`);
    const page = us.body.data.content as Page & { list: { country: string }[] };
    expect(page.list[0].country).toBe('美国');
    expect(page.list[0].countryKey).toBe('united-states');
  });

  it('refuses bad paging values with 400 naming the field', async () => {
    for (const [query, field] of [
      ['currentPage=0', 'currentPage'],
      ['currentPage=-1', 'currentPage'],
      ['currentPage=1.5', 'currentPage'],
      ['currentPage=abc', 'currentPage'],
      ['size=0', 'size'],
      ['size=101', 'size'],
      ['size=ten', 'size'],
      ['language=7', 'language'],
    ] as const) {
      const { status, body } = await h.request(`/globalInstitutions/findCity?Country=china&${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(field);
    }
    const largest = await h.request('/globalInstitutions/findCity?Country=china&size=100');
    expect(largest.status).toBe(200);
  });

  it('answers 404 for an unknown country and 400 for a missing one', async () => {
    const unknown = await h.request('/globalInstitutions/findCity?Country=atlantis');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/atlantis/);
    const missing = await h.request('/globalInstitutions/findCity?Country=%20');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Country/);
  });
});

describe('global offices: city search', () => {
  it('finds a city by part of its name in either language, accents and case ignored', async () => {
    const shanghai = (await h.client.call(calls.officeSearch, { query: { key: 'shang' } })) as Page;
    expect(shanghai.list.map((o) => o.bkOfficeUuid)).toEqual(['CNSHA01', 'CNSHA02']);
    expect(shanghai.count).toBe(2);
    const zh = await h.request(`/globalInstitutions/citys?key=${encodeURIComponent('上海')}&currentPage=1&size=10&language=0`);
    expect((zh.body.data.content as Page).list.map((o) => o.city)).toEqual(['上海', '上海']);
    const accent = (await h.client.call(calls.officeSearch, { query: { key: 'SAO PAULO' } })) as Page;
    expect(accent.list.map((o) => o.bkOfficeUuid)).toEqual(['BRSAO01']);
  });

  it('pages a wide search and answers an empty page with count 0 for no hit', async () => {
    const all = net.all.filter((e) => e.terms.includes('a'));
    const first = (await h.client.call(calls.officeSearch, { query: { key: 'a', size: 10 } })) as Page;
    expect(first.count).toBe(all.length);
    expect(first.list).toHaveLength(10);
    const last = Math.ceil(all.length / 10);
    const end = (await h.client.call(calls.officeSearch, { query: { key: 'a', currentPage: last, size: 10 } })) as Page;
    expect(end.list).toHaveLength(all.length - (last - 1) * 10);
    expect(await h.client.call(calls.officeSearch, { query: { key: 'zzqx' } })).toEqual({ list: [], count: 0 });
  });

  it('refuses an empty, blank or missing key, naming it', async () => {
    for (const path of ['/globalInstitutions/citys?key=', '/globalInstitutions/citys?key=%20%20', '/globalInstitutions/citys', `/globalInstitutions/citys?key=${'x'.repeat(51)}`]) {
      const { status, body } = await h.request(path);
      expect(status, path).toBe(400);
      expect(body.code).toBe('400');
      expect(body.message, path).toMatch(/^key/);
    }
  });
});

describe('global offices: office detail', () => {
  it('gives an office with its linkmen in the language asked', async () => {
    const office = net.offices.get('CNSHA01')!.office;
    const en = await h.client.call(calls.officeDetail, { params: { officeId: 'CNSHA01' } });
    expect(en.company).toBe(office.company.en);
    expect(en.address).toBe(office.address.en);
    expect(en.area).toBe('asia');
    expect(en.linkman).toHaveLength(office.linkmen.length);
    expect(en.linkman[0]).toMatchObject({ department: 'Sales', email: office.linkmen[0].email, tel: office.linkmen[0].tel });
    const zh = await h.request('/globalInstitutions/findCitys/CNSHA01?language=0');
    const detail = zh.body.data.content as { city: string; linkman: { department: string; name: string }[] };
    expect(detail.city).toBe('上海');
    expect(detail.linkman[0].department).toBe('销售部');
    expect(detail.linkman[0].name).toBe('王海峰');
  });

  it('keeps a contact-form link as the e-mail value', async () => {
    const withForm = net.all.find((e) => e.office.linkmen.some((l) => l.email.startsWith('http')))!;
    const detail = await h.client.call(calls.officeDetail, { params: { officeId: withForm.office.id } });
    expect(detail.linkman.some((l) => /^https:\/\//.test(l.email))).toBe(true);
  });

  it('answers every office of the content', async () => {
    for (const id of net.offices.keys()) {
      const { status, body } = await h.request(`/globalInstitutions/findCitys/${id}?language=0`);
      expect(`${id} ${status} ${body.code}`).toBe(`${id} 200 200`);
    }
  });

  it('answers 404 for an unknown office id and 400 for a malformed one', async () => {
    const unknown = await h.request('/globalInstitutions/findCitys/XXXXX99');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: '404', message: 'no office with id XXXXX99', data: { content: null }, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const malformed = await h.request('/globalInstitutions/findCitys/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/officeId/);
    const post = await h.request('/globalInstitutions/findCitys/CNSHA01', { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
