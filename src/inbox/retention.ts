import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../server/db';
import { contactMessages, inboxNotes, positionApplications, resumeUploads } from '../server/db/schema';
import { audit } from '../staff/audit';
import type { InboxConfig } from './config';
import { removeFile, removeOutboxCopy, resumePath } from './files';

/**
 * Retention, run once a day by the worker (src/worker/worker.ts): messages are deleted
 * RETENTION_MESSAGES_DAYS after they were closed (or marked spam), applications and their résumé
 * files RETENTION_APPLICATIONS_DAYS after receipt; 0 keeps them. A deletion removes the files first
 * (the résumé, the outbox copy of the staff mail), then the row with its notes, one item at a time:
 * a run that dies midway leaves rows that are still due, which the next run deletes (their files
 * already gone or not), and nothing that was not due is touched. Only the counts go to the audit log.
 */
export interface RetentionOptions {
  db: Db;
  config: InboxConfig;
  uploadDir: string;
  outboxDir: string;
  now: Date;
  /** Tests: called after each item is deleted (a throw stops the run there, as a crash would). */
  afterEach?: (kind: 'message' | 'application', id: string) => void;
}

export interface RetentionResult {
  messages: number;
  applications: number;
  files: number;
}

const BATCH = 200;
const DAY = 86_400_000;

export async function runRetention(options: RetentionOptions): Promise<RetentionResult> {
  const { db, config, now } = options;
  const result: RetentionResult = { messages: 0, applications: 0, files: 0 };
  try {
    if (config.messagesDays > 0) {
      const cutoff = new Date(now.getTime() - config.messagesDays * DAY);
      for (;;) {
        const due = await db
          .select({ id: contactMessages.id, outboxFile: contactMessages.outboxFile })
          .from(contactMessages)
          .where(and(isNotNull(contactMessages.closedAt), lt(contactMessages.closedAt, cutoff)))
          .limit(BATCH);
        if (!due.length) break;
        for (const m of due) {
          if (await removeOutboxCopy(options.outboxDir, m.outboxFile)) result.files++;
          await deleteMessageRows(db, [m.id]);
          result.messages++;
          options.afterEach?.('message', m.id);
        }
      }
    }
    if (config.applicationsDays > 0) {
      const cutoff = new Date(now.getTime() - config.applicationsDays * DAY);
      for (;;) {
        const due = await db
          .select({ id: positionApplications.id, outboxFile: positionApplications.outboxFile, uploadId: resumeUploads.id, kind: resumeUploads.kind })
          .from(positionApplications)
          .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
          .where(lt(positionApplications.createdAt, cutoff))
          .limit(BATCH);
        if (!due.length) break;
        for (const a of due) {
          result.files += await removeApplicationFiles(options, a);
          await deleteApplicationRows(db, [a.id]);
          result.applications++;
          options.afterEach?.('application', a.id);
        }
      }
    }
  } finally {
    if (result.messages || result.applications || result.files) {
      await audit(db, { actorEmail: 'retention', action: 'inbox.retention', detail: `${result.messages} messages, ${result.applications} applications, ${result.files} files deleted` }, now);
    }
  }
  return result;
}

export async function removeApplicationFiles(options: { uploadDir: string; outboxDir: string }, a: { outboxFile: string | null; uploadId: string; kind: string }): Promise<number> {
  let files = 0;
  if (await removeFile(resumePath(options.uploadDir, { id: a.uploadId, kind: a.kind }))) files++;
  if (await removeOutboxCopy(options.outboxDir, a.outboxFile)) files++;
  return files;
}

/** Rows of messages and their notes, in one transaction. */
export async function deleteMessageRows(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.transaction(async (tx) => {
    await tx.delete(inboxNotes).where(and(eq(inboxNotes.itemKind, 'message'), inArray(inboxNotes.itemId, ids)));
    await tx.delete(contactMessages).where(inArray(contactMessages.id, ids));
  });
}

/** Rows of applications, their notes and their upload records, in one transaction. */
export async function deleteApplicationRows(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.transaction(async (tx) => {
    await tx.delete(inboxNotes).where(and(eq(inboxNotes.itemKind, 'application'), inArray(inboxNotes.itemId, ids)));
    const gone = await tx.delete(positionApplications).where(inArray(positionApplications.id, ids)).returning({ uploadId: positionApplications.uploadId });
    if (gone.length)
      await tx.delete(resumeUploads).where(
        inArray(
          resumeUploads.id,
          gone.map((g) => g.uploadId),
        ),
      );
  });
}

/** For the tests and the docs: how many items are due now. */
export async function dueCounts(db: Db, config: InboxConfig, now: Date) {
  const [[m], [a]] = await Promise.all([
    config.messagesDays > 0
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(contactMessages)
          .where(lt(contactMessages.closedAt, new Date(now.getTime() - config.messagesDays * DAY)))
      : [{ n: 0 }],
    config.applicationsDays > 0
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(positionApplications)
          .where(lt(positionApplications.createdAt, new Date(now.getTime() - config.applicationsDays * DAY)))
      : [{ n: 0 }],
  ]);
  return { messages: Number(m.n), applications: Number(a.n) };
}
