import { strToU8, zipSync } from 'fflate';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/db';
import { contactMessages, inboxNotes, positionApplications, resumeUploads, subscribeCodes, subscribers, trackingAlerts } from '../server/db/schema';
import { audit } from '../staff/audit';
import type { Actor } from '../staff/accounts';
import { downloadName, readResume, removeOutboxCopy, ResumeUnavailable, resumeText } from './files';
import { applicationSummary, messageSummary } from './items';
import { deleteApplicationRows, deleteMessageRows, removeApplicationFiles } from './retention';

/**
 * A data-subject request (PIPL, GDPR): everything the site holds under one e-mail address, found,
 * exported as one zip or deleted, each step audited. Messages and newsletter subscriptions carry
 * the address; the resume form asks for none, so an application is found by the address written in
 * its résumé (searched in the file's text) or, when the request names one, by the applicant's name.
 */
export interface SubjectQuery {
  email: string;
  name?: string;
  uploadDir: string;
  outboxDir: string;
}

type Application = typeof positionApplications.$inferSelect;
type Upload = typeof resumeUploads.$inferSelect;

async function findApplications(db: Db, q: SubjectQuery): Promise<{ a: Application; u: Upload; matchedBy: 'resume' | 'name' }[]> {
  const rows = await db
    .select({ a: positionApplications, u: resumeUploads })
    .from(positionApplications)
    .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
    .orderBy(asc(positionApplications.createdAt));
  const name = q.name?.trim().toLowerCase();
  const found: { a: Application; u: Upload; matchedBy: 'resume' | 'name' }[] = [];
  for (const { a, u } of rows) {
    if (name && a.name.trim().toLowerCase() === name) {
      found.push({ a, u, matchedBy: 'name' });
      continue;
    }
    try {
      const { data, kind } = await readResume(q.uploadDir, u);
      if ((await resumeText(data, kind)).toLowerCase().includes(q.email)) found.push({ a, u, matchedBy: 'resume' });
    } catch (error) {
      if (!(error instanceof ResumeUnavailable)) throw error;
    }
  }
  return found;
}

async function findAll(db: Db, q: SubjectQuery) {
  const [messages, subs, applications, alerts] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(eq(sql`lower(${contactMessages.email})`, q.email))
      .orderBy(asc(contactMessages.createdAt)),
    db.select().from(subscribers).where(eq(subscribers.email, q.email)),
    findApplications(db, q),
    db.select().from(trackingAlerts).where(eq(trackingAlerts.email, q.email)).orderBy(asc(trackingAlerts.createdAt)),
  ]);
  return { messages, subs, applications, alerts };
}

/** A tracking alert as the console lists it (src/tracking/alerts.ts). */
const alertSummary = (a: typeof trackingAlerts.$inferSelect) => ({
  id: a.id,
  email: a.email,
  reference: a.reference,
  milestones: a.milestones,
  createdAt: a.createdAt.toISOString(),
  endsAt: new Date(a.lastEventAt.getTime() + 30 * 86_400_000).toISOString(),
});

const subscription = (s: typeof subscribers.$inferSelect) => ({
  id: s.id,
  email: s.email,
  name: `${s.firstName} ${s.lastName}`.trim(),
  company: s.company,
  language: s.language,
  createdAt: s.createdAt.toISOString(),
  important: s.frequencyImportant,
  business: s.frequencyBusiness,
  port: s.frequencyPort,
});

export async function lookUpSubject(db: Db, q: SubjectQuery, actor: Actor, now = new Date()) {
  const { messages, subs, applications, alerts } = await findAll(db, q);
  await audit(
    db,
    {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'privacy.looked-up',
      subject: q.email,
      detail: `${messages.length} messages, ${applications.length} applications, ${subs.length} subscriptions, ${alerts.length} tracking alerts`,
      clientAddress: actor.clientAddress,
    },
    now,
  );
  return {
    email: q.email,
    messages: messages.map(messageSummary),
    applications: applications.map(({ a, matchedBy }) => ({ ...applicationSummary(a), matchedBy })),
    subscriptions: subs.map(subscription),
    trackingAlerts: alerts.map(alertSummary),
  };
}

