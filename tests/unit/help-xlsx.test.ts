import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadRouteNetwork } from '../../src/routes/route-network';
import { deployedVessels, scheduleFiles, scheduleSettings, scheduleWorkbook } from '../../src/help/service-schedules';
import { columnName, xlsx } from '../../src/shared/xlsx';
import { crc32 } from '../../src/shared/zip';

/** Reads a zip through its central directory, checking each entry's CRC. */
function unzip(bytes: Buffer): Map<string, string> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const packed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = method === 8 ? inflateRawSync(bytes.subarray(start, start + packed)) : bytes.subarray(start, start + packed);
    expect(raw.length, name).toBe(size);
    expect(crc32(raw), name).toBe(crc);
    files.set(name, raw.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A strict little XML parser: throws on anything not well-formed (unbalanced tags, bad entities, stray '<' or '&'). */
function parseXml(xml: string): XmlNode {
  const decl = /^<\?xml [^?]*\?>\s*/.exec(xml);
  let i = decl ? decl[0].length : 0;
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  const entity = (s: string) => {
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(s)) throw new Error(`bad entity in ${s.slice(0, 40)}`);
    return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text.trim()) stack.at(-1)!.text += entity(text);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error('unclosed tag');
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const open = stack.pop()!;
      if (open.name !== tag.slice(1)) throw new Error(`</${tag.slice(1)}> closes <${open.name}>`);
    } else {
      const self = tag.endsWith('/');
      const m = /^([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*\/?$/.exec(tag);
      if (!m) throw new Error(`bad tag <${tag.slice(0, 60)}>`);
      const attrs: Record<string, string> = {};
      for (const a of m[2].matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        if (a[1] in attrs) throw new Error(`attribute ${a[1]} twice`);
        attrs[a[1]] = entity(a[2]);
      }
      const node: XmlNode = { name: m[1], attrs, children: [], text: '' };
      stack.at(-1)!.children.push(node);
      if (!self) stack.push(node);
    }
    i = gt + 1;
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('not one root element');
  return root.children[0];
}
const all = (node: XmlNode, name: string): XmlNode[] => [...(node.name === name ? [node] : []), ...node.children.flatMap((c) => all(c, name))];
const cellText = (c: XmlNode) =>
  all(c, 't')
    .map((t) => t.text)
    .join('') ||
  all(c, 'v')
    .map((v) => v.text)
    .join('');

function open(bytes: Buffer) {
  const files = unzip(bytes);
  const xml = new Map([...files].map(([name, text]) => [name, parseXml(text)]));
  return { files, xml };
}

describe('the .xlsx writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a valid package: content types, relationships, workbook, styles and one part per sheet', () => {
    const bytes = xlsx(
      [
        { name: 'First', rows: [[{ value: 'Title <&> "quoted"', style: 'title' }], ['a', 2.5, null, 'd'], [' padded ']], widths: [20, 8], freezeRows: 1, merges: ['A1:D1'], heights: { 1: 24 } },
        { name: 'Second', rows: [['x']] },
      ],
      { title: 'Test & check', created: '2026-11-23T00:00:00Z' },
    );
    const { xml } = open(bytes);
    expect([...xml.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const types = all(xml.get('[Content_Types].xml')!, 'Override').map((o) => o.attrs.PartName);
    expect(types).toEqual(expect.arrayContaining(['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/worksheets/sheet2.xml', '/xl/styles.xml']));
    const sheets = all(xml.get('xl/workbook.xml')!, 'sheet');
    expect(sheets.map((s) => s.attrs.name)).toEqual(['First', 'Second']);
    const rels = all(xml.get('xl/_rels/workbook.xml.rels')!, 'Relationship');
    for (const s of sheets) expect(rels.find((r) => r.attrs.Id === s.attrs['r:id'])?.attrs.Target).toMatch(/^worksheets\/sheet\d\.xml$/);
    const sheet = xml.get('xl/worksheets/sheet1.xml')!;
    const cells = all(sheet, 'c');
    expect(cells.map((c) => [c.attrs.r, c.attrs.t ?? 'n', cellText(c)])).toEqual([
      ['A1', 'inlineStr', 'Title <&> "quoted"'],
      ['A2', 'inlineStr', 'a'],
      ['B2', 'n', '2.5'],
      ['D2', 'inlineStr', 'd'],
      ['A3', 'inlineStr', ' padded '],
    ]);
    expect(all(sheet, 't').find((t) => t.text === ' padded ')?.attrs['xml:space']).toBe('preserve');
    expect(all(sheet, 'col').map((c) => c.attrs.width)).toEqual(['20', '8']);
    expect(all(sheet, 'pane')[0].attrs).toMatchObject({ ySplit: '1', state: 'frozen' });
    expect(all(sheet, 'mergeCell')[0].attrs.ref).toBe('A1:D1');
    expect(all(sheet, 'row')[0].attrs).toMatchObject({ ht: '24', customHeight: '1' });
    // the title style is bold, the header style bold on a fill with borders
    const styles = xml.get('xl/styles.xml')!;
    const fonts = all(styles, 'font');
    const xfs = all(all(styles, 'cellXfs')[0], 'xf');
    expect(all(fonts[Number(xfs[1].attrs.fontId)], 'b')).toHaveLength(1);
    expect(all(fonts[Number(xfs[2].attrs.fontId)], 'b')).toHaveLength(1);
    expect(Number(xfs[2].attrs.fillId)).toBeGreaterThan(1);
    expect(Number(xfs[2].attrs.borderId)).toBeGreaterThan(0);
    expect(Number(all(styles, 'cellXfs')[0].attrs.count)).toBe(xfs.length);
  });

  it('refuses bad sheet names and numbers', () => {
    expect(() => xlsx([])).toThrow();
    expect(() => xlsx([{ name: 'a/b', rows: [] }])).toThrow(/sheet name/);
    expect(() =>
      xlsx([
        { name: 'x', rows: [] },
        { name: 'X', rows: [] },
      ]),
    ).toThrow(/two sheets/);
    expect(() => xlsx([{ name: 'x', rows: [[Number.NaN]] }])).toThrow(/finite/);
  });
});

describe('the schedule workbooks', () => {
  const net = loadRouteNetwork();
  const from = new Date('2026-11-23T00:00:00Z');

  it('lists every voyage of the coming weeks with its vessel and each call dated', () => {
    const file = scheduleFiles('AEX1')[0];
    const { xml } = open(scheduleWorkbook(net, file, from));
    const sheet = xml.get('xl/worksheets/sheet1.xml')!;
    const rows = all(sheet, 'row').map((r) => all(r, 'c').map(cellText));
    const { service } = net.services.get('AEX1')!;
    expect(rows[0][0]).toContain('AEX1');
    expect(rows[3].slice(0, 2)).toEqual(['Vessel 船名', 'Voyage 航次']);
    expect(rows[4].slice(2, 4)).toEqual(['ETA 抵港', 'ETD 离港']);
    const data = rows.filter((r) => /^\d{4}[EWNS]$/.test(r[1] ?? ''));
    expect(data).toHaveLength(scheduleSettings().weeks);
    for (const r of data) {
      expect(deployedVessels(net).get('AEX1')).toContain(r[0]);
      expect(r).toHaveLength(2 + service.calls.length * 2);
      for (const d of r.slice(2)) expect(d).toMatch(/^2026-\d\d-\d\d \d\d:\d\d$|^2027-\d\d-\d\d \d\d:\d\d$/);
    }
    expect(all(sheet, 'col')).toHaveLength(2 + service.calls.length * 2);
    expect(all(sheet, 'pane')[0].attrs.ySplit).toBe('5');
  });

  it("gives the proforma rotation and both directions' transit times", () => {
    const file = scheduleFiles('PSX')[1];
    const { xml } = open(scheduleWorkbook(net, file, from));
    expect(all(xml.get('xl/workbook.xml')!, 'sheet').map((s) => s.attrs.name)).toEqual(['Rotation', 'Transit times']);
    const rotation = all(xml.get('xl/worksheets/sheet1.xml')!, 'row').map((r) => all(r, 'c').map(cellText));
    const { service } = net.services.get('PSX')!;
    const callRows = rotation.filter((r) => /^\d+$/.test(r[0] ?? ''));
    expect(callRows.map((r) => r[2])).toEqual(service.calls.map((c) => c.port));
    expect(callRows[0][5]).toBe('THU 06:00');
    const transit = all(xml.get('xl/worksheets/sheet2.xml')!, 'row').map((r) => all(r, 'c').map(cellText));
    expect(transit.some((r) => r[0] === 'Eastbound 东行')).toBe(true);
    expect(transit.some((r) => r[0] === 'Westbound 西行')).toBe(true);
  });
});
