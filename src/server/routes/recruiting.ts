import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { formatDateTime } from '../../shared/format';
import { RESUME_MAX_BYTES, RESUME_MAX_LABEL, checkResumeFile, type ResumeValues } from '../../forms/validation/resume';
import { JOB_PAGE_SIZE, templatePath, type Position } from '../../content-model/schemas/recruiting';
import { positionApplications, resumeUploads } from '../db/schema';
import { requireCaptcha } from '../forms/captcha';
import type { FormsContext } from '../forms/context';
import { say } from '../forms/messages';
import { findPublished, listedPositions } from '../forms/positions';
import { detectWordFile } from '../forms/word-file';
import { Answer, WireError, answerError, handle } from '../handle';
import { escapeHtml } from '../../shared/format';

/** Unclaimed uploads are removed after this long. */
const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

const lang = (language: 0 | 1) => (language === 0 ? 'zh' : 'en');

const htmlList = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;

export function positionListItem(p: Position, language: 0 | 1) {
  const l = lang(language);
  return { id: p.id, position: p.title[l], count: p.openings, jobRequirements: p.requirement[l], address: p.address[l], data: p.publishedOn };
}

export function positionDetail(p: Position, language: 0 | 1) {
  const l = lang(language);
  return {
    position: p.title[l],
    department: p.department[l],
    date: p.publishedOn,
    count: p.openings,
    jobRequirement: p.requirement[l],
    address: p.address[l],
    condition: htmlList(p.duties[l]),
    positionStatement: htmlList(p.qualifications[l]),
    email: p.email,
    emailFormat: p.emailFormat[l],
    deadline: p.deadline,
    isPublish: 1 as const,
  };
}

/**
 * Recruiting: positions from content (list, detail, names, template), the résumé
 * upload and the application. Uploads are stored under a random name in UPLOAD_DIR
 * (never served) and recorded in resume_uploads; an application claims its upload
 * in the same transaction that stores it, so a file serves one application.
 */
