import { passkey } from '@better-auth/passkey';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db';
import * as schema from '../server/db/schema';
import { audit } from './audit';
import { accountKey, addressKey, clearFailures, countFailure, LOCK_MINUTES, lockedUntil } from './lockout';
import { isCommonPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwords';
import { STAFF_ROLES } from './roles';
import { createLogger } from '../observability/log.mjs';

/**
 * Staff sign-in, through Better Auth (a kept library: password hashing, sessions, TOTP with
 * recovery codes, passkeys): accounts in the project's database, invite only, a second factor on
 * every account (enforced by the staff API, src/server/staff/guard.ts). What is ours: the
 * common-password refusal, the lockout (./lockout.ts), the audit entries and the session's
 * absolute lifetime.
 */

/** The header the staff API sets to the client's address (the socket's, or X-Forwarded-For as far as TRUST_PROXY_HOPS trusts it). */
export const CLIENT_ADDRESS_HEADER = 'x-staff-client-address';
/** Idle timeout: a session unused this long has ended. */
export const IDLE_SECONDS = 30 * 60;
/** Absolute lifetime: no session outlives this, however used. */
export const ABSOLUTE_SECONDS = 12 * 3600;
/** An invitation link is valid this long. */
export const INVITE_SECONDS = 24 * 3600;
/** A password-reset link is valid this long. */
export const RESET_SECONDS = 3600;

/** Better Auth's access control: the admin plugin asks that `admin` hold its statements; the other roles act through our API only. */
const ac = createAccessControl({ ...defaultStatements });
const roles = Object.fromEntries(STAFF_ROLES.map((role) => [role, role === 'admin' ? ac.newRole(adminAc.statements) : ac.newRole({})]));

/** Better Auth's endpoints that set a password. */
const SETS_PASSWORD = new Set(['/reset-password', '/change-password', '/admin/create-user', '/admin/set-user-password']);
/** Those that complete a sign-in, and how. */
const SIGNS_IN: Record<string, string> = {
  '/sign-in/email': 'password',
  '/two-factor/verify-totp': 'password and TOTP',
  '/two-factor/verify-backup-code': 'password and recovery code',
  '/passkey/verify-authentication': 'passkey',
};

export interface StaffAuthOptions {
  db: Db;
  /** The origin staff sign in on (https://www.example.com); passkeys are bound to its host. */
  origin: string;
  /** Other origins the console may be opened on (a second host name). */
  trustedOrigins?: string[];
  /** 32+ random characters: signs cookies, encrypts TOTP secrets. */
  secret: string;
  /** The API base path (/homeapiak). */
  apiBase: string;
  now?: () => Date;
  /** Mails a password-reset link. */
  sendReset: (to: string, url: string) => Promise<void>;
  /** Mails an account's owner that it was locked after too many failed sign-ins. */
  sendLocked: (to: string, minutes: number, address: string) => Promise<void>;
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

export function createStaffAuth(o: StaffAuthOptions) {
  const now = o.now ?? (() => new Date());
  const https = o.origin.startsWith('https://');
  const host = new URL(o.origin).hostname;
  return betterAuth({
    appName: 'Seabridge staff',
    baseURL: o.origin,
    basePath: `${o.apiBase}/staff/auth`,
    secret: o.secret,
    trustedOrigins: [o.origin, ...(o.trustedOrigins ?? [])],
    telemetry: { enabled: false },
    database: drizzleAdapter(o.db, { provider: 'pg', schema, transaction: true }),
    user: { modelName: 'staffUsers' },
    account: { modelName: 'staffAccounts' },
    verification: { modelName: 'staffVerifications', storeIdentifier: 'hashed' },
    session: {
      modelName: 'staffSessions',
      // sliding: each use more than a minute after the last pushes the end 30 minutes out
      expiresIn: IDLE_SECONDS,
      updateAge: 60,
      freshAge: 15 * 60,
      // every request reads the session row, so a disable or a role change takes effect at once
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => o.sendReset(user.email, `${o.origin}/en/staff/set-password?token=${encodeURIComponent(token)}`),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'staffRateLimits',
      window: 60,
      max: 120,
      customRules: { '/sign-in/email': { window: 60, max: 20 }, '/two-factor/*': { window: 60, max: 20 }, '/request-password-reset': { window: 60, max: 5 } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // __Host-: Secure, Path=/, no Domain; browsers take it over HTTPS only
      ...(https
        ? { useSecureCookies: false, cookiePrefix: '__Host-staff', defaultCookieAttributes: { secure: true, sameSite: 'lax' as const, httpOnly: true } }
        : { cookiePrefix: 'staff', defaultCookieAttributes: { sameSite: 'lax' as const, httpOnly: true } }),
    },
    databaseHooks: {
      account: {
        create: { after: async (account) => passwordSet(o.db, account.userId, !!(account as { password?: string | null }).password) },
        update: { after: async (account) => passwordSet(o.db, (account as { userId: string }).userId, !!(account as { password?: string | null }).password) },
      },
    },
    plugins: [
      admin({ ac, roles, defaultRole: 'writer', adminRoles: ['admin'] }),
      twoFactor({
        issuer: 'Seabridge staff',
        twoFactorTable: 'staffTwoFactors',
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { maxFailedAttempts: 10, durationSeconds: LOCK_MINUTES * 60 },
      }),
      passkey({
        rpID: host,
        rpName: 'Seabridge staff',
        origin: [o.origin, ...(o.trustedOrigins ?? [])],
        schema: { passkey: { modelName: 'staffPasskeys' } },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        authentication: {
          // a passkey is a second factor only when the authenticator verified its user (PIN, fingerprint)
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified)
              throw new APIError('UNAUTHORIZED', { code: 'USER_NOT_VERIFIED', message: 'The passkey did not verify you (PIN or fingerprint): try again.' });
          },
        },
      }),
      staffPolicy(o.db, now, o.sendLocked),
    ],
  });
}

async function passwordSet(db: Db, userId: string, hasPassword: boolean) {
  if (!hasPassword) return;
  const [user] = await db.select({ email: schema.staffUsers.email }).from(schema.staffUsers).where(eq(schema.staffUsers.id, userId));
  if (user) await audit(db, { actorId: userId, actorEmail: user.email, action: 'account.password-set', subject: user.email });
}

/** The common-password refusal, the lockout and the sign-in entries of the audit log, as hooks around Better Auth's endpoints. */
function staffPolicy(db: Db, now: () => Date, sendLocked: StaffAuthOptions['sendLocked']) {
  type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
  const addressOf = (ctx: HookContext) => (ctx.request ? getIP(ctx.request, ctx.context.options) : null);
  const emailOf = (ctx: HookContext) =>
    String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
  const keysOf = (ctx: HookContext) => {
    const address = addressOf(ctx);
    return [accountKey(emailOf(ctx)), ...(address ? [addressKey(address)] : [])];
  };
  const lockedError = (until: Date) =>
    new APIError('TOO_MANY_REQUESTS', {
      code: 'SIGN_IN_LOCKED',
      message: `Too many failed sign-ins: signing in is refused until ${until.toISOString()}.`,
    });

  return {
    id: 'staff-policy',
    hooks: {
      before: [
        {
          matcher: (ctx) => SETS_PASSWORD.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { newPassword?: unknown; password?: unknown };
            const password = body.newPassword ?? body.password;
            if (typeof password === 'string' && isCommonPassword(password)) {
              throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: 'This password is among the 10,000 most common ones: choose another.' });
            }
            // a new password ends the account's other sessions, whatever the page asked
            if (ctx.path === '/change-password') return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const until = await lockedUntil(db, keysOf(ctx), now());
            if (until) throw lockedError(until);
          }),
        },
        {
          // before: afterwards the session is gone
          matcher: (ctx) => ctx.path === '/sign-out',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) await audit(db, { actorId: session.user.id, actorEmail: session.user.email, action: 'sign-out', clientAddress: addressOf(ctx) });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const email = emailOf(ctx);
            const address = addressOf(ctx);
            if (returned instanceof APIError) {
              // 401: no such account, or a wrong password (Better Auth answers both alike, in about the same time)
              if (returned.statusCode !== 401) return;
              const at = now();
              let locked = false;
              for (const key of keysOf(ctx)) if ((await countFailure(db, key, at)) && key.startsWith('account:')) locked = true;
              await audit(db, { actorEmail: email, action: 'sign-in.failed', detail: 'password', clientAddress: address });
              if (locked) {
                await audit(db, { actorEmail: email, action: 'sign-in.locked', detail: `${LOCK_MINUTES} minutes`, clientAddress: address });
                const [user] = await db.select({ email: schema.staffUsers.email }).from(schema.staffUsers).where(eq(schema.staffUsers.email, email));
                // not awaited: the answer to the tenth try must not take longer for an account that exists
                if (user) sendLocked(user.email, LOCK_MINUTES, address ?? 'unknown').catch((error) => createLogger('staff').error({ err: error }, 'the lock mail could not be sent'));
              }
              return;
            }
            await clearFailures(db, accountKey(email));
            if ((returned as { twoFactorRedirect?: boolean } | undefined)?.twoFactorRedirect) return; // the second factor completes it
            await auditSignIn(ctx, SIGNS_IN['/sign-in/email']);
          }),
        },
        {
          matcher: (ctx) => ctx.path !== '/sign-in/email' && (ctx.path ?? '') in SIGNS_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (returned instanceof APIError) {
              await audit(db, { actorEmail: '', action: 'sign-in.failed', detail: SIGNS_IN[ctx.path], clientAddress: addressOf(ctx) });
              return;
            }
            await auditSignIn(ctx, SIGNS_IN[ctx.path]);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  async function auditSignIn(ctx: HookContext, how: string) {
    const session = ctx.context.newSession;
    if (!session) return;
    await audit(db, { actorId: session.user.id, actorEmail: session.user.email, action: 'sign-in', detail: how, clientAddress: addressOf(ctx) });
  }
}
