import { z } from 'zod';
import { defineCall } from '../contract/define';
import { STAFF_ROLES } from './roles';

/**
 * The staff console's own calls, under {apiBase}/staff (src/server/staff/app.ts), in the API's
 * wrapper. Not part of the public contract nor of the OpenAPI document: they need a signed-in
 * staff session, and each names the roles it admits. Sign-in itself is Better Auth's, under
 * {apiBase}/staff/auth.
 */

export const StaffRole = z.enum(STAFF_ROLES);
const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }));
const Page = z.coerce.number().int().min(1).max(10_000).default(1);

export const Me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  /** TOTP or a passkey: without one, the console offers nothing but adding it. */
  secondFactor: z.boolean(),
  twoFactor: z.boolean(),
  passkeys: z.number(),
  /** When the session ends at the latest (12 hours after sign-in). */
  sessionEndsAt: z.string(),
});

export const Account = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  disabled: z.boolean(),
  passwordSet: z.boolean(),
  twoFactor: z.boolean(),
  passkeys: z.number(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
});

export const AuditRow = z.object({
  at: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  subject: z.string(),
  detail: z.string(),
  clientAddress: z.string().nullable(),
});

export const staffCalls = {
  me: defineCall({ method: 'GET', path: '/me', answer: Me, summary: 'The signed-in staff member' }),
  accounts: defineCall({ method: 'GET', path: '/accounts', answer: z.array(Account), summary: 'Every staff account' }),
  invite: defineCall({
    method: 'POST',
    path: '/accounts/invite',
    body: z.object({ email: Email, name: z.string().trim().max(100).default(''), role: StaffRole }).strict(),
    answer: z.object({ email: z.string(), expiresAt: z.string() }),
    summary: 'Invites someone: an account without a password, and a mail with a link to set it (valid 24 hours)',
  }),
  reinvite: defineCall({
    method: 'POST',
    path: '/accounts/reinvite',
    body: z.object({ email: Email }).strict(),
    answer: z.object({ email: z.string(), expiresAt: z.string() }),
    summary: 'Mails a new link to set the password',
  }),
  setRole: defineCall({
    method: 'POST',
    path: '/accounts/role',
    body: z.object({ email: Email, role: StaffRole }).strict(),
    answer: Account.pick({ email: true, role: true }),
    summary: "Changes an account's role (its other sessions end)",
  }),
  setDisabled: defineCall({
    method: 'POST',
    path: '/accounts/disable',
    body: z.object({ email: Email, disabled: z.boolean() }).strict(),
    answer: Account.pick({ email: true, disabled: true }),
    summary: 'Disables an account (its sessions end at once) or enables it again',
  }),
  audit: defineCall({
    method: 'GET',
    path: '/audit',
    query: z
      .object({
        action: z.string().max(60).optional(),
        text: z.string().max(100).optional(),
        from: z.iso.date().optional(),
        to: z.iso.date().optional(),
        page: Page,
        size: z.coerce.number().int().min(1).max(200).default(50),
      })
      .strict(),
    answer: z.object({ rows: z.array(AuditRow), total: z.number() }),
    summary: 'The audit log, newest first',
  }),
};
