import type { Borders, Style } from 'exceljs';

/**
 * Our sheets as .xlsx files, written by exceljs: a sheet is described as rows of values with one of
 * a few house styles (title, subtitle, bold header on a navy fill, bordered cell, note), column
 * widths, merged ranges, a frozen header and row heights; this turns the description into an
 * exceljs workbook. Used by the API's search results (./workbook.ts, GET
 * /schedule/pointToPoint.xlsx) and by the build's service schedules
 * (src/help/service-schedules.ts, src/pages/files/schedules/).
 *
 * exceljs is imported on the first workbook, not with the API: loading it costs 150–190 ms
 * (measured, docs/libraries.md), which the API's start need not pay for a download few ask for.
 */

export type SheetStyle = 'plain' | 'title' | 'subtitle' | 'header' | 'cell' | 'note';
/** Text, a number, or nothing ('' too: an empty cell, which keeps its style, e.g. the borders of a table). */
export type SheetValue = string | number | null | undefined;
export interface SheetCell {
  value: SheetValue;
  style?: SheetStyle;
}

export interface SheetSpec {
  /** Sheet tab name: at most 31 characters, none of : \ / ? * [ ]; exceljs refuses those and a name used twice. */
  name: string;
  rows: (SheetValue | SheetCell)[][];
  /** Column widths in characters, first column first. */
  widths?: number[];
  /** Rows above this 1-based row stay in view while scrolling (the header). */
  freezeRows?: number;
  /** Cell ranges to merge, e.g. "A1:F1". */
  merges?: string[];
  /** Heights in points of some rows, by 1-based row number (e.g. a header whose text wraps). */
  heights?: Record<number, number>;
}

export interface WorkbookInfo {
  title: string;
  author: string;
  /** Written as the document's created and modified time (a fixed one for the build's files). */
  created?: Date;
}

const NAVY = 'FF0B2545';
const FONT = { name: 'Arial', family: 2, size: 10 } as const;
const line = { style: 'thin', color: { argb: 'FFC9D3DF' } } as const;
const BORDER: Partial<Borders> = { top: line, left: line, bottom: line, right: line };

const STYLES: Record<SheetStyle, Partial<Style>> = {
  plain: { font: FONT },
  title: { font: { ...FONT, size: 14, bold: true, color: { argb: NAVY } } },
  subtitle: { font: FONT, alignment: { wrapText: false } },
  header: {
    font: { ...FONT, bold: true, color: { argb: 'FFFFFFFF' } },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: NAVY } },
    border: BORDER,
    alignment: { vertical: 'middle', wrapText: true },
  },
  cell: { font: FONT, border: BORDER },
  note: { font: { ...FONT, size: 9, italic: true, color: { argb: 'FF55616E' } } },
};

/** Column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The .xlsx file of the given sheets. */
export async function writeWorkbook(sheets: SheetSpec[], info: WorkbookInfo): Promise<Buffer> {
  if (sheets.length === 0) throw new Error('xlsx: a workbook needs at least one sheet');
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.title = info.title;
  book.creator = info.author;
  book.lastModifiedBy = info.author;
  book.created = book.modified = info.created ?? new Date();
  for (const spec of sheets) {
    const sheet = book.addWorksheet(spec.name, {
      views: spec.freezeRows ? [{ state: 'frozen', ySplit: spec.freezeRows, topLeftCell: `A${spec.freezeRows + 1}` }] : [{ state: 'normal' }],
      pageSetup: { orientation: 'landscape', paperSize: 9, margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 } },
    });
    // the columns' own font is ours too (cells typed into them later look like the rest); exceljs
    // leaves a plain column of width 9, its default, out of the file, where Excel's default is 8.43
    if (spec.widths) sheet.columns = spec.widths.map((width) => ({ width, style: { font: FONT } }));
    spec.rows.forEach((cells, r) => {
      const row = sheet.getRow(r + 1);
      cells.forEach((entry, c) => {
        const { value, style } = entry !== null && typeof entry === 'object' ? entry : { value: entry, style: undefined };
        if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`xlsx: ${spec.name}!${columnName(c)}${r + 1} is not a finite number`);
        const empty = value === null || value === undefined || value === '';
        if (empty && !style) return;
        const cell = row.getCell(c + 1);
        if (!empty) cell.value = value;
        // a copy: exceljs's setters (cell.font = …) change the object they were given
        cell.style = { ...STYLES[style ?? 'plain'] };
      });
      const height = spec.heights?.[r + 1];
      if (height) row.height = height;
    });
    // after the values: a merged range's other cells take the first one's value and style
    for (const range of spec.merges ?? []) sheet.mergeCells(range);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
