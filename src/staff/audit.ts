import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db';
import { auditLog } from '../server/db/schema';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions';

/**
 * The audit log: who did what, when and from which address. Written by the staff API and the
 * `npm run staff` command; read by admins in the console; kept two years (pruneAudit).
 */
export { AUDIT_ACTIONS, type AuditAction };

/** How long entries are kept. */
export const AUDIT_RETENTION_DAYS = 2 * 365;

export interface AuditEntry {
  actorId?: string | null;
  /** The actor's e-mail, or the address tried at a failed sign-in, or 'cli'. */
  actorEmail: string;
  action: AuditAction;
  subject?: string;
  detail?: string;
  clientAddress?: string | null;
}

export async function audit(db: Db, entry: AuditEntry, at: Date = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    at,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail,
    action: entry.action,
    subject: entry.subject ?? '',
    detail: entry.detail ?? '',
    clientAddress: entry.clientAddress ?? null,
  });
}

export interface AuditQuery {
  action?: string;
  /** Text in the actor, subject or detail. */
  text?: string;
  from?: Date;
  to?: Date;
  page: number;
  size: number;
}

export async function readAudit(db: Db, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.action) where.push(q.action.endsWith('.') || !q.action.includes('.') ? sql`${auditLog.action} like ${`${q.action.replace(/\.$/, '')}%`}` : eq(auditLog.action, q.action));
  if (q.text) {
    const like = `%${q.text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(auditLog.actorEmail, like), ilike(auditLog.subject, like), ilike(auditLog.detail, like)) as SQL);
  }
  if (q.from) where.push(gte(auditLog.at, q.from));
  if (q.to) where.push(lt(auditLog.at, q.to));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { rows, total };
}

/** Deletes the entries older than the retention period; the count deleted. */
export async function pruneAudit(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000);
  const deleted = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}
