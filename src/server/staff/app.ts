import { eq, sql } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { CODE } from '../../contract/wire';
import { AccountError, invite, listAccounts, reinvite, setDisabled, setRole, type Actor } from '../../staff/accounts';
import { readAudit } from '../../staff/audit';
import { ABSOLUTE_SECONDS, CLIENT_ADDRESS_HEADER, createStaffAuth, type StaffAuth } from '../../staff/auth';
import { staffCalls } from '../../staff/contract';
import { AREAS, isStaffRole, type StaffArea } from '../../staff/roles';
import { staffPasskeys, staffSessions, stories } from '../db/schema';
import type { AppDeps } from '../deps';
import { clientAddress } from '../forms/client-address';
import { answerError, handle, requestIdOfContext, WireError, type HandlerInput } from '../handle';
import { createMailer } from '../mail';
import type { CallDef } from '../../contract/define';
import { inviteMail, lockedMail, resetMail } from './mails';
import { registerNewsroom } from './newsroom';
import { ConflictAnswer, type StaffSession } from './session';
import { registerReleases } from './releases';
import { importPublishedNews } from '../../newsroom/stories';
import { keptSecret } from '../kept-secret';
import type { SiteQueue } from '../../worker/queue';
import { mailNotice } from '../../newsroom/notice-mail';
import { apiRouteRecorder } from '../../observability/requests.mjs';
import { createLogger } from '../../observability/log.mjs';
import { registerInbox } from './inbox';
import { releasePaths } from '../../releases/releases.mjs';
import { newCounts } from '../../inbox/items';

/**
 * The staff API under {apiBase}/staff: Better Auth's sign-in endpoints under /auth (an allow-list
 * of them), and the console's calls, each registered with the area of the console it belongs to
 * (src/staff/roles.ts). Every call checks on the server, on each request: a session that has
 * neither idled out (30 minutes) nor passed its absolute end (12 hours), a role the area admits,
 * and a second factor on the account. Answers are never cached (private, no-store); a state-changing
 * request must come from the console's own origin.
 */

type StaffEnv = { Variables: { staff: StaffSession }; Bindings: { clientAddress?: string } };

/** One registered console call: what the route tests enumerate. */
export interface StaffCallRecord {
  method: 'GET' | 'POST';
  path: string;
  area: StaffArea;
}

