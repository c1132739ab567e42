/**
 * Writes the résumé template of every published position of
 * content/recruiting/positions.json to public/files/recruiting/{id}.docx (a
 * bilingual Word form naming the position, with a table to fill in), and removes
 * the templates of positions that are no longer published, so nothing unpublished
 * is served. The documents are made with the `docx` library.
 *
 * Reproducible (a derived file of the build, src/build/derived/): the same content gives the
 * same bytes. `docx` stamps the time of packing into docProps/core.xml and into every zip
 * entry, so the package is unpacked and packed again (fflate) with the position's publishedOn
 * as both.
 *
 * Usage: node src/build/derived/generators/make-resume-templates.ts   (re-run after adding a position)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BorderStyle, Document, HeightRule, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

interface Position {
  id: string;
  published: boolean;
  title: { en: string; zh: string };
  department: { en: string; zh: string };
  email: string;
  emailFormat: { en: string; zh: string };
  publishedOn: string;
}

const positions = (JSON.parse(readFileSync('content/recruiting/positions.json', 'utf8')) as { positions: Position[] }).positions.filter((p) => p.published);
const out = 'public/files/recruiting';
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) {
  if (file.endsWith('.docx') && !positions.some((p) => `${p.id}.docx` === file)) rmSync(join(out, file));
}

/** A block of the form: a heading, a paragraph, or a two-column table of labels and empty cells to write in. */
type Block = { heading: string } | { text: string; bold?: boolean; size?: number } | { table: { label: string; height?: number }[] };

const run = (text: string, bold = false, size?: number) => new TextRun({ text, bold, size, font: { ascii: 'Arial', hAnsi: 'Arial', eastAsia: 'SimSun' } });
const line = { style: BorderStyle.SINGLE, size: 4 } as const;
const LABEL = 2600;
const ANSWER = 6400;
const twips = (size: number) => ({ size, type: WidthType.DXA });

function blocks(list: Block[]): (Paragraph | Table)[] {
  return list.flatMap((b) => {
    if ('heading' in b) return [new Paragraph({ spacing: { before: 240, after: 120 }, children: [run(b.heading, true, 28)] })];
    if ('text' in b) return [new Paragraph({ children: [run(b.text, b.bold, b.size)] })];
    const table = new Table({
      width: twips(LABEL + ANSWER),
      columnWidths: [LABEL, ANSWER],
      borders: { top: line, left: line, bottom: line, right: line, insideHorizontal: line, insideVertical: line },
      rows: b.table.map(
        (row) =>
          new TableRow({
            height: row.height ? { value: row.height, rule: HeightRule.ATLEAST } : undefined,
            children: [
              new TableCell({ width: twips(LABEL), shading: { type: ShadingType.CLEAR, fill: 'EEF4FB' }, children: [new Paragraph({ children: [run(row.label, true)] })] }),
              new TableCell({ width: twips(ANSWER), children: [new Paragraph({})] }),
            ],
          }),
      ),
    });
    return [table, new Paragraph({})];
  });
}

/** The package with `day` (YYYY-MM-DD) as its created and modified time and as the time of each zip entry. */
function dated(bytes: Uint8Array, day: string): Uint8Array {
  const files = unzipSync(bytes);
  const stamps = /(<dcterms:(?:created|modified)\b[^>]*>)[^<]*/g;
  const core = strFromU8(files['docProps/core.xml']);
  // if docx ever writes its times otherwise, stop rather than write a file that changes on every run
  if (core.match(stamps)?.length !== 2) throw new Error('docProps/core.xml: expected a created and a modified time');
  files['docProps/core.xml'] = strToU8(core.replace(stamps, `$1${day}T00:00:00Z`));
  const [y, m, d] = day.split('-').map(Number);
  // a zip entry's time is a local time, which fflate takes from the Date's local fields: the same in every time zone
  return zipSync(files, { mtime: new Date(y, m - 1, d) });
}

for (const p of positions) {
  const form: Block[] = [
    { text: 'Seabridge Container Lines · 海桥集装箱运输有限公司', bold: true, size: 20 },
    { heading: `Résumé 个人简历 — ${p.title.en} ${p.title.zh}` },
    { text: `Department 部门: ${p.department.en} ${p.department.zh}` },
    { text: 'Please fill in every row in English or Chinese, save the file as DOC or DOCX (at most 10 MB) and upload it on the résumé page.' },
    { text: '请用中文或英文填写各栏，保存为DOC或DOCX格式（不超过10 MB），在简历页面上传。' },
    { heading: 'Personal details 个人信息' },
    {
      table: [
        { label: 'Name 姓名' },
        { label: 'Gender 性别' },
        { label: 'Date of birth 出生日期' },
        { label: 'Phone 联系电话' },
        { label: 'E-mail 邮箱' },
        { label: 'Current city 现居城市' },
        { label: 'Position applied for 应聘职位' },
      ],
    },
    { heading: 'Education 教育经历' },
    { table: [{ label: 'Graduate school 毕业院校' }, { label: 'Major 专业' }, { label: 'Degree 学历/学位' }, { label: 'Graduation 毕业时间' }] },
    { heading: 'Experience 工作经历' },
    { table: [{ label: 'Employers, roles and dates 单位、职务及起止时间', height: 3200 }] },
    { heading: 'Certificates and languages 证书与语言能力' },
    {
      table: [
        { label: 'Certificates 资格证书', height: 1200 },
        { label: 'Languages 语言能力', height: 900 },
      ],
    },
    { heading: 'About you 自我评价' },
    { table: [{ label: 'Why this position 应聘理由', height: 2000 }] },
    { text: `E-mail instead 邮件投递: ${p.email} — subject 主题: ${p.emailFormat.en} / ${p.emailFormat.zh}`, size: 18 },
  ];
  const doc = new Document({
    title: `Résumé template – ${p.title.en}`,
    creator: 'Seabridge Container Lines Co., Ltd.',
    lastModifiedBy: 'Seabridge Container Lines Co., Ltd.',
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1247, right: 1247, bottom: 1247, left: 1247, header: 709, footer: 709, gutter: 0 } } },
        children: blocks(form),
      },
    ],
  });
  writeFileSync(join(out, `${p.id}.docx`), dated(await Packer.toBuffer(doc), p.publishedOn));
}
console.log(`wrote ${positions.length} templates to ${out}`);
