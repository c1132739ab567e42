import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/lib/sanitize-html';

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
    expect(sanitizeHtml('a</div></p>b')).toBe('ab');
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