/** Better Auth's endpoints the console uses; every other path under /auth answers 404. */
const AUTH_PATHS = [
  'POST /sign-in/email',
  'POST /sign-out',
  'GET /get-session',
  'POST /reset-password',
  'POST /request-password-reset',
  'POST /change-password',
  'POST /two-factor/enable',
  'POST /two-factor/disable',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
  'POST /two-factor/generate-backup-codes',
  'GET /passkey/generate-register-options',
  'POST /passkey/verify-registration',
  'GET /passkey/generate-authenticate-options',
  'POST /passkey/verify-authentication',
  'GET /passkey/list-user-passkeys',
  'POST /passkey/delete-passkey',
  'GET /list-sessions',
  'POST /revoke-other-sessions',
];

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function createStaffApp(deps: AppDeps & { queue?: SiteQueue }) {
  const { config } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const base = `${config.apiBase}/staff`;
  // the site's releases, in the folder the worker builds in (src/releases/releases.mjs)
  const sitePaths = releasePaths({ root: config.worker.root });
  const origin = config.staff.origin;
  const origins = new Set([origin, ...config.staff.trustedOrigins]);
  const logger = createLogger('staff', { level: config.logLevel });
  const log = (line: string) => logger.info(line);
  const mailer = deps.mailer ?? createMailer(config.forms, log);
  // changing it ends every session and makes the stored TOTP secrets unreadable: set it once
  const secret = await keptSecret(db, 'staff_auth_secret', config.staff.authSecret);
  const auth: StaffAuth = createStaffAuth({
    db,
    origin,
    trustedOrigins: config.staff.trustedOrigins,
    secret,
    apiBase: config.apiBase,
    now,
    sendReset: async (to, url) => void (await mailer.send(resetMail(to, url))),
    sendLocked: async (to, minutes, address) => void (await mailer.send(lockedMail(to, minutes, address))),
  });

  // the stories the public API already serves become the newsroom's (once; nothing to do afterwards)
  const imported = await importPublishedNews(db);
  if (imported) log(`[staff] ${imported} published stories imported into the newsroom`);

  const app = new Hono<StaffEnv>().basePath(base);
  // the route that answered, for the request metrics (src/observability/requests.mjs)
  app.use(apiRouteRecorder());
  const calls: StaffCallRecord[] = [];

  app.use(secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, referrerPolicy: 'same-origin', crossOriginResourcePolicy: 'same-origin' }));
  app.use(async (c, next) => {
    // a state-changing request comes from the console's own pages (the session cookie is SameSite=Lax, and this says it again)
    if (!SAFE.has(c.req.method)) {
      const from = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
      if (!from || !origins.has(from)) return answerError(c, CODE.forbidden, `Cross-site ${c.req.method} refused: staff calls are made from ${origin}`);
    }
    await next();
    c.header('cache-control', 'private, no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
  });

  // ---- sign-in: Better Auth, behind the allow-list, told the client's address
  const allowed = new Set(AUTH_PATHS.map((p) => `${p.split(' ')[0]} ${base}/auth${p.split(' ')[1]}`));
  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    if (!allowed.has(`${c.req.method} ${c.req.path}`)) return answerError(c, CODE.notFound, `No such staff call: ${c.req.method} ${c.req.path}`);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, config.forms.trustProxyHops));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  /**
   * The staff member a request is from, checked: a live session (Better Auth: idle timeout; ours: the
   * absolute end, which deletes it), a role, and, unless `area` is the own account, a second factor
   * and a role the area admits. The console's pages ask the same (./page.ts).
   */
  async function who(
    headers: Headers,
    area: StaffArea,
  ): Promise<{ staff: StaffSession; setCookies: string[] } | { code: typeof CODE.unauthorized | typeof CODE.forbidden; message: string; reason: 'session' | 'role' | 'secondFactor' }> {
    const found = await auth.api.getSession({ headers, returnHeaders: true });
    const s = found.response;
    if (!s) return { code: CODE.unauthorized, message: 'Sign in first: there is no session, or it has ended', reason: 'session' };
    if (now().getTime() - new Date(s.session.createdAt).getTime() > ABSOLUTE_SECONDS * 1000) {
      await db.delete(staffSessions).where(eq(staffSessions.id, s.session.id));
      return { code: CODE.unauthorized, message: 'Your session has reached its 12 hours: sign in again', reason: 'session' };
    }
    const role = (s.user as { role?: string }).role;
    if (!isStaffRole(role)) return { code: CODE.forbidden, message: 'This account has no role', reason: 'role' };
    const [{ passkeys }] = await db.select({ passkeys: sql<number>`count(*)::int` }).from(staffPasskeys).where(eq(staffPasskeys.userId, s.user.id));
    const twoFactorEnabled = !!(s.user as { twoFactorEnabled?: boolean }).twoFactorEnabled;
    const staff: StaffSession = {
      user: { id: s.user.id, email: s.user.email, name: s.user.name, role, twoFactorEnabled },
      session: { id: s.session.id, createdAt: new Date(s.session.createdAt), expiresAt: new Date(s.session.expiresAt) },
      passkeys: Number(passkeys),
    };
    if (!(AREAS[area] as readonly string[]).includes(role)) return { code: CODE.forbidden, message: `Your role (${role}) may not do this`, reason: 'role' };
    if (area !== 'self' && !twoFactorEnabled && !staff.passkeys)
      return { code: CODE.forbidden, message: 'Add a second factor (an authenticator app or a passkey) before anything else', reason: 'secondFactor' };
    return { staff, setCookies: found.headers?.getSetCookie() ?? [] };
  }

  // ---- the console's calls
  const guard =
    (area: StaffArea): MiddlewareHandler<StaffEnv> =>
    async (c, next) => {
      const found = await who(c.req.raw.headers, area);
      if ('code' in found) return answerError(c, found.code, found.message);
      // the session's sliding end, refreshed by Better Auth
      for (const cookie of found.setCookies) c.header('set-cookie', cookie, { append: true });
      c.set('staff', found.staff);
      await next();
    };

  function staffCall<C extends CallDef>(def: C, area: StaffArea, handler: (input: HandlerInput<C> & { staff: StaffSession; actor: Actor }) => Promise<unknown> | unknown) {
    calls.push({ method: def.method, path: `${base}${def.path}`, area });
    const router = new Hono<StaffEnv>();
    router.use(def.path, guard(area));
    handle(
      router as unknown as Hono,
      def,
      async (input) => {
        const staff = input.c.get('staff') as StaffSession;
        const actor: Actor = { id: staff.user.id, email: staff.user.email, clientAddress: clientAddress(input.c, config.forms.trustProxyHops) };
        try {
          return (await handler({ ...input, staff, actor })) as never;
        } catch (error) {
          if (error instanceof AccountError) throw new WireError(error.reason === 'notFound' ? CODE.notFound : error.reason === 'exists' ? CODE.conflict : CODE.forbidden, error.message);
          throw error;
        }
      },
      { answerOtherMethod: false },
    );
    app.route('/', router);
  }

  staffCall(staffCalls.me, 'self', ({ staff }) => ({
    id: staff.user.id,
    email: staff.user.email,
    name: staff.user.name,
    role: staff.user.role,
    twoFactor: staff.user.twoFactorEnabled,
    passkeys: staff.passkeys,
    secondFactor: staff.user.twoFactorEnabled || staff.passkeys > 0,
    sessionEndsAt: new Date(Math.min(staff.session.createdAt.getTime() + ABSOLUTE_SECONDS * 1000, staff.session.expiresAt.getTime())).toISOString(),
  }));

  staffCall(staffCalls.accounts, 'accounts', async () => (await listAccounts(db)).map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), lastSeenAt: a.lastSeenAt?.toISOString() ?? null })));

  staffCall(staffCalls.invite, 'accounts', async ({ body, actor }) => {
    const made = await invite(db, auth, origin, body, actor);
    await mailer.send(inviteMail(made.email, made.url, body.role, actor.email));
    return { email: made.email, expiresAt: made.expiresAt.toISOString() };
  });

  staffCall(staffCalls.reinvite, 'accounts', async ({ body, actor }) => {
    const made = await reinvite(db, auth, origin, body.email, actor);
    await mailer.send(inviteMail(made.email, made.url, null, actor.email));
    return { email: made.email, expiresAt: made.expiresAt.toISOString() };
  });

  staffCall(staffCalls.setRole, 'accounts', async ({ body, actor, staff }) => {
    const user = await setRole(db, body.email, body.role, actor, staff.session.id);
    return { email: user.email, role: body.role };
  });

  staffCall(staffCalls.setDisabled, 'accounts', async ({ body, actor }) => {
    const user = await setDisabled(db, body.email, body.disabled, actor);
    return { email: user.email, disabled: body.disabled };
  });

  staffCall(staffCalls.audit, 'audit', async ({ query }) => {
    const { rows, total } = await readAudit(db, {
      action: query.action,
      text: query.text,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      page: query.page,
      size: query.size,
    });
    return { rows: rows.map((r) => ({ at: r.at.toISOString(), actorEmail: r.actorEmail, action: r.action, subject: r.subject, detail: r.detail, clientAddress: r.clientAddress })), total };
  });

  registerNewsroom(
    staffCall,
    db,
    now,
    config.dataDir,
    (path, middleware) => app.use(path, middleware),
    (reason) => deps.queue?.requestBuild(reason).catch((error: Error) => logger.error({ err: error }, 'the site build could not be requested')),
    async (id, actor) => {
      const mailing = await mailNotice(db, config, mailer, id, actor, now());
      mailing.done
        .then(({ sent, failed }) => log(`[staff] notice ${id} mailed: ${sent} sent, ${failed} refused`))
        .catch((error: Error) => logger.error({ err: error, story: id }, 'the notice could not be mailed'));
      return mailing;
    },
    sitePaths,
  );
  registerReleases(staffCall, db, sitePaths);
  registerInbox(staffCall, db, now, { uploadDir: config.forms.uploadDir, outboxDir: config.forms.outboxDir });
  // a path's other method answers 405 in the wrapper (the calls are on routers of their own, so handle() cannot say it)
  for (const path of new Set(calls.map((c) => c.path))) {
    const methods = calls.filter((c) => c.path === path).map((c) => c.method);
    for (const other of (['GET', 'POST'] as const).filter((m) => !methods.includes(m))) {
      app.on(other, path.slice(base.length) || '/', (c) => answerError(c, CODE.methodNotAllowed, `${path} takes ${methods.join(' or ')}`));
    }
  }

  app.onError((error, c) => {
    if (error instanceof ConflictAnswer) return error.response();
    logger.error({ err: error, id: requestIdOfContext(c), method: c.req.method, path: c.req.path }, 'a staff call failed');
    return answerError(c, CODE.serverError, 'Internal error, please retry later');
  });
  app.notFound((c: Context) => answerError(c, CODE.notFound, `No such staff call: ${c.req.method} ${new URL(c.req.url).pathname}`));
  /** A story as saved, for the console's preview page (which has checked its reader with who()). */
  const readStory = async (id: string) => (await db.select().from(stories).where(eq(stories.id, id)))[0] ?? null;
  return { app, auth, calls, who, readStory, inboxCounts: () => newCounts(db) };
}
export type StaffApp = Awaited<ReturnType<typeof createStaffApp>>;

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
