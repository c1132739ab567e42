import { pageKindPaths } from '../../bench/page-kinds.mjs';
import { expect, test } from './fixtures';
import { check } from './layout-check';

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

test.describe('no control drawn over another on phones and tablets', () => {
  for (const path of new Set([...pageKindPaths(), ...CORPORATE, ...LOCAL]))
    test(path, async ({ browser, baseURL }) => {
      const problems = await check(browser, baseURL!, path);
      expect(problems, problems.join('\n')).toEqual([]);
    });
});
