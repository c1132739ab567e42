import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { subscribeCodes } from '../db/schema';
import { CODE_RESEND_SECONDS, EMAIL_CODE_LENGTH } from '../../forms/validation/subscribe';

/**
 * E-mail verification codes of the subscriptions: 6 random digits (crypto.randomInt),
 * kept only as an HMAC under the server key (the forms' key, with its own purpose in
 * the MAC), valid for SUBSCRIBE_CODE_TTL_SECONDS, dead after SUBSCRIBE_CODE_MAX_TRIES
 * wrong tries. The newest code of an address is the only valid one. A new code may be
 * mailed 60 seconds after the last at the earliest, and at most
 * SUBSCRIBE_CODE_DAILY_LIMIT times in 24 hours; both are counted from the rows, under a
 * per-address transaction lock, so parallel requests and several API processes agree.
 *
 * A good code is not used up: it authorises the look-up and every change (register,
 * modify, unsubscribe) until it expires or a newer one is sent.
 */

export interface CodeRules {
  ttlSeconds: number;
  maxTries: number;
  dailyLimit: number;
}

/** An address as the tables key it. */
export const emailKey = (email: string) => email.trim().toLowerCase();

export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`subscribe-code:${emailKey(email)}:${code.trim()}`)
    .digest('base64url');
}

export function randomCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
}

export type IssueResult = { ok: true; id: string; code: string } | { ok: false; problem: 'tooEarly'; retryAfterSeconds: number } | { ok: false; problem: 'dailyLimit' };

/** Creates and stores a new code for an address, unless the resend wait or the daily limit says no (then nothing is written). */
export async function issueCode(db: Db, options: { email: string; secret: string; now: Date; rules: CodeRules; client?: string }): Promise<IssueResult> {
  const email = emailKey(options.email);
  const now = options.now;
  return db.transaction(async (tx) => {
    // One request per address at a time: the checks below and the insert are one step.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe-code:${email}`}, 0))`);
    const [latest] = await tx.select({ createdAt: subscribeCodes.createdAt }).from(subscribeCodes).where(eq(subscribeCodes.email, email)).orderBy(desc(subscribeCodes.createdAt)).limit(1);
    if (latest) {
      const waited = (now.getTime() - latest.createdAt.getTime()) / 1000;
      if (waited < CODE_RESEND_SECONDS) return { ok: false as const, problem: 'tooEarly' as const, retryAfterSeconds: Math.max(1, Math.ceil(CODE_RESEND_SECONDS - waited)) };
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subscribeCodes)
      .where(and(eq(subscribeCodes.email, email), gt(subscribeCodes.createdAt, new Date(now.getTime() - 24 * 3600 * 1000))));
    if (n >= options.rules.dailyLimit) return { ok: false as const, problem: 'dailyLimit' as const };
    const code = randomCode();
    const id = randomUUID();
    await tx.insert(subscribeCodes).values({
      id,
      email,
      codeHash: hashCode(options.secret, email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.rules.ttlSeconds * 1000),
      tries: 0,
      clientAddress: options.client ?? null,
    });
    if (Math.random() < 0.05) await tx.delete(subscribeCodes).where(lt(subscribeCodes.createdAt, new Date(now.getTime() - 2 * 24 * 3600 * 1000)));
    return { ok: true as const, id, code };
  });
}

/** Takes back a code whose mail could not be sent (the visitor never got it; it must not count). */
export async function withdrawCode(db: Db, id: string): Promise<void> {
  await db.delete(subscribeCodes).where(eq(subscribeCodes.id, id));
}

export type CodeProblem = 'missing' | 'expired' | 'tries' | 'wrong';

/**
 * Checks a code against the newest one of the address. A try is taken before the
 * comparison (atomically, and only while tries remain) and given back when the code is
 * right, so parallel guesses can never exceed the limit.
 */
export async function verifyCode(db: Db, options: { email: string; code: string; secret: string; now: Date; rules: CodeRules }): Promise<CodeProblem | null> {
  const email = emailKey(options.email);
  const [latest] = await db.select().from(subscribeCodes).where(eq(subscribeCodes.email, email)).orderBy(desc(subscribeCodes.createdAt)).limit(1);
  if (!latest) return 'missing';
  if (latest.expiresAt.getTime() <= options.now.getTime()) return 'expired';
  const taken = await db
    .update(subscribeCodes)
    .set({ tries: sql`${subscribeCodes.tries} + 1` })
    .where(and(eq(subscribeCodes.id, latest.id), lt(subscribeCodes.tries, options.rules.maxTries)))
    .returning({ tries: subscribeCodes.tries });
  if (!taken.length) return 'tries';
  const expected = Buffer.from(latest.codeHash);
  const given = Buffer.from(hashCode(options.secret, email, options.code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await db
      .update(subscribeCodes)
      .set({ tries: sql`greatest(${subscribeCodes.tries} - 1, 0)` })
      .where(eq(subscribeCodes.id, latest.id));
    return null;
  }
  return taken[0].tries >= options.rules.maxTries ? 'tries' : 'wrong';
}