/** One zip: subject.json (every row, with the notes staff wrote) and resumes/ (the files as received). */
export async function exportSubject(db: Db, q: SubjectQuery, actor: Actor, now = new Date()): Promise<Uint8Array> {
  const { messages, subs, applications, alerts } = await findAll(db, q);
  const ids = [...messages.map((m) => m.id), ...applications.map(({ a }) => a.id)];
  const notes = ids.length ? await db.select().from(inboxNotes).where(inArray(inboxNotes.itemId, ids)) : [];
  const notesOf = (id: string) => notes.filter((n) => n.itemId === id).map((n) => ({ at: n.at.toISOString(), by: n.by, text: n.text }));
  const files: Record<string, Uint8Array> = {};
  const missing: string[] = [];
  const apps = [];
  for (const { a, u, matchedBy } of applications) {
    let file: string | null = `resumes/${a.id.slice(0, 8)} ${downloadName(a.name, u.kind)}`;
    try {
      files[file] = (await readResume(q.uploadDir, u)).data;
    } catch (error) {
      if (!(error instanceof ResumeUnavailable)) throw error;
      missing.push(a.id);
      file = null;
    }
    const { clientAddress, ...row } = a;
    apps.push({ ...row, clientAddress, resume: { file, originalName: u.originalName, size: u.size, receivedAt: u.createdAt }, matchedBy, notes: notesOf(a.id) });
  }
  const subject = {
    email: q.email,
    exportedAt: now.toISOString(),
    exportedBy: actor.email,
    messages: messages.map((m) => ({ ...m, notes: notesOf(m.id) })),
    applications: apps,
    newsletterSubscriptions: subs,
    trackingAlerts: alerts,
    missingResumeFiles: missing,
  };
  files['subject.json'] = strToU8(JSON.stringify(subject, null, 2));
  await audit(
    db,
    {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'privacy.exported',
      subject: q.email,
      detail: `${messages.length} messages, ${applications.length} applications, ${subs.length} subscriptions, ${alerts.length} tracking alerts`,
      clientAddress: actor.clientAddress,
    },
    now,
  );
  return zipSync(files, { level: 6, mtime: now });
}

/** Deletes everything found: files first, then the rows (a request that fails midway is simply made again). */
export async function eraseSubject(db: Db, q: SubjectQuery, actor: Actor, now = new Date()) {
  const { messages, subs, applications, alerts } = await findAll(db, q);
  let files = 0;
  for (const m of messages) if (await removeOutboxCopy(q.outboxDir, m.outboxFile)) files++;
  for (const { a, u } of applications) files += await removeApplicationFiles(q, { outboxFile: a.outboxFile, uploadId: u.id, kind: u.kind });
  await deleteMessageRows(
    db,
    messages.map((m) => m.id),
  );
  await deleteApplicationRows(
    db,
    applications.map(({ a }) => a.id),
  );
  if (subs.length) await db.delete(subscribers).where(eq(subscribers.email, q.email));
  if (alerts.length) await db.delete(trackingAlerts).where(eq(trackingAlerts.email, q.email));
  await db.delete(subscribeCodes).where(eq(subscribeCodes.email, q.email));
  const counts = { messages: messages.length, applications: applications.length, subscriptions: subs.length, trackingAlerts: alerts.length, files };
  await audit(
    db,
    {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'privacy.deleted',
      subject: q.email,
      detail: `${counts.messages} messages, ${counts.applications} applications, ${counts.subscriptions} subscriptions, ${counts.trackingAlerts} tracking alerts, ${files} files`,
      clientAddress: actor.clientAddress,
    },
    now,
  );
  return counts;
}

/** Newsletter subscribers per language and choice (0 none, 1 weekly, 2 every other week, 3 daily of each kind of mail). */
export async function subscriberCounts(db: Db) {
  const rows = await db
    .select({
      language: subscribers.language,
      important: subscribers.frequencyImportant,
      business: subscribers.frequencyBusiness,
      port: subscribers.frequencyPort,
      subscribers: sql<number>`count(*)::int`,
    })
    .from(subscribers)
    .groupBy(subscribers.language, subscribers.frequencyImportant, subscribers.frequencyBusiness, subscribers.frequencyPort)
    .orderBy(subscribers.language, subscribers.frequencyImportant, subscribers.frequencyBusiness, subscribers.frequencyPort);
  const out = rows.map((r) => ({ ...r, subscribers: Number(r.subscribers) }));
  return { total: out.reduce((n, r) => n + r.subscribers, 0), rows: out };
}

export async function findSubscriber(db: Db, email: string, actor: Actor, now = new Date()) {
  const [s] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'subscriber.looked-up', subject: email, detail: s ? 'found' : 'none', clientAddress: actor.clientAddress }, now);
  return s ? subscription(s) : null;
}

export async function deleteSubscriber(db: Db, email: string, actor: Actor, now = new Date()) {
  const gone = await db.delete(subscribers).where(eq(subscribers.email, email)).returning({ id: subscribers.id });
  await db.delete(subscribeCodes).where(eq(subscribeCodes.email, email));
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'subscriber.deleted', subject: email, detail: gone.length ? 'deleted' : 'none', clientAddress: actor.clientAddress }, now);
  return { deleted: gone.length > 0 };
}
