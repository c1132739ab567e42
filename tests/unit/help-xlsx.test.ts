import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadRouteNetwork } from '../../src/routes/route-network';
import { deployedVessels, scheduleFiles, scheduleSettings, scheduleWorkbook } from '../../src/help/service-schedules';
import { columnName, writeWorkbook } from '../../src/schedules/spreadsheet';

/** The workbook as a spreadsheet program sees it: the file read back with exceljs. */
async function open(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  // exceljs's types take an ArrayBuffer (it reads that and Node's Buffer alike)
  await book.xlsx.load(new Uint8Array(bytes).buffer);
  return book;
}

/** The values of a sheet, row by row, as shown ('' for an empty cell). */
const values = (sheet: ExcelJS.Worksheet) =>
  Array.from({ length: sheet.rowCount }, (_, r) => {
    const row = sheet.getRow(r + 1);
    return Array.from({ length: row.cellCount }, (_, c) => {
      const cell = row.getCell(c + 1);
      return cell.isMerged && cell.master !== cell ? '' : (cell.value ?? '');
    });
  });

/** Column widths set in the file (exceljs lists a column without one as undefined). */
const widths = (sheet: ExcelJS.Worksheet) => sheet.columns.map((c) => c.width).filter((w) => w !== undefined);
const NAVY = 'FF0B2545';

describe('the workbook writer (exceljs)', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes sheets with their values and types, widths, frozen header, merges, heights, styles and properties', async () => {
    const bytes = await writeWorkbook(
      [
        {
          name: 'First',
          rows: [
            [{ value: 'Title <&> "quoted"\u0007', style: 'title' }],
            ['a', 2.5, null, 'd'],
            [' padded ', { value: '', style: 'cell' }],
            [
              { value: 'Head', style: 'header' },
              { value: 7, style: 'cell' },
            ],
          ],
          widths: [20, 8, 9],
          freezeRows: 1,
          merges: ['A1:D1'],
          heights: { 1: 24 },
        },
        { name: 'Second', rows: [['x']] },
      ],
      { title: 'Test & check', author: 'Seabridge', created: new Date('2026-11-23T00:00:00Z') },
    );
    // a zip of Office Open XML parts, as any spreadsheet program expects
    expect(Object.keys(unzipSync(bytes))).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']));
    const book = await open(bytes);
    expect(book.worksheets.map((s) => s.name)).toEqual(['First', 'Second']);
    expect(book.title).toBe('Test & check');
    expect(book.creator).toBe('Seabridge');
    expect(book.created.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    const sheet = book.getWorksheet('First')!;
    // text stays text (characters XML cannot hold dropped, spaces kept), numbers are numbers, empty cells empty
    expect(values(sheet)).toEqual([
      ['Title <&> "quoted"', '', '', ''],
      ['a', 2.5, '', 'd'],
      [' padded ', ''],
      ['Head', 7],
    ]);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Null);
    // an empty cell with a style keeps it (a table's borders)
    expect(sheet.getCell('B3').border?.top?.style).toBe('thin');
    // a column of width 9 (exceljs's default) is still written
    expect(widths(sheet)).toEqual([20, 8, 9]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.model.merges).toEqual(['A1:D1']);
    expect(sheet.getCell('D1').master.address).toBe('A1');
    expect(sheet.getRow(1).height).toBe(24);
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9 });
    // house styles: Arial throughout, a bold navy title, a bold white header on navy with borders
    expect(sheet.getCell('A1').font).toMatchObject({ name: 'Arial', size: 14, bold: true, color: { argb: NAVY } });
    expect(sheet.getCell('A2').font).toMatchObject({ name: 'Arial', size: 10 });
    expect(sheet.getCell('A4').font).toMatchObject({ name: 'Arial', bold: true, color: { argb: 'FFFFFFFF' } });
    expect(sheet.getCell('A4').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: NAVY } });
    expect(sheet.getCell('A4').alignment).toMatchObject({ vertical: 'middle', wrapText: true });
    expect(sheet.getCell('B4').border).toMatchObject({ left: { style: 'thin' }, right: { style: 'thin' }, top: { style: 'thin' }, bottom: { style: 'thin' } });
    expect(book.getWorksheet('Second')!.views[0].state).toBe('normal');
    // the time given is the document's, not the clock's
    expect(strFromU8(unzipSync(bytes)['docProps/core.xml'])).toContain('2026-11-23T00:00:00Z');
  });

  it('refuses an empty workbook, bad or repeated sheet names and numbers that are not finite', async () => {
    const info = { title: 't', author: 'a' };
    await expect(writeWorkbook([], info)).rejects.toThrow(/at least one sheet/);
    await expect(writeWorkbook([{ name: 'a/b', rows: [] }], info)).rejects.toThrow(/cannot include/);
    await expect(
      writeWorkbook(
        [
          { name: 'x', rows: [] },
          { name: 'X', rows: [] },
        ],
        info,
      ),
    ).rejects.toThrow(/already exists/);
    await expect(writeWorkbook([{ name: 'x', rows: [[Number.NaN]] }], info)).rejects.toThrow(/x!A1 is not a finite number/);
  });
});

