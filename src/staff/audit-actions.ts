/** What the audit log records (./audit.ts), in a module of its own so that the console's pages can list them without the database code. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-in.locked',
  'sign-out',
  'account.invited',
  'account.invite-resent',
  'account.password-set',
  'account.role-changed',
  'account.disabled',
  'account.enabled',
  'account.second-factor-added',
  'story.created',
  'story.saved',
  'story.submitted',
  'story.published',
  'story.scheduled',
  'story.unpublished',
  'story.restored',
  'story.mailed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
