import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedIfEmpty } from '../../src/server/db/seed';
import { csvField, exportSubmissions } from '../../src/server/export';
import { usingPostgres } from './harness';
import { MemoryMailer, startForms, validMessage, type FormsHarness } from './forms-helpers';
import { realDocx } from './word-fixtures';

let h: FormsHarness;
beforeAll(async () => {
  h = await startForms();
});
afterAll(async () => {
  await h?.close();
});

/** Splits our CSV (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), i++;
    } else field += ch;
  }
  return rows;
}

describe('staff export', () => {
  it('writes messages and applications as CSV and copies the résumés', async () => {
    const comment = 'Line one, with a comma and "quotes"\nline two: =cmd|not a formula';
    expect((await h.post('/contactUs/saveContactUs', { ...validMessage({ userName: '赵敏', content: comment }), ...(await h.solved()) })).body.code).toBe('200');
    const docx = await realDocx('Export');
    const token = ((await h.upload({ name: 'cv.docx', data: docx })).body.data.content as { path: string }).path;
    const applied = await h.post('/positionApplyFor/savePositionApplyFor', {
      applyForName: 'Chen Jie',
      applyForSex: '男',
      graduateSchool: 'Ningbo University',
      magor: 'Refrigeration',
      graduateTime: '2019-06',
      positionUUID: 'reefer-technician',
      path: token,
      ...(await h.solved()),
    });
    expect(applied.body.code).toBe('200');

    const out = mkdtempSync(join(tmpdir(), 'export-'));
    const result = await exportSubmissions({ db: h.database.db, uploadDir: h.uploadDir, out });
    expect(result).toMatchObject({ messages: 1, applications: 1, files: 1, missingFiles: [] });

    const messagesCsv = readFileSync(join(out, 'messages.csv'), 'utf8');
    expect(messagesCsv.startsWith('\uFEFF')).toBe(true);
    const [header, message] = parseCsv(messagesCsv);
    const m = Object.fromEntries(header.map((k, i) => [k, message[i]]));
    expect(m).toMatchObject({ name: '赵敏', email: 'li.wei@example.com', wants_call: 'yes', phone: '021-12345678', page_language: 'en' });
    expect(m.message).toBe(comment);

    const [aHeader, application] = parseCsv(readFileSync(join(out, 'applications.csv'), 'utf8'));
    const a = Object.fromEntries(aHeader.map((k, i) => [k, application[i]]));
    expect(a).toMatchObject({ name: 'Chen Jie', gender: '男', position_id: 'reefer-technician', position: 'Reefer Container Technician', original_file_name: 'cv.docx' });
    expect(readFileSync(join(out, a.resume_file)).equals(docx)).toBe(true);
    expect(readdirSync(join(out, 'resumes'))).toHaveLength(1);

    const later = mkdtempSync(join(tmpdir(), 'export-'));
    expect((await exportSubmissions({ db: h.database.db, uploadDir: h.uploadDir, out: later, since: new Date('2100-01-01') })).messages).toBe(0);
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+86 21 1234')).toBe("'+86 21 1234");
    expect(csvField('plain')).toBe('plain');
  });

  it.skipIf(usingPostgres)('runs as the documented command on the embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'export-cli-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'XP4T' });
    const database = await openDatabase({ dataDir });
    await seedIfEmpty(database.db);
    const app = createApp({ database, config, mailer: new MemoryMailer() });
    const sign = (await (await app.request(`http://test.local${config.apiBase}/public/captcha/new`)).json()).data.content.sign;
    const saved = await app.request(`http://test.local${config.apiBase}/contactUs/saveContactUs?language=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...validMessage({ userName: 'CLI Visitor' }), code: 'XP4T', sign }).toString(),
    });
    expect((await saved.json()).code).toBe('200');
    await database.close();

    const out = join(dataDir, 'export');
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const output = execFileSync('node_modules/.bin/node', ['scripts/export-submissions.mjs', '--out', out], { env, encoding: 'utf8' });
    expect(output).toContain('1 messages');
    expect(readFileSync(join(out, 'messages.csv'), 'utf8')).toContain('CLI Visitor');
  });
});