export function recruitingRoutes(forms: FormsContext) {
  const router = new Hono();

  handle(router, calls.positionList, ({ query, language }) => {
    const size = query.size ?? query.pagesize ?? JOB_PAGE_SIZE;
    const page = query.currentPage ?? 1;
    return listedPositions()
      .slice((page - 1) * size, page * size)
      .map((p) => positionListItem(p, language));
  });

  handle(router, calls.positionDetail, ({ params, language }) => {
    const position = findPublished(params.id);
    if (!position) throw new WireError(CODE.notFound, say('recruit.err.noPosition', language));
    return positionDetail(position, language);
  });

  handle(router, calls.positionNames, ({ language }) => listedPositions().map((p) => ({ positionUUID: p.id, positionName: p.title[lang(language)] })));

  handle(router, calls.resumeTemplate, ({ query, language }) => {
    const position = findPublished(query.positionUUID);
    if (!position) throw new WireError(CODE.notFound, say('recruit.err.noPosition', language));
    return { name: `${say('recruit.templateFile', language)} - ${position.title[lang(language)]}.docx`, positionUUID: position.id, path: templatePath(position.id) };
  });

  // ---- upload: rate limit, then a hard cap on the body before it is read ----
  router.use(calls.upload.path, forms.limiter.middleware('upload'));
  router.use(
    calls.upload.path,
    bodyLimit({
      maxSize: RESUME_MAX_BYTES + 64 * 1024, // the file plus the multipart envelope
      onError: (c) => answerError(c, CODE.badRequest, `file: ${say('recruit.err.fileSize', c.req.query('language') === '0' ? 0 : 1, { max: RESUME_MAX_LABEL })}`),
    }),
  );
  handle(router, calls.upload, async ({ body, language, c }) => {
    const file = body.file;
    const problem = checkResumeFile(file);
    if (problem) throw new WireError(CODE.badRequest, `file: ${say(problem, language, { max: RESUME_MAX_LABEL })}`);
    const data = new Uint8Array(await file.arrayBuffer());
    if (data.byteLength > RESUME_MAX_BYTES) throw new WireError(CODE.badRequest, `file: ${say('recruit.err.fileSize', language, { max: RESUME_MAX_LABEL })}`);
    const kind = await detectWordFile(data);
    if (!kind) throw new WireError(CODE.badRequest, `file: ${say('recruit.err.fileContent', language)}`);

    const id = randomBytes(16).toString('hex');
    const dir = forms.config.uploadDir;
    mkdirSync(dir, { recursive: true });
    const stored = join(dir, `${id}.${kind}`);
    writeFileSync(`${stored}.part`, data);
    renameSync(`${stored}.part`, stored);
    try {
      await forms.db.insert(resumeUploads).values({
        id,
        kind,
        originalName: file.name.replace(/[\r\n]/g, ' ').slice(0, 200),
        size: data.byteLength,
        createdAt: forms.now(),
        clientAddress: forms.client(c),
      });
    } catch (error) {
      rmSync(stored, { force: true });
      throw error;
    }
    if (Math.random() < 0.05) await pruneUploads(forms);
    return { path: id, name: file.name, size: data.byteLength };
  });

  // ---- application ----
  router.use(calls.saveApplication.path, forms.limiter.middleware('application'));
  handle(router, calls.saveApplication, async ({ body, language, c }) => {
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, (v ?? '').trim()])) as ResumeValues;
    const position = findPublished(values.positionUUID);
    if (!position) throw new WireError(CODE.badRequest, `positionUUID: ${say('recruit.err.position', language)}`);
    const [upload] = await forms.db.select().from(resumeUploads).where(eq(resumeUploads.id, values.path));
    if (!upload || upload.applicationId) throw new WireError(CODE.badRequest, `path: ${say('recruit.err.fileGone', language)}`);
    await requireCaptcha(forms.db, { secret: await forms.secret(), now: forms.now(), code: values.code, sign: values.sign, language });

    const id = randomUUID();
    const receivedAt = forms.now();
    await forms.db.transaction(async (tx) => {
      const claimed = await tx
        .update(resumeUploads)
        .set({ applicationId: id })
        .where(and(eq(resumeUploads.id, upload.id), isNull(resumeUploads.applicationId)))
        .returning({ id: resumeUploads.id });
      if (!claimed.length) throw new WireError(CODE.badRequest, `path: ${say('recruit.err.fileGone', language)}`);
      await tx.insert(positionApplications).values({
        id,
        createdAt: receivedAt,
        language,
        name: values.applyForName,
        sex: values.applyForSex,
        graduateSchool: values.graduateSchool,
        major: values.magor,
        graduateTime: values.graduateTime,
        positionId: position.id,
        positionTitle: position.title.en,
        uploadId: upload.id,
        clientAddress: forms.client(c),
      });
    });
    const safeName = `${values.applyForName.replace(/[^\p{L}\p{N} _-]+/gu, '_').slice(0, 60) || 'resume'}.${upload.kind}`;
    const mail = await forms.notify({
      to: forms.config.mailToHr,
      subject: `Application / 应聘: ${position.title.en} / ${position.title.zh} - ${values.applyForName.replace(/[\r\n\t]+/g, ' ').slice(0, 60)}`,
      text: [
        `A candidate applied on the website (${language === 0 ? 'Chinese' : 'English'} page). The résumé is attached.`,
        `网站收到一份职位申请（${language === 0 ? '中文' : '英文'}页面），简历见附件。`,
        '',
        `Position / 职位: ${position.title.en} / ${position.title.zh} (${position.id})`,
        `Name / 姓名: ${values.applyForName}`,
        `Gender / 性别: ${values.applyForSex}`,
        `Graduate school / 毕业院校: ${values.graduateSchool}`,
        `Major / 专业: ${values.magor}`,
        `Graduation / 毕业时间: ${values.graduateTime}`,
        `Résumé / 简历: ${upload.originalName} (${Math.ceil(upload.size / 1024)} KB)`,
        `Received / 收到时间: ${formatDateTime(receivedAt.toISOString(), 'en')}`,
        '',
        `Reference / 编号: ${id}`,
      ].join('\n'),
      attachments: [{ filename: safeName, path: join(forms.config.uploadDir, `${upload.id}.${upload.kind}`) }],
    });
    await forms.db
      .update(positionApplications)
      .set({ notifiedAt: mail.sentAt, notifyError: mail.error, outboxFile: mail.file ?? null })
      .where(eq(positionApplications.id, id));
    return new Answer(null, say('recruit.sent', language));
  });

  return router;
}

/** Removes uploads nobody applied with after a day (rows and files). */
export async function pruneUploads(forms: FormsContext): Promise<number> {
  const old = await forms.db
    .delete(resumeUploads)
    .where(and(isNull(resumeUploads.applicationId), lt(resumeUploads.createdAt, new Date(forms.now().getTime() - UPLOAD_KEEP_MS))))
    .returning({ id: resumeUploads.id, kind: resumeUploads.kind });
  for (const u of old) rmSync(join(forms.config.uploadDir, `${u.id}.${u.kind}`), { force: true });
  return old.length;
}
