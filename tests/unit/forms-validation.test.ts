import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/dict/en.json';
import zh from '../../src/i18n/dict/zh.json';
import { CONTACT_ERRORS, COMMENT_MAX, checkContactField, checkTel, normaliseContact, validateContact, type ContactValues } from '../../src/forms/validation/contact';
import { FILE_ERRORS, RESUME_ERRORS, RESUME_MAX_BYTES, checkGraduateTime, checkResumeFile, extensionOf, validateResume } from '../../src/forms/validation/resume';
import { loadConfig } from '../../src/server/config';

const message: ContactValues = {
  email: 'a.b@example.com',
  userName: 'A B',
  companyName: '',
  needCall: '1',
  tel: '',
  country: '',
  content: 'x'.repeat(20),
  code: 'ab3d',
  sign: 'v1.x',
};

describe('contact rules (shared by the island and the server)', () => {
  it('have a message in both dictionaries for every answer', () => {
    for (const key of [...CONTACT_ERRORS, ...RESUME_ERRORS, ...FILE_ERRORS]) {
      expect(en, key).toHaveProperty([key]);
      expect(zh, key).toHaveProperty([key]);
    }
  });

  it('pass a complete message', () => {
    expect(validateContact(message)).toEqual({});
  });

  it('require name, e-mail, comment and captcha, each with its message', () => {
    expect(validateContact({})).toEqual({
      email: 'forms.err.email',
      userName: 'forms.err.userName',
      needCall: 'forms.err.needCall',
      content: 'forms.err.comment',
      code: 'forms.err.code',
      sign: 'forms.err.sign',
    });
  });

  it('check the e-mail format', () => {
    for (const bad of ['a', 'a@b', 'a@b.c', 'a b@c.com', '@c.com', 'a@.com', 'a@b..com']) expect(checkContactField('email', { email: bad }), bad).toBe('forms.err.emailFormat');
    for (const good of ['a@b.cn', 'first.last+tag@sub.example.com', '王@例子.中国']) expect(checkContactField('email', { email: good }), good).toBeNull();
  });

  it('bound the comment at 20 and 1000 characters, each with its own message, counting characters', () => {
    expect(checkContactField('content', { content: 'x'.repeat(19) })).toBe('forms.err.commentShort');
    expect(checkContactField('content', { content: '   ' + 'x'.repeat(19) + '   ' })).toBe('forms.err.commentShort');
    expect(checkContactField('content', { content: 'x'.repeat(20) })).toBeNull();
    expect(checkContactField('content', { content: 'x'.repeat(COMMENT_MAX) })).toBeNull();
    expect(checkContactField('content', { content: 'x'.repeat(COMMENT_MAX + 1) })).toBe('forms.err.commentLong');
    expect(checkContactField('content', { content: '船'.repeat(20) })).toBeNull();
    expect(checkContactField('content', { content: '🚢'.repeat(COMMENT_MAX) })).toBeNull();
  });

  it('want exactly 4 captcha characters', () => {
    expect(checkContactField('code', { code: 'abc' })).toBe('forms.err.codeFormat');
    expect(checkContactField('code', { code: 'abcde' })).toBe('forms.err.codeFormat');
    expect(checkContactField('code', { code: ' abcd ' })).toBeNull();
  });

  it('require a phone only when a call is wanted, and check its form whenever one is given', () => {
    expect(checkTel('', '0')).toBe('forms.err.tel');
    expect(checkTel('', '1')).toBeNull();
    for (const good of ['12345678', '(021)12345678', '(0571)12345678', '021-12345678', '0571-12345678', '13912345678', '139 1234 5678']) {
      expect(checkTel(good, '0'), good).toBeNull();
      expect(checkTel(good, '1'), good).toBeNull();
    }
    for (const bad of ['1234567', '123456789', '(02)12345678', '(02112)12345678', '021 12345678x', '(021-12345678', '15912345678', '1391234567', '139123456789', '+8613912345678']) {
      expect(checkTel(bad, '0'), bad).toBe('forms.err.telFormat');
    }
  });

  it('normalise by trimming and removing spaces from the phone, adding nothing', () => {
    expect(normaliseContact({ ...message, userName: ' A ', tel: ' 139 1234 5678 ' })).toMatchObject({ userName: 'A', tel: '13912345678', companyName: '', country: '' });
  });
});

