import { generateRandomString } from 'better-auth/crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../server/db';
import { staffAccounts, staffPasskeys, staffSessions, staffUsers } from '../server/db/schema';
import { audit } from './audit';
import { INVITE_SECONDS, type StaffAuth } from './auth';
import type { StaffRole } from './roles';

/**
 * Staff accounts: invitations (no self sign-up), roles, disabling. Used by the console's admin
 * calls and by `npm run staff`; each change is written to the audit log by the caller's name.
 */

export interface Actor {
  id: string | null;
  email: string;
  clientAddress?: string | null;
}

export const CLI_ACTOR: Actor = { id: null, email: 'cli' };

export class AccountError extends Error {
  constructor(
    readonly reason: 'exists' | 'notFound' | 'self',
    message: string,
  ) {
    super(message);
  }
}

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  /** Whether a password was ever set (an invitation not yet taken up has none). */
  passwordSet: boolean;
  twoFactor: boolean;
  passkeys: number;
  createdAt: Date;
  lastSeenAt: Date | null;
}

export async function listAccounts(db: Db): Promise<StaffAccount[]> {
  const u = staffUsers;
  const rows = await db
    .select({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      banned: u.banned,
      twoFactor: u.twoFactorEnabled,
      createdAt: u.createdAt,
      passwordSet: sql<boolean>`exists (select 1 from ${staffAccounts} a where a.user_id = ${u.id} and a.password is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${staffPasskeys} p where p.user_id = ${u.id})`,
      lastSeenAt: sql<string | null>`(select max(s.updated_at) from ${staffSessions} s where s.user_id = ${u.id})`,
    })
    .from(u)
    .orderBy(asc(u.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: (r.role ?? 'writer') as StaffRole,
    disabled: !!r.banned,
    passwordSet: !!r.passwordSet,
    twoFactor: !!r.twoFactor,
    passkeys: Number(r.passkeys),
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null,
  }));
}

export async function findAccount(db: Db, email: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase()));
  return row;
}

/** A one-time link to set the account's password, valid INVITE_SECONDS; the token is stored hashed. */
export async function inviteLink(auth: StaffAuth, origin: string, userId: string, now: Date = new Date()): Promise<{ url: string; expiresAt: Date }> {
  const ctx = await auth.$context;
  const token = generateRandomString(32);
  const expiresAt = new Date(now.getTime() + INVITE_SECONDS * 1000);
  await ctx.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: userId, expiresAt });
  return { url: `${origin}/en/staff/set-password?token=${token}&invite=1`, expiresAt };
}

/** Creates an account without a password and returns its invitation link (to mail, or to print). */
export async function invite(db: Db, auth: StaffAuth, origin: string, input: { email: string; name: string; role: StaffRole }, actor: Actor) {
  const email = input.email.trim().toLowerCase();
  if (await findAccount(db, email)) throw new AccountError('exists', `${email} already has an account`);
  const { user } = await auth.api.createUser({ body: { email, name: input.name.trim() || email, role: input.role } });
  const link = await inviteLink(auth, origin, user.id);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'account.invited', subject: email, detail: `role ${input.role}`, clientAddress: actor.clientAddress });
  return { id: user.id, email, ...link };
}

/** A new invitation link for an account that has not set its password yet (or a reset link for one that has). */
export async function reinvite(db: Db, auth: StaffAuth, origin: string, email: string, actor: Actor) {
  const user = await findAccount(db, email);
  if (!user) throw new AccountError('notFound', `No account ${email}`);
  const link = await inviteLink(auth, origin, user.id);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'account.invite-resent', subject: user.email, clientAddress: actor.clientAddress });
  return { id: user.id, email: user.email, ...link };
}

/** Ends every session of an account but the one given (a role or password change). */
export async function endSessions(db: Db, userId: string, keepSessionId?: string) {
  await db.delete(staffSessions).where(keepSessionId ? and(eq(staffSessions.userId, userId), ne(staffSessions.id, keepSessionId)) : eq(staffSessions.userId, userId));
}

export async function setRole(db: Db, email: string, role: StaffRole, actor: Actor, keepSessionId?: string) {
  const user = await findAccount(db, email);
  if (!user) throw new AccountError('notFound', `No account ${email}`);
  if (user.id === actor.id && role !== 'admin') throw new AccountError('self', 'You cannot take the admin role from yourself: ask another admin');
  if (user.role === role) return user;
  await db.update(staffUsers).set({ role, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
  await endSessions(db, user.id, user.id === actor.id ? keepSessionId : undefined);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'account.role-changed', subject: user.email, detail: `${user.role} → ${role}`, clientAddress: actor.clientAddress });
  return { ...user, role };
}

/** Disables (or enables again) an account: a disabled one cannot sign in, and its sessions end at once. */
export async function setDisabled(db: Db, email: string, disabled: boolean, actor: Actor) {
  const user = await findAccount(db, email);
  if (!user) throw new AccountError('notFound', `No account ${email}`);
  if (user.id === actor.id) throw new AccountError('self', 'You cannot disable your own account');
  await db
    .update(staffUsers)
    .set({ banned: disabled, banReason: disabled ? `disabled by ${actor.email}` : null, updatedAt: new Date() })
    .where(eq(staffUsers.id, user.id));
  if (disabled) await endSessions(db, user.id);
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: disabled ? 'account.disabled' : 'account.enabled', subject: user.email, clientAddress: actor.clientAddress });
  return { ...user, banned: disabled };
}