describe('the schedule workbooks', () => {
  const net = loadRouteNetwork();
  const from = new Date('2026-11-23T00:00:00Z');

  it('lists every voyage of the coming weeks with its vessel and each call dated', async () => {
    const file = scheduleFiles('AEX1')[0];
    const book = await open(await scheduleWorkbook(net, file, from));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Long-term schedule']);
    expect(book.created.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    const sheet = book.worksheets[0];
    const rows = values(sheet);
    const { service } = net.services.get('AEX1')!;
    const width = 2 + service.calls.length * 2;
    expect(rows[0][0]).toContain('AEX1');
    expect(rows[1][0]).toContain('2026-11-23');
    expect(rows[3].slice(0, 3)).toEqual(['Vessel 船名', 'Voyage 航次', expect.stringContaining(`(${service.calls[0].port}, `)]);
    expect(rows[4].slice(2, 4)).toEqual(['ETA 抵港', 'ETD 离港']);
    const data = rows.filter((r) => /^\d{4}[EWNS]$/.test(String(r[1] ?? '')));
    expect(data).toHaveLength(scheduleSettings().weeks);
    for (const r of data) {
      expect(deployedVessels(net).get('AEX1')).toContain(r[0]);
      expect(r).toHaveLength(width);
      // dates are text, as printed: port-local times
      for (const d of r.slice(2)) expect(d).toMatch(/^2026-\d\d-\d\d \d\d:\d\d$|^2027-\d\d-\d\d \d\d:\d\d$/);
    }
    // the title and subtitle span the table; vessel and voyage span both header rows; each port spans its ETA and ETD
    const last = columnName(width - 1);
    expect(sheet.model.merges).toEqual(expect.arrayContaining([`A1:${last}1`, `A2:${last}2`, 'A4:A5', 'B4:B5', 'C4:D4', `${columnName(width - 2)}4:${last}4`]));
    expect(widths(sheet)).toEqual([22, 10, ...service.calls.flatMap(() => [17, 17])]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.getRow(4).height).toBe(30);
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(sheet.getCell('C5').font).toMatchObject({ bold: true });
    expect(sheet.getCell('C5').fill).toMatchObject({ fgColor: { argb: NAVY } });
    expect(sheet.getCell('A6').border?.bottom?.style).toBe('thin');
    const note = sheet.getCell(`A${rows.length}`);
    expect(String(note.value)).toMatch(/^Issued by Seabridge/);
    expect(note.font).toMatchObject({ italic: true, size: 9 });
  });

  it("gives the proforma rotation and both directions' transit times", async () => {
    const file = scheduleFiles('PSX')[1];
    const book = await open(await scheduleWorkbook(net, file, from));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Rotation', 'Transit times']);
    const [rotationSheet, transitSheet] = book.worksheets;
    const rotation = values(rotationSheet);
    const { service } = net.services.get('PSX')!;
    expect(rotation[3]).toEqual(['Call 序号', 'Port 港口', 'UN/LOCODE', 'Terminal 码头', 'Arrival day 抵港日', 'ETA 抵港', 'Departure day 离港日', 'ETD 离港']);
    const callRows = rotation.filter((r) => typeof r[0] === 'number');
    expect(callRows.map((r) => r[0])).toEqual(service.calls.map((_, i) => i + 1));
    expect(callRows.map((r) => r[2])).toEqual(service.calls.map((c) => c.port));
    expect(callRows[0][5]).toBe('THU 06:00');
    expect(rotationSheet.model.merges).toEqual(['A1:H1', 'A2:H2']);
    expect(widths(rotationSheet)).toEqual([9, 26, 12, 34, 15, 14, 17, 14]);
    expect(rotationSheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    const transit = values(transitSheet);
    expect(transit[2]).toEqual(['Direction 航向', 'POL 装货港', 'POD 卸货港', 'Days 天数']);
    expect(transit.some((r) => r[0] === 'Eastbound 东行')).toBe(true);
    expect(transit.some((r) => r[0] === 'Westbound 西行')).toBe(true);
    // transit days are numbers a spreadsheet can add up
    const days = transit.slice(3).map((r) => r[3]);
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(typeof d).toBe('number');
    expect(widths(transitSheet)).toEqual([18, 24, 24, 10]);
    expect(transitSheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
  });
});
