import type { Context, MiddlewareHandler } from 'hono';
import { CODE } from '../../contract/wire';
import { newsroomCalls } from '../../newsroom/contract';
import type { StoryContent, StoryStatus } from '../../newsroom/story';
import { createStory, getStory, listStories, moveStory, restoreRevision, saveStory, StoryConflict, StoryNotFound } from '../../newsroom/stories';
import { mayDo, type StoryAction } from '../../newsroom/workflow';
import { sanitizeWithReport } from '../../shared/sanitize-html';
import type { Actor } from '../../staff/accounts';
import type { Db } from '../db';
import { stories } from '../db/schema';
import { eq } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_MAX_LABEL, storeNewsImage } from '../../newsroom/images';
import { say } from '../forms/messages';
import { siteStates, type ReleasePaths } from '../../releases/site-state';
import { NoticeRefused, type NoticeMailing } from '../../newsroom/notice-mail';
import { answerError, WireError } from '../handle';
import { ConflictAnswer, type StaffCall, type StaffSession } from './session';

/** The newsroom's calls on the staff API: each registered with its area, each action checked against the story's state (src/newsroom/workflow.ts). */
export function registerNewsroom(
  staffCall: StaffCall,
  db: Db,
  now: () => Date,
  dataDir: string,
  use: (path: string, middleware: MiddlewareHandler) => void,
  /** The site shows something else now: a build is asked for (src/worker/). */
  siteChanged: (reason: string) => void,
  /** Mails an important notice to its subscribers (src/newsroom/notice-mail.ts). */
  notice: (id: string, actor: Actor) => Promise<NoticeMailing>,
  /** Where the site's releases are: a story's site state is read from the one served (src/releases/site-state.ts). */
  site: ReleasePaths,
) {
  const summary = (row: typeof stories.$inferSelect) => {
    const content = row.content as StoryContent;
    return {
      id: row.id,
      status: row.status as StoryStatus,
      version: row.version,
      typeId: row.typeId,
      titleEn: content.en?.title ?? null,
      titleZh: content.zh?.title ?? null,
      labels: row.labels,
      statusDt: content.meta.statusDt,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      notice: row.noticeMailedAt ? { at: row.noticeMailedAt.toISOString(), by: row.noticeMailedBy ?? '', recipients: row.noticeRecipients ?? 0, sent: row.noticeMailedCount } : null,
    };
  };
  const statusOf = async (id: string) => {
    const [row] = await db.select({ status: stories.status }).from(stories).where(eq(stories.id, id));
    if (!row) throw new WireError(CODE.notFound, `No story ${id}`);
    return row.status as StoryStatus;
  };
  const allow = (staff: StaffSession, action: StoryAction, status: StoryStatus | null) => {
    const refusal = mayDo(staff.user.role, action, status);
    if (refusal) throw new WireError(refusal.reason === 'role' ? CODE.forbidden : CODE.conflict, refusal.message);
  };
  /** A trade or port that is not in the site's lists: refused, named (src/newsroom/tags.ts). */
  const knownTags = async (prefix: string, meta: StoryContent['meta'], language: 0 | 1) => {
    // loaded on first use: the lists come from the content through Vite's import.meta.glob, which the
    // scripts that bundle this app with esbuild (npm run staff) neither have nor need
    const { unknownTags } = await import('../../newsroom/tags');
    const problems = unknownTags(meta, language);
    if (problems.length) throw new WireError(CODE.badRequest, problems.map((p) => `${prefix}${p}`).join('; '));
  };
  /** Story errors as answers: a conflict carries who saved first, so the page can say it in its language. */
  const guarded = async <T>(c: Context, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StoryConflict) throw new ConflictAnswer(c, error);
      if (error instanceof StoryNotFound) throw new WireError(CODE.notFound, error.message);
      throw error;
    }
  };

  staffCall(newsroomCalls.list, 'newsroom', async ({ query }) => {
    const { rows, total } = await listStories(db, { typeId: query.type, language: query.language, status: query.status, label: query.label, text: query.text, page: query.page, size: query.size });
    const states = await siteStates(db, site, rows);
    return { rows: rows.map((r) => ({ ...summary(r), site: states.get(r.id) ?? null })), total };
  });
  staffCall(newsroomCalls.get, 'newsroom', ({ params, c }) =>
    guarded(c, async () => {
      const { row, revisions } = await getStory(db, params.id);
      const states = await siteStates(db, site, [row]);
      return { story: { ...summary(row), site: states.get(row.id) ?? null }, content: row.content as StoryContent, revisions: revisions.map((r) => ({ ...r, at: r.at.toISOString() })) };
    }),
  );
  staffCall(newsroomCalls.create, 'newsroom', async ({ body, staff, actor, language }) => {
    allow(staff, 'create', null);
    await knownTags('body.', body.meta, language);
    return { ...(await createStory(db, body, actor, now())), status: 'draft' as const };
  });
  staffCall(newsroomCalls.save, 'newsroom', async ({ params, body, staff, actor, c, language }) => {
    allow(staff, 'save', await statusOf(params.id));
    await knownTags('body.content.', body.content.meta, language);
    const saved = await guarded(c, () => saveStory(db, params.id, body.version, body.content, actor, now()));
    if (saved.status === 'published') siteChanged(`${params.id} edited`);
    return saved;
  });
  staffCall(newsroomCalls.submit, 'newsroom', async ({ params, body, staff, actor, c }) => {
    allow(staff, 'submit', await statusOf(params.id));
    return guarded(c, () => moveStory(db, params.id, body.version, 'review', actor, { now: now() }));
  });
  staffCall(newsroomCalls.publish, 'publish', async ({ params, body, staff, actor, c }) => {
    allow(staff, 'publish', await statusOf(params.id));
    const moved = await guarded(c, () => moveStory(db, params.id, body.version, 'published', actor, { now: now() }));
    siteChanged(`${params.id} published`);
    return moved;
  });
  staffCall(newsroomCalls.schedule, 'publish', async ({ params, body, staff, actor, c, language }) => {
    allow(staff, 'schedule', await statusOf(params.id));
    const at = new Date(body.at);
    if (at.getTime() <= now().getTime()) throw new WireError(CODE.badRequest, `body.at: ${say('staff.field.future', language)}`);
    return guarded(c, () => moveStory(db, params.id, body.version, 'scheduled', actor, { at, now: now() }));
  });
  staffCall(newsroomCalls.unpublish, 'publish', async ({ params, body, staff, actor, c }) => {
    const before = await statusOf(params.id);
    allow(staff, 'unpublish', before);
    const moved = await guarded(c, () => moveStory(db, params.id, body.version, 'unpublished', actor, { now: now() }));
    if (before === 'published') siteChanged(`${params.id} unpublished`);
    return moved;
  });
  staffCall(newsroomCalls.restore, 'publish', async ({ params, body, staff, actor, c }) => {
    allow(staff, 'restore', await statusOf(params.id));
    const restored = await guarded(c, () => restoreRevision(db, params.id, body.version, body.revision, actor, now()));
    if (restored.status === 'published') siteChanged(`${params.id} restored`);
    return restored;
  });
  staffCall(newsroomCalls.mailNotice, 'publish', async ({ params, actor }) => {
    try {
      const mailing = await notice(params.id, actor);
      return { recipients: mailing.recipients };
    } catch (error) {
      if (error instanceof NoticeRefused) throw new WireError(error.reason === 'notFound' ? CODE.notFound : CODE.conflict, error.message);
      throw error;
    }
  });
  staffCall(newsroomCalls.checkBody, 'newsroom', ({ body }) => sanitizeWithReport(body.html));

  // a picture: the body is capped before it is read, then the file is checked by its content
  use(
    newsroomCalls.uploadImage.path,
    bodyLimit({
      maxSize: NEWS_IMAGE_MAX_BYTES + 64 * 1024, // the file plus the multipart envelope
      onError: (c) => answerError(c, CODE.badRequest, `file: ${say('staff.field.imageSize', c.req.query('language') === '0' ? 0 : 1, { max: NEWS_IMAGE_MAX_LABEL })}`),
    }),
  );
  staffCall(newsroomCalls.uploadImage, 'newsroom', async ({ body, language }) => {
    const stored = await storeNewsImage(dataDir, new Uint8Array(await body.file.arrayBuffer()));
    if ('problem' in stored) {
      const key = stored.problem === 'size' ? 'staff.field.imageSize' : 'staff.field.imageKind';
      throw new WireError(CODE.badRequest, `file: ${say(key, language, { max: NEWS_IMAGE_MAX_LABEL })}`);
    }
    return stored;
  });
}
