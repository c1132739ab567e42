import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { CLI_ACTOR, invite } from '../../src/staff/accounts';
import type { StaffRole } from '../../src/staff/roles';
import { createStaffApp, type StaffApp } from '../../src/server/staff/app';
import { MemoryMailer, testClock } from './forms-helpers';
import { startHarness, type Harness } from './harness';

/**
 * The staff API on a real database, as the console's pages call it: cookies kept per staff member,
 * requests from the console's origin, TOTP codes computed from the secret the enrolment answers
 * (as an authenticator app does).
 */
export const ORIGIN = 'http://staff.test';

// biome-ignore lint/suspicious/noExplicitAny: answers are Better Auth's and ours; the tests read them field by field
type Body = any;

export interface StaffHarness extends Harness {
  staff: StaffApp;
  mailer: MemoryMailer;
  clock: ReturnType<typeof testClock>;
  /** A request to {apiBase}/staff{path}; JSON bodies; the cookie jar given is sent and updated. */
  call(
    path: string,
    init?: { method?: string; body?: unknown; jar?: Jar; origin?: string | null; ip?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Body; headers: Headers }>;
  /** An account invited and with its password set (no second factor yet), and its invitation link's token. */
  account(email: string, role: StaffRole, password?: string): Promise<{ token: string; password: string }>;
  /** Signs in with the password; a jar with the session (or the pending second-factor cookie). */
  signIn(email: string, password: string, ip?: string): Promise<{ jar: Jar; status: number; body: Body }>;
  /** Turns TOTP on for the signed-in account; its secret. */
  enrolTotp(jar: Jar, password: string): Promise<{ secret: string; backupCodes: string[] }>;
  /** A member of staff of a role, signed in with password and TOTP: the jar. */
  member(role: StaffRole, email?: string): Promise<Jar>;
}

export class Jar {
  cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export const totpNow = (secret: string) => createOTP(secret).totp();

/** `outboxMail`: mail goes to the configured outbox folder (.eml files, as on a server without SMTP_URL) instead of the memory mailer. */
export async function startStaff(env: Record<string, string> = {}, options: { outboxMail?: boolean } = {}): Promise<StaffHarness> {
  const mailer = new MemoryMailer();
  const clock = testClock(new Date().toISOString());
  const sent = options.outboxMail ? undefined : mailer;
  const h = await startHarness({ STAFF_ORIGIN: ORIGIN, ...env }, { mailer: sent, now: clock.now });
  const staff = await createStaffApp({ database: h.database, config: h.config, mailer: sent, now: clock.now });
  const origin = env.STAFF_ORIGIN ?? ORIGIN;
  const base = `${origin}${h.config.apiBase}/staff`;
  const call: StaffHarness['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.origin !== null) headers.origin = init.origin ?? origin;
    const form = init.body instanceof FormData; // multipart: the boundary is set by the request
    if (init.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (init.jar?.cookies.size) headers.cookie = init.jar.header();
    const response = await staff.app.request(
      `${base}${path}`,
      { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body) },
      { clientAddress: init.ip ?? '198.51.100.20' },
    );
    init.jar?.take(response.headers);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body, headers: response.headers };
  };
  const signIn: StaffHarness['signIn'] = async (email, password, ip) => {
    const jar = new Jar();
    const r = await call('/auth/sign-in/email', { body: { email, password }, jar, ip });
    return { jar, status: r.status, body: r.body };
  };
  const enrolTotp: StaffHarness['enrolTotp'] = async (jar, password) => {
    const enabled = await call('/auth/two-factor/enable', { body: { password }, jar });
    if (enabled.status !== 200) throw new Error(`two-factor/enable: ${enabled.status} ${JSON.stringify(enabled.body)}`);
    const secret = new TextDecoder().decode(base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret')!));
    const verified = await call('/auth/two-factor/verify-totp', { body: { code: await totpNow(secret) }, jar });
    if (verified.status !== 200) throw new Error(`two-factor/verify-totp: ${verified.status} ${JSON.stringify(verified.body)}`);
    return { secret, backupCodes: enabled.body.backupCodes };
  };
  const account: StaffHarness['account'] = async (email, role, password = `Harbour crane ${role} 47 north`) => {
    const made = await invite(h.database.db, staff.auth, origin, { email, name: email.split('@')[0], role }, CLI_ACTOR);
    const token = new URL(made.url).searchParams.get('token')!;
    const set = await call('/auth/reset-password', { body: { token, newPassword: password } });
    if (set.status !== 200) throw new Error(`reset-password: ${set.status} ${JSON.stringify(set.body)}`);
    return { token, password };
  };
  let n = 0;
  return {
    ...h,
    staff,
    mailer,
    clock,
    call,
    account,
    signIn,
    enrolTotp,
    async member(role, email = `${role}${++n}@seabridgelines.com`) {
      const { password } = await account(email, role);
      const { jar } = await signIn(email, password);
      await enrolTotp(jar, password);
      return jar;
    },
  };
}
