import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faqEntryAnchor, faqMatches, faqTypePath, inlineHtml, loadFaq, searchFaq } from '../../src/help/faq';
import { loadDownloads, loadTariffs } from '../../src/help/help-downloads';
import { loadRouteNetwork } from '../../src/routes/route-network';
import { WEEKDAYS } from '../../src/content-model/schemas/routes';
import {
  allScheduleFiles,
  deployedVessels,
  TBN_NAME,
  findScheduleFile,
  scheduleFiles,
  scheduleSettings,
  scheduleStart,
  scheduleTrades,
  tradeOfGroupName,
  voyages,
} from '../../src/help/service-schedules';

describe('FAQ content', () => {
  const en = loadFaq('en');
  const zh = loadFaq('zh');

  it('has at least 6 types of at least 5 questions, with the same ids in both languages', () => {
    expect(en.length).toBeGreaterThanOrEqual(6);
    for (const type of en) expect(type.entries.length, type.name).toBeGreaterThanOrEqual(5);
    expect(zh.map((t) => [t.id, t.entries.map((e) => e.id)])).toEqual(en.map((t) => [t.id, t.entries.map((e) => e.id)]));
    const ids = en.flatMap((t) => t.entries.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes Chinese in the Chinese FAQ and English in the English one', () => {
    for (const type of zh) for (const e of type.entries) expect(`${e.title}${e.text}`, e.id).toMatch(/[\u4e00-\u9fff]/);
    for (const type of en) for (const e of type.entries) expect(`${e.title}${e.text}`, e.id).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('names the spec paths and anchors the site search links to', () => {
    expect(faqTypePath('3')).toBe('/home/HelpCenter/questions/3');
    expect(faqEntryAnchor('vgm')).toBe('faq-vgm');
  });

  it('turns answers into HTML with escaped text, bold, and localised or external links', () => {
    const vgm = en.flatMap((t) => t.entries).find((e) => e.id === 'vgm')!;
    expect(vgm.html).toContain('<strong>verified gross mass</strong>');
    expect(vgm.html).toContain('href="/en/home/HelpCenter/business/Downloads"');
    const vgmZh = zh.flatMap((t) => t.entries).find((e) => e.id === 'vgm')!;
    expect(vgmZh.html).toContain('href="/zh/home/HelpCenter/business/Downloads"');
    expect(vgm.text).not.toMatch(/\*\*|\]\(/);
    expect(inlineHtml('a <script>x</script> & [EB](https://eb.example.com/)', 'en')).toBe(
      'a &lt;script&gt;x&lt;/script&gt; &amp; <a href="https://eb.example.com/" rel="noopener noreferrer" target="_blank">EB</a>',
    );
    expect(() => inlineHtml('[bad](javascript:alert(1))', 'en')).toThrow(/must be an http/);
  });
});

describe('the FAQ matching rule', () => {
  const types = loadFaq('en');
  const ids = (keyword: string) => searchFaq(types, keyword).flatMap((t) => t.entries.map((e) => e.id));

  it('ignores case and matches the question or the answer text', () => {
    expect(ids('vgm')).toContain('vgm');
    expect(ids('VGM')).toEqual(ids('vgm'));
    // only in an answer, not in any question
    expect(ids('ISPM 15')).toEqual(['fumigation']);
  });

  it('finds all the words of a keyword of several words, in any order', () => {
    expect(ids('lading bill')).toEqual(expect.arrayContaining(['bl-issue-time', 'bl-correction']));
    expect(ids('lading bill zebra')).toEqual([]);
  });

  it('drops types with no match and filters nothing for an empty keyword', () => {
    const found = searchFaq(types, 'lithium');
    expect(found.map((t) => t.id)).toEqual(['5']);
    expect(searchFaq(types, '   ')).toHaveLength(types.length);
    expect(searchFaq(types, 'no such thing anywhere')).toEqual([]);
  });

  it('finds Chinese keywords and full-width forms', () => {
    const zh = loadFaq('zh');
    expect(searchFaq(zh, '锂电池').flatMap((t) => t.entries.map((e) => e.id))).toContain('lithium-batteries');
    expect(faqMatches({ title: 'VGM 申报', text: '' }, 'ＶＧＭ')).toBe(true);
  });
});

describe('service schedules from the route network', () => {
  const net = loadRouteNetwork();

  it('groups the services by trade in route-tab order, the trade after the first dash of the group name', () => {
    const trades = scheduleTrades(net);
    expect(trades.map((t) => t.direction.id)).toEqual([11, 12, 13, 17, 14, 15, 18, 16]);
    expect(trades.reduce((n, t) => n + t.services.length, 0)).toBe(net.services.size);
    for (const t of trades) expect(tradeOfGroupName(t.groupName)).toBe(t.trade);
    expect(tradeOfGroupName('15-Latin America-Africa')).toBe('Latin America-Africa');
  });

  it('publishes two files per service, none for the unpublished ones, with stable ids', () => {
    const unpublished = scheduleSettings().unpublished.map((u) => u.code);
    expect(unpublished.length).toBeGreaterThan(0);
    for (const code of unpublished) expect(scheduleFiles(code)).toEqual([]);
    expect(allScheduleFiles(net)).toHaveLength((net.services.size - unpublished.length) * 2);
    expect(scheduleFiles('PSX').map((f) => [f.scheduleUuid, f.path])).toEqual([
      ['psx-long-term', '/files/schedules/psx-long-term.xlsx'],
      ['psx-proforma', '/files/schedules/psx-proforma.xlsx'],
    ]);
    expect(findScheduleFile(net, 'psx-long-term')?.code).toBe('PSX');
    expect(findScheduleFile(net, 'bbx-long-term')).toBeUndefined();
    expect(findScheduleFile(net, 'zzz-long-term')).toBeUndefined();
    expect(findScheduleFile(net, '../etc')).toBeUndefined();
  });

  it('deploys one ship per week of the round trip, no ship on two services', () => {
    const fleet = deployedVessels(net);
    const all: string[] = [];
    for (const { service } of net.services.values()) {
      expect(fleet.get(service.code)!.length, service.code).toBe(service.roundTripDays / 7);
      all.push(...fleet.get(service.code)!.filter((name) => name !== TBN_NAME));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((n) => n.startsWith('SEABRIDGE ')).length).toBeGreaterThan(20);
  });

  it('starts long-term schedules on the Monday of the week', () => {
    expect(scheduleStart(new Date('2026-11-25T18:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(scheduleStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(scheduleStart(new Date('2026-11-29T23:59:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('dates weekly voyages from the rotation: weekday, order of calls, the ships in turn with rising voyage numbers', () => {
    const { service } = net.services.get('PSX')!;
    const ships = deployedVessels(net).get('PSX')!;
    const list = voyages(service, new Date('2026-11-23T00:00:00Z'), 12);
    expect(list).toHaveLength(12);
    for (const [i, v] of list.entries()) {
      expect(WEEKDAYS[(v.day0.getUTCDay() + 6) % 7]).toBe(service.startsOn);
      if (i > 0) expect(v.day0.getTime() - list[i - 1].day0.getTime()).toBe(7 * 86_400_000);
      expect(ships).toContain(v.vessel);
      expect(v.voyage).toMatch(/^\d{4}E$/);
      if (i > 0) expect(Number(v.voyage.slice(0, 4))).toBe(Number(list[i - 1].voyage.slice(0, 4)) + 1);
    }
    // the calls of one voyage are in order (port-local times of Chinese ports, then US West Coast ports, never going back in UTC)
    expect(list[0].calls[0].eta).toBe('2026-11-26 06:00'); // PSX starts on Thursday at 06:00 at Yantian
    const again = list.find((v, i) => i > 0 && v.vessel === list[0].vessel)!;
    expect(list.indexOf(again)).toBe(ships.length);
  });
});

describe('downloads and tariffs', () => {
  /** A PDF whose cross-reference table points at its objects. */
  const checkPdf = (path: string) => {
    const bytes = readFileSync(`public${path}`);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.'), path).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF'), path).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4), path).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 12), `${path} object ${i + 1}`).toMatch(new RegExp(`^${i + 1} 0 obj`)));
    return text;
  };

  it('has a PDF of every document in both languages', () => {
    const { files } = loadDownloads();
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      expect(f.file.en).not.toBe(f.file.zh);
      checkPdf(f.file.en);
      // the Chinese version writes its text in the standard Chinese font
      expect(checkPdf(f.file.zh)).toContain('/BaseFont /STSong-Light');
    }
  });

  it('has a PDF of every tariff in both languages, with every zone', () => {
    for (const t of loadTariffs().tariffs) {
      const text = checkPdf(t.file.en);
      for (const z of t.zones) expect(text, `${t.id} ${z.zone}`).toContain(`(${z.zone})`);
      checkPdf(t.file.zh);
    }
  });

  it('has the files the terms pages offer', () => {
    for (const locale of ['en', 'zh']) {
      for (const page of ['bill-conditions', 'compliance-terms']) {
        const md = readFileSync(`content/help/pages/${locale}/${page}.md`, 'utf8');
        for (const m of md.matchAll(/file: (\S+)/g)) expect(existsSync(`public${m[1]}`), m[1]).toBe(true);
      }
    }
  });
});
