import sanitize from 'sanitize-html';

/**
 * The allow-list HTML sanitizer of news bodies and local-site pages, on `sanitize-html`
 * (htmlparser2 underneath): known tags and attributes are kept, everything else is dropped; the
 * content of script, style and other active elements goes with them; links keep only http(s),
 * mailto, tel and site-relative targets, images only http(s) and site-relative ones; external
 * links get rel="noopener noreferrer"; numeric attributes must be numbers; comments are removed
 * and unclosed tags closed. The output is well-formed for the kept tags.
 */
export const SANITIZE_ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  ul: [],
  ol: ['start'],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  sub: [],
  sup: [],
  small: [],
  span: [],
  div: [],
  blockquote: [],
  figure: [],
  figcaption: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};
const NUMERIC = new Set(['start', 'width', 'height', 'colspan', 'rowspan']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'head',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/** Keeps only numeric values of the numeric attributes. */
const numbersOnly = (tagName: string, attribs: sanitize.Attributes) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).filter(([key, value]) => !NUMERIC.has(key) || /^\d{1,4}$/.test(value))),
});

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(SANITIZE_ALLOWED),
  // rel is the sanitizer's own (set on external links below; a body's own is dropped)
  allowedAttributes: { ...SANITIZE_ALLOWED, a: [...SANITIZE_ALLOWED.a, 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: {
    '*': numbersOnly,
    a: (tagName, { rel: _own, ...attribs }) => {
      const kept = numbersOnly(tagName, attribs);
      if (/^(https?:)?\/\//i.test(kept.attribs.href ?? '')) kept.attribs.rel = 'noopener noreferrer';
      return kept;
    },
  },
  // an image without a source is nothing
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeHtml(html: string): string {
  // void elements are written <br /> by the library; the site writes them <br> (text and attribute
  // values never hold a raw ">", the library escapes it, so " />" can only close a void element)
  return sanitize(html, OPTIONS).replaceAll(' />', '>');
}

/** What the allow-list took out of a body, said for the writer: an element, an attribute, a link's target. */
export interface SanitizeRemoval {
  kind: 'element' | 'attribute' | 'link' | 'comment';
  /** `script`, `img onerror`, `a href="javascript:…"`. */
  what: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The sanitizer above, and a list of what it removed (each kind of thing once), so that a writer is
 * shown it before saving instead of finding it silently gone. The HTML is the same as sanitizeHtml's.
 */
export function sanitizeWithReport(html: string): { html: string; removed: SanitizeRemoval[] } {
  const seen = new Map<string, SanitizeRemoval>();
  const note = (kind: SanitizeRemoval['kind'], what: string) => seen.has(`${kind} ${what}`) || seen.set(`${kind} ${what}`, { kind, what });
  const clean = sanitize(html, {
    ...OPTIONS,
    onOpenTag(name, attribs) {
      const allowed = SANITIZE_ALLOWED[name];
      if (!allowed) return void note('element', name);
      for (const [attribute, value] of Object.entries(attribs)) {
        if (attribute === 'rel' && name === 'a') continue;
        if (!allowed.includes(attribute)) note('attribute', `${name} ${attribute}`);
        else if (NUMERIC.has(attribute) && !/^\d{1,4}$/.test(value)) note('attribute', `${name} ${attribute}="${value.slice(0, 40)}"`);
        else if (attribute === 'href' || attribute === 'src') {
          const scheme = SCHEME.exec(value.trim().replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
          const schemes = name === 'img' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
          if (scheme && !schemes.includes(scheme)) note('link', `${name} ${attribute}="${value.slice(0, 40)}"`);
        }
      }
      if (name === 'img' && !attribs.src) note('element', 'img without src');
    },
  }).replaceAll(' />', '>');
  if (/<!--/.test(html)) note('comment', '<!-- -->');
  if (/<!\[/.test(html)) note('comment', '<![ ]>');
  if (/<\?/.test(html)) note('comment', '<? ?>');
  return { html: clean, removed: [...seen.values()] };
}
