/**
 * Staff roles and what each may do. Every staff call names the roles it admits
 * (src/server/staff/app.ts), and the server checks them on each request; the console's
 * menus read the same table so nobody is shown what the server would refuse.
 */
export const STAFF_ROLES = ['admin', 'editor', 'writer', 'service', 'hr'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** The areas of the console and the roles admitted to each. */
export const AREAS = {
  /** accounts: invite, change roles, disable */
  accounts: ['admin'],
  /** the audit log */
  audit: ['admin'],
  /** the site's releases: see them, serve another (src/server/staff/releases.ts) */
  releases: ['admin'],
  /** the newsroom: list, write, submit (writer); publish, schedule, unpublish (editor) */
  newsroom: ['admin', 'editor', 'writer'],
  /** publishing in the newsroom */
  publish: ['admin', 'editor'],
  /** customer messages (the inbox) */
  messages: ['admin', 'service'],
  /** job applications (the inbox) */
  applications: ['admin', 'hr'],
  /** the inbox's pages and its new-item count: whoever handles messages or applications */
  inbox: ['admin', 'service', 'hr'],
  /** personal data: data-subject requests, newsletter subscribers by address */
  privacy: ['admin'],
  /** newsletter subscriber counts (no addresses) */
  subscribers: ['admin', 'editor'],
  /** one's own account: password, second factors, sessions */
  self: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof AREAS;

export const mayEnter = (role: StaffRole, area: StaffArea): boolean => (AREAS[area] as readonly StaffRole[]).includes(role);
