import { z } from 'zod';
import { OFFICE_AREAS } from '../../contract/wire.ts';
import { ExternalUrl, Localised } from './common.ts';

/**
 * Global offices as maintainers edit them: content/offices/{area}.json, one file
 * per continent (asia, oceania, africa, europe, america), each with its countries
 * and their offices in the order the country list shows them.
 *
 * Everything else is derived: the URL segments of countries and cities (from the
 * English names, see officeSlug), the letter index of the continent page (English
 * initial, or the pinyin initial of the Chinese name), the static search index and
 * the API answers.
 */

export const OfficeArea = z.enum(OFFICE_AREAS).describe('Continent: asia, oceania, africa, europe or america');
export type OfficeArea = z.infer<typeof OfficeArea>;

/** An international phone number as printed: +country code, then groups of digits as the country writes them. */
export const PhoneNumber = z
  .string()
  .regex(/^\+\d{1,3}( \d{1,5}){1,6}$/, 'must be an international number such as +31 10 217 4400 (+ country code, groups separated by single spaces)')
  .describe('Phone or fax number in international format, grouped as the country writes it, e.g. +86 21 6596 8000');

/** A linkman's e-mail: an address on the company's domain, or the http(s) link of a contact form (shown as an external link). */
export const LinkmanEmail = z
  .union([z.email().regex(/@([a-z0-9-]+\.)*seabridgelines\.com$/i, 'must be an address on seabridgelines.com'), ExternalUrl], {
    error: 'must be an e-mail address on seabridgelines.com, or the http(s) address of a contact form',
  })
  .describe('E-mail address (name@seabridgelines.com), or the http(s) link of a web contact form');

/** A person's name: one string when it is written the same in both languages, else per language. */
export const PersonName = z.union([z.string().trim().min(1), Localised]).describe('Name as one string (same in both languages), or {"en": "Wang Haifeng", "zh": "王海峰"}');

export const Linkman = z
  .object({
    department: Localised.describe('Department, e.g. Sales / 销售部'),
    position: Localised.describe('Position, e.g. Sales Manager / 销售经理'),
    name: PersonName,
    email: LinkmanEmail,
    tel: PhoneNumber,
    fax: PhoneNumber.optional(),
  })
  .strict();
export type Linkman = z.infer<typeof Linkman>;

export const Office = z
  .object({
    id: z
      .string()
      .regex(/^[A-Z]{2}[A-Z2-9]{3}\d{2}$/, 'must be the UN/LOCODE of the city and two digits, e.g. CNSHA01')
      .describe('Office id (bkOfficeUuid on the wire, last part of the detail URL): UN/LOCODE of the city + two digits'),
    city: Localised.describe('City, e.g. Rotterdam / 鹿特丹; offices of the same city share it'),
    company: Localised.describe('Company or branch name as it appears on letterheads'),
    address: Localised.describe('Postal address; abroad, the Chinese text names country and city in Chinese, then the address as the post reads it'),
    tel: PhoneNumber,
    fax: PhoneNumber.optional(),
    linkmen: z.array(Linkman).min(1).describe('Contacts by department, in the order shown'),
  })
  .strict();
export type Office = z.infer<typeof Office>;

export const Country = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code, e.g. NL')
      .describe('ISO 3166-1 alpha-2 country code'),
    name: Localised.describe('Country name; the English one gives the URL segment (United States → united-states)'),
    offices: z.array(Office).min(1),
  })
  .strict();
export type Country = z.infer<typeof Country>;

export const AreaFile = z
  .object({
    area: OfficeArea.describe('The continent of this file; must match the file name'),
    countries: z.array(Country).min(1),
  })
  .strict();
export type AreaFile = z.infer<typeof AreaFile>;
