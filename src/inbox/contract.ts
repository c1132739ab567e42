import { z } from 'zod';
import { defineCall, LanguageOnly } from '../contract/define';
import { Language } from '../contract/entities';
import { INBOX_KINDS, INBOX_STATUSES } from './item';

/**
 * The inbox's calls, under {apiBase}/staff/inbox and {apiBase}/staff/privacy (registered by
 * src/server/staff/inbox.ts, each with its area: messages for service, applications for HR, both for
 * admin; privacy for admin). A download answers the file itself, not the wrapper; its errors are in the wrapper.
 */

const Id = z.object({ id: z.uuid({ error: 'must be the item’s id (a UUID)' }) }).strict();
const Version = z.coerce.number().int().min(1);
const Day = z.iso.date({ error: 'must be a date such as 2026-11-26' });
const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'staff.inbox.err.email' }));

/** The filters of both lists (and of their CSV export). */
const filters = {
  status: z.enum(INBOX_STATUSES).optional(),
  kind: z.enum(INBOX_KINDS).optional(),
  /** Messages: the local-site region id the floating widget routed it to. */
  region: z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a region id' })
    .optional(),
  /** Applications: the position's id. */
  position: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a position id' })
    .optional(),
  from: Day.optional(),
  to: Day.optional(),
  /** Text in the name, company, e-mail or content (messages); name, school, major or position (applications). */
  text: z.string().trim().max(100).optional(),
  /** The page the visitor wrote from: 0 Chinese, 1 English. */
  language: Language.optional(),
};
export const ListQuery = z
  .object({
    ...filters,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export const ExportQuery = z.object(filters).strict();
export type ListFilters = z.output<typeof ExportQuery>;

const Handling = {
  status: z.enum(INBOX_STATUSES),
  version: z.number(),
  assignedTo: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
};

export const MessageSummary = z.object({
  id: z.string(),
  kind: z.enum(['message', 'consultation']),
  receivedAt: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  /** The first words of the content (text). */
  excerpt: z.string(),
  region: z.string().nullable(),
  regionName: z.string().nullable(),
  ...Handling,
});
export const Note = z.object({ id: z.string(), at: z.string(), by: z.string(), text: z.string() });
export const MessageDetail = MessageSummary.extend({
  language: z.enum(['zh', 'en']),
  wantsCall: z.boolean(),
  phone: z.string(),
  place: z.string(),
  content: z.string(),
  /** Whether the staff mail went out: when, or the error stored when it did not. */
  notifiedAt: z.string().nullable(),
  notifyError: z.string().nullable(),
  closedAt: z.string().nullable(),
  notes: z.array(Note),
  /** Who it may be assigned to: the signed-in member and the accounts of the same role. */
  assignable: z.array(z.string()),
});

export const ApplicationSummary = z.object({
  id: z.string(),
  kind: z.literal('application'),
  receivedAt: z.string(),
  name: z.string(),
  positionId: z.string(),
  position: z.string(),
  ...Handling,
});
export const ApplicationDetail = ApplicationSummary.extend({
  language: z.enum(['zh', 'en']),
  gender: z.string(),
  school: z.string(),
  major: z.string(),
  graduation: z.string(),
  resume: z.object({ kind: z.enum(['doc', 'docx']), originalName: z.string(), size: z.number() }),
  notifiedAt: z.string().nullable(),
  notifyError: z.string().nullable(),
  closedAt: z.string().nullable(),
  notes: z.array(Note),
  assignable: z.array(z.string()),
});

const Changed = z.object({ id: z.string(), version: z.number(), status: z.enum(INBOX_STATUSES), assignedTo: z.string().nullable() });
const boxCalls = <B extends 'messages' | 'applications'>(box: B, Summary: z.ZodType, Detail: z.ZodType) => ({
  list: defineCall({ method: 'GET', path: `/inbox/${box}`, query: ListQuery, answer: z.object({ rows: z.array(Summary), total: z.number() }), summary: `The ${box}, newest first` }),
  get: defineCall({ method: 'GET', path: `/inbox/${box}/:id`, query: LanguageOnly, params: Id, answer: Detail, summary: `One of the ${box}, with its notes` }),
  assign: defineCall({
    method: 'POST',
    path: `/inbox/${box}/:id/assign`,
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version, to: Email.nullable() }).strict(),
    answer: Changed,
    summary: 'Assigns it to oneself or to someone of the same role (null: to nobody); the version read must still be current',
  }),
  status: defineCall({
    method: 'POST',
    path: `/inbox/${box}/:id/status`,
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version, status: z.enum(INBOX_STATUSES) }).strict(),
    answer: Changed,
    summary: 'Changes its status; refused, naming who changed it first, when the version read is no longer current',
  }),
  note: defineCall({
    method: 'POST',
    path: `/inbox/${box}/:id/notes`,
    query: LanguageOnly,
    params: Id,
    body: z.object({ text: z.string().trim().min(1, { error: 'staff.inbox.err.noteEmpty' }).max(4000, { error: 'staff.inbox.err.noteLong' }) }).strict(),
    answer: Note,
    summary: 'Adds an internal note',
  }),
  export: defineCall({
    method: 'GET',
    path: `/inbox/export/${box}`,
    query: ExportQuery,
    answer: z.string(),
    summary: `The filtered ${box} as CSV (UTF-8 with a BOM; the columns of npm run export:submissions)`,
  }),
});

