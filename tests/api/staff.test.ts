import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions, staffUsers } from '../../src/server/db/schema';
import { readAudit } from '../../src/staff/audit';
import { inviteLink } from '../../src/staff/accounts';
import { ACCOUNT_FAILURES_TO_LOCK } from '../../src/staff/lockout';
import { AREAS, STAFF_ROLES, type StaffRole } from '../../src/staff/roles';
import { Jar, ORIGIN, startStaff, totpNow, type StaffHarness } from './staff-helpers';

/** Staff accounts and sign-in (src/staff/, src/server/staff/): Better Auth on the project's database, our policy around it. */
let h: StaffHarness;
beforeAll(async () => {
  h = await startStaff();
}); // the api project's hookTimeout: a database made and seeded on a busy machine
afterAll(async () => {
  await h?.close();
});

const actions = async (action: string) => (await readAudit(h.database.db, { action, page: 1, size: 200 })).rows;

describe('invitation and first sign-in', () => {
  it('an invited account sets its password with the link, once; signs in; must add a second factor before anything else', async () => {
    const { token, password } = await h.account('ines.writer@seabridgelines.com', 'writer');
    // the link works once
    const again = await h.call('/auth/reset-password', { body: { token, newPassword: 'Another long passphrase 9' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');

    const { jar, status } = await h.signIn('ines.writer@seabridgelines.com', password);
    expect(status).toBe(200);
    const me = await h.call('/me', { jar });
    expect(me.status).toBe(200);
    expect(me.body.data.content).toMatchObject({ email: 'ines.writer@seabridgelines.com', role: 'writer', secondFactor: false });
    // nothing but the own account without a second factor
    const audit = await h.call('/audit', { jar });
    expect(audit.status).toBe(403);

    const { secret, backupCodes } = await h.enrolTotp(jar, password);
    expect(backupCodes).toHaveLength(10);
    expect((await h.call('/me', { jar })).body.data.content.secondFactor).toBe(true);

    // the next sign-in asks for the code; the session comes with it
    const next = await h.signIn('ines.writer@seabridgelines.com', password);
    expect(next.body).toMatchObject({ twoFactorRedirect: true });
    expect((await h.call('/me', { jar: next.jar })).status).toBe(401);
    const wrong = await h.call('/auth/two-factor/verify-totp', { body: { code: '000000' }, jar: next.jar });
    expect(wrong.status).toBe(401);
    const verified = await h.call('/auth/two-factor/verify-totp', { body: { code: await totpNow(secret) }, jar: next.jar });
    expect(verified.status).toBe(200);
    expect((await h.call('/me', { jar: next.jar })).status).toBe(200);
    // and a recovery code works once
    const third = await h.signIn('ines.writer@seabridgelines.com', password);
    expect((await h.call('/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, jar: third.jar })).status).toBe(200);
    const fourth = await h.signIn('ines.writer@seabridgelines.com', password);
    expect((await h.call('/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, jar: fourth.jar })).status).toBe(401);

    expect((await actions('account.password-set')).map((r) => r.subject)).toContain('ines.writer@seabridgelines.com');
    expect((await actions('sign-in')).filter((r) => r.actorEmail === 'ines.writer@seabridgelines.com').map((r) => r.detail)).toEqual(
      expect.arrayContaining(['password', 'password and TOTP', 'password and recovery code']),
    );
  });

  it('an expired invitation link is refused', async () => {
    const made = await h.account('late.editor@seabridgelines.com', 'editor');
    expect(made.token).toBeTruthy();
    const [user] = await h.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'late.editor@seabridgelines.com'));
    const old = await inviteLink(h.staff.auth, ORIGIN, user.id, new Date(Date.now() - 25 * 3600_000));
    const token = new URL(old.url).searchParams.get('token')!;
    const answer = await h.call('/auth/reset-password', { body: { token, newPassword: 'Expired link passphrase 31' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a password shorter than 12 characters or among the 10,000 most common, with a message that says so', async () => {
    const made = await h.account('pw.rules@seabridgelines.com', 'writer');
    const [user] = await h.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'pw.rules@seabridgelines.com'));
    const link = await inviteLink(h.staff.auth, ORIGIN, user.id);
    const token = new URL(link.url).searchParams.get('token')!;
    const short = await h.call('/auth/reset-password', { body: { token, newPassword: 'Zq8 vlaqwe' } });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    for (const common of ['password1234', 'qwertyuiop123', 'iloveyouiloveyou', 'football2026!!']) {
      const answer = await h.call('/auth/reset-password', { body: { token, newPassword: common } });
      expect(answer.status, common).toBe(400);
      expect(answer.body.code, common).toBe('PASSWORD_TOO_COMMON');
    }
    // still usable after refusals
    expect((await h.call('/auth/reset-password', { body: { token, newPassword: 'Container yard at dawn 52' } })).status).toBe(200);
    expect(made.password).not.toBe('Container yard at dawn 52');
  });
});

describe('failed sign-ins', () => {
  it('no such account and a wrong password get the same answer', async () => {
    await h.account('same.answer@seabridgelines.com', 'writer');
    const unknown = await h.signIn('nobody@seabridgelines.com', 'Some passphrase 1234', '192.0.2.50');
    const wrong = await h.signIn('same.answer@seabridgelines.com', 'Some passphrase 1234', '192.0.2.50');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it(`${ACCOUNT_FAILURES_TO_LOCK} wrong in a row lock the account for 15 minutes, even against the right password, and mail its owner`, async () => {
    const { password } = await h.account('locked.out@seabridgelines.com', 'editor');
    const mails = h.mailer.sent.length;
    for (let i = 0; i < ACCOUNT_FAILURES_TO_LOCK; i++) {
      // from different addresses: the count is the account's
      expect((await h.signIn('locked.out@seabridgelines.com', `Wrong passphrase ${i} here`, `192.0.2.${100 + i}`)).status).toBe(401);
    }
    const right = await h.signIn('locked.out@seabridgelines.com', password, '192.0.2.200');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('SIGN_IN_LOCKED');
    const mail = h.mailer.sent.slice(mails).find((m) => m.to === 'locked.out@seabridgelines.com');
    expect(mail?.subject).toMatch(/locked/);
    expect((await actions('sign-in.locked')).map((r) => r.actorEmail)).toContain('locked.out@seabridgelines.com');
    // an address nobody has locks the same way, and nobody is mailed
    for (let i = 0; i < ACCOUNT_FAILURES_TO_LOCK; i++) await h.signIn('ghost@seabridgelines.com', `Wrong passphrase ${i} here`, '192.0.2.60');
    expect((await h.signIn('ghost@seabridgelines.com', 'Anything at all here', '192.0.2.61')).body.code).toBe('SIGN_IN_LOCKED');
    expect(h.mailer.sent.some((m) => m.to === 'ghost@seabridgelines.com')).toBe(false);
  });
});

describe('sessions', () => {
  it('the session cookie is HttpOnly and SameSite=Lax; __Host- and Secure on an https origin', async () => {
    const { password } = await h.account('cookie.flags@seabridgelines.com', 'writer');
    const response = await h.call('/auth/sign-in/email', { body: { email: 'cookie.flags@seabridgelines.com', password }, jar: new Jar() });
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/^staff\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=1800/);

    const secure = await startStaff({ STAFF_ORIGIN: 'https://www.seabridgelines.com' });
    try {
      const made = await secure.account('https.cookie@seabridgelines.com', 'writer');
      const r = await secure.staff.app.request(`https://www.seabridgelines.com${secure.config.apiBase}/staff/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: 'https://www.seabridgelines.com', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'https.cookie@seabridgelines.com', password: made.password }),
      });
      const c = r.headers.getSetCookie().find((x) => x.includes('session_token'))!;
      expect(c).toMatch(/^__Host-staff\.session_token=/);
      expect(c).toMatch(/; Secure/i);
      expect(c).toMatch(/; Path=\//i);
      expect(c).not.toMatch(/Domain=/i);
    } finally {
      await secure.close();
    }
  });

  it('sign-out ends the session on the server', async () => {
    const jar = await h.member('writer');
    const copy = new Jar();
    copy.cookies = new Map(jar.cookies);
    expect((await h.call('/auth/sign-out', { body: {}, jar })).status).toBe(200);
    expect((await h.call('/me', { jar: copy })).status).toBe(401);
    expect((await actions('sign-out')).length).toBeGreaterThan(0);
  });

  it('a session ends 12 hours after sign-in however it is used', async () => {
    const jar = await h.member('service');
    expect((await h.call('/me', { jar })).status).toBe(200);
    // the test clock stands still at the harness's start, a little before the sign-in: 13 hours is past 12 whatever the run took
    h.clock.advance(13 * 3600_000);
    try {
      const late = await h.call('/me', { jar });
      expect(late.status).toBe(401);
      expect(late.body.message).toMatch(/12 hours/);
    } finally {
      h.clock.advance(-13 * 3600_000);
    }
  });

  it('a new role or a new password ends the account’s other sessions; a disabled account is signed out and cannot sign in', async () => {
    const admin = await h.member('admin', 'ada.admin@seabridgelines.com');
    const { password } = await h.account('role.change@seabridgelines.com', 'writer');
    const first = await h.signIn('role.change@seabridgelines.com', password);
    const { secret } = await h.enrolTotp(first.jar, password);
    expect((await h.call('/me', { jar: first.jar })).status).toBe(200);
    const changed = await h.call('/accounts/role', { body: { email: 'role.change@seabridgelines.com', role: 'editor' }, jar: admin });
    expect(changed.status).toBe(200);
    expect((await h.call('/me', { jar: first.jar })).status).toBe(401);
    expect((await actions('account.role-changed')).find((r) => r.subject === 'role.change@seabridgelines.com')?.detail).toBe('writer → editor');

    // a password change (the page does not even ask): the other sessions end, the one that changed it goes on
    const signedIn = async () => {
      const s = await h.signIn('role.change@seabridgelines.com', password);
      expect(s.body.twoFactorRedirect).toBe(true);
      expect((await h.call('/auth/two-factor/verify-totp', { body: { code: await totpNow(secret) }, jar: s.jar })).status).toBe(200);
      return s.jar;
    };
    const a = await signedIn();
    const b = await signedIn();
    expect((await h.call('/me', { jar: b })).status).toBe(200);
    const newPassword = 'Reefer plug at berth 17';
    expect((await h.call('/auth/change-password', { body: { currentPassword: password, newPassword }, jar: a })).status).toBe(200);
    expect((await h.call('/me', { jar: b })).status).toBe(401);
    expect((await h.call('/me', { jar: a })).status).toBe(200);
    const [row] = await h.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'role.change@seabridgelines.com'));

    const disabled = await h.call('/accounts/disable', { body: { email: 'role.change@seabridgelines.com', disabled: true }, jar: admin });
    expect(disabled.status).toBe(200);
    expect(await h.database.db.select().from(staffSessions).where(eq(staffSessions.userId, row.id))).toEqual([]);
    const refused = await h.signIn('role.change@seabridgelines.com', newPassword);
    expect(refused.status).toBe(403);
  });
});

describe('roles, checked on the server in every staff call', () => {
  it('every console call, enumerated from the router, answers 401 without a session and 403 to each role its area does not admit', async () => {
    const registered = new Set(h.staff.calls.map((c) => `${c.method} ${c.path}`));
    const base = `${h.config.apiBase}/staff`;
    // nothing is mounted that is neither sign-in (Better Auth, public by nature) nor a registered call
    for (const route of h.staff.app.routes) {
      if (route.method === 'ALL' || route.path.startsWith(`${base}/auth/`)) continue;
      if (route.path === '/*' || route.path.endsWith('/*')) continue;
      const other = route.method === 'GET' ? 'POST' : 'GET';
      expect(registered.has(`${route.method} ${route.path}`) || registered.has(`${other} ${route.path}`), `${route.method} ${route.path}`).toBe(true);
    }
    expect(h.staff.calls.length).toBeGreaterThanOrEqual(7);
    const jars = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (role) => [role, await h.member(role)] as const))) as Record<StaffRole, Jar>;
    for (const call of h.staff.calls) {
      const path = call.path.slice(base.length);
      const body = call.method === 'POST' ? {} : undefined;
      const anonymous = await h.call(path, { method: call.method, body });
      expect(anonymous.status, `${call.method} ${call.path} without a session`).toBe(401);
      for (const role of STAFF_ROLES) {
        const answer = await h.call(path, { method: call.method, body, jar: jars[role] });
        const admitted = (AREAS[call.area] as readonly string[]).includes(role);
        if (admitted) expect(answer.status, `${call.method} ${call.path} as ${role}`).not.toBe(403);
        else expect(answer.status, `${call.method} ${call.path} as ${role}`).toBe(403);
      }
    }
  }, 120_000);

  it('a cross-site POST with a valid session cookie is refused', async () => {
    const admin = await h.member('admin');
    const evil = await h.call('/accounts/invite', { body: { email: 'mallory@example.com', role: 'admin' }, jar: admin, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const none = await h.call('/accounts/invite', { body: { email: 'mallory@example.com', role: 'admin' }, jar: admin, origin: null });
    expect(none.status).toBe(403);
    const auth = await h.call('/auth/change-password', { body: { currentPassword: 'x', newPassword: 'Someone else 123456' }, jar: admin, origin: 'https://evil.example' });
    expect(auth.status).toBe(403);
    expect((await h.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'mallory@example.com'))).length).toBe(0);
  });

  it('Better Auth endpoints outside the allow-list are not reachable (no sign-up, no admin calls over HTTP)', async () => {
    for (const path of ['/auth/sign-up/email', '/auth/admin/create-user', '/auth/admin/impersonate-user', '/auth/delete-user']) {
      expect((await h.call(path, { body: { email: 'x@example.com', password: 'Long enough password 1', name: 'x' } })).status, path).toBe(404);
    }
  });

  it('an admin invites by mail; the invitation is audited with who did it', async () => {
    const admin = await h.member('admin', 'second.admin@seabridgelines.com');
    const answer = await h.call('/accounts/invite', { body: { email: 'New.Writer@Seabridgelines.com', name: 'New Writer', role: 'writer' }, jar: admin });
    expect(answer.status).toBe(200);
    const mail = h.mailer.sent.find((m) => m.to === 'new.writer@seabridgelines.com')!;
    expect(mail.text).toMatch(new RegExp(`${ORIGIN}/en/staff/set-password\\?token=`));
    expect((await h.call('/accounts/invite', { body: { email: 'new.writer@seabridgelines.com', role: 'writer' }, jar: admin })).status).toBe(409);
    const bad = await h.call('/accounts/invite', { body: { email: 'not an address', role: 'captain' }, jar: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);
    const entry = (await actions('account.invited')).find((r) => r.subject === 'new.writer@seabridgelines.com')!;
    expect(entry.actorEmail).toBe('second.admin@seabridgelines.com');
    expect(entry.clientAddress).toBe('198.51.100.20');
    const list = await h.call('/accounts', { jar: admin });
    expect(list.body.data.content.find((a: { email: string }) => a.email === 'new.writer@seabridgelines.com')).toMatchObject({ role: 'writer', passwordSet: false, disabled: false });
  });
});
