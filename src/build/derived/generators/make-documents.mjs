#!/usr/bin/env node
// Renders the downloadable PDF documents of the public site (public/files/**) from HTML
// with headless Chromium. Needs Debian packages `chromium` and `fonts-noto-cjk`.
// Run: `node src/build/derived/generators/make-documents.mjs` (optionally CHROMIUM_PATH=/path/to/chromium).
// Chromium's PDF backend can only embed TrueType-outline fonts compactly; the CFF-based
// Noto Sans CJK collection would end up as bulky Type 3 glyphs. So, when python3 with
// fontTools is available (Debian: python3-fonttools), the script subsets Noto Sans CJK SC
// to the characters used and converts it to TrueType outlines on the fly, then loads it
// as a web font under the same family name. Without fontTools it falls back to the system
// font, which still renders correctly but gives larger files.
// All companies, people and figures in these documents are fictional.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const FILES = join(ROOT, 'public', 'files');
const MAX_BYTES = 400 * 1024;

const NAVY = '#0b2545',
  BLUE = '#1363df',
  TEAL = '#13a89e',
  LIGHT = '#eef4fb',
  ORANGE = '#f28c28';
const EN_FONT = '"Liberation Sans", Arial, "Noto Sans CJK SC", sans-serif';
const ZH_FONT = '"Noto Sans CJK SC", "Liberation Sans", sans-serif';
const SERIF = '"Liberation Serif", "Times New Roman", "Noto Sans CJK SC", serif';

const CO = {
  en: 'Seabridge Container Lines Co., Ltd.',
  zh: '海桥集装箱运输有限公司',
  addrEn: 'Seabridge Tower, 1688 Haiqiao Road, Pudong New Area, Shanghai 200135, China',
  addrZh: '中国上海市浦东新区海桥路1688号海桥大厦，邮编200135',
};
const CB = { en: 'Harbourline Certification Services Co., Ltd.', zh: '海港认证服务有限公司' };

