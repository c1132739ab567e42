// The site's page kinds, one path per kind in each language the kind has: the pages Lighthouse
// measures (bench/lighthouse.mjs) and the pages the layout check opens on phones and tablets
// (tests/e2e/layout.spec.ts), so that a new kind is measured everywhere. A local site's pages
// use that site's own languages.

/** @typedef {{ kind: string, paths: Record<string, string>, quick?: boolean, rendered?: boolean }} PageKind `rendered`: answered by the server, no file in the build */

/** @param {string} path a corporate path after the language: the page in English and Chinese */
const both = (path) => ({ en: `/en${path}`, zh: `/zh${path}` });

/** @type {readonly PageKind[]} `quick`: the kinds of `npm run bench` (bench/lighthouse.mjs --quick). */
export const PAGE_KINDS = [
  { kind: 'home', paths: both('/home'), quick: true },
  { kind: 'about', paths: both('/home/About/about/Profile') },
  { kind: 'schedule search', paths: both('/home/Services/schedules'), quick: true },
  { kind: 'schedule search with a query', paths: both('/home/Services/schedules?from=CNSHA&to=NLRTM&weeks=4') },
  { kind: 'tracking', paths: both('/home/Track') },
  // a booking, a container number with a wrong check digit and one not known: answered whatever the demonstration shipments are that day
  { kind: 'tracking with a query', paths: both('/home/Track?refs=2611040071,SBLU3096213,MSCU1234566') },
  { kind: 'tracking results page (rendered on the server)', paths: both('/home/Track/result?refs=2611040071,SBLU3096213,MSCU1234566'), rendered: true },
  { kind: 'port schedule', paths: both('/home/Services/schedules/port/CNSHA'), quick: true },
  { kind: 'vessel schedule', paths: both('/home/Services/schedules/vessel/9880221') },
  { kind: 'news list', paths: both('/home/News/news/50000000000000233') },
  { kind: 'news detail', paths: both('/home/News/detail/n2025-1118-a0c1/50000000000000234'), quick: true },
  { kind: 'FAQ', paths: both('/home/HelpCenter/questions/1') },
  { kind: 'downloads', paths: both('/home/HelpCenter/business/Downloads') },
  { kind: 'offices: continent', paths: both('/home/Contact/global/asia') },
  { kind: 'offices: country', paths: both('/home/Contact/global/countryList/countryList/asia/china') },
  { kind: 'offices: office', paths: both('/home/Contact/global/countryList/more/europe/netherlands/rotterdam/NLRTM01') },
  { kind: 'message form', paths: both('/home/Message/leaveMessage') },
  { kind: 'résumé form', paths: both('/home/Recruiting/recruiting/resume') },
  { kind: 'subscription', paths: both('/home/News/newsSubscribe') },
  { kind: 'containers', paths: both('/home/Services/containers/1') },
  { kind: 'route page', paths: both('/home/Services/route/12/AEX1'), quick: true },
  { kind: 'carbon calculator', paths: both('/home/About/socialResponsibility/carbonCalculator'), quick: true },
  { kind: 'local home', paths: { en: '/shanghai/en/home', cn: '/shanghai/cn/home' }, quick: true },
  { kind: 'local news list', paths: { en: '/shanghai/en/news/business/110022/2', cn: '/shanghai/cn/news/business/110022/2' } },
  { kind: 'local news item', paths: { en: '/hongkong/en/news/company/120021/2/120104', tc: '/hongkong/tc/news/company/120021/2/120104' } },
];

/** Every path of every kind (a kind's languages in turn). */
export const pageKindPaths = () => PAGE_KINDS.flatMap((k) => Object.values(k.paths));
