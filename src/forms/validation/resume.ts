import { CAPTCHA_LENGTH, charCount } from './contact';

/**
 * The rules of the resume form (spec 001 §5 "Resume form") and of the résumé file,
 * shared by the island and the server like ./contact.ts. Rules answer message keys
 * (`recruit.err.*` in src/i18n/dict).
 *
 * Wire names stay as the existing backend spells them (`magor` is the major).
 */

/** The largest résumé accepted: 10 MB, shown on the page and enforced on both sides. */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_MAX_LABEL = '10 MB';
/** Extensions accepted (the content is checked on the server too). */
export const RESUME_EXTENSIONS = ['doc', 'docx'] as const;
export type ResumeKind = (typeof RESUME_EXTENSIONS)[number];

/** applyForSex on the wire: the Chinese words for male and female. */
export const SEX = { male: '男', female: '女' } as const;

export const RESUME_LIMITS = { applyForName: 100, graduateSchool: 200, magor: 200 } as const;

export const RESUME_FIELDS = ['applyForName', 'applyForSex', 'graduateSchool', 'magor', 'graduateTime', 'positionUUID', 'path', 'code', 'sign'] as const;
export type ResumeField = (typeof RESUME_FIELDS)[number];
export type ResumeValues = Record<ResumeField, string>;

export const RESUME_ERRORS = [
  'recruit.err.name', // name cannot be empty
  'recruit.err.sex', // please select gender
  'recruit.err.school', // graduate school cannot be empty
  'recruit.err.major', // major cannot be empty
  'recruit.err.graduateTime', // please select graduation time
  'recruit.err.position', // please select the position
  'recruit.err.file', // please upload the file
  'recruit.err.code', // captcha: 4 characters
  'recruit.err.codeFormat',
  'recruit.err.tooLong',
  'recruit.err.sign',
] as const;
export type ResumeError = (typeof RESUME_ERRORS)[number];

export const FILE_ERRORS = ['recruit.err.fileType', 'recruit.err.fileSize', 'recruit.err.fileEmpty'] as const;
export type FileError = (typeof FILE_ERRORS)[number];

/** Graduation: a month (YYYY-MM, as <input type="month"> gives) or a day (YYYY-MM-DD), 1950 to six years ahead. */
export function checkGraduateTime(value: string, now = new Date()): ResumeError | null {
  const v = value.trim();
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(v);
  if (!match) return 'recruit.err.graduateTime';
  const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : 1];
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'recruit.err.graduateTime';
  if (year < 1950 || year > now.getUTCFullYear() + 6) return 'recruit.err.graduateTime';
  return null;
}

function required(value: string, error: ResumeError, max?: number): ResumeError | null {
  const v = value.trim();
  if (!v) return error;
  if (max !== undefined && charCount(v) > max) return 'recruit.err.tooLong';
  return null;
}

/** One field's rule. positionUUID is checked against the published positions by the server. */
export function checkResumeField(field: ResumeField, values: Partial<ResumeValues>): ResumeError | null {
  const v = values[field] ?? '';
  switch (field) {
    case 'applyForName':
      return required(v, 'recruit.err.name', RESUME_LIMITS.applyForName);
    case 'applyForSex':
      return v === SEX.male || v === SEX.female ? null : 'recruit.err.sex';
    case 'graduateSchool':
      return required(v, 'recruit.err.school', RESUME_LIMITS.graduateSchool);
    case 'magor':
      return required(v, 'recruit.err.major', RESUME_LIMITS.magor);
    case 'graduateTime':
      return checkGraduateTime(v);
    case 'positionUUID':
      return /^[a-z0-9-]{1,64}$/.test(v.trim()) ? null : 'recruit.err.position';
    case 'path':
      return /^[a-f0-9]{32}$/.test(v.trim()) ? null : 'recruit.err.file';
    case 'code':
      if (!v.trim()) return 'recruit.err.code';
      return charCount(v.trim()) === CAPTCHA_LENGTH ? null : 'recruit.err.codeFormat';
    case 'sign':
      return v.trim() ? null : 'recruit.err.sign';
  }
}

export function validateResume(values: Partial<ResumeValues>): Partial<Record<ResumeField, ResumeError>> {
  const errors: Partial<Record<ResumeField, ResumeError>> = {};
  for (const field of RESUME_FIELDS) {
    const error = checkResumeField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The extension of a file name, lower-cased ('' when none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return match ? match[1].toLowerCase() : '';
}

/** What the browser can check before sending: the extension and the size. The server also checks the content. */
export function checkResumeFile(file: { name: string; size: number }): FileError | null {
  if (!(RESUME_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'recruit.err.fileType';
  if (file.size === 0) return 'recruit.err.fileEmpty';
  if (file.size > RESUME_MAX_BYTES) return 'recruit.err.fileSize';
  return null;
}
