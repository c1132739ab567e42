import { randomBytes } from 'node:crypto';
import { and, arrayContains, asc, desc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db';
import { newsItemLabels, newsItems, stories, storyRevisions } from '../server/db/schema';
import { type SanitizeRemoval, sanitizeWithReport } from '../shared/sanitize-html';
import { audit } from '../staff/audit';
import type { Actor } from '../staff/accounts';
import { describeChange, newStoryId, STORY_LANGUAGES, type StoryContent, type StoryStatus } from './story';

/**
 * Stories in the database: created, saved (a version checked on every save), submitted, published
 * (copied into news_items, which the public API serves at once), scheduled, unpublished, restored.
 * Every change is a revision and an audit entry. Role checks are the caller's (./workflow.ts).
 */

export class StoryConflict extends Error {
  constructor(
    readonly by: string,
    readonly at: Date,
    readonly version: number,
  ) {
    super(`Saved first by ${by} at ${at.toISOString()}: reload the story (your text is kept on the page)`);
  }
}
export class StoryNotFound extends Error {}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = typeof stories.$inferSelect;

/** The bodies sanitized with the site's allow-list, and what it removed from each language. */
export function sanitizeContent(content: StoryContent): { content: StoryContent; removed: Partial<Record<'en' | 'zh', SanitizeRemoval[]>> } {
  const out: StoryContent = { ...content };
  const removed: Partial<Record<'en' | 'zh', SanitizeRemoval[]>> = {};
  for (const lang of STORY_LANGUAGES) {
    const version = content[lang];
    if (!version) continue;
    const report = sanitizeWithReport(version.body);
    out[lang] = { ...version, body: report.html };
    if (report.removed.length) removed[lang] = report.removed;
  }
  return { content: out, removed };
}

const columnsOf = (content: StoryContent) => ({
  content,
  titles: [content.en?.title, content.zh?.title].filter(Boolean).join('\n'),
  typeId: content.meta.typeId,
  labels: content.meta.labels,
  languages: STORY_LANGUAGES.filter((l) => content[l]),
});

async function addRevision(tx: Tx | Db, storyId: string, action: string, by: string, status: StoryStatus, content: StoryContent, summary = '', at = new Date()): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${storyRevisions.number}), 0)::int + 1` })
    .from(storyRevisions)
    .where(eq(storyRevisions.storyId, storyId));
  await tx.insert(storyRevisions).values({ storyId, number: next, action, by, at, status, content, summary });
  return next;
}

/** Makes the story what the public API serves: its languages in news_items, with their labels. */
async function writeLive(tx: Tx, id: string, content: StoryContent, now: Date) {
  await tx.delete(newsItems).where(eq(newsItems.uuid, id));
  // the next build of the site takes it (src/worker/)
  await tx.update(stories).set({ siteChangedAt: now }).where(eq(stories.id, id));
  for (const lang of STORY_LANGUAGES) {
    const v = content[lang];
    if (!v) continue;
    const language = lang === 'zh' ? 0 : 1;
    await tx.insert(newsItems).values({
      uuid: id,
      language,
      typeId: content.meta.typeId,
      title: v.title,
      subTitle: v.subTitle,
      author: v.author,
      statusDt: content.meta.statusDt,
      picUrl: v.picUrl,
      important: content.meta.important,
      summary: v.summary,
      body: v.body,
      tradeCodes: content.meta.tradeCodes,
      portCodes: content.meta.portCodes,
      updatedAt: now,
    });
    if (content.meta.labels.length) await tx.insert(newsItemLabels).values(content.meta.labels.map((labelId, position) => ({ uuid: id, language, labelId, position })));
  }
}

/**
 * Changes a story if its version is still `expected`: one conditional UPDATE, so of two saves of the
 * same version exactly one wins; the other is told who saved first.
 */
async function change(tx: Tx, id: string, expected: number, set: Partial<Row>, actor: Actor, now: Date): Promise<Row> {
  const [row] = await tx
    .update(stories)
    .set({ ...set, version: sql`${stories.version} + 1`, updatedBy: actor.email, updatedAt: now })
    .where(and(eq(stories.id, id), eq(stories.version, expected)))
    .returning();
  if (row) return row;
  const [current] = await tx.select().from(stories).where(eq(stories.id, id));
  if (!current) throw new StoryNotFound(`No story ${id}`);
  throw new StoryConflict(current.updatedBy, current.updatedAt, current.version);
}

export async function getStory(db: Db, id: string) {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  if (!row) throw new StoryNotFound(`No story ${id}`);
  const revisions = await db
    .select({ number: storyRevisions.number, action: storyRevisions.action, by: storyRevisions.by, at: storyRevisions.at, status: storyRevisions.status, summary: storyRevisions.summary })
    .from(storyRevisions)
    .where(eq(storyRevisions.storyId, id))
    .orderBy(desc(storyRevisions.number));
  return { row, revisions };
}

export async function createStory(db: Db, input: StoryContent, actor: Actor, now = new Date()) {
  const { content, removed } = sanitizeContent(input);
  const id = newStoryId(now, randomBytes(2).toString('hex'));
  await db.transaction(async (tx) => {
    await tx.insert(stories).values({ id, status: 'draft', version: 1, ...columnsOf(content), createdBy: actor.email, createdAt: now, updatedBy: actor.email, updatedAt: now });
    await addRevision(tx, id, 'created', actor.email, 'draft', content, '', now);
  });
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'story.created', subject: id, detail: content.en?.title ?? content.zh?.title ?? '', clientAddress: actor.clientAddress });
  return { id, version: 1, removed };
}

/** Saves new content. A published story's save (by an editor: ./workflow.ts) is live at once. */
export async function saveStory(db: Db, id: string, expected: number, input: StoryContent, actor: Actor, now = new Date()) {
  const { content, removed } = sanitizeContent(input);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(stories).where(eq(stories.id, id));
    if (!before) throw new StoryNotFound(`No story ${id}`);
    const live = before.status === 'published';
    const saved = await change(tx, id, expected, columnsOf(content), actor, now);
    const number = await addRevision(tx, id, 'saved', actor.email, saved.status as StoryStatus, content, describeChange(before.content as StoryContent, content), now);
    if (live) {
      await writeLive(tx, id, content, now);
      await tx.update(stories).set({ liveRevision: number }).where(eq(stories.id, id));
    }
    return saved;
  });
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'story.saved', subject: id, detail: row.status, clientAddress: actor.clientAddress });
  return { id, version: row.version, status: row.status as StoryStatus, removed };
}

/** A change of state (submit, publish, schedule, unpublish): the content stays, a revision records it. */
export async function moveStory(db: Db, id: string, expected: number, to: 'review' | 'published' | 'scheduled' | 'unpublished', actor: Actor, options: { at?: Date; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const action = { review: 'submitted', published: 'published', scheduled: 'scheduled', unpublished: 'unpublished' }[to];
  const row = await db.transaction(async (tx) => {
    const saved = await change(tx, id, expected, { status: to, scheduledAt: to === 'scheduled' ? options.at : null, ...(to === 'published' ? { publishedAt: now } : {}) }, actor, now);
    const content = saved.content as StoryContent;
    const number = await addRevision(tx, id, action, actor.email, to, content, to === 'scheduled' ? `for ${options.at?.toISOString()}` : '', now);
    if (to === 'published') {
      await writeLive(tx, id, content, now);
      await tx.update(stories).set({ liveRevision: number }).where(eq(stories.id, id));
    }
    if (to === 'unpublished') {
      await tx.delete(newsItems).where(eq(newsItems.uuid, id));
      await tx.update(stories).set({ liveRevision: null, siteChangedAt: now }).where(eq(stories.id, id));
    }
    return saved;
  });
  const auditAction = ({ review: 'story.submitted', published: 'story.published', scheduled: 'story.scheduled', unpublished: 'story.unpublished' } as const)[to];
  await audit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: auditAction,
    subject: id,
    detail: to === 'scheduled' ? (options.at?.toISOString() ?? '') : '',
    clientAddress: actor.clientAddress,
  });
  return { id, version: row.version, status: to };
}

/** Makes an earlier revision the story's content again (a new revision; live at once if the story is published). */
export async function restoreRevision(db: Db, id: string, expected: number, revision: number, actor: Actor, now = new Date()) {
  const [old] = await db
    .select()
    .from(storyRevisions)
    .where(and(eq(storyRevisions.storyId, id), eq(storyRevisions.number, revision)));
  if (!old) throw new StoryNotFound(`Story ${id} has no revision ${revision}`);
  const content = old.content as StoryContent;
  const row = await db.transaction(async (tx) => {
    const saved = await change(tx, id, expected, columnsOf(content), actor, now);
    const number = await addRevision(tx, id, 'restored', actor.email, saved.status as StoryStatus, content, `revision ${revision}`, now);
    if (saved.status === 'published') {
      await writeLive(tx, id, content, now);
      await tx.update(stories).set({ liveRevision: number }).where(eq(stories.id, id));
    }
    return saved;
  });
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'story.restored', subject: id, detail: `revision ${revision}`, clientAddress: actor.clientAddress });
  return { id, version: row.version, status: row.status as StoryStatus };
}

/** Publishes the scheduled stories whose time has come (the worker calls it every minute); their ids. */
export async function publishDue(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: stories.id, version: stories.version })
    .from(stories)
    .where(and(eq(stories.status, 'scheduled'), lte(stories.scheduledAt, now)))
    .orderBy(asc(stories.scheduledAt));
  const published: string[] = [];
  for (const story of due) {
    try {
      await moveStory(db, story.id, story.version, 'published', { id: null, email: 'scheduler' }, { now });
      published.push(story.id);
    } catch (error) {
      // changed meanwhile (a conflict): the next run sees it again if it is still due
      if (!(error instanceof StoryConflict)) throw error;
    }
  }
  return published;
}

export interface StoryQuery {
  typeId?: string;
  language?: 'en' | 'zh';
  status?: StoryStatus;
  label?: string;
  text?: string;
  page: number;
  size: number;
}

export async function listStories(db: Db, q: StoryQuery) {
  const where: SQL[] = [];
  if (q.typeId) where.push(eq(stories.typeId, q.typeId));
  if (q.language) where.push(arrayContains(stories.languages, [q.language]));
  if (q.status) where.push(eq(stories.status, q.status));
  if (q.label) where.push(arrayContains(stories.labels, [q.label]));
  if (q.text) where.push(ilike(stories.titles, `%${q.text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(stories)
      .where(condition)
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(stories).where(condition),
  ]);
  return { rows, total };
}

