import { FILE_ERRORS, RESUME_ERRORS } from '../../forms/validation/resume';
import { CAPTCHA_STRING_KEYS } from '../shared/captcha-strings';

/** The dictionary strings the resume form needs (given to it as props). */
export const RESUME_STRING_KEYS = [
  'recruit.templateTitle',
  'recruit.templateText',
  'recruit.templateDownload',
  'recruit.templateChoose',
  'recruit.name',
  'recruit.sex',
  'recruit.male',
  'recruit.female',
  'recruit.school',
  'recruit.major',
  'recruit.graduateTime',
  'recruit.position',
  'recruit.file',
  'recruit.fileHint',
  'recruit.uploading',
  'recruit.uploaded',
  'recruit.uploadFailed',
  'recruit.submit',
  'recruit.sending',
  'recruit.sent',
  'recruit.failed',
  'forms.choose',
  ...CAPTCHA_STRING_KEYS,
  'forms.loadFailed',
  'forms.failed',
  ...RESUME_ERRORS,
  ...FILE_ERRORS,
] as const;
export type ResumeStringKey = (typeof RESUME_STRING_KEYS)[number];
export type ResumeStrings = Record<ResumeStringKey, string>;
