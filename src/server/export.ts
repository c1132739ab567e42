import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, gte } from 'drizzle-orm';
import type { Db } from './db';
import { contactMessages, positionApplications, resumeUploads } from './db/schema';

/**
 * Staff export of what visitors sent (nobody can read it otherwise): the messages
 * and the applications as CSV (UTF-8 with a byte-order mark, so that spreadsheet
 * programs read Chinese correctly), and a copy of every résumé under a readable
 * name. Used by `npm run export:submissions` (scripts/export-submissions.mjs).
 */
export interface ExportResult {
  messages: number;
  applications: number;
  files: number;
  missingFiles: string[];
}

/** One CSV field: quoted when needed; a leading = + - @ is neutralised so spreadsheets never run it as a formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const safe = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'resume';

/** The columns of messages.csv (also the console's export of a filtered list: src/inbox/). */
export const MESSAGE_COLUMNS = [
  'id',
  'received_at',
  'page_language',
  'name',
  'email',
  'company',
  'wants_call',
  'phone',
  'country_province_city',
  'region_id',
  'message',
  'notified_at',
  'notify_error',
  'client_address',
];
export const messageCsvRow = (m: typeof contactMessages.$inferSelect): unknown[] => [
  m.id,
  m.createdAt,
  m.language === 0 ? 'zh' : 'en',
  m.userName,
  m.email,
  m.companyName,
  m.needCall === 0 ? 'yes' : 'no',
  m.tel,
  m.country,
  m.region,
  m.content,
  m.notifiedAt,
  m.notifyError,
  m.clientAddress,
];

/** The columns of applications.csv; resume_file is the copy's path in the export folder ('' when there is none). */
export const APPLICATION_COLUMNS = [
  'id',
  'received_at',
  'page_language',
  'position_id',
  'position',
  'name',
  'gender',
  'graduate_school',
  'major',
  'graduation',
  'resume_file',
  'original_file_name',
  'size_bytes',
  'notified_at',
  'notify_error',
  'client_address',
];
export const applicationCsvRow = (a: typeof positionApplications.$inferSelect, u: typeof resumeUploads.$inferSelect, resumeFile: string): unknown[] => [
  a.id,
  a.createdAt,
  a.language === 0 ? 'zh' : 'en',
  a.positionId,
  a.positionTitle,
  a.name,
  a.sex,
  a.graduateSchool,
  a.major,
  a.graduateTime,
  resumeFile,
  u.originalName,
  u.size,
  a.notifiedAt,
  a.notifyError,
  a.clientAddress,
];

export async function exportSubmissions(options: { db: Db; uploadDir: string; out: string; since?: Date }): Promise<ExportResult> {
  const { db, uploadDir, out, since } = options;
  mkdirSync(join(out, 'resumes'), { recursive: true });

  const messages = await db
    .select()
    .from(contactMessages)
    .where(since ? gte(contactMessages.createdAt, since) : undefined)
    .orderBy(asc(contactMessages.createdAt));
  writeFileSync(join(out, 'messages.csv'), csv(MESSAGE_COLUMNS, messages.map(messageCsvRow)));

  const applications = await db
    .select({ a: positionApplications, u: resumeUploads })
    .from(positionApplications)
    .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
    .where(since ? gte(positionApplications.createdAt, since) : undefined)
    .orderBy(asc(positionApplications.createdAt));
  const missingFiles: string[] = [];
  let files = 0;
  const rows = applications.map(({ a, u }) => {
    const source = join(uploadDir, `${u.id}.${u.kind}`);
    const copy = `resumes/${a.createdAt.toISOString().slice(0, 10)}_${safe(a.name)}_${a.id.slice(0, 8)}.${u.kind}`;
    if (existsSync(source)) {
      copyFileSync(source, join(out, copy));
      files++;
    } else missingFiles.push(source);
    return applicationCsvRow(a, u, existsSync(source) ? copy : '');
  });
  writeFileSync(join(out, 'applications.csv'), csv(APPLICATION_COLUMNS, rows));
  return { messages: messages.length, applications: applications.length, files, missingFiles };
}
