import type { Locale } from '../i18n/locales';
import { isExternal, resolveHref } from '../i18n/paths';
import { FaqFile, type FaqBlock } from '../content-model/schemas/help';
import { parseContent } from '../shared/parse-content';
import { escapeHtml } from '../shared/format';

export { faqMatches, foldFaq, searchFaq } from './faq-match';

/**
 * The help centre's FAQ (content/help/faq.json), for the FAQ pages at build
 * time, the API (faqTypeAll, findByFaqTypeUuid) and the site search. Pure: the
 * file is bundled and validated once; answers are turned into HTML here from
 * their blocks (paragraphs, lists, **bold**, [label](href)), text escaped, so no
 * HTML from the content reaches a page unchecked.
 */

export interface FaqEntry {
  /** Stable across languages; the page's element for it has id faqEntryAnchor(id). */
  id: string;
  title: string;
  html: string;
  /** The answer as plain text (what the search matches, with the title). */
  text: string;
}

export interface FaqType {
  id: string;
  name: string;
  entries: FaqEntry[];
}

const files = import.meta.glob<unknown>('../../content/help/faq.json', { eager: true, import: 'default' });

let parsed: FaqFile | undefined;
const cache = new Map<Locale, FaqType[]>();

function faqFile(): FaqFile {
  if (!parsed) {
    const raw = Object.values(files)[0];
    if (raw === undefined) throw new Error('content/help/faq.json is missing');
    parsed = parseContent('content/help/faq.json', FaqFile, raw);
  }
  return parsed;
}

/** The FAQ types of a language, in display order, each with its entries. */
export function loadFaq(locale: Locale): FaqType[] {
  let types = cache.get(locale);
  if (!types) {
    types = faqFile().types.map((type) => ({
      id: type.id,
      name: type.name[locale],
      entries: type.entries.map((entry) => ({
        id: entry.id,
        title: entry.question[locale],
        html: blocksToHtml(entry.answer[locale], locale),
        text: blocksToText(entry.answer[locale]),
      })),
    }));
    cache.set(locale, types);
  }
  return types;
}

/** The spec path of an FAQ type's page (not localised). */
export const faqTypePath = (typeId: string) => `/home/HelpCenter/questions/${typeId}`;

/** The id attribute of an entry's element on its type's page. */
export const faqEntryAnchor = (entryId: string) => `faq-${entryId}`;

// ---- inline markup -----------------------------------------------------------------------

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** One line of inline markup as HTML: text escaped, **bold**, [label](href) with the href localised. */
export function inlineHtml(text: string, locale: Locale): string {
  let html = '';
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    html += escapeHtml(text.slice(last, m.index));
    if (m[1] !== undefined) html += `<strong>${escapeHtml(m[1])}</strong>`;
    else {
      const href = m[3];
      if (!/^(https?:\/\/|\/)/.test(href)) throw new Error(`content/help/faq.json: link "${href}" must be an http(s) URL or a path starting with /`);
      const external = isExternal(href);
      html += `<a href="${escapeHtml(resolveHref(locale, href))}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${escapeHtml(m[2])}</a>`;
    }
    last = m.index + m[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The same line as plain text: markup removed, link labels kept. */
export const inlineText = (text: string) => text.replace(INLINE, (_, bold: string | undefined, label: string | undefined) => bold ?? label ?? '');

export function blocksToHtml(blocks: FaqBlock[], locale: Locale): string {
  return blocks.map((b) => (typeof b === 'string' ? `<p>${inlineHtml(b, locale)}</p>` : `<ul>${b.list.map((item) => `<li>${inlineHtml(item, locale)}</li>`).join('')}</ul>`)).join('');
}

export function blocksToText(blocks: FaqBlock[]): string {
  return blocks.map((b) => (typeof b === 'string' ? inlineText(b) : b.list.map(inlineText).join(' '))).join(' ');
}
