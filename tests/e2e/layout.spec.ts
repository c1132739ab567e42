import type { Browser } from '@playwright/test';
import { pageKindPaths } from '../../bench/page-kinds.mjs';
import { expect, test } from './fixtures';

/**
 * No control drawn over another on phones and tablets: every page kind of the site, corporate
 * and local, in both languages, at 360, 390 and 768 px wide (mobile emulation, touch, reduced
 * motion so carousels stand still). On the first screen (the viewport as the page loads), no two
 * visible controls — links, buttons, fields, tabs, disclosure summaries — overlap where one is
 * painted over the other (the topmost element at the overlap belongs to one of them), leaving out
 * floating widgets with fixed position and the regions of drawn maps (SVG); and a news link whose
 * block is on the first screen shows at least part of its text. A failure names the page, the
 * width and the two controls.
 */

const WIDTHS = [360, 390, 768] as const;

/** Every page kind (bench/page-kinds.mjs, the pages Lighthouse measures too), and the other pages below. */
const CORPORATE = [
  '/home/About/history',
  '/home/Services/route/11',
  '/home/Services/ship/0',
  '/home/Services/fruit',
  '/home/Services/Standardization',
  '/home/HelpCenter/business/ServiceSchedule',
  '/home/HelpCenter/business/ClaimForContainerTotalLoss',
  '/home/HelpCenter/termsAndConditions/BillConditions',
  '/home/Recruiting/recruiting',
  '/home/SCL/trailerTransport',
  '/home/list',
  '/home/item',
  '/home/accessibility',
  '/error/notFound',
].flatMap((path) => [`/en${path}`, `/zh${path}`]);

const LOCAL = [
  '/shanghai/en/about/profile/110011/6',
  '/shanghai/cn/services/charges/110031/7',
  '/shanghai/cn/search',
  '/hongkong/tc/home',
  '/germany/en/home',
  '/germany/en/services/downloads/140033/5',
  '/germany/en/newsSubscribe',
  '/singapore/en/search',
  '/cosconit/en/home',
];

interface Finding {
  kind: 'overlap' | 'hidden-news';
  a: string;
  b?: string;
  px: string;
}

/** Runs in the page: the controls drawn over each other on the first screen, and news links with no visible text. */
function inspect(): Finding[] {
  const W = window.innerWidth;
  const H = window.innerHeight;
  const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="button"], [role="combobox"]';
  const NEWS = /\/News\/detail\/|\/news\/[a-z]+\/\d+\/2\/\d+$/;
  const describeElement = (el: Element) => {
    const text = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('title') || el.getAttribute('placeholder') || '').replace(/\s+/g, ' ').trim().slice(0, 50);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const invisible = (el: Element) => {
    if (el.closest('[inert], [aria-hidden="true"], [hidden], dialog:not([open]), details:not([open]) > :not(summary)')) return true;
    // the browser's own verdict too: display, visibility, opacity and content-visibility (a closed <details>)
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return true;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return true;
    }
    return false;
  };
  const fixed = (el: Element) => {
    for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
    return false;
  };
  /** The part of a box left visible by every ancestor that clips, and by the viewport. */
  const clip = (r: DOMRect, el: Element) => {
    let [x1, y1, x2, y2] = [r.left, r.top, r.right, r.bottom];
    for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      const c = e.getBoundingClientRect();
      if (s.overflowX !== 'visible') [x1, x2] = [Math.max(x1, c.left), Math.min(x2, c.right)];
      if (s.overflowY !== 'visible') [y1, y2] = [Math.max(y1, c.top), Math.min(y2, c.bottom)];
    }
    [x1, y1, x2, y2] = [Math.max(x1, 0), Math.max(y1, 0), Math.min(x2, W), Math.min(y2, H)];
    return x2 - x1 >= 1 && y2 - y1 >= 1 ? { x1, y1, x2, y2 } : null;
  };
  const boxes = (el: Element) => [...el.getClientRects()].map((r) => clip(r, el)).filter((b): b is NonNullable<typeof b> => b !== null && b.x2 - b.x1 >= 4 && b.y2 - b.y1 >= 4);

  const findings: Finding[] = [];
  const controls = [...document.querySelectorAll(CONTROLS)]
    .filter((el) => !el.closest('svg') && !invisible(el) && !fixed(el))
    .map((el) => ({ el, boxes: boxes(el) }))
    .filter((c) => c.boxes.length);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i];
      const b = controls[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      // a label's field and the label's own link or button are one control
      if (a.el.closest('label') && a.el.closest('label') === b.el.closest('label')) continue;
      for (const p of a.boxes)
        for (const q of b.boxes) {
          const x1 = Math.max(p.x1, q.x1);
          const x2 = Math.min(p.x2, q.x2);
          const y1 = Math.max(p.y1, q.y1);
          const y2 = Math.min(p.y2, q.y2);
          if (x2 - x1 < 3 || y2 - y1 < 3) continue;
          const hit = document.elementFromPoint((x1 + x2) / 2, (y1 + y2) / 2);
          if (hit && (a.el.contains(hit) || b.el.contains(hit)))
            findings.push({ kind: 'overlap', a: describeElement(a.el), b: describeElement(b.el), px: `${Math.round(x2 - x1)}×${Math.round(y2 - y1)} px at ${Math.round(x1)},${Math.round(y1)}` });
        }
    }
  for (const link of document.querySelectorAll('a[href]')) {
    if (!NEWS.test(link.getAttribute('href') ?? '') || invisible(link) || fixed(link)) continue;
    // on the first screen: some of its item (the slide, list item, article or row it stands in) is
    // shown; the other slides of a carousel are clipped away entirely, beside or below the one shown
    const line = link.getBoundingClientRect();
    if (line.top >= H || line.bottom <= 0) continue; // below (or above) the first screen
    const item = link.closest('.swiper-slide, li, article, tr') ?? link.parentElement!;
    const shown = clip(item.getBoundingClientRect(), item);
    if (!shown || shown.y2 - shown.y1 < 8) continue;
    const own = [...link.getClientRects()].map((r) => clip(r, link)).filter(Boolean) as { x1: number; x2: number }[];
    const width = own.reduce((s, r) => s + (r.x2 - r.x1), 0);
    if (width < 24) findings.push({ kind: 'hidden-news', a: describeElement(link), px: `${Math.round(width)} px of text visible` });
  }
  return findings;
}

async function check(browser: Browser, baseURL: string, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: width < 700 ? 780 : 1024 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' }));
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    // carousels start once the page has loaded (src/browser/carousels-after-load.ts)
    await page.waitForFunction(() => [...document.querySelectorAll('[data-carousel]')].every((c) => c.hasAttribute('data-ready')));
    await page.waitForTimeout(250); // islands hydrate, carousels lay out
    for (const f of await page.evaluate(inspect))
      problems.push(f.kind === 'overlap' ? `${path} at ${width} px: ${f.a} and ${f.b} overlap (${f.px})` : `${path} at ${width} px: news link ${f.a} shows ${f.px}`);
    await context.close();
  }
  return problems;
}

test.describe('no control drawn over another on phones and tablets', () => {
  for (const path of new Set([...pageKindPaths(), ...CORPORATE, ...LOCAL]))
    test(path, async ({ browser, baseURL }) => {
      const problems = await check(browser, baseURL!, path);
      expect(problems, problems.join('\n')).toEqual([]);
    });
});
