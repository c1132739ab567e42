import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as about from '../../src/content-model/schemas/about';
import { Brand } from '../../src/content-model/schemas/brand';
import { Home } from '../../src/content-model/schemas/home';
import { LocalSitesFile } from '../../src/content-model/schemas/local';
import { Navigation } from '../../src/content-model/schemas/navigation';
import { NewsItem } from '../../src/content-model/schemas/news';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('content files match their schemas', () => {
  const files: [string, z.ZodType][] = [
    ['content/brand.json', Brand],
    ['content/home.json', Home],
    ['content/navigation.json', Navigation],
    ['content/local-sites.json', LocalSitesFile],
    ['content/about/profile.json', about.Profile],
    ['content/about/leaders.json', about.LeadersFile],
    ['content/about/key-facts.json', about.KeyFactsFile],
    ['content/about/history.json', about.HistoryFile],
    ['content/about/reputation.json', about.ReputationFile],
    ['content/about/public-welfare.json', about.PublicWelfare],
    ['content/about/quality.json', about.Quality],
    ['content/about/reports.json', about.ReportsFile],
    ['content/about/compliance.json', about.Compliance],
  ];
  for (const [file, schema] of files) {
    it(file, () => {
      const result = schema.safeParse(read(file));
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    });
  }

  it('every news item has its twin in the other language', () => {
    const en = readdirSync('content/news/en').sort();
    const zh = readdirSync('content/news/zh').sort();
    expect(zh).toEqual(en);
    for (const name of en) {
      const a = NewsItem.parse(read(`content/news/en/${name}`));
      const b = NewsItem.parse(read(`content/news/zh/${name}`));
      expect([b.newsUuid, b.typeId, b.statusDt]).toEqual([a.newsUuid, a.typeId, a.statusDt]);
    }
  });

  it("the key figures are the spec's", () => {
    expect(read('content/brand.json').keyFigures.map((f: { value: number }) => f.value)).toEqual([146, 650, 411, 572]);
  });

  it('key facts cover 2024, 2023 and 2022, and reports 2021 to 2024', () => {
    expect(
      read('content/about/key-facts.json')
        .years.map((y: { id: string }) => y.id)
        .sort(),
    ).toEqual(['2022', '2023', '2024']);
    expect(
      read('content/about/reports.json')
        .reports.map((y: { id: string }) => y.id)
        .sort(),
    ).toEqual(['2021', '2022', '2023', '2024']);
  });
});

describe('a bad content file is refused naming the field', () => {
  it('names missing translations and bad values', () => {
    const brand = read('content/brand.json');
    delete brand.name.zh;
    brand.hotline.number = 'call us!';
    brand.keyFigures.pop();
    const result = Brand.safeParse(brand);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name.zh', 'hotline.number', 'keyFigures']));
  });
  it('refuses a maintenance window that ends before it starts', () => {
    const brand = read('content/brand.json');
    brand.maintenance = { from: '2026-12-06T05:00:00+08:00', to: '2026-12-06T01:00:00+08:00' };
    expect(Brand.safeParse(brand).error?.issues[0].message).toMatch(/before/);
  });
});

describe('the local-site picker (content/local-sites.json)', () => {
  it('links every location to a local site of ours or to its offices on the corporate site, never to a page that does not exist', async () => {
    const { existsSync } = await import('node:fs');
    const { loadOffices } = await import('../../src/offices/offices');
    const sites = (JSON.parse(readFileSync('content/local-sites.json', 'utf8')) as { locations: { locationParentId: number; locationNameEn: string; locationUrl: string }[] }).locations;
    const offices = loadOffices();
    for (const l of sites.filter((s) => s.locationParentId !== 0)) {
      const url = l.locationUrl;
      const country = /^\/home\/Contact\/global\/countryList\/countryList\/(\w+)\/([\w-]+)$/.exec(url);
      const office = /^\/home\/Contact\/global\/countryList\/more\/(\w+)\/([\w-]+)\/([\w-]+)\/(\w+)$/.exec(url);
      if (country) {
        const entry = offices.countries.get(country[2]);
        expect(entry?.area, l.locationNameEn).toBe(country[1]);
      } else if (office) {
        const entry = offices.offices.get(office[4]);
        expect([entry?.area, entry?.country.key, entry?.cityKey], l.locationNameEn).toEqual([office[1], office[2], office[3]]);
      } else {
        expect(url, l.locationNameEn).toMatch(/^\/[a-z]+$/);
        expect(existsSync(`content/local${url}/site.json`), `${l.locationNameEn}: content/local${url}/site.json`).toBe(true);
      }
    }
  });
});
