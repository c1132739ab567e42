import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db';
import { contactMessages, inboxNotes, positionApplications, resumeUploads, staffUsers } from '../server/db/schema';
import { loadLocations } from '../server/content';
import { audit } from '../staff/audit';
import type { Actor } from '../staff/accounts';
import { AREAS, type StaffRole } from '../staff/roles';
import type { ListFilters } from './contract';
import { CLOSING_STATUSES, CONSULTATION_SQL_PATTERN, isConsultation, type InboxBox, type InboxStatus } from './item';

/**
 * Messages and applications as the inbox handles them: listed newest first with filters, read with
 * their notes, assigned, moved between statuses (a version checked on every change: of two changes
 * made from the same reading, the second is refused and told who changed it first), noted. Role
 * checks are the caller's (src/server/staff/inbox.ts); every change is audited.
 */

export class InboxConflict extends Error {
  constructor(
    readonly by: string,
    readonly at: Date,
    readonly version: number,
  ) {
    super(`Changed first by ${by} at ${at.toISOString()}: reload it to see the change`);
  }
}
export class InboxNotFound extends Error {}
export class InboxRefused extends Error {
  constructor(
    message: string,
    /** Who it could not be assigned to. */
    readonly to: string,
  ) {
    super(message);
  }
}

type Message = typeof contactMessages.$inferSelect;
type Application = typeof positionApplications.$inferSelect;
/** The handling columns both tables share (src/server/db/schema.ts, inboxColumns). */
type Handled = typeof contactMessages;
const tableOf = (box: InboxBox): Handled => (box === 'messages' ? contactMessages : (positionApplications as unknown as Handled));

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
const iso = (d: Date | null) => d?.toISOString() ?? null;

let regionNames: Map<string, string> | undefined;
export function regionName(id: string | null): string | null {
  if (!id) return null;
  regionNames ??= new Map(
    loadLocations()
      .filter((l) => l.locationParentId === 0)
      .map((l) => [String(l.locationId), `${l.locationNameEn} / ${l.locationNameCn}`]),
  );
  return regionNames.get(id) ?? id;
}

export function messageWhere(f: ListFilters): SQL | undefined {
  const m = contactMessages;
  const where: SQL[] = [];
  if (f.status) where.push(eq(m.status, f.status));
  if (f.kind === 'application') where.push(sql`false`);
  if (f.kind === 'consultation') where.push(sql`${m.content} ~ ${CONSULTATION_SQL_PATTERN}`);
  if (f.kind === 'message') where.push(not(sql`${m.content} ~ ${CONSULTATION_SQL_PATTERN}`));
  if (f.region) where.push(eq(m.region, f.region));
  if (f.position) where.push(sql`false`);
  if (f.from) where.push(gte(m.createdAt, dayStart(f.from)));
  if (f.to) where.push(lt(m.createdAt, dayAfter(f.to)));
  if (f.language !== undefined) where.push(eq(m.language, f.language));
  if (f.text) {
    const like = likeOf(f.text);
    where.push(or(ilike(m.userName, like), ilike(m.companyName, like), ilike(m.email, like), ilike(m.content, like)) as SQL);
  }
  return where.length ? and(...where) : undefined;
}

export function applicationWhere(f: ListFilters): SQL | undefined {
  const a = positionApplications;
  const where: SQL[] = [];
  if (f.status) where.push(eq(a.status, f.status));
  if (f.kind && f.kind !== 'application') where.push(sql`false`);
  if (f.region) where.push(sql`false`);
  if (f.position) where.push(eq(a.positionId, f.position));
  if (f.from) where.push(gte(a.createdAt, dayStart(f.from)));
  if (f.to) where.push(lt(a.createdAt, dayAfter(f.to)));
  if (f.language !== undefined) where.push(eq(a.language, f.language));
  if (f.text) {
    const like = likeOf(f.text);
    where.push(or(ilike(a.name, like), ilike(a.graduateSchool, like), ilike(a.major, like), ilike(a.positionTitle, like)) as SQL);
  }
  return where.length ? and(...where) : undefined;
}

const handling = (r: Pick<Message, 'status' | 'version' | 'assignedTo' | 'changedBy' | 'changedAt'>) => ({
  status: r.status as InboxStatus,
  version: r.version,
  assignedTo: r.assignedTo,
  changedBy: r.changedBy,
  changedAt: iso(r.changedAt),
});

export const messageSummary = (m: Message) => ({
  id: m.id,
  kind: isConsultation(m.content) ? ('consultation' as const) : ('message' as const),
  receivedAt: m.createdAt.toISOString(),
  name: m.userName,
  email: m.email,
  company: m.companyName,
  excerpt: m.content.length > 140 ? `${m.content.slice(0, 139)}…` : m.content,
  region: m.region,
  regionName: regionName(m.region),
  ...handling(m),
});

export const applicationSummary = (a: Application) => ({
  id: a.id,
  kind: 'application' as const,
  receivedAt: a.createdAt.toISOString(),
  name: a.name,
  positionId: a.positionId,
  position: a.positionTitle,
  ...handling(a),
});

export async function listMessages(db: Db, f: ListFilters, page: number, size: number) {
  const where = messageWhere(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(contactMessages).where(where),
  ]);
  return { rows: rows.map(messageSummary), total: Number(total) };
}