describe('resume rules', () => {
  const good = { applyForName: 'A', applyForSex: '男', graduateSchool: 'S', magor: 'M', graduateTime: '2020-07', positionUUID: 'stowage-planner', path: 'a'.repeat(32), code: 'abcd', sign: 'x' };
  it('pass a complete application and name each missing field with the spec message', () => {
    expect(validateResume(good)).toEqual({});
    expect(validateResume({})).toEqual({
      applyForName: 'recruit.err.name',
      applyForSex: 'recruit.err.sex',
      graduateSchool: 'recruit.err.school',
      magor: 'recruit.err.major',
      graduateTime: 'recruit.err.graduateTime',
      positionUUID: 'recruit.err.position',
      path: 'recruit.err.file',
      code: 'recruit.err.code',
      sign: 'recruit.err.sign',
    });
    expect(en['recruit.err.name']).toBe('Name cannot be empty');
    expect(en['recruit.err.fileType']).toBe('Only DOC and DOCX files are allowed');
  });

  it('take a graduation month or day within sensible years', () => {
    const now = new Date('2026-11-20T00:00:00Z');
    for (const v of ['2020-07', '2020-07-01', '2032-06']) expect(checkGraduateTime(v, now), v).toBeNull();
    for (const v of ['2020', '2020-00', '2020-13', '1949-06', '2033-01', '07/2020', '']) expect(checkGraduateTime(v, now), v).toBe('recruit.err.graduateTime');
  });

  it('accept DOC and DOCX of at most 10 MB by name and size in the browser', () => {
    expect(extensionOf('My CV.DocX')).toBe('docx');
    expect(checkResumeFile({ name: 'cv.doc', size: 1 })).toBeNull();
    expect(checkResumeFile({ name: 'cv.docx', size: RESUME_MAX_BYTES })).toBeNull();
    expect(checkResumeFile({ name: 'cv.docx', size: RESUME_MAX_BYTES + 1 })).toBe('recruit.err.fileSize');
    expect(checkResumeFile({ name: 'cv.pdf', size: 1 })).toBe('recruit.err.fileType');
    expect(checkResumeFile({ name: 'cv.docx.exe', size: 1 })).toBe('recruit.err.fileType');
    expect(checkResumeFile({ name: 'cv.docx', size: 0 })).toBe('recruit.err.fileEmpty');
  });
});

describe('forms configuration', () => {
  it('defaults to the outbox and uploads under DATA_DIR, and generous limits', () => {
    const c = loadConfig({ DATA_DIR: '/srv/data' }).forms;
    expect(c).toMatchObject({ outboxDir: '/srv/data/outbox', uploadDir: '/srv/data/uploads', smtpUrl: undefined, trustProxyHops: 0, captchaTtlSeconds: 600 });
    expect(c.limits.message).toEqual({ count: 10, seconds: 3600 });
    expect(loadConfig({ RATE_LIMIT_MESSAGE: '3/60' }).forms.limits.message).toEqual({ count: 3, seconds: 60 });
  });

  it('refuses a fixed captcha answer on a production or public server', () => {
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: 'ABCD', HOST: '127.0.0.1' }).forms.captchaTestAnswer).toBe('ABCD');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'ABCD', NODE_ENV: 'production' })).toThrow(/CAPTCHA_TEST_ANSWER/);
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'ABCD', HOST: '0.0.0.0' })).toThrow(/CAPTCHA_TEST_ANSWER/);
  });

  it('names bad values', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD: 'lots' })).toThrow(/RATE_LIMIT_UPLOAD/);
    expect(() => loadConfig({ CAPTCHA_SECRET: 'short' })).toThrow(/CAPTCHA_SECRET/);
  });
});
