import { z } from 'zod';
import { CONTACT_FIELDS, validateContact } from '../forms/validation/contact';
import { RESUME_FIELDS, validateResume } from '../forms/validation/resume';

/**
 * Wire entities of the forms (spec 001 §3): captcha, country / province / city
 * options, the contact message, positions, the résumé upload and application.
 * Request bodies run the same rules as the islands (src/forms/validation/*); a
 * failing rule's issue message is a dictionary key, which the server turns into
 * the sentence of the request's language.
 */

export const Captcha = z
  .object({
    imageCode: z.string().startsWith('data:image/svg+xml;base64,').describe('The picture, as a data: URL'),
    sign: z.string().min(1).describe('Signed, expiring token to send back with the answer; accepted once'),
  })
  .strict();
export type Captcha = z.infer<typeof Captcha>;

/** A country, province or city of the selects. */
export const RegionOption = z
  .object({
    code: z.string().describe('ISO 3166-1 alpha-2 for a country, the province code, or the city name'),
    label: z.string().describe('Name in the language asked (where the dataset has it)'),
    value: z.string().describe('The same as code; the label is what the message stores'),
  })
  .strict();
export type RegionOption = z.infer<typeof RegionOption>;

export const CountryCode = z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code, e.g. CN' });

const formText = z.string().optional();

function rulesToIssues<T extends string>(errors: Partial<Record<T, string>>, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(errors) as [T, string][]) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** POST /contactUs/saveContactUs, form-encoded. `region` (the floating widget's region id) is our addition and optional. */
export const ContactBody = z
  .object({
    ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, formText])) as Record<(typeof CONTACT_FIELDS)[number], typeof formText>),
    region: z
      .string()
      .regex(/^\d{1,6}$/, { error: 'must be a region id' })
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => rulesToIssues(validateContact(body), ctx));
export type ContactBody = z.input<typeof ContactBody>;

/** A row of the job list (GET /position/getAllPosition). */
export const PositionListItem = z
  .object({
    id: z.string(),
    position: z.string(),
    count: z.number().int().positive().describe('Openings'),
    jobRequirements: z.string().describe('Professional requirement, one line'),
    address: z.string(),
    data: z.string().describe('Publish date, YYYY-MM-DD (the wire calls it data)'),
  })
  .strict();

/** GET /position/findPositionUUID/{id}. */
export const PositionDetail = z
  .object({
    position: z.string(),
    department: z.string(),
    date: z.string(),
    count: z.number().int().positive(),
    jobRequirement: z.string(),
    address: z.string(),
    condition: z.string().describe('Duties, HTML (a list)'),
    positionStatement: z.string().describe('Qualifications, HTML (a list)'),
    email: z.string(),
    emailFormat: z.string().describe('Subject line to use when writing by e-mail'),
    deadline: z.string(),
    isPublish: z.union([z.literal(0), z.literal(1)]),
  })
  .strict();

export const PositionName = z.object({ positionUUID: z.string(), positionName: z.string() }).strict();

export const ResumeTemplate = z.object({ name: z.string().describe('File name to show'), positionUUID: z.string(), path: z.string().describe('URL of the .docx template') }).strict();

/** POST /webUpload/upload answer: `path` is the token to send as the application's path. */
export const UploadAnswer = z.object({ path: z.string().regex(/^[a-f0-9]{32}$/), name: z.string(), size: z.number().int().positive() }).strict();

export const UploadBody = z.object({ file: z.instanceof(File, { error: 'file: please upload the file' }) }).strict();

/** POST /positionApplyFor/savePositionApplyFor, form-encoded. */
export const ResumeBody = z
  .object(Object.fromEntries(RESUME_FIELDS.map((f) => [f, formText])) as Record<(typeof RESUME_FIELDS)[number], typeof formText>)
  .strict()
  .superRefine((body, ctx) => rulesToIssues(validateResume(body), ctx));
export type ResumeBody = z.input<typeof ResumeBody>;
