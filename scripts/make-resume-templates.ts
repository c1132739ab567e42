/**
 * Writes the résumé template of every published position of
 * content/recruiting/positions.json to public/files/recruiting/{id}.docx (a
 * bilingual Word form naming the position, with a table to fill in), and removes
 * the templates of positions that are no longer published, so nothing unpublished
 * is served.
 *
 * Usage: node scripts/make-resume-templates.ts   (re-run after adding a position)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docx, type DocxBlock } from '../src/shared/docx.ts';

interface Position {
  id: string;
  published: boolean;
  title: { en: string; zh: string };
  department: { en: string; zh: string };
  email: string;
  emailFormat: { en: string; zh: string };
}

const positions = (JSON.parse(readFileSync('content/recruiting/positions.json', 'utf8')) as { positions: Position[] }).positions.filter((p) => p.published);
const out = 'public/files/recruiting';
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) {
  if (file.endsWith('.docx') && !positions.some((p) => `${p.id}.docx` === file)) rmSync(join(out, file));
}

for (const p of positions) {
  const blocks: DocxBlock[] = [
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
  writeFileSync(join(out, `${p.id}.docx`), docx(blocks, `Résumé template – ${p.title.en}`));
}
console.log(`wrote ${positions.length} templates to ${out}`);
