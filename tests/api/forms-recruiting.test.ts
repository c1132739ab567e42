import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import positionsJson from '../../content/recruiting/positions.json';
import { positionApplications, resumeUploads } from '../../src/server/db/schema';
import { RESUME_MAX_BYTES } from '../../src/forms/validation/resume';
import { publishedPositions, templatePath, type Position } from '../../src/content-model/schemas/recruiting';
import { detectWordFile } from '../../src/server/forms/word-file';
import { strToU8, zipSync } from 'fflate';
import { usingPostgres } from './harness';
import { startForms, type FormsHarness } from './forms-helpers';
import { exe, minimalDoc, png, realDocx } from './word-fixtures';

const positions = positionsJson.positions as Position[];
const published = publishedPositions(positions);
const unpublished = positions.find((p) => !p.published)!;

let h: FormsHarness;
beforeAll(async () => {
  h = await startForms();
});
afterAll(async () => {
  await h?.close();
});

const APPLY = '/positionApplyFor/savePositionApplyFor';

async function uploadedToken(data?: Buffer, name = 'resume.docx'): Promise<string> {
  const { body } = await h.upload({ name, data: data ?? (await realDocx()) });
  expect(body.code, body.message).toBe('200');
  return (body.data.content as { path: string }).path;
}

function application(over: Record<string, string> = {}): Record<string, string> {
  return {
    applyForName: 'Zhang Min',
    applyForSex: '女',
    graduateSchool: 'Shanghai Maritime University',
    magor: 'Logistics Management',
    graduateTime: '2022-06',
    positionUUID: published[0].id,
    ...over,
  };
}

/** A zip whose content types name a Word document, without the document. */
function claimsWord(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/other.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/other.xml': strToU8('<x/>'),
    }),
  );
}

/** A real Word document, for the tables of cases below. */
const wordDocument = await realDocx();

const storedFiles = () => (existsSync(h.uploadDir) ? readdirSync(h.uploadDir) : []);
const snapshot = async () => ({ uploads: await h.count('resume_uploads'), applications: await h.count('position_applications'), files: storedFiles().length, mails: h.mailer.sent.length });

describe(`positions from content on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('has at least six published positions in both languages and one unpublished', () => {
    expect(published.length).toBeGreaterThanOrEqual(6);
    expect(unpublished).toBeTruthy();
  });

  it('lists published positions newest first, 7 a page; a short page means no more', async () => {
    const first = (await h.get('/position/getAllPosition?currentPage=1&pagesize=7&size=7')).body.data.content as { id: string; data: string }[];
    expect(first).toHaveLength(7);
    expect(first.map((p) => p.id)).toEqual(published.slice(0, 7).map((p) => p.id));
    const dates = first.map((p) => p.data);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = (await h.get('/position/getAllPosition?currentPage=2&size=7')).body.data.content as { id: string }[];
    expect(second.length).toBe(published.length - 7);
    expect(second.length).toBeLessThan(7);
    const all = [...first, ...second].map((p) => p.id);
    expect(all).not.toContain(unpublished.id);
    const byDefault = (await h.get('/position/getAllPosition')).body.data.content as unknown[];
    expect(byDefault).toHaveLength(7);
  });

  it('names list rows in the language asked', async () => {
    const zh = (await h.get('/position/getAllPosition', { language: 0 })).body.data.content as Record<string, unknown>[];
    expect(zh[0]).toEqual({
      id: published[0].id,
      position: published[0].title.zh,
      count: published[0].openings,
      jobRequirements: published[0].requirement.zh,
      address: published[0].address.zh,
      data: published[0].publishedOn,
    });
  });

  it('answers a published position with every field, and 404 for an unpublished or unknown one', async () => {
    const p = published[1];
    const { body } = await h.get(`/position/findPositionUUID/${p.id}`);
    expect(body.data.content).toMatchObject({
      position: p.title.en,
      department: p.department.en,
      date: p.publishedOn,
      count: p.openings,
      jobRequirement: p.requirement.en,
      address: p.address.en,
      email: p.email,
      emailFormat: p.emailFormat.en,
      deadline: p.deadline,
      isPublish: 1,
    });
    const detail = body.data.content as { condition: string; positionStatement: string };
    expect(detail.condition).toMatch(/^<ul><li>/);
    expect(detail.condition.match(/<li>/g)).toHaveLength(p.duties.en.length);
    expect(detail.positionStatement.match(/<li>/g)).toHaveLength(p.qualifications.en.length);
    for (const id of [unpublished.id, 'no-such-job']) {
      const missing = await h.get(`/position/findPositionUUID/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('This position does not exist or is no longer open');
    }
    expect((await h.get('/position/findPositionUUID/..%2Fetc')).status).toBe(400);
  });

  it('answers the names for the form and each position’s template, which exists', async () => {
    const names = (await h.get('/position/positionName', { language: 0 })).body.data.content as { positionUUID: string; positionName: string }[];
    expect(names.map((n) => n.positionUUID)).toEqual(published.map((p) => p.id));
    expect(names[0].positionName).toBe(published[0].title.zh);
    for (const p of published) {
      const { body } = await h.get(`/position/resumePath?positionUUID=${p.id}`);
      expect(body.data.content).toMatchObject({ positionUUID: p.id, path: templatePath(p.id) });
      const file = join('public', templatePath(p.id));
      expect(existsSync(file), `${file} (run node src/build/derived/generators/make-resume-templates.ts)`).toBe(true);
      expect(await detectWordFile(readFileSync(file))).toBe('docx');
    }
    expect((await h.get(`/position/resumePath?positionUUID=${unpublished.id}`)).status).toBe(404);
  });
});

