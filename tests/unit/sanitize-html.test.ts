import { readFileSync } from 'node:fs';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { SANITIZE_ALLOWED, sanitizeHtml, sanitizeWithReport } from '../../src/shared/sanitize-html';

describe('sanitizeHtml (news bodies)', () => {
  it('keeps the allowed markup as it is', () => {
    const html = '<p>Rates from <strong>1 December</strong>:</p><h3>Scope</h3><ul><li>Asia &amp; Europe</li></ul><table><tbody><tr><td colspan="2">USD 200</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and frames with their content, and comments', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p><style>p{}</style><iframe src="x">y</iframe><!-- c -->')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<svg><g onload="x()"><script>1</script></g></svg>ok')).toBe('ok');
  });

  it('drops event handlers, styles and unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red" class="c">t</p><font color="red">u</font><form><input></form>')).toBe('<p>t</p>u');
  });

  it('keeps safe links only', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" jav&#x61;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,1">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/en/home/News/news/50000000000000231">x</a>')).toBe('<a href="/en/home/News/news/50000000000000231">x</a>');
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&c=2">x</a>')).toBe('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="mailto:service@example.com">m</a>')).toBe('<a href="mailto:service@example.com">m</a>');
    expect(sanitizeHtml('<img src="javascript:x" onerror="y">')).toBe('');
    expect(sanitizeHtml('<img src="/images/news/ship.svg" alt="A &quot;ship&quot;">')).toBe('<img src="/images/news/ship.svg" alt="A &quot;ship&quot;">');
  });

  it('closes what is left open, drops stray closing tags and escapes stray brackets', () => {
    expect(sanitizeHtml('<p><strong>bold')).toBe('<p><strong>bold</strong></p>');
    // a stray </div> goes; a stray </p> is an empty paragraph, as the HTML standard has every browser build it
    // (the hand-written sanitizer this replaced dropped it too; the parser under sanitize-html follows the standard)
    expect(sanitizeHtml('a</div></p>b')).toBe('a<p></p>b');
    expect(sanitizeHtml('a</div></span>b')).toBe('ab');
    expect(sanitizeHtml('1 < 2 > 0 & more')).toBe('1 &lt; 2 &gt; 0 &amp; more');
    expect(sanitizeHtml('<p>x<li>y</p>')).toBe('<p>x<li>y</li></p>');
  });

  it('keeps Chinese text untouched', () => {
    expect(sanitizeHtml('<p>海洋联盟“DAY 9”产品</p>')).toBe('<p>海洋联盟“DAY 9”产品</p>');
  });

  it('is idempotent on every body of the committed snapshot', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    for (const lang of ['en', 'zh']) {
      for (const f of readdirSync(`content/news/${lang}`)) {
        const body = JSON.parse(readFileSync(`content/news/${lang}/${f}`, 'utf8')).body as string;
        expect(sanitizeHtml(body), `${lang}/${f}`).toBe(body);
      }
    }
  });
});

describe('sanitizeHtml against the XSS payloads DOMPurify is tested with', () => {
  // tests/fixtures/dompurify-payloads.json: the 223 payloads of DOMPurify's own test cases
  const { payloads } = JSON.parse(readFileSync('tests/fixtures/dompurify-payloads.json', 'utf8')) as { payloads: string[] };
  const DANGEROUS_URL = /^(javascript|vbscript|data|file|blob):/i;

  /** Every element and attribute of the output as a browser would parse it (parse5 follows the HTML standard). */
  function elements(html: string): { tag: string; attrs: { name: string; value: string }[] }[] {
    const found: { tag: string; attrs: { name: string; value: string }[] }[] = [];
    const walk = (node: DefaultTreeAdapterMap['parentNode']) => {
      for (const child of node.childNodes) {
        if ('tagName' in child) {
          found.push({ tag: child.tagName, attrs: child.attrs });
          walk(child);
          if (child.tagName === 'template') walk((child as DefaultTreeAdapterMap['template']).content);
        }
      }
    };
    walk(parseFragment(html));
    return found;
  }

  it('has the payloads', () => {
    expect(payloads.length).toBeGreaterThan(200);
  });

  it('leaves no active element, no event handler and no script URL in any of them, as a browser parses the output', () => {
    for (const payload of payloads) {
      const out = sanitizeHtml(payload);
      for (const { tag, attrs } of elements(out)) {
        expect(SANITIZE_ALLOWED, `${payload}\n-> ${out}`).toHaveProperty(tag);
        for (const { name, value } of attrs) {
          expect([...SANITIZE_ALLOWED[tag], 'rel'], `${payload}\n-> ${out}`).toContain(name);
          if (name === 'href' || name === 'src') expect(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''), `${payload}\n-> ${out}`).not.toMatch(DANGEROUS_URL);
        }
      }
    }
  });

  it('is stable: sanitizing an output again changes nothing', () => {
    for (const payload of payloads) {
      const out = sanitizeHtml(payload);
      expect(sanitizeHtml(out), payload).toBe(out);
    }
  });
});

describe('sanitizeWithReport: what the allow-list removes, said before a save', () => {
  it('gives the same HTML as the sanitizer for every DOMPurify payload, and names something removed for each that carried script', () => {
    const { payloads } = JSON.parse(readFileSync('tests/fixtures/dompurify-payloads.json', 'utf8')) as { payloads: string[] };
    for (const payload of payloads) {
      const report = sanitizeWithReport(payload);
      expect(report.html).toBe(sanitizeHtml(payload));
      if (/<script|\son[a-z]+\s*=|javascript:/i.test(payload)) expect(report.removed.length, payload).toBeGreaterThan(0);
    }
  });

  it('names elements, attributes, links and comments, each once', () => {
    const { html, removed } = sanitizeWithReport(
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/a.png" onerror="alert(1)"><img width="9px" src="/b.png"><!-- note --><iframe src="//e"></iframe><script>2</script></p>',
    );
    expect(html).toBe('<p>Hi <a>x</a><img src="/a.png"><img src="/b.png"></p>');
    expect(removed).toEqual([
      { kind: 'attribute', what: 'p onclick' },
      { kind: 'element', what: 'script' },
      { kind: 'link', what: 'a href="javascript:alert(1)"' },
      { kind: 'attribute', what: 'img onerror' },
      { kind: 'attribute', what: 'img width="9px"' },
      { kind: 'element', what: 'iframe' },
      { kind: 'comment', what: '<!-- -->' },
    ]);
    expect(sanitizeWithReport('<p>A <strong>clean</strong> body with <a href="https://www.example.com/x">a link</a>.</p>').removed).toEqual([]);
  });
});
