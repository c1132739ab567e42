import type { Browser, BrowserContext, Page } from '@playwright/test';
import { asIfFresh, EXTERNAL, stubExternal } from './fixtures';

/**
 * The layout check (./layout.spec.ts, and the console's pages in ./inbox.spec.ts): on the first
 * screen of a page, no two visible controls drawn over each other, and news links with text shown.
 */

/** Phones and a tablet; the console's pages add a laptop's 1366 px. */
export const WIDTHS = [360, 390, 768] as const;

export interface Finding {
  kind: 'overlap' | 'hidden-news';
  a: string;
  b?: string;
  px: string;
}

/** Runs in the page: the controls drawn over each other on the first screen, and news links with no visible text. */
export function inspect(): Finding[] {
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

/**
 * Runs in the page: every island that hydrates by itself on the first screen has (Astro removes an island's `ssr`
 * attribute once it has hydrated): `client:load`, `client:idle` and `client:only` wherever they are, `client:visible`
 * when its content is in the viewport. An island that waits for the visitor (`client:intent`,
 * src/islands/shared/intent-directive.ts, or `client:media`) shows its server-rendered HTML until then.
 */
export function islandsOfFirstScreenHydrated(): boolean {
  return [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
    const how = island.getAttribute('client');
    if (how === 'load' || how === 'idle' || how === 'only') return false;
    if (how !== 'visible') return true;
    // the island itself is display: contents; its content is what the observer watches
    return [...island.children].every((child) => {
      const r = child.getBoundingClientRect();
      return r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth;
    });
  });
}

type Options = { widths?: readonly number[]; storageState?: Awaited<ReturnType<BrowserContext['storageState']>>; waitUntil?: 'load' | 'networkidle' };

/** The problems of one page at each width. */
export const check = (browser: Browser, baseURL: string, path: string, options: Options = {}) => checkPages(browser, baseURL, [path], options);

const contextOptions = (baseURL: string, width: number, storageState?: Options['storageState']) => ({
  baseURL,
  storageState,
  viewport: { width, height: width < 700 ? 780 : 1024 },
  isMobile: width < 1024,
  hasTouch: width < 1024,
  deviceScaleFactor: 2,
  reducedMotion: 'reduce' as const,
});

async function newPage(browser: Browser, baseURL: string, width: number, storageState?: Options['storageState']): Promise<Page> {
  const context = await browser.newContext(contextOptions(baseURL, width, storageState));
  await context.route(EXTERNAL, stubExternal);
  return context.newPage();
}

/**
 * The signed-out pages of a worker's browser, one per width, kept from one check to the next: a fresh
 * context costs Chromium about 0.15 s of CPU more per page (a renderer process started, the site's
 * scripts compiled again; docs/testing.md#ci-time), and layout.spec.ts opened three a test. Each page
 * is checked as in a fresh context (`asIfFresh`: the cookies and both storages emptied before it
 * loads; no check here clicks or stores anything); the browser's cache stays, which changes how fast a
 * page loads, not how it is laid out.
 */
const kept = new WeakMap<Browser, Map<string, Promise<Page>>>();

async function keptPage(browser: Browser, baseURL: string, width: number): Promise<Page> {
  let pages = kept.get(browser);
  if (!pages) kept.set(browser, (pages = new Map()));
  const key = `${baseURL} ${width}`;
  let page = pages.get(key);
  if (!page || (await page).isClosed()) pages.set(key, (page = newPage(browser, baseURL, width)));
  return asIfFresh(await page);
}

/** The problems of several pages at each width, opened one after the other in one context per width (a signed-in member's pages: a context of their own). */
export async function checkPages(browser: Browser, baseURL: string, paths: readonly string[], options: Options = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const width of options.widths ?? WIDTHS) {
    const own = options.storageState !== undefined;
    const page = own ? await newPage(browser, baseURL, width, options.storageState) : await keptPage(browser, baseURL, width);
    for (const path of paths) {
      await page.goto(path, { waitUntil: options.waitUntil ?? 'load' });
      await page.evaluate(() => document.fonts.ready);
      // carousels start once the page has loaded (src/browser/carousels-after-load.ts)
      await page.waitForFunction(() => [...document.querySelectorAll('[data-carousel]')].every((c) => c.hasAttribute('data-ready')));
      // the islands the first screen shows have hydrated (a condition, not a clock: a busy machine hydrates later), then two
      // frames for the layout they change
      await page.waitForFunction(islandsOfFirstScreenHydrated);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      for (const f of await page.evaluate(inspect))
        problems.push(f.kind === 'overlap' ? `${path} at ${width} px: ${f.a} and ${f.b} overlap (${f.px})` : `${path} at ${width} px: news link ${f.a} shows ${f.px}`);
    }
    if (own) await page.context().close();
  }
  return problems;
}
