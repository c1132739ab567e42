import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PointToPointAnswer } from '../../src/contract/schedules';
import { startHarness, type Harness } from './harness';

/** GET /schedule/pointToPoint (the site's search) and its .xlsx, in the contract's wrapper. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const today = new Date().toISOString().slice(0, 10);

describe('/schedule/pointToPoint', () => {
  it('answers dated options with names in the language asked, cut-offs and both CO2e figures', async () => {
    const en = await h.request(`/schedule/pointToPoint?from=CNSHA&to=NLRTM&date=${today}&weeks=4&language=1`);
    expect(en.status).toBe(200);
    const answer = PointToPointAnswer.parse(en.body.data.content);
    expect(answer.options.length).toBeGreaterThanOrEqual(4);
    const o = answer.options[0];
    expect(o.legs[0].from.name).toBe('Shanghai');
    expect(o.cutOffs.map((c) => c.kind)).toEqual(['documentation', 'portCY', 'vgm', 'reefer', 'dangerousGoods']);
    expect(o.co2PerTeu.wtw).toBeGreaterThan(o.co2PerTeu.ttw);
    expect(o.co2Cargo).toBeNull();
    const zh = PointToPointAnswer.parse((await h.request(`/schedule/pointToPoint?from=CNSHA&to=NLRTM&date=${today}&weeks=4&tonnes=25&language=0`)).body.data.content);
    expect(zh.options[0].legs[0].from.name).toBe('上海');
    expect(zh.options[0].co2Cargo!.tonnes).toBe(25);
    expect(zh.options[0].co2Cargo!.wtw).toBeCloseTo(zh.options[0].co2PerTeu.wtw * 2.5, 0);
  });

  it('offers transhipments unless direct only is asked, with the connection at the hub', async () => {
    const any = PointToPointAnswer.parse((await h.request(`/schedule/pointToPoint?from=CNTXG&to=GBLIV&date=${today}&weeks=4`)).body.data.content);
    expect(any.options.length).toBeGreaterThan(0);
    for (const o of any.options) {
      expect(o.transhipments).toBe(o.legs.length - 1);
      expect(o.connections).toHaveLength(o.transhipments);
      for (const c of o.connections) expect(c.hours).toBeGreaterThanOrEqual(24);
    }
    const direct = PointToPointAnswer.parse((await h.request(`/schedule/pointToPoint?from=CNTXG&to=GBLIV&date=${today}&weeks=4&direct=1`)).body.data.content);
    expect(direct.options).toEqual([]);
  });

  it.each([
    ['from=CNSHA&to=CNSHA', 'to'],
    ['from=XXXXX&to=NLRTM', 'from'],
    ['from=cnsha&to=NLRTM', 'from'],
    ['from=CNSHA&to=NLRTM&weeks=9', 'weeks'],
    ['from=CNSHA&to=NLRTM&tonnes=-3', 'tonnes'],
    ['from=CNSHA&to=NLRTM&nature=Frozen', 'nature'],
  ])('%s is refused in the wrapper naming %s', async (query, field) => {
    const r = await h.request(`/schedule/pointToPoint?${query}&date=${today}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('400');
    expect(r.body.message).toContain(`${field}:`);
  });

  it('writes the results as an .xlsx workbook', async () => {
    const res = await h.app.request(`http://test.local${h.config.apiBase}/schedule/pointToPoint.xlsx?from=CNSHA&to=NLRTM&date=${today}&weeks=2&sort=co2&language=0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sailings-CNSHA-NLRTM-/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // what a spreadsheet program shows: the sheet in the language asked, the header frozen, one row per leg
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(bytes).buffer); // exceljs's types take an ArrayBuffer
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('船期');
    expect(sheet.getCell('A1').value).toBe(`CNSHA → NLRTM · ${today} +2w`);
    expect(sheet.getRow(4).getCell(1).value).toBe('方案');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(sheet.getCell('A5').value).toBe(1);
    expect(typeof sheet.getCell('I5').value).toBe('number');
    expect(String(sheet.getCell('E5').value)).toContain('(CNSHA)');
    const bad = await h.request(`/schedule/pointToPoint.xlsx?from=CNSHA&to=NLRTM&date=${today}&sort=price`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sort:');
  });
});
