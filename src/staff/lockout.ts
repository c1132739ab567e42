import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/db';
import { staffSignInFailures } from '../server/db/schema';

/**
 * Failed password sign-ins, counted in the database so that every API process sees the same
 * counts. Ten wrong in a row lock the account for 15 minutes (its owner is mailed); an address
 * that fails fifty times within 15 minutes, whatever the accounts, is refused for 15 minutes too.
 * Addresses nobody has are counted like the others, so a lock tells nothing of who exists.
 */
export const ACCOUNT_FAILURES_TO_LOCK = 10;
export const ADDRESS_FAILURES_TO_LOCK = 50;
export const LOCK_MINUTES = 15;
const ADDRESS_WINDOW_MINUTES = 15;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/** The end of the lock on any of these keys, or null when none is locked. */
export async function lockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
  if (!keys.length) return null;
  const rows = await db.select({ lockedUntil: staffSignInFailures.lockedUntil }).from(staffSignInFailures).where(inArray(staffSignInFailures.key, keys));
  const ends = rows.map((r) => r.lockedUntil).filter((d): d is Date => !!d && d > now);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

/**
 * Counts one failure under a key, atomically (one statement); true when this failure locked it.
 * An account's count runs until a success clears it; an address's restarts after its window.
 * A lock that has run out starts the count again.
 */
export async function countFailure(db: Db, key: string, now: Date): Promise<boolean> {
  const isAccount = key.startsWith('account:');
  const limit = isAccount ? ACCOUNT_FAILURES_TO_LOCK : ADDRESS_FAILURES_TO_LOCK;
  const lockEnd = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  const windowStart = new Date(now.getTime() - ADDRESS_WINDOW_MINUTES * 60_000);
  const t = staffSignInFailures;
  // a fresh count when the last lock has run out, or (addresses) the window has passed
  const fresh = isAccount
    ? sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now})`
    : sql`(${t.firstFailureAt} < ${windowStart} or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now}))`;
  const next = sql`case when ${fresh} then 1 else ${t.failures} + 1 end`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, firstFailureAt: now, lastFailureAt: now, lockedUntil: limit <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        firstFailureAt: sql`case when ${fresh} then ${now} else ${t.firstFailureAt} end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${next} >= ${limit} then ${lockEnd}::timestamptz when ${fresh} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  return row.failures === limit && !!row.lockedUntil && row.lockedUntil > now;
}

/** A success clears the account's count (not the address's). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(staffSignInFailures).where(eq(staffSignInFailures.key, key));
}