export const inboxCalls = {
  messages: boxCalls('messages', MessageSummary, MessageDetail),
  applications: {
    ...boxCalls('applications', ApplicationSummary, ApplicationDetail),
    resume: defineCall({
      method: 'GET',
      path: '/inbox/applications/:id/resume',
      query: LanguageOnly,
      params: Id,
      answer: z.string(),
      summary: 'The résumé file (an attachment; its content checked again to be a Word document)',
    }),
    preview: defineCall({
      method: 'GET',
      path: '/inbox/applications/:id/preview',
      query: LanguageOnly,
      params: Id,
      answer: z.object({ html: z.string() }),
      summary: 'A DOCX résumé as HTML (mammoth), sanitized with the site’s allow-list',
    }),
  },
  counts: defineCall({
    method: 'GET',
    path: '/inbox/counts',
    answer: z.object({ messages: z.number().nullable(), applications: z.number().nullable() }),
    summary: 'How many new items wait in each box the signed-in member may open (null: not theirs)',
  }),
};

const Subscription = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  language: z.string(),
  createdAt: z.string(),
  important: z.number(),
  business: z.number(),
  port: z.number(),
});
export const SubjectFindings = z.object({
  email: z.string(),
  messages: z.array(MessageSummary),
  applications: z.array(ApplicationSummary.extend({ matchedBy: z.enum(['resume', 'name']) })),
  subscriptions: z.array(Subscription),
  trackingAlerts: z.array(z.object({ id: z.string(), email: z.string(), reference: z.string(), milestones: z.array(z.string()), createdAt: z.string(), endsAt: z.string() })),
});

export const privacyCalls = {
  lookup: defineCall({
    method: 'GET',
    path: '/privacy/subject',
    query: z.object({ email: Email, name: z.string().trim().max(100).optional(), language: Language.optional() }).strict(),
    answer: SubjectFindings,
    summary: 'Everything held under an e-mail address: messages, applications (the address in the résumé, or the name given), newsletter subscriptions, tracking alerts',
  }),
  export: defineCall({
    method: 'GET',
    path: '/privacy/subject/export',
    query: z.object({ email: Email, name: z.string().trim().max(100).optional(), language: Language.optional() }).strict(),
    answer: z.string(),
    summary: 'The same as one zip: subject.json and the résumé files',
  }),
  erase: defineCall({
    method: 'POST',
    path: '/privacy/subject/delete',
    query: LanguageOnly,
    body: z.object({ email: Email, name: z.string().trim().max(100).optional(), confirm: z.literal(true, { error: 'staff.inbox.err.confirm' }) }).strict(),
    answer: z.object({ messages: z.number(), applications: z.number(), subscriptions: z.number(), trackingAlerts: z.number(), files: z.number() }),
    summary: 'Deletes everything held under the address: rows, résumé files, outbox copies',
  }),
  subscriberCounts: defineCall({
    method: 'GET',
    path: '/privacy/subscribers/counts',
    answer: z.object({
      total: z.number(),
      rows: z.array(z.object({ language: z.string(), important: z.number(), business: z.number(), port: z.number(), subscribers: z.number() })),
    }),
    summary: 'Newsletter subscribers per language and choice (how many take each kind of mail); no addresses',
  }),
  subscriber: defineCall({
    method: 'GET',
    path: '/privacy/subscribers',
    query: z.object({ email: Email, language: Language.optional() }).strict(),
    answer: Subscription.nullable(),
    summary: 'One subscriber by address',
  }),
  deleteSubscriber: defineCall({
    method: 'POST',
    path: '/privacy/subscribers/delete',
    query: LanguageOnly,
    body: z.object({ email: Email }).strict(),
    answer: z.object({ deleted: z.boolean() }),
    summary: 'Deletes a subscriber by address (and their codes and digest records)',
  }),
};
