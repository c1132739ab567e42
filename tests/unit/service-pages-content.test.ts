import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from '../../src/components/services/pages/routes';
import { encodeQr, qrPath } from '../../src/components/services/pages/qr';
import {
  EQUIPMENT_SECTION_IDS,
  FOOTER_KEYS,
  FRUIT_SECTION_IDS,
  POLICY_IDS,
  PROMISE_IDS,
  ServiceFooters,
  ServicePage,
  visibleFooterEntries,
  type FooterEntry,
  type ServicePageOf,
} from '../../src/content-model/schemas/service-pages';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const PAGES = 'content/services/pages';
const page = <K extends ServicePage['kind']>(id: string, kind: K) => {
  const data = ServicePage.parse(read(`${PAGES}/${id}.json`));
  expect(data.kind).toBe(kind);
  return data as ServicePageOf<K>;
};
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('service page content files match their schemas', () => {
  for (const name of readdirSync(PAGES)) {
    it(`${PAGES}/${name}`, () => expect(issues(ServicePage.safeParse(read(`${PAGES}/${name}`)))).toEqual([]));
  }
  for (const locale of ['en', 'zh']) {
    it(`content/services/footers/${locale}.json`, () => expect(issues(ServiceFooters.safeParse(read(`content/services/footers/${locale}.json`)))).toEqual([]));
  }

  it('every route has its content file, of the kind the route expects', () => {
    for (const route of SERVICE_ROUTES) {
      const file = `${PAGES}/${route.content}.json`;
      expect(existsSync(file), file).toBe(true);
      expect(read(file).kind, file).toBe(route.kind);
    }
  });

  it('the footer files of both languages have the same keys, and every key is a spec key', () => {
    const en = ServiceFooters.parse(read('content/services/footers/en.json'));
    const zh = ServiceFooters.parse(read('content/services/footers/zh.json'));
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(FOOTER_KEYS).toContain(key);
  });

  it('every picture named in the content exists in public/', () => {
    const paths = new Set<string>();
    const walk = (value: unknown): void => {
      if (typeof value === 'string' && /^\/images\/.+\.(svg|png|jpe?g|webp)$/.test(value)) paths.add(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const name of readdirSync(PAGES)) walk(read(`${PAGES}/${name}`));
    for (const locale of ['en', 'zh']) walk(read(`content/services/footers/${locale}.json`));
    expect(paths.size).toBeGreaterThan(10);
    for (const path of paths) expect(existsSync(`public${path}`), path).toBe(true);
  });

  it('the sections and blocks the spec names are there', () => {
    expect(page('fruit', 'fruit').sections.map((s) => s.id)).toEqual([...FRUIT_SECTION_IDS]);
    expect(page('cargo', 'cargo').blocks).toHaveLength(5);
    expect(page('equipment', 'equipment').sections.map((s) => s.section.id)).toEqual([...EQUIPMENT_SECTION_IDS]);
    for (const s of page('equipment', 'equipment').sections) expect(s.contacts.length).toBeGreaterThan(0);
    expect(page('lcl', 'lcl').contacts.groups.length).toBeGreaterThan(2);
    const port = page('port-information', 'portInformation');
    expect([port.items.length, port.features.length, port.app.stores.map((s) => s.platform)]).toEqual([4, 8, ['ios', 'android']]);
    for (const id of ['standardization', 'transport']) {
      const p = page(id, 'product');
      expect([p.lists.length, p.highlights.boxes.length]).toEqual([2, 4]);
      expect(p.links.items.map((l) => l.target)).toEqual(expect.arrayContaining(['goods', 'goodsDetail', 'eBusiness']));
    }
  });

  it('a section without text, or a page of the wrong shape, is refused naming the field', () => {
    const fruit = read(`${PAGES}/fruit.json`);
    delete fruit.sections[1].paragraphs;
    delete fruit.sections[1].bullets;
    fruit.sections[2].id = 'cold';
    fruit.consultation.desks[0].persons[0].email = 'not an address';
    const paths = issues(ServicePage.safeParse(fruit));
    expect(paths.join('\n')).toMatch(/sections\.1: a section needs paragraphs/);
    expect(paths.join('\n')).toMatch(/sections: sections are pti-monitoring/);
    expect(paths.join('\n')).toMatch(/consultation\.desks\.0\.persons\.0\.email/);
  });
});

describe("the spec's service promises and quality policy are content, in both languages", () => {
  /** Each promise of the spec (business constants) and what its text must say in each language. */
  const figures: Record<(typeof PROMISE_IDS)[number], { en: RegExp[]; zh: RegExp[] }> = {
    'booking-status': { en: [/booking status/i, /within 2 hours/], zh: [/订舱状态/, /2小时内/] },
    'confirmation-standard-reefer': { en: [/standard/i, /reefer/i, /within 2 working hours/], zh: [/普通货/, /冷藏货/, /2个工作小时内/] },
    'confirmation-dangerous-oversize': { en: [/dangerous/i, /oversize/i, /within 2 working days/], zh: [/危险品/, /超限/, /2个工作日内/] },
    'equipment-release': { en: [/equipment/i, /within 48 hours/], zh: [/放箱/, /48小时内/] },
    'counter-service': { en: [/counter/i, /15 minutes/], zh: [/柜台/, /15分钟/] },
    documents: { en: [/bills? of lading/i, /invoices?/i, /within 1 working day after the vessel's departure/], zh: [/提单/, /发票/, /离港后1个工作日内/] },
    'schedule-reliability': { en: [/schedule reliability/i, /at least 95%/], zh: [/准班率/, /不低于95%/] },
    transshipment: { en: [/transshipment/i, /7 days/, /never more than 14 days/], zh: [/中转/, /7天/, /最长不超过14天/] },
    'invoice-disputes': { en: [/invoice disputes/i, /within 5 working days/], zh: [/发票争议/, /5个工作日内/] },
    'commercial-disputes': { en: [/commercial disputes/i, /within 7 working days/], zh: [/商务纠纷/, /7个工作日内/] },
    complaints: { en: [/complaints/i, /within 5 working days/], zh: [/投诉/, /5个工作日内/] },
    feedback: { en: [/feedback/i, /within a week/], zh: [/意见/, /一周内/] },
  };
  const standardization = page('standardization', 'product');
  const promises = new Map(
    standardization.lists
      .flatMap((l) => l.items)
      .filter((i) => i.id)
      .map((i) => [i.id!, i.text]),
  );

  it('the Standardization page lists every promise exactly once', () => {
    const ids = standardization.lists.flatMap((l) => l.items).flatMap((i) => (i.id ? [i.id] : []));
    expect([...ids].sort()).toEqual([...PROMISE_IDS].sort());
  });

  for (const id of PROMISE_IDS) {
    for (const locale of ['en', 'zh'] as const) {
      it(`${id} (${locale})`, () => {
        const text = promises.get(id)?.[locale] ?? '';
        for (const pattern of figures[id][locale]) expect(text).toMatch(pattern);
      });
    }
  }

  it('the service quality policy: convenience, honesty, harmony, excellence', () => {
    const { highlights } = standardization;
    expect(highlights.title).toEqual({ en: 'Service quality policy', zh: '服务质量方针' });
    expect(highlights.boxes.map((b) => b.id)).toEqual([...POLICY_IDS]);
    expect(highlights.boxes.map((b) => b.title.en)).toEqual(['Convenience', 'Honesty', 'Harmony', 'Excellence']);
    expect(highlights.boxes.map((b) => b.title.zh)).toEqual(['便捷', '诚信', '和谐', '卓越']);
  });

  it('the on-time page repeats the reliability and transshipment figures consistently', () => {
    const ontime = JSON.stringify(page('ontime', 'text'));
    for (const pattern of [/at least 95%/, /不低于95%/, /7 days/, /14 days/, /7天/, /14天/]) expect(ontime).toMatch(pattern);
  });
});

describe('container total-loss compensation table', () => {
  it("holds the spec's figures in USD, in order", () => {
    const loss = page('container-loss', 'containerLoss');
    expect(loss.table.rows.map((r) => [r.size, r.money])).toEqual([
      ['20 GP', 3600],
      ['40 GP', 5760],
      ['40 HQ', 6120],
      ['45 HQ', 6900],
      ['20 RF', 24000],
      ['40 RQ', 30000],
      ['20 FL', 6900],
      ['40 FL', 10500],
      ['20 OT', 4500],
      ['40 OT', 7500],
    ]);
    expect(loss.table.caption.en).toMatch(/USD/);
    expect(loss.table.caption.zh).toMatch(/美元/);
    expect(loss.sections.some((s) => s.ordered)).toBe(true);
  });
});

describe("container stuffing regulations carry the spec's figures in both languages", () => {
  const text = (locale: string) => readFileSync(`content/pages/${locale}/stuffing-regulations.md`, 'utf8');
  const figures = {
    en: [
      /maximum lift weight of a forklift working inside a container is 2\.5 tonnes/,
      /No more than 60% of the cargo's weight may lie in one\s+half of the container's length/,
      /more than 3 tonnes per unit must stand on pallets or on dunnage/,
      /about 20 mm of clearance/,
      /about\s+100 mm of free space under the load/,
      /380\/440 V/,
    ],
    zh: [/叉车，最大起重量为2\.5吨/, /货物总重的60%不得集中在集装箱长度的一半范围内/, /单件重量超过3吨的重货，须放置在托盘或衬垫/, /预留约20毫米间隙/, /保留约100毫米空间/, /380\/440伏/],
  };
  for (const locale of ['en', 'zh'] as const) {
    it(locale, () => {
      const body = text(locale);
      expect(body).toMatch(/^---\ntitle: .+\ndescription: .+\nupdated: \d{4}-\d{2}-\d{2}\n---/);
      for (const pattern of figures[locale]) expect(body).toMatch(pattern);
    });
  }
});

describe('service-footer blocks', () => {
  const entry = (show: boolean): FooterEntry => ({
    main: 'More',
    content: 'Text',
    leftTitle: 'L',
    leftDesc: 'l',
    leftPic: '/images/a.svg',
    topLink: '/home',
    rightTitle: 'R',
    rightDesc: 'r',
    rightPic: '/images/b.svg',
    bottomLink: '/home',
    show,
  });
  it('show only entries of the page key whose show flag is true; none for an absent key', () => {
    const footers = { fruit: [entry(true), entry(false)], cargo: [entry(false)] };
    expect(visibleFooterEntries(footers, 'fruit')).toHaveLength(1);
    expect(visibleFooterEntries(footers, 'cargo')).toEqual([]);
    expect(visibleFooterEntries(footers, 'ontime')).toEqual([]);
    expect(visibleFooterEntries(footers, undefined)).toEqual([]);
  });
  it('refuse an unknown key', () => {
    expect(ServiceFooters.safeParse({ transport: [entry(true)] }).success).toBe(false);
  });
});

describe('QR codes of the app download area', () => {
  const urls = page('port-information', 'portInformation').app.stores.map((s) => s.url);

  it('have the finder, timing and dark-module patterns of a version-3 or larger symbol', () => {
    for (const url of urls) {
      const m = encodeQr(url);
      const size = m.length;
      expect((size - 17) % 4).toBe(0);
      expect(size).toBeGreaterThanOrEqual(29);
      for (const [x0, y0] of [
        [0, 0],
        [size - 7, 0],
        [0, size - 7],
      ]) {
        for (let i = 0; i < 7; i++) {
          expect(m[y0][x0 + i]).toBe(true); // outer ring of each finder
          expect(m[y0 + 6][x0 + i]).toBe(true);
        }
        expect(m[y0 + 3][x0 + 3]).toBe(true); // centre
        expect(m[y0 + 1][x0 + 1]).toBe(false); // light ring
      }
      for (let i = 8; i < size - 8; i++) expect(m[6][i]).toBe(i % 2 === 0);
      expect(m[size - 8][8]).toBe(true);
    }
  });

  it('carry valid format information for error-correction level M', () => {
    for (const url of urls) {
      const m = encodeQr(url);
      // format bits 14..9 of the first copy run along row 8, columns 0-5 (bit 14 at column 0)
      let bits = 0;
      const cells: [number, number][] = [
        [8, 0],
        [8, 1],
        [8, 2],
        [8, 3],
        [8, 4],
        [8, 5],
        [8, 7],
        [8, 8],
        [7, 8],
        [5, 8],
        [4, 8],
        [3, 8],
        [2, 8],
        [1, 8],
        [0, 8],
      ];
      // cells are (row, column) from bit 14 down to bit 0
      cells.forEach(([row, col]) => (bits = (bits << 1) | (m[row][col] ? 1 : 0)));
      const value = bits ^ 0x5412;
      const data = value >>> 10;
      let rem = data;
      for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
      expect(((data << 10) | (rem & 0x3ff)) ^ 0x5412).toBe(bits);
      expect(data >>> 3).toBe(0); // level M
    }
  });

  it('draw one path with a quiet zone of four modules', () => {
    const { d, size } = qrPath(urls[0]);
    expect(size).toBe(encodeQr(urls[0]).length + 8);
    expect(d.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