const MARK = (size = 34) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40"><defs><linearGradient id="mk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BLUE}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient></defs><rect width="40" height="40" rx="9" fill="url(#mk)"/><path d="M7 22Q20 3 33 22" fill="none" stroke="#fff" stroke-width="3.4"/><path d="M5 22H35M13 14.5V22M20 12V22M27 14.5V22" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/><path d="M5 28.5q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0" fill="none" stroke="${TEAL}" stroke-width="2.6" stroke-linecap="round"/><path d="M5 34q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0" fill="none" stroke="#8ec5ff" stroke-width="2.6" stroke-linecap="round"/></svg>`;

const BASE_CSS = `
  @page { size: A4; }
  * { box-sizing: border-box; }
  html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { margin: 0; color: #1c2633; font-size: 10pt; line-height: 1.55; }
  h1, h2, h3 { color: ${NAVY}; line-height: 1.25; margin: 0; }
  h2 { font-size: 14pt; margin: 16pt 0 6pt; padding-bottom: 3pt; border-bottom: 2px solid ${TEAL}; break-after: avoid; }
  h3 { font-size: 11pt; margin: 10pt 0 4pt; break-after: avoid; }
  p { margin: 0 0 6pt; text-align: justify; }
  ul, ol { margin: 0 0 6pt; padding-left: 16pt; }
  li { margin-bottom: 3pt; }
  table { border-collapse: collapse; width: 100%; margin: 4pt 0 8pt; font-size: 9pt; break-inside: avoid; }
  th { background: ${NAVY}; color: #fff; text-align: left; font-weight: 700; padding: 4pt 6pt; }
  td { padding: 3.5pt 6pt; border-bottom: 1px solid #d5deea; vertical-align: top; }
  tr:nth-child(even) td { background: #f5f8fc; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .brand { display: flex; align-items: center; gap: 8pt; }
  .brand .wm { font-family: ${EN_FONT}; font-weight: 700; color: ${NAVY}; letter-spacing: 1.5pt; font-size: 12pt; line-height: 1.1; }
  .brand .wm small { display: block; font-size: 6.5pt; letter-spacing: 2.4pt; color: ${TEAL}; }
  .note { font-size: 8.5pt; color: #5b6c8f; }
  .box { background: ${LIGHT}; border-left: 4px solid ${BLUE}; padding: 7pt 10pt; margin: 6pt 0 10pt; }
  .sig { margin-top: 8pt; font-weight: 700; color: ${NAVY}; }
  .keep { break-inside: avoid; }
  a { color: ${BLUE}; text-decoration: none; }
`;

function doc({ lang, title, css = '', body }) {
  const font = lang === 'zh' ? ZH_FONT : EN_FONT;
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : lang}"><head><meta charset="utf-8"><title>${title}</title><style>${BASE_CSS} body { font-family: ${font}; } ${css}</style></head><body>${body}</body></html>`;
}
// running footer as CSS page-margin boxes (keeps the page's web fonts, unlike Chromium footer templates)
function footerCss(text, lang) {
  const font = lang === 'zh' ? ZH_FONT : EN_FONT;
  const box = `font-family: ${font}; font-size: 7.5pt; color: #5b6c8f; border-top: 0.5pt solid #c9d3df; vertical-align: top; padding-top: 3pt;`;
  return `@page { margin: 16mm 16mm 18mm; @bottom-left { content: "${text.replace(/"/g, '\\"')}"; ${box} } @bottom-right { content: counter(page) " / " counter(pages); ${box} } }`;
}
const fmt = (n, d = 1) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (a, b) => {
  const v = ((b - a) / a) * 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}%`;
};

// ---------------------------------------------------------------------------
// ISO certificates (one bilingual page each)
// ---------------------------------------------------------------------------
const CERTS = [
  {
    file: 'iso9001',
    std: 'ISO 9001:2015',
    no: 'HLC-QMS-240315-0917',
    nameEn: 'Quality management systems — Requirements',
    nameZh: '质量管理体系 要求',
    titleEn: 'Quality Management System',
    titleZh: '质量管理体系',
    initial: '2006-05-12',
    issued: '2024-03-15',
    expires: '2027-03-14',
    accent: BLUE,
    extraEn: '',
    extraZh: '',
  },
  {
    file: 'iso14001',
    std: 'ISO 14001:2015',
    no: 'HLC-EMS-240315-0918',
    nameEn: 'Environmental management systems — Requirements with guidance for use',
    nameZh: '环境管理体系 要求及使用指南',
    titleEn: 'Environmental Management System',
    titleZh: '环境管理体系',
    initial: '2009-08-20',
    issued: '2024-03-15',
    expires: '2027-03-14',
    accent: TEAL,
    extraEn: ', including the management of environmental aspects of vessel operations',
    extraZh: '，包括船舶营运相关环境因素的管理',
  },
  {
    file: 'iso45001',
    std: 'ISO 45001:2018',
    no: 'HLC-OHS-240315-0919',
    nameEn: 'Occupational health and safety management systems — Requirements with guidance for use',
    nameZh: '职业健康安全管理体系 要求及使用指南',
    titleEn: 'Occupational Health and Safety Management System',
    titleZh: '职业健康安全管理体系',
    initial: '2012-04-26',
    issued: '2024-03-15',
    expires: '2027-03-14',
    accent: ORANGE,
    extraEn: ', including the health and safety management of shore-based and seagoing personnel',
    extraZh: '，包括岸基及船员的职业健康安全管理',
  },
  {
    file: 'iso50001',
    std: 'ISO 50001:2018',
    no: 'HLC-EnMS-240620-1142',
    nameEn: 'Energy management systems — Requirements with guidance for use',
    nameZh: '能源管理体系 要求及使用指南',
    titleEn: 'Energy Management System',
    titleZh: '能源管理体系',
    initial: '2018-06-20',
    issued: '2024-06-20',
    expires: '2027-06-19',
    accent: '#2a9d5c',
    extraEn: ', including the energy management of owned and chartered container vessels',
    extraZh: '，包括自有及租入集装箱船舶的能源管理',
  },
  {
    file: 'iso28000',
    std: 'ISO 28000:2022',
    no: 'HLC-SCS-231108-0846',
    nameEn: 'Security and resilience — Security management systems — Requirements',
    nameZh: '安全与韧性 安全管理体系 要求',
    titleEn: 'Supply Chain Security Management System',
    titleZh: '供应链安全管理体系',
    initial: '2014-11-10',
    issued: '2023-11-08',
    expires: '2026-11-07',
    accent: '#5b6c8f',
    extraEn: ', including the security management of containers and cargo in the carrier\u2019s custody',
    extraZh: '，包括承运人掌管期间集装箱及货物的安全管理',
  },
];

const SEAL = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132"><defs><path id="arc" d="M20 70a46 46 0 1 1 92 0"/></defs><g fill="none" stroke="#c8102e" opacity=".88"><circle cx="66" cy="66" r="62" stroke-width="3.5"/><circle cx="66" cy="66" r="56" stroke-width="1"/></g><text font-family="Noto Sans CJK SC" font-size="13.5" font-weight="700" fill="#c8102e" opacity=".88"><textPath href="#arc" startOffset="50%" text-anchor="middle">海港认证服务有限公司</textPath></text><path d="M66 48l5.3 16.2h17l-13.8 10 5.3 16.2L66 80.4l-13.8 10 5.3-16.2-13.8-10h17z" fill="#c8102e" opacity=".88"/><text x="66" y="108" text-anchor="middle" font-family="Noto Sans CJK SC" font-size="10" fill="#c8102e" opacity=".88">认证专用章</text></svg>`;
const CB_EMBLEM = `<svg xmlns="http://www.w3.org/2000/svg" width="46" height="46" viewBox="0 0 46 46"><circle cx="23" cy="23" r="21" fill="#fff" stroke="#b8862b" stroke-width="2.5"/><path d="M23 8v24M15 14h16M12 26q11 12 22 0" fill="none" stroke="${NAVY}" stroke-width="2.6" stroke-linecap="round"/><circle cx="23" cy="8" r="2.6" fill="none" stroke="${NAVY}" stroke-width="2"/><path d="M9 36q3.5-3 7 0t7 0t7 0t7 0" fill="none" stroke="#b8862b" stroke-width="2" stroke-linecap="round"/></svg>`;
const SIGNATURE = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40" viewBox="0 0 150 40"><path d="M6 28c8-18 14-22 16-14s-6 18-2 16 10-20 16-18-2 16 4 14 8-12 12-10 0 10 6 8 12-14 18-10-4 12 2 12 18-10 26-12 14 2 20 0" fill="none" stroke="#1b3a66" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

function certificateHtml(c) {
  const css = `
    @page { size: A4; margin: 0; }
    body { font-size: 9pt; line-height: 1.45; }
    .sheet { width: 210mm; height: 297mm; padding: 9mm; background: #f6f3ea; overflow: hidden; }
    .frame { height: 100%; border: 3pt double ${NAVY}; padding: 3mm; background: #fffdf7; }
    .inner { height: 100%; border: 0.8pt solid ${c.accent}; padding: 7mm 12mm 5mm; position: relative; display: flex; flex-direction: column; }
    .corner { position: absolute; width: 14mm; height: 14mm; border-color: ${c.accent}; border-style: solid; }
    .tl { top: -1pt; left: -1pt; border-width: 3pt 0 0 3pt; } .tr { top: -1pt; right: -1pt; border-width: 3pt 3pt 0 0; }
    .bl { bottom: -1pt; left: -1pt; border-width: 0 0 3pt 3pt; } .br { bottom: -1pt; right: -1pt; border-width: 0 3pt 3pt 0; }
    .cb { display: flex; align-items: center; justify-content: center; gap: 10pt; color: ${NAVY}; }
    .cb b { display: block; font-size: 11pt; } .cb span { font-size: 9.5pt; color: #5b6c8f; }
    .title { text-align: center; margin: 5mm 0 1mm; }
    .title .en { font-family: ${SERIF}; font-size: 22pt; letter-spacing: 2pt; white-space: nowrap; color: ${NAVY}; text-transform: uppercase; }
    .title .zh { font-family: ${ZH_FONT}; font-size: 15pt; letter-spacing: 10pt; color: ${NAVY}; margin-top: 2pt; }
    .no { text-align: center; color: #5b6c8f; font-size: 9pt; }
    .center { text-align: center; }
    .lead { text-align: center; margin-top: 4mm; color: #3b4658; }
    .co { text-align: center; margin: 2mm 0 1mm; color: ${NAVY}; }
    .co .en { font-family: ${SERIF}; font-size: 18pt; font-weight: 700; }
    .co .zh { font-family: ${ZH_FONT}; font-size: 14pt; font-weight: 700; margin-top: 1pt; }
    .addr { text-align: center; font-size: 8.5pt; color: #5b6c8f; }
    .std { text-align: center; margin: 2mm 0 0; }
    .std .code { font-family: ${EN_FONT}; font-size: 26pt; font-weight: 700; color: ${c.accent}; letter-spacing: 1pt; }
    .std .name { font-size: 9.5pt; color: #3b4658; }
    .scope { margin: 3mm 0 2mm; border: 0.8pt solid #d5deea; background: #fbfcfe; padding: 3mm 4mm; }
    .scope h4 { margin: 0 0 2pt; font-size: 9pt; color: ${c.accent}; text-transform: uppercase; letter-spacing: 1pt; }
    .scope p { margin: 0 0 3pt; text-align: left; font-size: 8.6pt; }
    table.dates { width: 100%; margin: 2mm 0 2mm; font-size: 9pt; }
    table.dates td { border: 0.8pt solid #d5deea; padding: 4pt 6pt; background: #fff !important; }
    table.dates td.k { color: #5b6c8f; width: 27%; }
    table.dates td.v { width: 23%; white-space: nowrap; }
    table.dates td.v { font-weight: 700; color: ${NAVY}; }
    .valid { font-size: 7.8pt; color: #3b4658; margin-top: 1mm; }
    .bottom { margin-top: auto; display: flex; justify-content: space-between; align-items: flex-end; }
    .sigblock { font-size: 8pt; color: #3b4658; line-height: 1.35; }
    .sigblock .line { border-top: 0.8pt solid #8a96a8; width: 95mm; padding-top: 3pt; }
    .seal svg { width: 112px; height: 112px; }
    .seal { position: relative; width: 112px; height: 112px; flex: none; margin-right: 6mm; transform: rotate(-8deg); }
    .small { font-size: 7pt; color: #8a96a8; text-align: center; margin-top: 2mm; line-height: 1.4; }
  `;
  const scopeEn = `Provision of international container liner shipping services, including container booking, documentation, vessel and voyage operation management, container and equipment management, and related door-to-door logistics services${c.extraEn}.`;
  const scopeZh = `国际集装箱班轮运输服务的提供，包括集装箱订舱、单证、船舶及航次营运管理、集装箱及设备管理以及相关门到门物流服务${c.extraZh}。`;
  const body = `<div class="sheet"><div class="frame"><div class="inner">
    <i class="corner tl"></i><i class="corner tr"></i><i class="corner bl"></i><i class="corner br"></i>
    <div class="cb">${CB_EMBLEM}<div><b>${CB.en}</b><span>${CB.zh}</span></div></div>
    <div class="title"><div class="en">Certificate of Registration</div><div class="zh">注册证书</div></div>
    <div class="no">Certificate No. / 证书编号：<b>${c.no}</b></div>
    <div class="lead">This is to certify that the ${c.titleEn.toLowerCase()} of<br>兹证明</div>
    <div class="co"><div class="en">${CO.en}</div><div class="zh">${CO.zh}</div></div>
    <div class="addr">${CO.addrEn}<br>${CO.addrZh}</div>
    <div class="lead" style="margin-top:3mm">has been assessed and found to conform to the requirements of<br>的${c.titleZh}经审核，符合下列标准要求：</div>
    <div class="std"><div class="code">${c.std}</div><div class="name">${c.nameEn}<br>${c.nameZh}</div></div>
    <div class="scope"><h4>Scope of certification / 认证范围</h4><p>${scopeEn}</p><p>${scopeZh}</p>
      <p class="note" style="margin:0">Sites / 认证场所：Head office and Ship Management Centre, Shanghai, China / 中国上海 公司总部及船舶管理中心</p></div>
    <table class="dates">
      <tr><td class="k">Initial certification / 初次认证日期</td><td class="v">${c.initial}</td><td class="k">Date of issue / 本次发证日期</td><td class="v">${c.issued}</td></tr>
      <tr><td class="k">Valid until / 有效期至</td><td class="v">${c.expires}</td><td class="k">Certificate No. / 证书编号</td><td class="v">${c.no}</td></tr>
    </table>
    <div class="valid">This certificate remains valid subject to satisfactory annual surveillance audits. Its validity may be confirmed with the certification body by quoting the certificate number.<br>本证书有效期内须通过年度监督审核方持续有效。如需核实证书有效性，请向认证机构提供证书编号进行查询。</div>
    <div class="bottom">
      <div class="sigblock">${SIGNATURE}<div class="line">For and on behalf of ${CB.en}<br>授权签字人（代表${CB.zh}）<br>Shanghai, ${c.issued}</div></div>
      <div class="seal">${SEAL}</div>
    </div>
    <div class="small">${CB.en} · ${CB.zh} · This certificate remains the property of the certification body and shall be returned on request.<br>本证书归认证机构所有，应要求须予退还。</div>
  </div></div></div>`;
  return doc({ lang: 'en', title: `${c.std} Certificate of Registration — ${CO.en}`, css, body });
}

// ---------------------------------------------------------------------------
// Sustainability reports 2021–2024 (English and Chinese editions)
// ---------------------------------------------------------------------------
// Operating and ESG data; fleet and volume figures match content/about/key-facts.json.
const DATA = {
  2020: {
    ci: 63.9,
    afr: 1.6,
    ghg: 26.1,
    shore: 174,
    bwts: 66,
    vessels: 478,
    teu: 2761000,
    vol: 22870,
    seafarers: 13200,
    train: 35.2,
    ltif: 0.71,
    fatal: 0,
    community: 15.2,
    volunteer: 24500,
    ctrain: 97.9,
    reports: 19,
    women: 40.2,
    womenMgmt: 24.5,
  },
  2021: {
    ci: 62.1,
    afr: 3.4,
    ghg: 27.4,
    shore: 286,
    bwts: 78,
    vessels: 489,
    teu: 2812400,
    vol: 23790,
    seafarers: 13600,
    train: 38.5,
    ltif: 0.62,
    fatal: 0,
    community: 18.6,
    volunteer: 28300,
    ctrain: 98.7,
    reports: 23,
    women: 41.0,
    womenMgmt: 25.8,
  },
  2022: {
    ci: 60.4,
    afr: 9.6,
    ghg: 26.9,
    shore: 512,
    bwts: 88,
    vessels: 500,
    teu: 2876700,
    vol: 23530,
    seafarers: 14100,
    train: 42.0,
    ltif: 0.55,
    fatal: 0,
    community: 21.3,
    volunteer: 31800,
    ctrain: 99.2,
    reports: 27,
    women: 41.6,
    womenMgmt: 27.1,
  },
  2023: {
    ci: 59.5,
    afr: 14.8,
    ghg: 28.1,
    shore: 904,
    bwts: 96,
    vessels: 516,
    teu: 2986500,
    vol: 25130,
    seafarers: 14600,
    train: 46.2,
    ltif: 0.48,
    fatal: 0,
    community: 24.0,
    volunteer: 35600,
    ctrain: 99.5,
    reports: 31,
    women: 42.3,
    womenMgmt: 28.4,
  },
  2024: {
    ci: 57.0,
    afr: 19.5,
    ghg: 30.6,
    shore: 1368,
    bwts: 100,
    vessels: 542,
    teu: 3169800,
    vol: 26490,
    seafarers: 15300,
    train: 51.4,
    ltif: 0.41,
    fatal: 0,
    community: 26.5,
    volunteer: 39200,
    ctrain: 99.6,
    reports: 34,
    women: 42.9,
    womenMgmt: 29.6,
  },
};
const BASE_2008_CI = 96.4;
const BOARD = {
  2021: { n: 9, ind: 3, women: 1 },
  2022: { n: 9, ind: 3, women: 2 },
  2023: { n: 11, ind: 4, women: 2 },
  2024: { n: 11, ind: 4, women: 3 },
};

const TEXT = {
  2021: {
    en: {
      chair: [
        '2021 was another year in which the world depended on shipping as never before. Demand for consumer goods surged while ports, depots and inland transport struggled with pandemic restrictions and labour shortages. Seabridge deployed every vessel it could, added extra loaders on the trans-Pacific and Asia–Europe trades and expanded its sea–rail services, carrying 23.79 million TEU for our customers.',
        'The people who made this possible were our seafarers. Travel restrictions left many crew members unable to go home when their contracts ended. Working with port authorities, consulates and our manning agents, we completed more than 21,000 crew changes during the year, arranged vaccinations for seafarers wherever we could, and extended medical, psychological and family support to everyone on board.',
        'We also laid foundations for the future. In July we launched SynconHub, our shipping data hub, which gives customers real-time schedules and shipment events through open APIs. The carbon intensity of our fleet improved to 62.1 grams of CO₂ per TEU-kilometre, and we began the technical and commercial studies that will shape our long-term decarbonisation pathway.',
        'I thank our customers, partners and colleagues at sea and ashore for their trust and resilience. We will keep working to make global trade more reliable, more efficient and more sustainable.',
      ],
      env: 'Fuel efficiency remained our most important lever. We completed hull and propeller upgrades on 46 vessels, fitted energy-saving devices such as pre-swirl stators and high-efficiency rudders, and used weather routing and just-in-time arrival planning across the network. Carbon intensity improved by 2.8% even though congestion and schedule disruption made efficient operations harder. Vessels able to run on LNG or methanol accounted for 3.4% of the capacity of our fleet and orderbook.',
      social:
        'Crew welfare was our first priority. By the end of the year 93% of our seafarers had been fully vaccinated, every owned vessel offered crew internet access, and a 24-hour multilingual counselling line was available to seafarers and their families. Training moved largely online: our e-learning platform delivered 38.5 hours per seafarer, and simulator courses resumed in Shanghai in the second half of the year.',
      community:
        'We carried anti-epidemic supplies free of charge for public health authorities, supported reefer transport of fresh produce from rural Yunnan and Guangxi to coastal markets, and our employees contributed 28,300 volunteer hours.',
      gov: 'In 2021 the Board set up an Environmental, Social and Governance (ESG) Committee, chaired by an independent director, to oversee our sustainability strategy and climate-related risks. Following the entry into force of China\u2019s Data Security Law and Personal Information Protection Law, we updated our data classification, cross-border transfer and privacy policies.',
      outlook: [
        'Publish a science-informed decarbonisation roadmap with interim targets',
        'Place the company\u2019s first order for methanol dual-fuel container ships',
        'Roll out a shipment-level carbon calculator for customers',
      ],
    },
    zh: {
      chair: [
        '2021年，全球经济对航运的依赖前所未有。消费品需求快速增长，而港口、堆场和内陆运输持续受到疫情防控措施和人手短缺的影响。海桥集运全力投入运力，在跨太平洋和亚欧航线加开加班船，扩大海铁联运服务，全年为客户承运集装箱2379万标准箱。',
        '这一切离不开我们的船员。受出行限制影响，许多船员在合同期满后无法按时回家。公司与港口主管部门、驻外使领馆及船员外派机构密切协作，全年完成船员换班逾2.1万人次，尽可能为船员安排疫苗接种，并为在船人员提供医疗、心理和家庭关爱等全方位支持。',
        '我们也在为未来夯实基础。7月，航运数据枢纽SynconHub正式上线，客户可通过开放接口获取实时船期和货物动态。船队碳强度降至每标准箱公里62.1克二氧化碳，公司同步启动了一系列技术和商业研究，为制定长期减碳路径做好准备。',
        '衷心感谢广大客户、合作伙伴以及海上和岸基全体员工的信任与坚守。我们将继续努力，让全球贸易更可靠、更高效、更可持续。',
      ],
      env: '提升燃油效率仍是最重要的减排手段。全年完成46艘船舶的船体及螺旋桨节能改造，加装前置导叶、高效舵等节能装置，并在全网推广气象导航和“准时到港”航次规划。尽管港口拥堵和船期紊乱增加了高效运营的难度，船队碳强度仍同比下降2.8%。可使用液化天然气或甲醇的船舶运力占在役及在建船队总运力的3.4%。',
      social:
        '船员关爱是我们的首要任务。截至年末，93%的船员已完成全程疫苗接种，所有自有船舶均为船员提供上网服务，并开通面向船员及家属的24小时多语种心理咨询热线。培训大量转为线上开展，网络学习平台人均培训时长达38.5小时，下半年上海模拟器培训中心恢复线下课程。',
      community: '公司为公共卫生部门免费承运抗疫物资，利用冷藏箱将云南、广西农村的新鲜农产品运往沿海市场，员工全年参与志愿服务2.83万小时。',
      gov: '2021年，董事会设立环境、社会及治理（ESG）委员会，由独立董事担任主任委员，负责监督公司可持续发展战略和气候相关风险。随着《数据安全法》和《个人信息保护法》施行，公司修订了数据分类分级、数据出境和个人信息保护等制度。',
      outlook: ['发布包含阶段性目标的减碳路线图', '首次订造甲醇双燃料集装箱船', '面向客户推出货物碳排放计算工具'],
    },
  },
  2022: {
    en: {
      chair: [
        'In 2022 supply chains began to return to normal. Port congestion eased in the second half of the year, schedule reliability improved and freight markets started to cool. Seabridge used this period to restore the regularity of its services and to invest in the long-term strength of the company.',
        'In September we committed to reaching net-zero greenhouse gas emissions by 2050. Our interim targets are to reduce the carbon intensity of our fleet by at least 45% compared with 2008 and to meet at least 10% of our energy needs with zero- or near-zero-emission fuels by 2030, and to cut absolute fleet emissions by 80% by 2040. To turn these commitments into ships, we ordered twelve 16,000 TEU methanol dual-fuel container ships, the largest single investment in our history.',
        'We also gave customers the tools to act. Since March, our shipment carbon calculator has given an emission estimate for every booking, and more than 6,400 customers used it during the year. We prepared every vessel for the IMO\u2019s Energy Efficiency Existing Ship Index (EEXI) and Carbon Intensity Indicator (CII) rules, which take effect on 1 January 2023.',
        'Decarbonisation is a long voyage, and no company can make it alone. We will work with shipyards, fuel suppliers, ports, customers and our Ocean Alliance partners to make zero-emission shipping a commercial reality.',
      ],
      env: 'Carbon intensity fell by 2.7% to 60.4 g CO₂/TEU-km. To comply with EEXI we fitted engine power limitation on 118 vessels, and we continued retrofits of propellers, bulbous bows and air lubrication on large ships. With the methanol order, alternative-fuel-ready vessels rose to 9.6% of the capacity of our fleet and orderbook. Shore power was used during 512 port calls, mainly in China and on the US West Coast.',
      social:
        'With crew changes back to normal, we focused on fatigue management, mental health and career development. Every seafarer received an average of 42.0 hours of training, including new courses on alternative fuels and cyber security on board. Our lost time injury frequency fell to 0.55 per million exposure hours, and there were no work-related fatalities.',
      community:
        'We sponsored libraries and sports facilities at eight rural primary schools, organised blood donation drives in Shanghai, Dalian and Xiamen, and transported relief supplies for communities affected by floods and earthquakes.',
      gov: 'The ESG Committee now reviews progress against our climate targets twice a year, and ESG indicators were included in the performance evaluation of senior executives for the first time. We delivered competition law training to all staff working with our alliance and vessel-sharing partners, and upgraded our sanctions screening system to check parties, vessels and ports automatically at booking.',
      outlook: [
        'Report climate-related risks and opportunities with reference to the ISSB standards',
        'Sign long-term supply agreements for green methanol',
        'Achieve a CII rating of C or better for at least 90% of the fleet',
      ],
    },
    zh: {
      chair: [
        '2022年，全球供应链逐步恢复正常。下半年港口拥堵明显缓解，船期准班率回升，运价市场开始回落。海桥集运抓住这一窗口期，全面恢复航线班期的稳定性，并着眼长远加大投入。',
        '9月，公司承诺在2050年实现温室气体净零排放，并提出阶段性目标：到2030年，船队碳强度较2008年降低至少45%，零碳或近零碳燃料占能源消耗的比例不低于10%；到2040年，船队温室气体排放总量较2008年降低80%。为落实上述承诺，公司订造12艘1.6万标准箱甲醇双燃料集装箱船，这是公司历史上规模最大的单笔投资。',
        '我们也为客户提供了采取行动的工具。自3月起，货物碳排放计算器可为每一票订舱提供排放测算，全年已有6400余家客户使用。公司全面完成船舶现有船能效指数（EEXI）和碳强度指标（CII）合规准备，相关规则自2023年1月1日起生效。',
        '航运减碳是一段漫长的航程，任何企业都无法独自完成。我们将携手船厂、燃料供应商、港口、客户以及海洋联盟伙伴，共同推动零排放航运早日实现商业化。',
      ],
      env: '船队碳强度同比下降2.7%，降至每标准箱公里60.4克二氧化碳。为满足EEXI要求，公司为118艘船舶加装主机功率限制装置，并继续在大型船舶上实施螺旋桨、球鼻艏改造和空气润滑等节能措施。随着甲醇双燃料船的订造，可使用替代燃料的船舶运力占在役及在建船队总运力的比例提升至9.6%。全年靠港使用岸电512艘次，主要集中在中国和美国西海岸港口。',
      social: '船员换班恢复正常后，公司将工作重点转向疲劳管理、心理健康和职业发展。船员人均培训42.0小时，新增替代燃料和船舶网络安全等课程。损工事故频率降至每百万工时0.55，全年未发生因工死亡事故。',
      community: '公司资助8所农村小学建设图书室和体育设施，在上海、大连、厦门组织员工无偿献血，并为遭受洪涝和地震灾害的地区运送救灾物资。',
      gov: 'ESG委员会每半年审议一次气候目标完成情况，ESG指标首次纳入高级管理人员绩效考核。公司对所有涉及联盟及舱位共享合作的员工开展反垄断培训，并升级制裁筛查系统，在订舱环节自动筛查相关方、船舶和港口。',
      outlook: ['参照国际可持续准则理事会（ISSB）准则披露气候相关风险与机遇', '签订绿色甲醇长期供应协议', '至少90%的船舶CII评级达到C级及以上'],
    },
  },
  2023: {
    en: {
      chair: [
        'After two exceptional years, the container market returned to more normal conditions in 2023. Freight rates fell sharply and new tonnage entered the market at record levels. In this environment Seabridge focused on service quality, cost discipline and the long-term transformation of its fleet, and grew volumes by 6.8% to 25.13 million TEU.',
        'In July the International Maritime Organization adopted its revised greenhouse gas strategy, which aims for net-zero emissions from international shipping by or around 2050. This is fully in line with the commitment we made in 2022. During the year we ordered further methanol dual-fuel tonnage, including a series of 24,000 TEU vessels, and signed memoranda of understanding on green methanol supply with producers in China. At the end of the year 36 newbuildings were on order.',
        'This is our first sustainability report prepared with reference to the climate disclosure standards of the International Sustainability Standards Board (ISSB). For the first time we describe, using scenario analysis, how physical climate risks and the transition to a low-carbon economy could affect our business, and how we are preparing for the EU Emissions Trading System, which covers shipping from 1 January 2024.',
        'At the end of the year the security situation in the Red Sea deteriorated. The safety of our crews comes first, and we are adjusting our network so that customers can continue to rely on Seabridge.',
      ],
      env: 'Carbon intensity fell by 1.5% to 59.5 g CO₂/TEU-km; longer waiting times at some ports and the phase-in of new vessels limited the improvement. In the first year of the CII scheme, 93% of our vessels were rated C or better, and each vessel below that level has a corrective action plan. Alternative-fuel-ready capacity reached 14.8% of our fleet and orderbook, shore power was used during 904 port calls, and all but a few vessels are now fitted with approved ballast water treatment systems.',
      social:
        'Our lost time injury frequency improved to 0.48 per million exposure hours. We opened a new bridge and engine-room simulator suite in Shanghai, including training for methanol bunkering and fuel handling, and raised average training to 46.2 hours per seafarer. A family day programme and a seafarer welfare fund provided support to crew families in China, the Philippines and Myanmar.',
      community:
        'We funded scholarships for 240 students at maritime universities and vocational colleges, took part in coastal clean-ups in six port cities and supported a marine conservation project for sea turtles in Hainan.',
      gov: 'The Board was expanded to eleven directors, four of whom are independent. The ESG Committee oversaw the first climate scenario analysis, and the Audit Committee reviewed the controls over our emissions data. We ran company-wide cyber security drills, and no material information security incidents occurred during the year.',
      outlook: [
        'Take delivery of our first methanol dual-fuel container ships',
        'Comply fully with the EU Emissions Trading System and prepare for FuelEU Maritime',
        'Reduce carbon intensity by at least 3% in 2024',
      ],
    },
    zh: {
      chair: [
        '经历了两年的特殊时期，2023年集装箱航运市场回归常态。运价大幅回落，新船交付量创历史新高。在此背景下，海桥集运聚焦服务质量、成本管控和船队长远转型，全年完成集装箱运量2513万标准箱，同比增长6.8%。',
        '7月，国际海事组织通过修订后的温室气体减排战略，提出国际航运在2050年前后实现温室气体净零排放，这与公司2022年作出的承诺完全一致。年内，公司继续订造甲醇双燃料船舶，其中包括一批2.4万标准箱级集装箱船，并与国内生产商签署绿色甲醇供应合作备忘录。截至年末，公司手持新造船订单36艘。',
        '本报告是公司首份参照国际可持续准则理事会（ISSB）气候披露准则编制的可持续发展报告。我们首次运用情景分析，阐述了物理气候风险和低碳转型可能对公司业务产生的影响，以及公司为应对自2024年1月1日起覆盖航运业的欧盟碳排放交易体系所做的准备。',
        '年末，红海地区安全形势急剧恶化。船员安全始终是第一位的。我们正在及时调整航线网络，确保客户可以继续信赖海桥集运。',
      ],
      env: '船队碳强度同比下降1.5%，降至每标准箱公里59.5克二氧化碳；部分港口等泊时间延长以及新船磨合期等因素在一定程度上影响了降幅。在CII评级实施的第一年，93%的船舶评级为C级及以上，低于C级的船舶均已制定整改计划。可使用替代燃料的船舶运力占在役及在建船队总运力的14.8%，全年靠港使用岸电904艘次，除个别船舶外均已安装经认可的压载水处理系统。',
      social:
        '损工事故频率降至每百万工时0.48。公司在上海启用新的驾驶台和机舱模拟器训练中心，开设甲醇加注及燃料操作等课程，船员人均培训时长提高到46.2小时。通过“船员家庭日”活动和船员关爱基金，公司为中国、菲律宾和缅甸的船员家庭提供帮扶。',
      community: '公司为航海类高校和职业院校的240名学生提供奖学金，在6个港口城市参与海岸清洁活动，并支持海南海龟保护项目。',
      gov: '董事会成员增至11名，其中独立董事4名。ESG委员会指导完成公司首次气候情景分析，审计委员会对排放数据相关内部控制进行了审阅。公司组织全员网络安全演练，全年未发生重大信息安全事件。',
      outlook: ['接收首批甲醇双燃料集装箱船', '全面履行欧盟碳排放交易体系义务，做好《欧盟海运燃料条例》实施准备', '2024年船队碳强度下降不少于3%'],
    },
  },
  2024: {
    en: {
      chair: [
        'The Red Sea crisis defined the shipping year. From January we rerouted our Asia–Europe and Mediterranean services around the Cape of Good Hope, adding vessels and capacity so that customers could keep their weekly sailings. The detour adds up to two weeks to a round voyage, and I am grateful to our crews and operations teams who made this complex change work safely. Volumes grew by 5.4% to 26.49 million TEU.',
        'In March we named Seabridge Verdant, our first methanol dual-fuel container ship, in Shanghai, and by the end of the year seven of the twelve 16,000 TEU ships ordered in 2022 were in service. Several of them bunkered green methanol in Shanghai. Together with retrofits and better voyage planning, this helped us reduce the operational carbon intensity of our fleet by 4.2% compared with 2023, to 57.0 g CO₂/TEU-km.',
        'Because of the longer routes, our total emissions rose. This is a reminder that efficiency alone is not enough: the transition to zero- and near-zero-emission fuels must accelerate. In 2024 shipping entered the EU Emissions Trading System, and FuelEU Maritime applies from 2025. We handle both in a transparent way and pass on the related costs using published methods.',
        'Our fleet reached 542 vessels and 3.17 million TEU at the end of the year. We remain committed to net-zero emissions by 2050, and to being a reliable partner for our customers in a more uncertain world.',
      ],
      env: 'Carbon intensity improved by 4.2% to 57.0 g CO₂/TEU-km, 40.9% below our 2008 baseline. Absolute tank-to-wake emissions rose to 30.6 million tonnes of CO₂e, mainly because of the longer Cape of Good Hope routings. Alternative-fuel-ready vessels reached 19.5% of the capacity of our fleet and orderbook, shore power was used during 1,368 port calls, and every vessel is now fitted with an approved ballast water treatment system. We surrendered EU allowances covering 40% of our reportable 2024 emissions, as required for the first year of the scheme.',
      social:
        'No Seabridge vessel transited the high-risk area of the southern Red Sea after the rerouting decision, and every crew received security briefings and additional support during the longer voyages. Our lost time injury frequency fell to 0.41 per million exposure hours. Training rose to 51.4 hours per seafarer, and more than 1,100 officers completed methanol safety and bunkering courses.',
      community:
        'Our rural revitalisation work connected farming cooperatives in Yunnan, Guangxi and Hainan with reefer logistics to domestic and overseas markets. We also supported a village clinic programme and donated RMB 26.5 million in total.',
      gov: 'Women now hold three of the eleven seats on the Board. We updated our Compliance Guidelines and our Sanctions and Export Control Compliance Terms, and 99.6% of employees completed annual compliance training. We received 34 reports through our whistleblowing channels; all were investigated and closed, and corrective action was taken where concerns were substantiated.',
      outlook: [
        'Take delivery of the remaining methanol dual-fuel vessels of the 2022 order',
        'Comply with FuelEU Maritime from 1 January 2025',
        'Develop green shipping corridors with port and fuel partners',
      ],
    },
    zh: {
      chair: [
        '红海危机成为2024年航运业的主线。自1月起，公司将亚欧及地中海航线改道绕行好望角，并增投船舶和运力，确保客户的每周班期不受影响。绕航使单个往返航次延长最多两周，感谢全体船员和运营团队安全、有序地完成了这一复杂调整。全年完成集装箱运量2649万标准箱，同比增长5.4%。',
        '3月，公司首艘甲醇双燃料集装箱船“海桥翠屿”轮在上海命名交付。截至年末，2022年订造的12艘1.6万标准箱甲醇双燃料船中已有7艘投入运营，其中多艘在上海港加注了绿色甲醇。加上节能改造和航次优化等措施，船队运营碳强度较2023年下降4.2%，降至每标准箱公里57.0克二氧化碳。',
        '由于航程延长，公司温室气体排放总量有所上升。这提醒我们，仅靠提升能效远远不够，必须加快向零碳和近零碳燃料转型。2024年起，航运业被纳入欧盟碳排放交易体系；《欧盟海运燃料条例》将于2025年起实施。公司以公开透明的方式履行相关义务，并按照公开的计算方法收取相关费用。',
        '截至年末，公司经营船舶542艘，总运力317万标准箱。我们将坚定履行2050年净零排放承诺，在更加不确定的世界中做客户值得信赖的合作伙伴。',
      ],
      env: '船队碳强度同比下降4.2%，降至每标准箱公里57.0克二氧化碳，较2008年基准降低40.9%。受绕航好望角影响，“油箱到航迹”温室气体排放总量增至3060万吨二氧化碳当量。可使用替代燃料的船舶运力占在役及在建船队总运力的19.5%，全年靠港使用岸电1368艘次，所有船舶均已安装经认可的压载水处理系统。按照该体系首年要求，公司已就2024年应申报排放量的40%清缴欧盟碳排放配额。',
      social:
        '自作出绕航决定后，公司船舶均未进入红海南部高风险海域；公司为所有船员开展安保培训，并在航程延长期间提供额外保障。损工事故频率降至每百万工时0.41。船员人均培训时长增至51.4小时，1100余名高级船员完成甲醇安全操作及加注培训。',
      community: '公司通过乡村振兴帮扶工作，以冷链物流连接云南、广西、海南的农业合作社与国内外市场，并支持乡村卫生室建设项目，全年对外捐赠合计2650万元。',
      gov: '董事会11名成员中女性董事增至3名。公司修订《合规管理指引》和《制裁与出口管制合规条款》，99.6%的员工完成年度合规培训。全年通过举报渠道收到举报34件，均已完成调查并办结，对查实问题及时整改。',
      outlook: ['接收2022年订单中剩余的甲醇双燃料船舶', '自2025年1月1日起全面落实《欧盟海运燃料条例》', '携手港口和燃料合作伙伴建设绿色航运走廊'],
    },
  },
};

const L = {
  en: {
    title: (y) => `${y} Sustainability Report`,
    sub: `${CO.en} · Shanghai`,
    kpi: [
      ['ci', 'g CO₂ per TEU-km', 'carbon intensity'],
      ['afr', '%', 'alternative-fuel-ready capacity'],
      ['train', 'hours', 'training per seafarer'],
      ['ltif', 'LTIF', 'lost time injury frequency'],
    ],
    chairH: 'Message from the Chairman',
    chairSig: 'Zhou Hanming',
    chairRole: 'Chairman of the Board',
    aboutH: 'About this report',
    about: (y) =>
      `This report covers ${CO.en} and its subsidiaries (“Seabridge”, “the company” or “we”) for the year from 1 January to 31 December ${y}. It has been prepared with reference to the GRI Standards, the SASB Marine Transportation Standard and the Environmental, Social and Governance Reporting Guide of The Stock Exchange of Hong Kong${y >= 2023 ? ', and, for climate-related disclosures, IFRS S2 Climate-related Disclosures issued by the International Sustainability Standards Board' : ''}. Emissions are calculated from the fuel consumption reported under the IMO Data Collection System${y >= 2024 ? ', the EU MRV Regulation and the EU Emissions Trading System' : ' and the EU MRV Regulation'}. Fleet and volume data are operating statistics.`,
    glanceH: (y) => `${y} at a glance`,
    glance: (d) => [
      ['Container vessels in operation', d.vessels.toLocaleString('en-US')],
      ['Fleet capacity (TEU)', d.teu.toLocaleString('en-US')],
      ['Container volume (thousand TEU)', d.vol.toLocaleString('en-US')],
      ['Seafarers employed or managed', d.seafarers.toLocaleString('en-US')],
    ],
    envH: 'Environment: decarbonising our fleet',
    socH: 'Social: our seafarers, people and communities',
    govH: 'Governance: integrity and oversight',
    outH: (y) => `Priorities for ${y + 1}`,
    th: ['Indicator', 'Unit', null, null, 'Change'],
    env: [
      ['Operational carbon intensity', 'g CO₂/TEU-km', 'ci', 1],
      ['Alternative-fuel-ready capacity (fleet and orderbook)', '%', 'afr', 1],
      ['Greenhouse gas emissions, tank-to-wake', 'million t CO₂e', 'ghg', 1],
      ['Port calls using shore power', 'calls', 'shore', 0],
      ['Vessels with ballast water treatment', '%', 'bwts', 0],
    ],
    soc: [
      ['Lost time injury frequency (LTIF)', 'per million hours', 'ltif', 2],
      ['Work-related fatalities', 'number', 'fatal', 0],
      ['Training per seafarer', 'hours', 'train', 1],
      ['Women in shore-based workforce', '%', 'women', 1],
      ['Women in management positions', '%', 'womenMgmt', 1],
      ['Community investment', 'RMB million', 'community', 1],
      ['Employee volunteer hours', 'hours', 'volunteer', 0],
    ],
    gov: [
      ['Compliance training completion', '%', 'ctrain', 1],
      ['Whistleblowing reports received and closed', 'number', 'reports', 0],
    ],
    board: (b) => `At the end of the year the Board had ${b.n} directors, of whom ${b.ind} were independent non-executive directors and ${b.women} ${b.women === 1 ? 'was a woman' : 'were women'}.`,
    ciNote: `Carbon intensity is tank-to-wake CO₂ per TEU-kilometre of nominal capacity deployed. 2008 baseline: ${BASE_2008_CI} g CO₂/TEU-km; 2030 target: at least 45% below the baseline.`,
    footer: (y) => `Seabridge Container Lines · ${y} Sustainability Report`,
    contact: 'Questions and feedback on this report: sustainability@seabridgelines.com',
  },
  zh: {
    title: (y) => `${y}年可持续发展报告`,
    sub: `${CO.zh} · 上海`,
    kpi: [
      ['ci', '克二氧化碳/标准箱公里', '船队碳强度'],
      ['afr', '%', '可使用替代燃料的运力占比'],
      ['train', '小时', '船员人均培训'],
      ['ltif', 'LTIF', '损工事故频率'],
    ],
    chairH: '董事长致辞',
    chairSig: '周瀚明',
    chairRole: '董事长',
    aboutH: '关于本报告',
    about: (y) =>
      `本报告涵盖${CO.zh}及其下属公司（以下简称“海桥集运”“公司”或“我们”），报告期为${y}年1月1日至12月31日。本报告参照全球报告倡议组织（GRI）标准、可持续发展会计准则委员会（SASB）海运业准则及香港联合交易所《环境、社会及管治报告指引》编制${y >= 2023 ? '，气候相关信息参照国际可持续准则理事会（ISSB）发布的《国际财务报告可持续披露准则第2号——气候相关披露》（IFRS S2）披露' : ''}。排放数据依据国际海事组织燃油消耗数据收集系统（IMO DCS）${y >= 2024 ? '、欧盟MRV法规及欧盟碳排放交易体系' : '及欧盟MRV法规'}申报的燃油消耗量计算，船队及运量数据为公司经营统计数据。`,
    glanceH: (y) => `${y}年概览`,
    glance: (d) => [
      ['经营集装箱船舶（艘）', d.vessels.toLocaleString('en-US')],
      ['船队运力（标准箱）', d.teu.toLocaleString('en-US')],
      ['集装箱运量（千标准箱）', d.vol.toLocaleString('en-US')],
      ['自有及管理船员（人）', d.seafarers.toLocaleString('en-US')],
    ],
    envH: '环境：推动船队低碳转型',
    socH: '社会：船员、员工与社区',
    govH: '治理：诚信经营与有效监督',
    outH: (y) => `${y + 1}年重点工作`,
    th: ['指标', '单位', null, null, '变动'],
    env: [
      ['船队运营碳强度', '克二氧化碳/标准箱公里', 'ci', 1],
      ['可使用替代燃料的运力占比（在役及在建）', '%', 'afr', 1],
      ['温室气体排放总量（油箱到航迹）', '百万吨二氧化碳当量', 'ghg', 1],
      ['靠港使用岸电', '艘次', 'shore', 0],
      ['安装压载水处理系统的船舶占比', '%', 'bwts', 0],
    ],
    soc: [
      ['损工事故频率（LTIF）', '次/百万工时', 'ltif', 2],
      ['因工死亡人数', '人', 'fatal', 0],
      ['船员人均培训时长', '小时', 'train', 1],
      ['岸基员工中女性占比', '%', 'women', 1],
      ['管理岗位中女性占比', '%', 'womenMgmt', 1],
      ['社会公益投入', '百万元人民币', 'community', 1],
      ['员工志愿服务时长', '小时', 'volunteer', 0],
    ],
    gov: [
      ['年度合规培训完成率', '%', 'ctrain', 1],
      ['收到并办结的举报', '件', 'reports', 0],
    ],
    board: (b) => `截至年末，董事会共有董事${b.n}名，其中独立非执行董事${b.ind}名，女性董事${b.women}名。`,
    ciNote: `船队碳强度按“油箱到航迹”口径计算，即每标准箱公里（按投入运营的额定运力计）的二氧化碳排放量。2008年基准值为每标准箱公里${BASE_2008_CI}克二氧化碳；2030年目标为较基准降低至少45%。`,
    footer: (y) => `海桥集运 · ${y}年可持续发展报告`,
    contact: '如对本报告有任何意见或建议，请联系：sustainability@seabridgelines.com',
  },
};

function metricTable(rows, y, t) {
  const a = DATA[y - 1],
    b = DATA[y];
  const body = rows
    .map(([label, unit, key, dec]) => {
      const change = key === 'fatal' ? '–' : pct(a[key], b[key]);
      return `<tr><td>${label}</td><td>${unit}</td><td class="num">${fmt(a[key], dec)}</td><td class="num"><b>${fmt(b[key], dec)}</b></td><td class="num">${change}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>${t.th[0]}</th><th>${t.th[1]}</th><th class="num">${y - 1}</th><th class="num">${y}</th><th class="num">${t.th[4]}</th></tr></thead><tbody>${body}</tbody></table>`;
}

const YEAR_COLOURS = { 2021: ['#13a89e', '#0a5f63'], 2022: ['#1363df', '#0a2f6e'], 2023: ['#0b2545', '#1d4e89'], 2024: ['#f28c28', '#b4481c'] };

function reportHtml(y, lang) {
  const t = L[lang],
    x = TEXT[y][lang],
    d = DATA[y];
  const [c1, c2] = YEAR_COLOURS[y];
  const css = `
    .cover { background: linear-gradient(120deg, ${c1}, ${c2}); color: #fff; border-radius: 6pt; padding: 14pt 18pt 16pt; margin-bottom: 12pt; }
    .cover .brand .wm { color: #fff; } .cover .brand .wm small { color: #d8f0ec; }
    .cover h1 { color: #fff; font-size: 26pt; margin: 16pt 0 3pt; }
    .cover .sub { opacity: .85; font-size: 9.5pt; }
    .kpis { display: flex; gap: 8pt; margin-top: 14pt; }
    .kpi { flex: 1; background: rgba(255,255,255,.14); border-radius: 4pt; padding: 7pt 8pt; }
    .kpi b { display: block; font-size: 17pt; line-height: 1.1; }
    .kpi span { font-size: 7.6pt; opacity: .9; display: block; line-height: 1.3; }
    .glance td:last-child { text-align: right; font-weight: 700; color: ${NAVY}; }
    ${lang === 'zh' ? 'p { text-indent: 2em; } .box p, .note, .sig { text-indent: 0; }' : ''}
  `;
  const kpis = t.kpi.map(([k, unit, label]) => `<div class="kpi"><b>${fmt(d[k], k === 'ltif' ? 2 : 1)}</b><span>${label}<br>${unit}</span></div>`).join('');
  const body = `
    <div class="cover">
      <div class="brand">${MARK(30)}<div class="wm">SEABRIDGE<small>CONTAINER LINES</small></div></div>
      <h1>${t.title(y)}</h1><div class="sub">${t.sub}</div>
      <div class="kpis">${kpis}</div>
    </div>
    <h2>${t.chairH}</h2>
    ${x.chair.map((p) => `<p>${p}</p>`).join('')}
    <p class="sig">${lang === 'zh' ? `${t.chairRole}　${t.chairSig}` : `${t.chairSig}<br><span style="font-weight:400">${t.chairRole}</span>`}</p>
    <h2>${t.aboutH}</h2>
    <p>${t.about(y)}</p>
    <h3>${t.glanceH(y)}</h3>
    <table class="glance"><tbody>${t
      .glance(d)
      .map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`)
      .join('')}</tbody></table>
    <h2>${t.envH}</h2>
    <p>${x.env}</p>
    ${metricTable(t.env, y, t)}
    <p class="note">${t.ciNote}</p>
    <h2>${t.socH}</h2>
    <p>${x.social}</p>
    ${metricTable(t.soc, y, t)}
    <p>${x.community}</p>
    <h2>${t.govH}</h2>
    <p>${x.gov} ${t.board(BOARD[y])}</p>
    ${metricTable(t.gov, y, t)}
    <div class="box keep"><h3 style="margin-top:0">${t.outH(y)}</h3><ul>${x.outlook.map((o) => `<li>${o}</li>`).join('')}</ul><p class="note" style="margin:0">${t.contact}</p></div>
  `;
  return doc({ lang, title: `${t.title(y)} — ${lang === 'zh' ? CO.zh : CO.en}`, css, body });
}

// ---------------------------------------------------------------------------
// Compliance Guidelines (English and Chinese editions)
// ---------------------------------------------------------------------------
const GUIDE = {
  en: {
    title: 'Compliance Guidelines',
    sub: 'Standards of conduct for employees, agents and business partners',
    meta: 'Issued by the Legal and Compliance Department · Approved by the Board of Directors on 26 November 2024 · Effective 1 January 2025',
    sections: [
      [
        '1. Purpose and scope',
        [
          'These Guidelines set out the standards of conduct that Seabridge Container Lines Co., Ltd. and its subsidiaries (“Seabridge”) expect from every director, officer and employee, at sea and ashore. Our agents, contractors, suppliers and other business partners are expected to follow the same standards when they act for us or with us.',
          'The Guidelines summarise our key compliance policies. Where local law is stricter, local law applies. If you are unsure what to do, ask your manager or the Legal and Compliance Department before you act.',
        ],
      ],
      [
        '2. Our principles',
        [
          '<ul><li><b>Lawful:</b> we comply with the laws and regulations of every country and region in which we do business.</li><li><b>Honest:</b> we win business on the quality, reliability and price of our services, never through improper means.</li><li><b>Accountable:</b> business units own their compliance risks; the Legal and Compliance Department advises and monitors; Internal Audit provides independent assurance to the Board.</li><li><b>Preventive:</b> we assess risks, train our people and check our partners before problems arise.</li><li><b>Open:</b> we encourage everyone to raise concerns, and we protect those who do.</li></ul>',
        ],
      ],
      [
        '3. Anti-bribery and anti-corruption',
        [
          'We do not tolerate bribery or corruption in any form. No one may offer, promise, give, request or accept money, gifts, hospitality or any other advantage in order to obtain or keep business or to influence a decision improperly. This applies equally to public officials — including customs, port and maritime authorities — and to employees of private companies.',
          'Facilitation payments, such as small payments to speed up vessel clearance or cargo release, are prohibited, even where they are customary. If a payment is demanded under threat to the safety of a person or a vessel, pay only what is necessary to remove the threat and report it to the Legal and Compliance Department within 24 hours.',
          'Gifts and hospitality must be modest, infrequent and openly given. Cash and cash equivalents are never acceptable. Any gift or hospitality with a value above RMB 500 (or the local equivalent) must be declared and registered, and anything offered to a public official requires prior approval. Agents and intermediaries are selected only after due diligence, are paid only for legitimate services at market rates, and must accept anti-bribery clauses in their contracts.',
        ],
      ],
      [
        '4. Fair competition',
        [
          'We compete fairly and comply with competition and antitrust laws. Our cooperation with partners in the Ocean Alliance and in vessel-sharing agreements is limited to the operational matters permitted by law, such as the joint deployment of vessels and the exchange of slots.',
          'Never agree on, or exchange information about, freight rates, surcharges, customers, bids or commercial capacity plans with competitors. If such a topic is raised in a meeting, including a trade association meeting, object, leave the meeting, make sure your objection is recorded and inform the Legal and Compliance Department.',
        ],
      ],
      [
        '5. Sanctions and export controls',
        [
          'We comply with the economic sanctions and export control laws that apply to our business. Bookings are screened against applicable sanctions lists, and cargo descriptions, commodity codes, vessels, ports and routes are checked for restrictions. Never try to get around screening, for example by splitting shipments, changing party names or misdescribing cargo. Escalate red flags — unusual routings, reluctance to name the end user, or requests to change the consignee after loading — to the compliance team. Our Sanctions and Export Control Compliance Terms form part of every contract of carriage.',
        ],
      ],
      [
        '6. Data protection and information security',
        [
          'We collect and use personal information only for clear and lawful purposes and only as much as we need, in line with the Personal Information Protection Law of the People\u2019s Republic of China, the EU General Data Protection Regulation and other applicable laws. Cross-border transfers follow the required security assessments or standard contracts. Customer and commercial information is confidential. Report any suspected data breach or cyber incident immediately, and in any case within 24 hours, to the Information Security team and to privacy@seabridgelines.com.',
        ],
      ],
      [
        '7. Conflicts of interest',
        [
          'Avoid situations in which your personal interests could conflict with those of Seabridge, such as financial interests in a supplier or customer, outside positions, or doing business with relatives. Declare any actual or potential conflict in writing to your manager and to Human Resources, and do not take part in decisions affected by it.',
        ],
      ],
      [
        '8. Accurate records and anti-money laundering',
        [
          'All transactions must be recorded accurately and completely in our books. Payments are made only to the contracting party and to an account in its own name; requests to pay a third party or to change bank details must be verified independently before any payment is made. Report any transaction that appears to have no legitimate business purpose.',
        ],
      ],
      [
        '9. Raising concerns',
        [
          'If you suspect a breach of law or of these Guidelines, speak up. You can report it to your manager, to the Legal and Compliance Department, or — by name or anonymously — by e-mail to <b>compliance@seabridgelines.com</b>. Reports can also be sent by post, marked “Confidential”, to the Legal and Compliance Department, Seabridge Tower, 1688 Haiqiao Road, Pudong New Area, Shanghai 200135, China.',
          'Every report is assessed promptly and investigated independently. The identity of the person reporting is kept confidential. We do not tolerate retaliation against anyone who raises a concern in good faith; retaliation is itself a serious breach of these Guidelines.',
        ],
      ],
      [
        '10. Responsibilities and consequences',
        [
          'Managers must lead by example, make sure their teams complete annual compliance training and act on concerns that are raised. Breaches of these Guidelines may lead to disciplinary action up to and including dismissal, to the termination of contracts with business partners and, where required, to reporting to the competent authorities.',
        ],
      ],
    ],
    footer: 'Seabridge Container Lines · Compliance Guidelines (2025 edition)',
  },
  zh: {
    title: '合规管理指引',
    sub: '员工、代理及业务合作方行为准则',
    meta: '法律合规部发布 · 2024年11月26日经董事会审议通过 · 自2025年1月1日起施行',
    sections: [
      [
        '一、目的和适用范围',
        [
          '本指引明确了海桥集装箱运输有限公司及其下属公司（以下简称“海桥集运”）对全体董事、高级管理人员以及海上和岸基员工的行为要求。代理、承包商、供应商及其他业务合作方代表公司或与公司开展业务时，应遵守相同的标准。',
          '本指引概述了公司主要合规制度。当地法律要求更为严格的，从其规定。如对具体事项的处理存在疑问，请在采取行动前咨询直属上级或法律合规部。',
        ],
      ],
      [
        '二、合规原则',
        [
          '<ul><li><b>依法合规：</b>严格遵守业务所在国家和地区的法律法规。</li><li><b>诚信经营：</b>依靠服务质量、可靠性和价格赢得客户，绝不采取不正当手段。</li><li><b>权责清晰：</b>业务部门是合规风险管理的第一责任主体，法律合规部负责指导和监督，内部审计部门向董事会提供独立保证。</li><li><b>预防为主：</b>事前开展风险评估、员工培训和合作方审查，防患于未然。</li><li><b>鼓励举报：</b>鼓励每一位员工反映问题，并依法保护举报人。</li></ul>',
        ],
      ],
      [
        '三、反商业贿赂与反腐败',
        [
          '公司对任何形式的商业贿赂和腐败行为“零容忍”。任何人不得为获取或保持业务、不当影响决策而提供、承诺、给予、索取或收受金钱、礼品、招待或其他任何利益。上述要求同样适用于海关、港口、海事等公职人员以及私营企业的员工。',
          '禁止支付“疏通费”，例如为加快船舶通关或货物放行而支付的小额款项，即使当地存在此类惯例亦不例外。如因人身或船舶安全受到威胁而被迫付款，仅可支付解除威胁所必需的金额，并须在24小时内向法律合规部报告。',
          '礼品和招待应当适度、偶发且公开透明，严禁收受或赠送现金及现金等价物。价值超过人民币500元（或等值当地货币）的礼品或招待须申报登记；向公职人员提供任何礼品或招待须事先审批。代理和中间商须经尽职调查后方可选用，仅可就合法服务按市场价格支付报酬，且须在合同中接受反商业贿赂条款。',
        ],
      ],
      [
        '四、公平竞争',
        [
          '公司坚持公平竞争，严格遵守反垄断和竞争法律。公司与海洋联盟及舱位共享协议合作方之间的合作，仅限于法律允许的运营事项，例如联合部署船舶和舱位互换。',
          '严禁与竞争对手约定或交换运价、附加费、客户、投标及商业运力计划等信息。如在会议（包括行业协会会议）中出现此类话题，应当明确表示反对并离开会议，确保反对意见记录在案，并及时告知法律合规部。',
        ],
      ],
      [
        '五、制裁与出口管制',
        [
          '公司严格遵守适用于公司业务的经济制裁和出口管制法律，对订舱相关方开展制裁名单筛查，并核查货物品名、商品编码以及所涉船舶、港口和航线是否受到限制。严禁以拆分订舱、变更相关方名称或虚报货物品名等方式规避筛查。如发现航线异常、不愿披露最终用户、装船后要求变更收货人等风险信号，应当及时上报合规团队。《制裁与出口管制合规条款》构成公司每一份运输合同的组成部分。',
        ],
      ],
      [
        '六、数据保护与信息安全',
        [
          '公司依照《中华人民共和国个人信息保护法》、欧盟《通用数据保护条例》及其他适用法律，仅为明确、合法的目的，在最小必要范围内收集和使用个人信息；数据出境须按要求通过安全评估或签订标准合同。客户信息和商业信息均属保密信息。如发现疑似数据泄露或网络安全事件，应当立即（最迟在24小时内）向信息安全团队及privacy@seabridgelines.com报告。',
        ],
      ],
      [
        '七、利益冲突',
        [
          '员工应当避免个人利益与公司利益发生冲突，例如在供应商或客户处持有经济利益、在外兼职，或与亲属发生业务往来等。存在实际或潜在利益冲突的，应当以书面形式向直属上级和人力资源部门申报，并回避相关决策。',
        ],
      ],
      [
        '八、如实记账与反洗钱',
        ['所有交易均须准确、完整地记入公司账簿。款项只能支付给合同相对方本人名下的账户；要求向第三方付款或变更收款账户的，须经独立核实后方可付款。发现没有合理商业目的的可疑交易，应当及时报告。'],
      ],
      [
        '九、问题举报',
        [
          '如怀疑存在违反法律法规或本指引的行为，请及时反映。您可以向直属上级或法律合规部报告，也可以实名或匿名发送电子邮件至<b>compliance@seabridgelines.com</b>，或将注明“保密”字样的信函寄至：上海市浦东新区海桥路1688号海桥大厦 法律合规部（邮编200135）。',
          '公司对每一项举报及时评估、独立调查，并对举报人身份严格保密。公司严禁对善意举报人进行任何形式的打击报复，打击报复行为本身即属于严重违反本指引的行为。',
        ],
      ],
      [
        '十、职责与违规后果',
        [
          '各级管理人员应当以身作则，确保所在团队按时完成年度合规培训，并认真处理员工反映的问题。违反本指引的，公司将视情节给予纪律处分直至解除劳动合同，对业务合作方可解除合同；依法应当报告的，将移送有关主管部门处理。',
        ],
      ],
    ],
    footer: '海桥集运 · 合规管理指引（2025年版）',
  },
};

function guidelinesHtml(lang) {
  const g = GUIDE[lang];
  const css = `
    body { font-size: 9.4pt; line-height: 1.5; }
    .head { border-bottom: 3px solid ${NAVY}; padding-bottom: 8pt; margin-bottom: 4pt; }
    .head h1 { font-size: 22pt; margin-top: 12pt; } .head .sub { color: ${TEAL}; font-weight: 700; margin-top: 2pt; }
    .meta { font-size: 8pt; color: #5b6c8f; margin-top: 4pt; }
    h2 { font-size: 11.5pt; margin: 10pt 0 4pt; border-bottom-width: 1px; }
    ${lang === 'zh' ? 'p { text-indent: 2em; }' : ''}
  `;
  const body = `<div class="head"><div class="brand">${MARK(30)}<div class="wm">SEABRIDGE<small>CONTAINER LINES</small></div></div><h1>${g.title}</h1><div class="sub">${g.sub}</div><div class="meta">${g.meta}</div></div>
    ${g.sections.map(([h, ps]) => `<h2>${h}</h2>${ps.map((p) => (p.startsWith('<ul') ? p : `<p>${p}</p>`)).join('')}`).join('')}`;
  return doc({ lang, title: `${g.title} — ${lang === 'zh' ? CO.zh : CO.en}`, css, body });
}

// ---------------------------------------------------------------------------
// Sanctions and Export Control Compliance Terms (one bilingual file)
// ---------------------------------------------------------------------------
const TERMS_EN = [
  [
    '1. Definitions',
    [
      '“Carrier” means Seabridge Container Lines Co., Ltd. and its subsidiaries, agents and sub-contractors. “Merchant” has the meaning given in the Carrier\u2019s bill of lading and includes the shipper, consignee, holder of the bill of lading, receiver and owner of the goods, and any person acting on their behalf. “Sanctions and Export Control Laws” means all economic or financial sanctions, trade embargoes and export, re-export or transfer control laws and regulations applicable to the Carrier, the Merchant, the goods, the vessel or the carriage, including resolutions of the United Nations Security Council. “Sanctioned Party” means any person or entity that is designated on, or owned or controlled by persons designated on, any list maintained under Sanctions and Export Control Laws.',
    ],
  ],
  [
    '2. Application',
    [
      'These Terms are incorporated into and form part of every booking confirmation, bill of lading, sea waybill, service contract and other contract of carriage issued or concluded by the Carrier. If they conflict with any other term of the contract of carriage, these Terms prevail.',
    ],
  ],
  [
    '3. Screening and information',
    [
      'The Carrier screens the parties to each shipment, the goods, their commodity codes and stated end use, and the vessels, ports, places and routes involved. The Merchant shall provide, on booking and whenever requested, the full names and addresses of all parties to the shipment, an accurate description of the goods with a Harmonized System code of at least six digits, copies of any licences or permits required, and information on the end use and end user of the goods. The Carrier may share such information with competent authorities, alliance and slot partners, terminals, banks and insurers to the extent necessary and permitted by applicable law.',
    ],
  ],
  [
    '4. Prohibited cargo and parties',
    [
      'The Merchant shall not tender for carriage any goods (a) that are owned or controlled by, or shipped for the benefit of, a Sanctioned Party, or where any Sanctioned Party is a party to the shipment; (b) whose carriage, supply or financing to, from or through any country, territory or region is prohibited by Sanctions and Export Control Laws; (c) that are arms, military items, dual-use items or other controlled goods, unless every required licence has been obtained and declared to the Carrier; or (d) whose carriage would otherwise expose the Carrier to penalties or restrictive measures under Sanctions and Export Control Laws.',
    ],
  ],
  [
    '5. Carrier\u2019s right to refuse or terminate carriage',
    [
      'If the Carrier considers, acting reasonably, that the carriage of the goods does or may breach Sanctions and Export Control Laws or expose the Carrier, the vessel or its partners to sanctions risk, the Carrier may at any time and without liability: refuse or cancel the booking; refuse to load, or suspend the carriage of, the goods; hold the goods, or discharge them at any port or place the Carrier considers safe and convenient; return the goods to the port of loading; and/or deliver the goods to, or act on the instructions of, any competent authority. Carriage ended under this clause is deemed to have been duly performed. Freight is fully earned, and all additional costs, including storage, demurrage, detention, handling and return freight, are for the Merchant\u2019s account.',
    ],
  ],
  [
    '6. Merchant\u2019s warranties',
    [
      'The Merchant warrants that (a) it complies, and the shipment complies, with all Sanctions and Export Control Laws; (b) no party to the shipment is a Sanctioned Party; (c) all information provided to the Carrier is true, complete and accurate; (d) the goods will not be transshipped, re-exported or diverted in breach of Sanctions and Export Control Laws; and (e) it will inform the Carrier immediately of any change that may affect these warranties.',
    ],
  ],
  [
    '7. Indemnity',
    [
      'The Merchant shall be jointly and severally liable for, and shall indemnify and hold the Carrier harmless against, all losses, damages, fines, penalties, costs (including legal costs) and claims of any kind, including claims by other cargo interests, arising from any breach of these Terms or from the carriage of goods in breach of Sanctions and Export Control Laws.',
    ],
  ],
  [
    '8. General',
    [
      'Nothing in these Terms requires the Carrier or the Merchant to act in a manner inconsistent with the laws applicable to it. These Terms are governed by the law and jurisdiction clause of the relevant contract of carriage. Questions about these Terms may be sent to compliance@seabridgelines.com.',
    ],
  ],
];
const TERMS_ZH = [
  [
    '一、定义',
    [
      '“承运人”指海桥集装箱运输有限公司及其下属公司、代理人和分包人。“货方”具有承运人提单中所规定的含义，包括托运人、收货人、提单持有人、收货方、货物所有人以及代表上述各方行事的任何人。“制裁与出口管制法律”指适用于承运人、货方、货物、船舶或运输的一切经济或金融制裁、贸易禁运以及出口、再出口或转让管制法律法规，包括联合国安全理事会相关决议。“被制裁方”指被列入依据制裁与出口管制法律所设任何名单的个人或实体，或由被列名方拥有或控制的个人或实体。',
    ],
  ],
  ['二、适用', ['本条款纳入并构成承运人签发或订立的每一份订舱确认书、提单、海运单、服务合同及其他运输合同的组成部分。本条款与运输合同其他条款不一致的，以本条款为准。']],
  [
    '三、筛查与信息提供',
    [
      '承运人对每票货物所涉相关方、货物及其商品编码和申报用途，以及所涉船舶、港口、地点和航线进行筛查。货方应当在订舱时及承运人要求时，提供货物运输所有相关方的完整名称和地址、准确的货物品名及至少六位的协调制度（HS）编码、所需的许可证或批准文件副本，以及货物最终用途和最终用户信息。在必要且适用法律允许的范围内，承运人可以向主管部门、联盟及舱位合作方、码头、银行和保险人提供上述信息。',
    ],
  ],
  [
    '四、禁运货物及被禁止的相关方',
    [
      '货方不得交运下列货物：（一）由被制裁方拥有或控制、为被制裁方利益运输，或任何被制裁方系该票货物运输相关方的货物；（二）依据制裁与出口管制法律，禁止运往、运自或途经任何国家或地区，或禁止向其供应、为其提供融资的货物；（三）武器、军用物项、两用物项或其他管制物项，但已取得全部所需许可并已向承运人申报的除外；（四）运输后将以其他方式使承运人依据制裁与出口管制法律面临处罚或限制措施的货物。',
    ],
  ],
  [
    '五、承运人拒绝或终止运输的权利',
    [
      '承运人经合理判断，认为货物运输违反或可能违反制裁与出口管制法律，或可能使承运人、船舶或其合作方面临制裁风险的，承运人有权随时采取以下一项或多项措施且不承担任何责任：拒绝或取消订舱；拒绝装船或中止运输；扣留货物，或在承运人认为安全、便利的任何港口或地点卸货；将货物运回装货港；向任何主管部门交付货物或按其指示处理。依本条终止的运输视为已经适当履行，运费视为已全部赚取，由此产生的仓储费、滞期费、滞箱费、装卸费及回运运费等一切额外费用均由货方承担。',
    ],
  ],
  [
    '六、货方保证',
    [
      '货方保证：（一）货方本身及该票货物运输均遵守全部制裁与出口管制法律；（二）货物运输的任何相关方均非被制裁方；（三）向承运人提供的全部信息真实、完整、准确；（四）货物不会以违反制裁与出口管制法律的方式转运、再出口或改变目的地；（五）如发生可能影响上述保证的任何变化，将立即通知承运人。',
    ],
  ],
  [
    '七、赔偿',
    [
      '因违反本条款或违反制裁与出口管制法律运输货物而产生的一切损失、损害、罚款、处罚、费用（包括律师费）及任何索赔（包括其他货方提出的索赔），由货方承担连带责任，并负责赔偿承运人，使承运人免受损害。',
    ],
  ],
  ['八、其他', ['本条款的任何内容均不要求承运人或货方以违反其所适用法律的方式行事。本条款适用相关运输合同中的法律适用和管辖条款。如对本条款有任何疑问，请发送邮件至compliance@seabridgelines.com。']],
];

function termsHtml() {
  const css = `
    body { font-size: 9.2pt; line-height: 1.5; }
    .head { border-bottom: 3px solid ${NAVY}; padding-bottom: 8pt; margin-bottom: 4pt; }
    .head h1 { font-size: 18pt; margin-top: 12pt; } .head .zh { font-family: ${ZH_FONT}; font-size: 15pt; color: ${NAVY}; font-weight: 700; margin-top: 2pt; }
    .meta { font-size: 8pt; color: #5b6c8f; margin-top: 4pt; }
    h2 { font-size: 10.5pt; margin: 9pt 0 3pt; border-bottom-width: 1px; }
    .part { font-size: 9pt; font-weight: 700; color: #fff; background: ${NAVY}; padding: 3pt 8pt; margin: 12pt 0 2pt; display: inline-block; border-radius: 2pt; }
    .zhpart { font-family: ${ZH_FONT}; break-before: page; }
    .zhpart p { text-indent: 2em; }
  `;
  const sec = (arr) => arr.map(([h, ps]) => `<h2>${h}</h2>${ps.map((p) => `<p>${p}</p>`).join('')}`).join('');
  const body = `<div class="head"><div class="brand">${MARK(30)}<div class="wm">SEABRIDGE<small>CONTAINER LINES</small></div></div>
      <h1>Sanctions and Export Control Compliance Terms</h1><div class="zh">制裁与出口管制合规条款</div>
      <div class="meta">${CO.en} · Edition 2024, effective 1 December 2024 · English text followed by Chinese text / 英文文本在前，中文文本在后</div></div>
    <div class="part">English</div>${sec(TERMS_EN)}
    <div class="zhpart"><div class="part">中文</div>${sec(TERMS_ZH)}
    <p class="note" style="margin-top:10pt;text-indent:0">${CO.zh} · 2024年版，自2024年12月1日起施行。英文文本与中文文本具有同等效力。</p></div>
    <p class="note" style="margin-top:6pt">The English and Chinese texts are equally authentic.</p>`;
  return doc({ lang: 'en', title: 'Sanctions and Export Control Compliance Terms — Seabridge Container Lines', css, body });
}

// ---------------------------------------------------------------------------
// Department e-mail contacts (one bilingual table)
// ---------------------------------------------------------------------------
const CONTACTS = [
  ['Customer service', '客户服务', 'General enquiries, service feedback and complaints', '综合咨询、服务意见及投诉', 'service'],
  ['Bookings', '订舱', 'New bookings, amendments, cancellations and space requests', '新订舱、订舱修改、取消及舱位申请', 'booking'],
  ['Documentation', '单证', 'Shipping instructions, bills of lading, sea waybills and VGM', '提单补料、提单、海运单及VGM申报', 'docs'],
  ['Import and delivery', '进口及放货', 'Arrival notices, cargo release and delivery orders', '到货通知、放货及提货单', 'import'],
  ['Reefer cargo', '冷藏货物', 'Temperature settings, controlled atmosphere and cold-treatment shipments', '温度设定、气调及冷处理货物运输', 'reefer'],
  ['Dangerous cargo', '危险品', 'IMDG declarations, approvals and packing requirements', '危险品申报、审批及包装要求', 'dg'],
  ['Special cargo', '特种货物', 'Out-of-gauge, flat rack, open top and breakbulk cargo', '超限货物、框架箱、开顶箱及件杂货', 'special'],
  ['Invoices and payments', '账单与付款', 'Freight invoices, payment confirmations and refunds', '运费账单、付款确认及退款', 'billing'],
  ['Cargo claims', '货物理赔', 'Loss of or damage to cargo, claim submissions and status', '货物灭失或损坏、理赔申请及进度查询', 'claims'],
  ['e-Business and SynconHub', '电商平台及SynconHub', 'Online accounts, API access and technical support', '在线账户、接口接入及技术支持', 'ebusiness'],
  ['Sustainability and carbon data', '可持续发展与碳排放数据', 'Shipment emission reports and low-carbon shipping products', '货物碳排放报告及低碳运输产品', 'sustainability'],
  ['Compliance and whistleblowing', '合规与举报', 'Compliance questions and confidential reports', '合规咨询及保密举报', 'compliance'],
  ['Data protection', '个人信息保护', 'Requests about personal information and privacy', '个人信息及隐私相关请求', 'privacy'],
  ['Media relations', '媒体联络', 'Press enquiries and interview requests', '新闻采访及媒体问询', 'media'],
  ['Investor relations', '投资者关系', 'Shareholder and analyst enquiries', '股东及分析师问询', 'ir'],
  ['Procurement', '采购与供应商', 'Supplier registration and tenders', '供应商注册及招标', 'procurement'],
  ['Careers', '人才招聘', 'Job applications at sea and ashore', '海上及岸基岗位应聘', 'careers'],
];

function contactsHtml() {
  const css = `
    body { font-size: 9pt; }
    .head { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid ${NAVY}; padding-bottom: 8pt; }
    .head h1 { font-size: 17pt; } .head .zh { font-family: ${ZH_FONT}; font-size: 13pt; color: ${NAVY}; font-weight: 700; }
    .hot { text-align: right; font-size: 8.5pt; color: #3b4658; }
    .hot b { display: block; font-size: 15pt; color: ${ORANGE}; }
    table { font-size: 8.2pt; margin-top: 6pt; break-inside: auto; line-height: 1.3; }
    th:first-child { width: 24%; } th:nth-child(2) { width: 46%; }
    tr { break-inside: avoid; }
    td { padding: 2.4pt 6pt; }
    td .zh { display: block; color: #5b6c8f; font-family: ${ZH_FONT}; }
    td.dep { font-weight: 700; color: ${NAVY}; width: 25%; }
    td.mail { white-space: nowrap; font-size: 8.2pt; color: ${BLUE}; }
    .notes { display: flex; gap: 8pt; break-inside: avoid; } .notes .box { flex: 1; margin: 4pt 0 6pt; font-size: 8.2pt; line-height: 1.4; }
    .warn { border-left-color: ${ORANGE}; }
    .warn p { margin: 0 0 3pt; }
  `;
  const rows = CONTACTS.map(
    ([en, zh, what, whatZh, box]) => `<tr><td class="dep">${en}<span class="zh">${zh}</span></td><td>${what}<span class="zh">${whatZh}</span></td><td class="mail">${box}@seabridgelines.com</td></tr>`,
  ).join('');
  const body = `<div class="head"><div><div class="brand">${MARK(30)}<div class="wm">SEABRIDGE<small>CONTAINER LINES</small></div></div><h1 style="margin-top:6pt">Department e-mail contacts</h1><div class="zh">部门邮箱通讯录</div></div>
      <div class="hot">Customer hotline / 客服热线<b>400-820-6688</b>24 hours a day, 7 days a week / 7×24小时服务</div></div>
    <table><thead><tr><th>Department / 部门</th><th>Matters handled / 业务范围</th><th>E-mail / 电子邮箱</th></tr></thead><tbody>${rows}</tbody></table>
    <div class="notes"><div class="box"><p>Please quote your booking or bill of lading number in the subject line. We reply to e-mails within one working day.</p><p style="font-family:${ZH_FONT}">发送邮件时请在主题中注明订舱号或提单号，我们将在一个工作日内回复。</p></div>
    <div class="box warn"><p><b>Beware of fraud.</b> Seabridge only uses e-mail addresses ending in @seabridgelines.com and never asks customers to change bank details by e-mail. If in doubt, call the hotline before making any payment.</p><p style="font-family:${ZH_FONT}"><b>谨防诈骗：</b>海桥集运仅使用以@seabridgelines.com结尾的邮箱，绝不会通过电子邮件要求客户变更收款账户。如有疑问，请在付款前致电客服热线核实。</p></div></div>
`;
  return doc({ lang: 'en', title: 'Department e-mail contacts — Seabridge Container Lines', css, body });
}

// ---------------------------------------------------------------------------
// CJK web font: subset of Noto Sans CJK SC converted to TrueType outlines
// ---------------------------------------------------------------------------
const PY_SUBSET = `
import sys, io, base64
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
src, family = sys.argv[1], sys.argv[2]
text = sys.stdin.buffer.read().decode('utf-8')
fonts = TTCollection(src).fonts if src.lower().endswith(('.ttc', '.otc')) else [TTFont(src)]
font = next(f for f in fonts if f['name'].getDebugName(1) == family)
o = subset.Options(); o.layout_features = ['*']; o.name_IDs = ['*']; o.notdef_outline = True; o.hinting = False; o.desubroutinize = True
sub = subset.Subsetter(o); sub.populate(text=text); sub.subset(font)
if 'CFF ' in font:
    order = font.getGlyphOrder(); gs = font.getGlyphSet(); glyphs = {}
    for n in order:
        pen = TTGlyphPen(gs); gs[n].draw(Cu2QuPen(pen, 1.0, reverse_direction=True)); glyphs[n] = pen.glyph()
    font['loca'] = newTable('loca'); glyf = font['glyf'] = newTable('glyf'); glyf.glyphOrder = order; glyf.glyphs = glyphs
    del font['CFF ']
    if 'VORG' in font: del font['VORG']
    glyf.compile(font)
    hmtx = font['hmtx']
    for n, g in glyf.glyphs.items(): hmtx[n] = (hmtx[n][0], getattr(g, 'xMin', 0))
    maxp = font['maxp'] = newTable('maxp'); maxp.tableVersion = 0x00010000; maxp.maxZones = 1
    for k in ('maxTwilightPoints', 'maxStorage', 'maxFunctionDefs', 'maxInstructionDefs', 'maxStackElements', 'maxSizeOfInstructions', 'maxComponentElements'): setattr(maxp, k, 0)
    font['post'].formatType = 3.0
    font.sfntVersion = '\\x00\\x01\\x00\\x00'
out = io.BytesIO(); font.save(out); sys.stdout.write(base64.b64encode(out.getvalue()).decode())
`;
function fontFile(style) {
  try {
    const f = execFileSync('fc-match', ['-f', '%{file}', `Noto Sans CJK SC:style=${style}`], { encoding: 'utf8' }).trim();
    if (/NotoSansCJK/i.test(f) && existsSync(f)) return f;
  } catch {}
  const f = `/usr/share/fonts/opentype/noto/NotoSansCJK-${style}.ttc`;
  return existsSync(f) ? f : null;
}
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('') + '“”‘’–—·…©®™°×№';
function cjkFontFaces(text) {
  const faces = [];
  for (const [style, weight] of [
    ['Regular', 400],
    ['Bold', 700],
  ]) {
    const src = fontFile(style);
    if (!src) return '';
    let b64 = null;
    for (const py of [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean)) {
      try {
        b64 = execFileSync(py, ['-c', PY_SUBSET, src, 'Noto Sans CJK SC'], { input: text + ASCII, maxBuffer: 64 << 20, stdio: ['pipe', 'pipe', 'ignore'] }).toString();
        if (b64) break;
      } catch {}
    }
    if (!b64) return '';
    faces.push(`@font-face{font-family:"Noto Sans CJK SC";font-weight:${weight};src:url(data:font/ttf;base64,${b64}) format("truetype")}`);
  }
  return faces.join('');
}

// ---------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------
const jobs = [];
for (const c of CERTS) jobs.push([`certificates/${c.file}.pdf`, certificateHtml(c), { onePage: true }]);
for (const y of [2021, 2022, 2023, 2024]) {
  for (const lang of ['en', 'zh']) jobs.push([`reports/sustainability-${y}-${lang}.pdf`, reportHtml(y, lang), { footerText: L[lang].footer(y), lang }]);
}
for (const lang of ['en', 'zh']) jobs.push([`compliance/compliance-guidelines-${lang}.pdf`, guidelinesHtml(lang), { footerText: GUIDE[lang].footer, lang }]);
jobs.push(['compliance/sanctions-export-control-terms.pdf', termsHtml(), { footerText: 'Seabridge Container Lines · Sanctions and Export Control Compliance Terms / 制裁与出口管制合规条款' }]);
jobs.push(['contact/email-contacts.pdf', contactsHtml(), { footerText: `${CO.en} · ${CO.zh} · Department e-mail contacts / 部门邮箱通讯录` }]);

const bodyFaces = cjkFontFaces(jobs.map(([, html, o]) => html + (o.footerText || '')).join(''));
if (!bodyFaces) console.warn('warning: python3 with fontTools not found; embedding the system CJK font (larger PDFs)');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const written = [];
async function render(rel, html, { footerText, lang = 'en', onePage = false } = {}) {
  const out = join(FILES, rel);
  mkdirSync(dirname(out), { recursive: true });
  const page = await browser.newPage();
  const extra = bodyFaces + (footerText ? footerCss(footerText, lang) : '');
  await page.setContent(html.replace('<head>', `<head><style>${extra}</style>`), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  if (onePage) {
    const overflow = await page.evaluate(() => {
      const i = document.querySelector('.inner');
      return i.scrollHeight - i.clientHeight;
    });
    if (overflow > 2) console.error(`warning: ${rel} content overflows the page by ${overflow}px`);
  }
  await page.pdf({ path: out, printBackground: true, preferCSSPageSize: true });
  await page.close();
  written.push(rel);
}

try {
  for (const [rel, html, opts] of jobs) await render(rel, html, opts);
} finally {
  await browser.close();
}

let total = 0,
  bad = 0;
for (const rel of written) {
  const size = statSync(join(FILES, rel)).size;
  total += size;
  if (size > MAX_BYTES) {
    bad++;
    console.error(`too large: ${rel} ${size} B`);
  }
}
console.log(`wrote ${written.length} PDF files, ${(total / 1024).toFixed(1)} KB in total`);
if (bad) process.exitCode = 1;