describe('résumé upload', () => {
  it('stores a real .docx under a random name outside anything served, and answers its token', async () => {
    const data = await realDocx();
    const { status, body } = await h.upload({ name: 'Zhang Min résumé.docx', data, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(status).toBe(200);
    const content = body.data.content as { path: string; name: string; size: number };
    expect(content.path).toMatch(/^[a-f0-9]{32}$/);
    expect(content).toMatchObject({ name: 'Zhang Min résumé.docx', size: data.length });
    const stored = join(h.uploadDir, `${content.path}.docx`);
    expect(readFileSync(stored).equals(data)).toBe(true);
    expect(h.uploadDir).not.toMatch(/public|dist/);
    const [row] = await h.database.db.select().from(resumeUploads).where(eq(resumeUploads.id, content.path));
    expect(row).toMatchObject({ kind: 'docx', originalName: 'Zhang Min résumé.docx', size: data.length, applicationId: null });
  });

  it('accepts a .doc (an OLE2 compound file with a WordDocument stream)', async () => {
    const { body } = await h.upload({ name: 'cv.DOC', data: minimalDoc() });
    expect(body.code).toBe('200');
    expect(storedFiles()).toContain(`${(body.data.content as { path: string }).path}.doc`);
  });

  const refusals: [string, { name: string; data: Buffer }, RegExp][] = [
    ['a .docx that is really a PNG', { name: 'photo.docx', data: png() }, /not a Word document/],
    ['a .doc renamed from an EXE', { name: 'setup.doc', data: exe() }, /not a Word document/],
    ['an OLE2 file without a WordDocument stream (an .msi or .xls)', { name: 'sheet.doc', data: minimalDoc('Workbook') }, /not a Word document/],
    ['a truncated .docx', { name: 'archive.docx', data: wordDocument.subarray(0, 40) }, /not a Word document/],
    ['a zip that claims to be Word but has no word/document.xml', { name: 'fake.docx', data: claimsWord() }, /not a Word document/],
    ['a PDF', { name: 'resume.pdf', data: Buffer.from('%PDF-1.7\n') }, /Only DOC and DOCX files are allowed/],
    ['a file without extension', { name: 'resume', data: wordDocument }, /Only DOC and DOCX files are allowed/],
    ['an empty file', { name: 'resume.docx', data: Buffer.alloc(0) }, /empty/],
  ];
  for (const [what, file, message] of refusals) {
    it(`refuses ${what} and stores nothing`, async () => {
      const before = await snapshot();
      const { status, body } = await h.upload(file);
      expect(status).toBe(400);
      expect(body.message).toMatch(/^file: /);
      expect(body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a file over 10 MB, in the visitor’s language, and stores nothing', async () => {
    const before = await snapshot();
    const big = Buffer.concat([await realDocx(), Buffer.alloc(RESUME_MAX_BYTES)]);
    const { status, body } = await h.upload({ name: 'big.docx', data: big }, { language: 0 });
    expect(status).toBe(400);
    expect(body.message).toBe('file: 文件过大：不能超过10 MB');
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = Buffer.concat([minimalDoc(), Buffer.alloc(RESUME_MAX_BYTES - minimalDoc().length)]);
    expect(exact.length).toBe(RESUME_MAX_BYTES);
    expect((await h.upload({ name: 'exact.doc', data: exact })).body.code).toBe('200');
  });

  it('refuses a request without a file', async () => {
    const { status, body } = await h.upload(null);
    expect(status).toBe(400);
    expect(body.message).toMatch(/body/);
  });

  it('is rate-limited per client address', async () => {
    const r = await startForms({ RATE_LIMIT_UPLOAD: '1/3600' });
    try {
      expect((await r.upload({ name: 'a.docx', data: await realDocx() }, { ip: '192.0.2.10' })).status).toBe(200);
      const second = await r.upload({ name: 'a.docx', data: await realDocx() }, { ip: '192.0.2.10' });
      expect(second.status).toBe(429);
      expect(second.body.code).toBe('429');
    } finally {
      await r.close();
    }
  });
});

describe('application', () => {
  it('stores the application with its file, claims the upload, notifies staff with the résumé attached', async () => {
    const token = await uploadedToken(await realDocx('Wang Lei'), 'Wang Lei CV.docx');
    const { status, body } = await h.post(APPLY, { ...application({ applyForName: '王磊', applyForSex: '男' }), path: token, ...(await h.solved()) }, { language: 0 });
    expect(status).toBe(200);
    expect(body.message).toBe('简历投递成功，感谢您的关注。');
    const [row] = await h.database.db.select().from(positionApplications).where(eq(positionApplications.uploadId, token));
    expect(row).toMatchObject({
      name: '王磊',
      sex: '男',
      graduateSchool: 'Shanghai Maritime University',
      major: 'Logistics Management',
      graduateTime: '2022-06',
      positionId: published[0].id,
      positionTitle: published[0].title.en,
      language: 0,
    });
    expect(row.notifiedAt).toBeInstanceOf(Date);
    const [upload] = await h.database.db.select().from(resumeUploads).where(eq(resumeUploads.id, token));
    expect(upload.applicationId).toBe(row.id);
    const mail = h.mailer.sent.at(-1)!;
    expect(mail.to).toBe('service@seabridgelines.com');
    expect(mail.subject).toContain(published[0].title.en);
    for (const value of ['王磊', 'Shanghai Maritime University', 'Logistics Management', '2022-06', 'Wang Lei CV.docx', row.id]) expect(mail.text).toContain(value);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0].filename).toBe('王磊.docx');
    expect(existsSync(mail.attachments![0].path)).toBe(true);
  });

  it('refuses to use one upload for two applications', async () => {
    const token = await uploadedToken();
    expect((await h.post(APPLY, { ...application(), path: token, ...(await h.solved()) })).body.code).toBe('200');
    const before = await snapshot();
    const again = await h.post(APPLY, { ...application(), path: token, ...(await h.solved()) });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^path: .*already been used|^path: .*already used/);
    expect(await snapshot()).toEqual(before);
  });

  const refusals: [string, Record<string, string>, string, string][] = [
    ['no name', { applyForName: ' ' }, 'applyForName', 'Name cannot be empty'],
    ['no gender', { applyForSex: '' }, 'applyForSex', 'Please select gender'],
    ['a gender that is not one of the two', { applyForSex: 'male' }, 'applyForSex', 'Please select gender'],
    ['no graduate school', { graduateSchool: '' }, 'graduateSchool', 'Graduate school cannot be empty'],
    ['no major', { magor: '' }, 'magor', 'Major cannot be empty'],
    ['no graduation time', { graduateTime: '' }, 'graduateTime', 'Please select graduation time'],
    ['a graduation month 13', { graduateTime: '2020-13' }, 'graduateTime', 'Please select graduation time'],
    ['no position', { positionUUID: '' }, 'positionUUID', 'Please select the position'],
    ['no file', { path: '' }, 'path', 'Please upload the file'],
    ['a captcha of 5 characters', { code: 'abcde' }, 'code', 'The verification code has 4 characters'],
  ];
  for (const [what, over, field, message] of refusals) {
    it(`refuses ${what} with the spec's message, and writes nothing`, async () => {
      const token = await uploadedToken();
      const before = await snapshot();
      const { status, body } = await h.post(APPLY, { ...application(), path: token, ...(await h.solved()), ...over });
      expect(status).toBe(400);
      expect(body.message).toContain(`${field}: ${message}`);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('says the rules in Chinese on a Chinese page', async () => {
    const { body } = await h.post(APPLY, { applyForName: '' }, { language: 0 });
    for (const text of ['姓名不能为空', '请选择性别', '毕业院校不能为空', '专业不能为空', '请选择毕业时间', '请选择应聘职位', '请上传简历文件', '请输入验证码']) expect(body.message).toContain(text);
  });

  it('refuses an unpublished or unknown position, an unknown file and a wrong captcha, writing nothing', async () => {
    const token = await uploadedToken();
    const before = await snapshot();
    const hidden = await h.post(APPLY, { ...application({ positionUUID: unpublished.id }), path: token, ...(await h.solved()) });
    expect(hidden.body.message).toBe('positionUUID: Please select the position');
    const unknownFile = await h.post(APPLY, { ...application(), path: 'f'.repeat(32), ...(await h.solved()) });
    expect(unknownFile.body.message).toMatch(/^path: The uploaded file is unknown/);
    const wrong = await h.post(APPLY, { ...application(), path: token, code: 'zzzz', sign: (await h.solved()).sign });
    expect(wrong.body.message).toMatch(/verification code is wrong/);
    expect(await snapshot()).toEqual(before);
    // the upload is still free for a correct attempt
    expect((await h.post(APPLY, { ...application(), path: token, ...(await h.solved()) })).body.code).toBe('200');
  });

  it('is rate-limited per client address', async () => {
    const r = await startForms({ RATE_LIMIT_APPLICATION: '1/3600' });
    try {
      const first = await r.post(APPLY, application(), { ip: '192.0.2.20' });
      expect(first.status).toBe(400);
      const second = await r.post(APPLY, application(), { ip: '192.0.2.20' });
      expect(second.status).toBe(429);
    } finally {
      await r.close();
    }
  });
});
