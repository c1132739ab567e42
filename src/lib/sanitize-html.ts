/**
 * A small allow-list HTML sanitizer for news bodies (no dependency): known
 * tags and attributes are kept, everything else is dropped; the content of
 * script, style and other active elements goes with them; links keep only
 * http(s), mailto, tel and site-relative targets; comments are removed and
 * unclosed tags closed. The output is well-formed for the kept tags.
 */
const ALLOWED: Record<string, readonly string[]> = {
  p: [], br: [], hr: [], h2: [], h3: [], h4: [], h5: [], ul: [], ol: ['start'], li: [],
  strong: [], b: [], em: [], i: [], u: [], sub: [], sup: [], small: [], span: [], div: [],
  blockquote: [], figure: [], figcaption: [], a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'],
};
const VOID = new Set(['br', 'hr', 'img']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'head', 'title']);

const escapeText = (s: string) => s.replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');
const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&(amp|lt|gt|quot|apos|colon|tab|newline);?/gi, (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' })[n.toLowerCase()] ?? '');

function safeUrl(raw: string, image: boolean): string | undefined {
  const url = decode(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:)?\/\//i.test(url) || /^\/(?!\/)/.test(url) || /^#/.test(url)) return url;
  if (!image && /^(mailto|tel):/i.test(url)) return url;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('\\')) return url; // relative
  return undefined;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const token = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
  let dropping: string | undefined;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const [whole, slash, rawName, attrs] = m;
    if (!rawName) {
      if (dropping || whole.startsWith('<!') || whole.startsWith('<?')) continue;
      out.push(whole === '<' ? '&lt;' : escapeText(whole));
      continue;
    }
    const name = rawName.toLowerCase();
    if (dropping) {
      if (slash && name === dropping) dropping = undefined;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!slash && !/\/\s*$/.test(attrs)) dropping = name;
      continue;
    }
    const allowed = ALLOWED[name];
    if (!allowed) continue;
    if (slash) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const kept: string[] = [];
    const attr = /([^\s"'=<>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
    for (let a = attr.exec(attrs); a; a = attr.exec(attrs)) {
      const key = a[1].toLowerCase();
      if (!allowed.includes(key) || kept.some((k) => k.startsWith(`${key}=`))) continue;
      let value = a[2] ?? a[3] ?? a[4] ?? '';
      if (key === 'href' || key === 'src') {
        const safe = safeUrl(value, key === 'src');
        if (safe === undefined) continue;
        value = safe;
      } else if (['start', 'width', 'height', 'colspan', 'rowspan'].includes(key) && !/^\d{1,4}$/.test(value)) continue;
      else value = decode(value);
      kept.push(`${key}="${escapeAttr(value)}"`);
    }
    if (name === 'a' && kept.some((k) => /^href="(https?:)?\/\//i.test(k))) kept.push('rel="noopener noreferrer"');
    if (name === 'img' && !kept.some((k) => k.startsWith('src='))) continue;
    out.push(`<${name}${kept.length ? ` ${kept.join(' ')}` : ''}>`);
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