/**
 * Gives every story the public API serves but the newsroom does not hold yet (the seeded snapshot,
 * stories of before the newsroom) a story row, published, as revision 1 "imported". Run at start;
 * does nothing once they all have one.
 */
export async function importPublishedNews(db: Db): Promise<number> {
  const missing = await db.selectDistinct({ uuid: newsItems.uuid }).from(newsItems).where(sql`not exists (select 1 from ${stories} s where s.id = ${newsItems.uuid})`);
  if (!missing.length) return 0;
  let count = 0;
  for (let i = 0; i < missing.length; i += 500) {
    const ids = missing.slice(i, i + 500).map((m) => m.uuid);
    const items = await db.select().from(newsItems).where(inArray(newsItems.uuid, ids));
    const labels = await db.select().from(newsItemLabels).where(inArray(newsItemLabels.uuid, ids)).orderBy(asc(newsItemLabels.position));
    const made = ids.map((id) => {
      const versions = items.filter((it) => it.uuid === id);
      const first = versions[0];
      const content: StoryContent = {
        meta: {
          typeId: first.typeId as StoryContent['meta']['typeId'],
          labels: [...new Set(labels.filter((l) => l.uuid === id && l.language === first.language).map((l) => l.labelId))],
          tradeCodes: first.tradeCodes,
          portCodes: first.portCodes,
          statusDt: first.statusDt,
          important: first.important,
        },
        en: null,
        zh: null,
      };
      for (const v of versions) content[v.language === 0 ? 'zh' : 'en'] = { title: v.title, subTitle: v.subTitle, author: v.author, summary: v.summary, body: v.body, picUrl: v.picUrl };
      return { id, content, at: first.updatedAt };
    });
    // two statements a batch; another process importing at the same time inserts nothing twice
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stories)
        .values(
          made.map(({ id, content, at }) => ({
            id,
            status: 'published',
            version: 1,
            ...columnsOf(content),
            createdBy: 'import',
            createdAt: at,
            updatedBy: 'import',
            updatedAt: at,
            publishedAt: at,
            liveRevision: 1,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: stories.id });
      const fresh = new Set(inserted.map((r) => r.id));
      const revisions = made.filter((m) => fresh.has(m.id)).map(({ id, content, at }) => ({ storyId: id, number: 1, action: 'imported', by: 'import', at, status: 'published', content }));
      if (revisions.length) await tx.insert(storyRevisions).values(revisions);
      count += revisions.length;
    });
  }
  return count;
}
