/**
 * What the inbox calls things, shared by the server and the console's islands (no database code
 * here): the kinds of item, their statuses, and how a message says it came from a consultation dialog.
 */
export const INBOX_STATUSES = ['new', 'in_progress', 'answered', 'closed', 'spam'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** A status from which retention counts (src/inbox/retention.ts): the item is done with. */
export const CLOSING_STATUSES: readonly InboxStatus[] = ['closed', 'spam'];

/** message: the leave-message form; consultation: the same form in a service page's consultation dialog; application: the resume form. */
export const INBOX_KINDS = ['message', 'consultation', 'application'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * A consultation dialog sends its subject as the comment's first line, in brackets
 * (src/islands/contact/ContactForm.tsx); the same test in SQL is CONSULTATION_SQL_PATTERN.
 */
export const isConsultation = (content: string) => /^\[[^\]\n]+\]\n/.test(content);
export const CONSULTATION_SQL_PATTERN = '^\\[[^]\\n]+\\]\\n';

/** Where an item lives in the console: messages for service, applications for HR. */
export type InboxBox = 'messages' | 'applications';