export async function listApplications(db: Db, f: ListFilters, page: number, size: number) {
  const where = applicationWhere(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(positionApplications)
      .where(where)
      .orderBy(desc(positionApplications.createdAt), desc(positionApplications.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(positionApplications).where(where),
  ]);
  return { rows: rows.map(applicationSummary), total: Number(total) };
}

async function notesOf(db: Db, kind: 'message' | 'application', id: string) {
  const rows = await db
    .select()
    .from(inboxNotes)
    .where(and(eq(inboxNotes.itemKind, kind), eq(inboxNotes.itemId, id)))
    .orderBy(asc(inboxNotes.at));
  return rows.map((n) => ({ id: n.id, at: n.at.toISOString(), by: n.by, text: n.text }));
}

/** Who an item of a box may be assigned to by a member of `role`: active accounts of the same role (an admin: any role the box admits). */
export async function assignable(db: Db, box: InboxBox, role: StaffRole, self: string): Promise<string[]> {
  const roles = role === 'admin' ? [...AREAS[box]] : [role];
  const rows = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(inArray(staffUsers.role, roles), or(eq(staffUsers.banned, false), sql`${staffUsers.banned} is null`)))
    .orderBy(asc(staffUsers.email));
  return [...new Set([self, ...rows.map((r) => r.email)])];
}

export async function getMessage(db: Db, id: string) {
  const [m] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!m) throw new InboxNotFound(`No message ${id}: it may have been deleted`);
  return {
    ...messageSummary(m),
    language: m.language === 0 ? ('zh' as const) : ('en' as const),
    wantsCall: m.needCall === 0,
    phone: m.tel,
    place: m.country,
    content: m.content,
    notifiedAt: iso(m.notifiedAt),
    notifyError: m.notifyError,
    closedAt: iso(m.closedAt),
    notes: await notesOf(db, 'message', id),
  };
}

export async function getApplication(db: Db, id: string) {
  const [row] = await db
    .select({ a: positionApplications, u: resumeUploads })
    .from(positionApplications)
    .innerJoin(resumeUploads, eq(positionApplications.uploadId, resumeUploads.id))
    .where(eq(positionApplications.id, id));
  if (!row) throw new InboxNotFound(`No application ${id}: it may have been deleted`);
  const { a, u } = row;
  return {
    ...applicationSummary(a),
    language: a.language === 0 ? ('zh' as const) : ('en' as const),
    gender: a.sex,
    school: a.graduateSchool,
    major: a.major,
    graduation: a.graduateTime,
    resume: { kind: u.kind as 'doc' | 'docx', originalName: u.originalName, size: u.size },
    notifiedAt: iso(a.notifiedAt),
    notifyError: a.notifyError,
    closedAt: iso(a.closedAt),
    notes: await notesOf(db, 'application', id),
  };
}

/** One conditional UPDATE: the change is made only if the version is still `expected`; otherwise who changed it first. */
async function change(db: Db, box: InboxBox, id: string, expected: number, set: Partial<Message>, actor: Actor, now: Date) {
  const t = tableOf(box);
  const [row] = await db
    .update(t)
    .set({ ...set, version: sql`${t.version} + 1`, changedBy: actor.email, changedAt: now })
    .where(and(eq(t.id, id), eq(t.version, expected)))
    .returning({ id: t.id, version: t.version, status: t.status, assignedTo: t.assignedTo });
  if (row) return { ...row, status: row.status as InboxStatus };
  const [current] = await db.select({ version: t.version, changedBy: t.changedBy, changedAt: t.changedAt }).from(t).where(eq(t.id, id));
  if (!current) throw new InboxNotFound(`No ${box === 'messages' ? 'message' : 'application'} ${id}: it may have been deleted`);
  throw new InboxConflict(current.changedBy ?? 'someone', current.changedAt ?? now, current.version);
}

export async function setStatus(db: Db, box: InboxBox, id: string, expected: number, status: InboxStatus, actor: Actor, now = new Date()) {
  const closing = CLOSING_STATUSES.includes(status);
  const t = tableOf(box);
  // closing again keeps the first closing time (retention counts from it); reopening clears it
  const changed = await change(db, box, id, expected, { status, closedAt: closing ? (sql`coalesce(${t.closedAt}, ${now.toISOString()}::timestamptz)` as unknown as Date) : null }, actor, now);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'inbox.status-changed', subject: `${box}/${id}`, detail: status, clientAddress: actor.clientAddress }, now);
  return changed;
}

export async function assign(db: Db, box: InboxBox, id: string, expected: number, to: string | null, actor: Actor, role: StaffRole, now = new Date()) {
  if (to !== null && !(await assignable(db, box, role, actor.email)).includes(to)) {
    throw new InboxRefused(`${to} cannot be given this: assign it to yourself or to an active account of your role`, to);
  }
  const changed = await change(db, box, id, expected, { assignedTo: to }, actor, now);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'inbox.assigned', subject: `${box}/${id}`, detail: to ?? 'nobody', clientAddress: actor.clientAddress }, now);
  return changed;
}

export async function addNote(db: Db, box: InboxBox, id: string, text: string, actor: Actor, now = new Date()) {
  const t = tableOf(box);
  const [exists] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!exists) throw new InboxNotFound(`No ${box === 'messages' ? 'message' : 'application'} ${id}: it may have been deleted`);
  const note = { id: randomUUID(), itemKind: box === 'messages' ? 'message' : 'application', itemId: id, at: now, by: actor.email, text };
  await db.insert(inboxNotes).values(note);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'inbox.noted', subject: `${box}/${id}`, clientAddress: actor.clientAddress }, now);
  return { id: note.id, at: now.toISOString(), by: actor.email, text };
}

/** New items in each box. */
export async function newCounts(db: Db) {
  const [[m], [a]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    db.select({ n: sql<number>`count(*)::int` }).from(positionApplications).where(eq(positionApplications.status, 'new')),
  ]);
  return { messages: Number(m.n), applications: Number(a.n) };
}
