import { desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { CODE } from '../../contract/wire';
import { inboxCalls, privacyCalls } from '../../inbox/contract';
import { attachmentHeader, downloadName, previewDocx, readResume, ResumeUnavailable, WORD_TYPES } from '../../inbox/files';
import type { InboxBox } from '../../inbox/item';
import {
  addNote,
  applicationWhere,
  assign,
  assignable,
  getApplication,
  getMessage,
  InboxConflict,
  InboxNotFound,
  InboxRefused,
  listApplications,
  listMessages,
  messageWhere,
  newCounts,
  setStatus,
} from '../../inbox/items';
import { deleteSubscriber, eraseSubject, exportSubject, findSubscriber, lookUpSubject, subscriberCounts } from '../../inbox/subject-request';
import { audit } from '../../staff/audit';
import { mayEnter } from '../../staff/roles';
import type { Db } from '../db';
import { contactMessages, positionApplications, resumeUploads } from '../db/schema';
import { APPLICATION_COLUMNS, applicationCsvRow, csv, MESSAGE_COLUMNS, messageCsvRow } from '../export';
import { WireError } from '../handle';
import { say } from '../forms/messages';
import { ConflictAnswer, type StaffCall } from './session';

/** At most this many rows in one CSV export (a narrower filter gives the rest). */
const EXPORT_MAX = 50_000;

/**
 * The inbox's calls on the staff API (src/inbox/): messages for the `messages` area (admin, service),
 * applications for `applications` (admin, hr), the new-item count for whoever has either, and the
 * data-subject request and newsletter subscribers by address for `privacy` (admin). Each is checked
 * on the server on every request by staffCall (./app.ts).
 */
export function registerInbox(staffCall: StaffCall, db: Db, now: () => Date, files: { uploadDir: string; outboxDir: string }) {
  /** Inbox errors as answers; a conflict carries who changed it first, so the page can say it in its language. */
  const guarded = async <T>(c: Context, language: 0 | 1, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof InboxConflict) throw new ConflictAnswer(c, error);
      if (error instanceof InboxNotFound) throw new WireError(CODE.notFound, say('staff.inbox.err.notFound', language));
      if (error instanceof InboxRefused) throw new WireError(CODE.badRequest, `body.to: ${say('staff.inbox.err.assign', language, { to: error.to })}`);
      if (error instanceof ResumeUnavailable)
        throw new WireError(
          error.reason === 'missing' ? CODE.notFound : CODE.conflict,
          say(error.reason === 'missing' ? 'staff.inbox.err.resumeMissing' : 'staff.inbox.err.resumeChanged', language, { file: error.file, kind: error.kind }),
        );
      throw error;
    }
  };

  for (const box of ['messages', 'applications'] as const satisfies InboxBox[]) {
    const defs = inboxCalls[box];
    staffCall(defs.list, box, ({ query }) => {
      const { page, size, ...f } = query;
      return box === 'messages' ? listMessages(db, f, page, size) : listApplications(db, f, page, size);
    });
    staffCall(defs.get, box, ({ params, staff, c, language }) =>
      guarded(c, language, async () => {
        const item = box === 'messages' ? await getMessage(db, params.id) : await getApplication(db, params.id);
        return { ...item, assignable: await assignable(db, box, staff.user.role, staff.user.email) };
      }),
    );
    staffCall(defs.assign, box, ({ params, body, staff, actor, c, language }) => guarded(c, language, () => assign(db, box, params.id, body.version, body.to, actor, staff.user.role, now())));
    staffCall(defs.status, box, ({ params, body, actor, c, language }) => guarded(c, language, () => setStatus(db, box, params.id, body.version, body.status, actor, now())));
    staffCall(defs.note, box, ({ params, body, actor, c, language }) => guarded(c, language, () => addNote(db, box, params.id, body.text, actor, now())));
    staffCall(defs.export, box, async ({ query, actor }) => {
      let text: string;
      let count: number;
      if (box === 'messages') {
        const rows = await db.select().from(contactMessages).where(messageWhere(query)).orderBy(desc(contactMessages.createdAt)).limit(EXPORT_MAX);
        text = csv(MESSAGE_COLUMNS, rows.map(messageCsvRow));
        count = rows.length;
      } else {
        const rows = await db
          .select({ a: positionApplications, u: resumeUploads })
          .from(positionApplications)
          .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
          .where(applicationWhere(query))
          .orderBy(desc(positionApplications.createdAt))
          .limit(EXPORT_MAX);
        text = csv(
          APPLICATION_COLUMNS,
          rows.map(({ a, u }) => applicationCsvRow(a, u, '')),
        );
        count = rows.length;
      }
      const filter = Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      await audit(
        db,
        { actorId: actor.id, actorEmail: actor.email, action: 'inbox.exported', subject: box, detail: `${count} rows${filter ? `; ${filter}` : ''}`, clientAddress: actor.clientAddress },
        now(),
      );
      const day = now().toISOString().slice(0, 10);
      return new Response(text, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': attachmentHeader(`${box}-${day}.csv`) } });
    });
  }

  const uploadOf = async (id: string) => {
    const [row] = await db
      .select({ name: positionApplications.name, upload: resumeUploads })
      .from(positionApplications)
      .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
      .where(eq(positionApplications.id, id));
    if (!row) throw new InboxNotFound(`No application ${id}: it may have been deleted`);
    return row;
  };
  staffCall(inboxCalls.applications.resume, 'applications', ({ params, actor, c, language }) =>
    guarded(c, language, async () => {
      const { name, upload } = await uploadOf(params.id);
      const { data, kind } = await readResume(files.uploadDir, upload);
      await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'inbox.resume-downloaded', subject: `applications/${params.id}`, clientAddress: actor.clientAddress }, now());
      return new Response(new Uint8Array(data), {
        headers: { 'content-type': WORD_TYPES[kind], 'content-disposition': attachmentHeader(downloadName(name, kind)), 'content-length': String(data.byteLength) },
      });
    }),
  );
  staffCall(inboxCalls.applications.preview, 'applications', ({ params, c, language }) =>
    guarded(c, language, async () => {
      const { upload } = await uploadOf(params.id);
      const { data, kind } = await readResume(files.uploadDir, upload);
      if (kind !== 'docx') throw new WireError(CODE.badRequest, say('staff.inbox.previewDocOnly', language));
      return { html: await previewDocx(data) };
    }),
  );
  staffCall(inboxCalls.counts, 'inbox', async ({ staff }) => {
    const counts = await newCounts(db);
    return { messages: mayEnter(staff.user.role, 'messages') ? counts.messages : null, applications: mayEnter(staff.user.role, 'applications') ? counts.applications : null };
  });

  // ---- personal data (admin)
  const subjectOf = (q: { email: string; name?: string }) => ({ email: q.email, name: q.name || undefined, ...files });
  staffCall(privacyCalls.lookup, 'privacy', ({ query, actor }) => lookUpSubject(db, subjectOf(query), actor, now()));
  staffCall(privacyCalls.export, 'privacy', async ({ query, actor }) => {
    const zip = await exportSubject(db, subjectOf(query), actor, now());
    return new Response(new Uint8Array(zip), { headers: { 'content-type': 'application/zip', 'content-disposition': attachmentHeader(`subject-${query.email.replace(/[^a-z0-9.@_-]/g, '_')}.zip`) } });
  });
  staffCall(privacyCalls.erase, 'privacy', ({ body, actor }) => eraseSubject(db, subjectOf(body), actor, now()));
  staffCall(privacyCalls.subscriberCounts, 'subscribers', () => subscriberCounts(db));
  staffCall(privacyCalls.subscriber, 'privacy', ({ query, actor }) => findSubscriber(db, query.email, actor, now()));
  staffCall(privacyCalls.deleteSubscriber, 'privacy', ({ body, actor }) => deleteSubscriber(db, body.email, actor, now()));
}
