#!/usr/bin/env node
// Writes the pictures and documents the local sites' content names under public/local/:
// banners, gallery photos, news covers, navigation-card pictures, newsletter covers, logos,
// QR placeholders (pictures labelled with what they stand for, not scannable codes) and the
// newsletter and form PDFs (src/build/derived/generators/lib/pdf.mjs, Chinese in the standard Adobe CJK fonts).
// Deterministic: the same content gives the same bytes. Run: node src/build/derived/generators/make-local-assets.mjs
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOXES, rng } from './lib/artwork.mjs';
import { Page, pdf } from './lib/pdf.mjs';

// The PDFs' Producer names this generator by the path it had when they were first published, so the
// files stay byte for byte what was published (it moved from scripts/ with the other generators).
const PRODUCER = 'scripts/make-local-assets.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CONTENT = join(ROOT, 'content/local');
const PUBLIC = join(ROOT, 'public');
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 17);
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SKIES = [
  ['#0b2545', '#1363df'],
  ['#13315c', '#2f7fbf'],
  ['#0b2545', '#13a89e'],
  ['#1d3557', '#8aa9d6'],
];

/** A port scene: sky, skyline, cranes, container stacks, a ship, water. */
function scene(w, h, seed, { sky, ship = true } = {}) {
  const r = rng(seed);
  const [top, bottom] = sky ?? SKIES[seed % SKIES.length];
  const horizon = Math.round(h * (0.55 + r() * 0.1));
  let s = `<defs><linearGradient id="s${seed}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  s += `<linearGradient id="w${seed}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#13315c"/><stop offset="1" stop-color="#0b2545"/></linearGradient></defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#s${seed})"/>`;
  s += `<circle cx="${Math.round(w * (0.15 + r() * 0.7))}" cy="${Math.round(h * 0.22)}" r="${Math.round(h * 0.07)}" fill="#f5d76e" opacity=".85"/>`;
  // skyline
  let x = 0;
  let skyline = '';
  while (x < w) {
    const bw = 18 + r() * 50;
    const bh = h * (0.08 + r() * 0.28);
    skyline += `<rect x="${x.toFixed(0)}" y="${(horizon - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}"/>`;
    x += bw + r() * 6;
  }
  s += `<g fill="#0b2545" opacity=".55">${skyline}</g>`;
  // cranes
  for (let i = 0; i < 3; i++) {
    const cx = w * (0.52 + i * 0.14);
    const ch = h * 0.42;
    s += `<g stroke="#c4453a" stroke-width="${Math.max(2, w / 400)}" fill="none"><path d="M${cx} ${horizon}V${horizon - ch}M${cx + w * 0.05} ${horizon}V${horizon - ch}M${cx - w * 0.06} ${horizon - ch * 0.85}H${cx + w * 0.11}M${cx} ${horizon - ch}L${cx + w * 0.025} ${horizon - ch * 1.1}L${cx + w * 0.05} ${horizon - ch}"/></g>`;
  }
  // stacks on the quay
  const box = Math.max(8, w / 70);
  for (let i = 0; i < 14; i++) {
    const col = Math.floor(r() * 4) + 1;
    for (let j = 0; j < col; j++) {
      s += `<rect x="${(w * 0.02 + i * box * 1.1).toFixed(1)}" y="${(horizon - (j + 1) * box * 0.55).toFixed(1)}" width="${box.toFixed(1)}" height="${(box * 0.5).toFixed(1)}" fill="${BOXES[Math.floor(r() * BOXES.length)]}"/>`;
    }
  }
  s += `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#w${seed})"/>`;
  if (ship) {
    const sx = w * 0.46;
    const sw = w * 0.44;
    const sy = horizon + (h - horizon) * 0.25;
    const hh = (h - horizon) * 0.28;
    let boxes = '';
    const bw = sw / 16;
    for (let i = 1; i < 13; i++) {
      const tiers = 2 + Math.floor(r() * 3);
      for (let j = 0; j < tiers; j++)
        boxes += `<rect x="${(sx + i * bw).toFixed(1)}" y="${(sy - (j + 1) * bw * 0.5).toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${(bw * 0.46).toFixed(1)}" fill="${BOXES[Math.floor(r() * BOXES.length)]}"/>`;
    }
    s += boxes;
    s += `<path d="M${sx} ${sy}H${sx + sw}L${sx + sw - sw * 0.05} ${sy + hh}H${sx + sw * 0.04}Z" fill="#1d3557"/>`;
    s += `<rect x="${sx + sw * 0.86}" y="${sy - bw * 2.4}" width="${bw * 1.4}" height="${bw * 2.4}" fill="#f4f7fb"/>`;
    s += `<path d="M${sx} ${sy + hh * 0.55}H${sx + sw}" stroke="#c4453a" stroke-width="${Math.max(1.5, hh * 0.12)}"/>`;
  }
  for (let i = 0; i < 6; i++) {
    const y = horizon + (h - horizon) * (0.6 + i * 0.06);
    s += `<path d="M${w * r() * 0.6} ${y.toFixed(0)}h${(w * (0.1 + r() * 0.2)).toFixed(0)}" stroke="#8ec5ff" stroke-opacity=".35" stroke-width="2" stroke-linecap="round"/>`;
  }
  return s;
}

const svg = (w, h, title, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${esc(title)}</title>${body}</svg>\n`;

function logo(name) {
  return svg(
    220,
    40,
    `Seabridge ${name.en}`,
    `<defs><linearGradient id="mk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1363df"/><stop offset="1" stop-color="#0b2545"/></linearGradient></defs><rect width="40" height="40" rx="9" fill="url(#mk)"/><path d="M7 22Q20 3 33 22" fill="none" stroke="#fff" stroke-width="3.4"/><path d="M5 22H35M13 14.5V22M20 12V22M27 14.5V22" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/><path d="M5 28.5q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0" fill="none" stroke="#13a89e" stroke-width="2.6" stroke-linecap="round"/><path d="M5 34q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0" fill="none" stroke="#8ec5ff" stroke-width="2.6" stroke-linecap="round"/><text x="48" y="22" font-family="Arial,Helvetica,sans-serif" font-size="19" font-weight="700" fill="#0b2545" textLength="120" lengthAdjust="spacingAndGlyphs">SEABRIDGE</text><text x="48.5" y="34" font-family="Arial,Helvetica,sans-serif" font-size="9" font-weight="700" fill="#13a89e" letter-spacing="1">${esc(name.en.toUpperCase())}</text>`,
  );
}

/** A QR-like picture (not a scannable code) with the label of what it stands for. */
function qrPicture(label, seed) {
  const r = rng(seed);
  const n = 25;
  const cell = 6;
  let cells = '';
  const finder = (x, y) => (x < 8 && y < 8 ? true : x >= n - 8 && y < 8 ? true : x < 8 && y >= n - 8);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (!finder(x, y) && r() < 0.48) cells += `M${x * cell + 10} ${y * cell + 10}h${cell}v${cell}h-${cell}z`;
  const eye = (x, y) =>
    `<rect x="${x + 3}" y="${y + 3}" width="36" height="36" fill="none" stroke="#0b2545" stroke-width="6"/><rect x="${x + 12}" y="${y + 12}" width="18" height="18" fill="#0b2545"/>`;
  return svg(
    170,
    196,
    `${label} (sample picture, not a scannable code)`,
    `<rect width="170" height="196" rx="8" fill="#fff"/><path d="${cells}" fill="#0b2545"/>${eye(10, 10)}${eye(10 + (n - 7) * cell, 10)}${eye(10, 10 + (n - 7) * cell)}<text x="85" y="186" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="13" font-weight="700" fill="#0b2545">${esc(label)}</text>`,
  );
}

function navPicture(seed) {
  const r = rng(seed);
  const [a, b] = SKIES[seed % SKIES.length];
  let boxes = '';
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 3; j++) if (r() > 0.25) boxes += `<rect x="${60 + i * 58}" y="${150 - j * 30}" width="54" height="26" rx="2" fill="${BOXES[Math.floor(r() * BOXES.length)]}"/>`;
  return svg(
    400,
    240,
    'Stacked containers',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="400" height="240" fill="url(#g)"/>${boxes}<rect x="40" y="178" width="320" height="6" fill="#f4f7fb" opacity=".6"/>`,
  );
}

function cover(title, seed) {
  const [a, b] = SKIES[seed % SKIES.length];
  return svg(
    300,
    420,
    title,
    `<defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="300" height="420" fill="url(#c)"/><g transform="translate(0 170) scale(1 .6)">${scene(300, 420, seed + 7, { sky: ['#0000', '#0000'] }).replace(/<defs>.*?<\/defs><rect [^>]*\/>/, '')}</g><rect x="24" y="28" width="60" height="6" fill="#13a89e"/><text x="24" y="70" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff">${esc(title)}</text>`,
  );
}

// ---------- PDFs ----------
const cjkOf = (lang) => (lang === 'cn' ? 'GB' : lang === 'tc' ? 'CNS' : undefined);

/** Writes text that may be Chinese; wraps by width (characters for CJK). */
function write(page, x, y, text, { size = 10, lang, width = 470, bold = false, leading } = {}) {
  const cjk = cjkOf(lang) && /[\u3000-\u9fff\uff00-\uffef]/.test(text) ? cjkOf(lang) : undefined;
  const lead = leading ?? size * 1.5;
  if (!cjk) return page.paragraph(x, y, width, text.replace(/[–—]/g, '-').replace(/[‘’]/g, "'"), size, lead) + (bold ? 0 : 0);
  const perLine = Math.floor(width / size);
  for (let i = 0; i < text.length; i += perLine) {
    page.text(x, y, text.slice(i, i + perLine), { size, cjk });
    y -= lead;
  }
  return y - lead;
}

function newsletterPdf(lang, content, item) {
  const page = new Page();
  page.rect(36, 36, 523.28, 769.89, 1.2);
  let y = write(page, 60, 780, content.companyName, { size: 11, lang });
  y = write(page, 60, y - 6, item.newsLetterTitle, { size: 18, lang, leading: 24 });
  page.line(60, y + 8, 535, y + 8, 0.6);
  const news = [...content.news]
    .sort((a, b) => b.statusDt.localeCompare(a.statusDt))
    .filter((n) => n.statusDt <= `${item.statusDt.slice(0, 7)}-31`)
    .slice(0, 5);
  for (const n of news) {
    y = write(page, 60, y - 8, `${n.statusDt}  ${n.newsTitle}`, { size: 12, lang, leading: 16 });
    y = write(page, 60, y + 4, n.summary, { size: 10, lang });
    if (y < 120) break;
  }
  write(page, 60, 70, [...content.address.lines, content.address.tel ?? ''].join('  '), { size: 8, lang, width: 480 });
  return pdf([page], { Title: lang === 'en' ? item.newsLetterTitle : `Newsletter ${item.statusDt}`, Author: 'Seabridge Container Lines', Producer: PRODUCER });
}

const FORM_FIELDS = {
  en: [
    'Company name',
    'Contact person and telephone',
    'Booking number',
    'Bill of lading number',
    'Vessel and voyage',
    'Container numbers',
    'Description of goods',
    'Remarks',
    'Signature and company stamp',
    'Date',
  ],
  cn: ['公司名称', '联系人及电话', '订舱号', '提单号', '船名航次', '箱号', '货物描述', '备注', '签字及公司盖章', '日期'],
  tc: ['公司名稱', '聯絡人及電話', '訂艙號碼', '提單號碼', '船名航次', '櫃號', '貨物描述', '備註', '簽署及公司蓋印', '日期'],
};

function formPdf(lang, content, item) {
  const page = new Page();
  let y = write(page, 60, 780, content.companyName, { size: 11, lang });
  y = write(page, 60, y - 6, item.formDownloadTitle, { size: 18, lang, leading: 24 });
  page.line(60, y + 8, 535, y + 8, 0.8);
  y -= 14;
  for (const field of FORM_FIELDS[lang]) {
    write(page, 60, y, field, { size: 10, lang, width: 160 });
    page.line(230, y - 3, 535, y - 3, 0.4);
    y -= 34;
  }
  write(page, 60, 90, `${lang === 'en' ? 'Version' : lang === 'tc' ? '版本' : '版本'} ${item.statusDt}`, { size: 8, lang });
  write(page, 60, 74, [...content.address.lines, content.address.email ?? ''].join('  '), { size: 8, lang, width: 480 });
  return pdf([page], { Title: lang === 'en' ? item.formDownloadTitle : `Form ${item.id}`, Author: 'Seabridge Container Lines', Producer: PRODUCER });
}

// ---------- walk the content ----------
const out = new Map();
const put = (path, data) => out.set(path, data);
// the folders of the locations (content/local also holds the shared cookie-policy.md)
for (const loc of readdirSync(CONTENT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()) {
  const site = JSON.parse(readFileSync(join(CONTENT, loc, 'site.json'), 'utf8'));
  put(site.logo, logo(site.name));
  for (const { lang } of site.languages) {
    const content = JSON.parse(readFileSync(join(CONTENT, loc, `${lang}.json`), 'utf8'));
    const text = JSON.stringify(content);
    for (const [, path] of text.matchAll(/"(\/local\/[^"]+\.svg)"/g)) {
      if (out.has(path)) continue;
      const seed = hash(path);
      const file = path.split('/').pop();
      if (path.includes('/banner/')) put(path, svg(1600, 500, 'Port scene', scene(1600, 500, seed)));
      else if (path.includes('/companyProfile/')) put(path, svg(660, 360, 'Port scene', scene(660, 360, seed, { ship: seed % 3 !== 0 })));
      else if (path.includes('/news/')) put(path, svg(640, 400, 'Port scene', scene(640, 400, seed)));
      else if (path.includes('/nav/')) put(path, navPicture(seed));
      else if (path.includes('/newsletter/')) put(path, cover(site.name.en, seed));
      else if (path.includes('/qrCode/'))
        put(path, qrPicture({ 'wechat.svg': 'WeChat', 'miniprogram.svg': 'Mini program', 'whatsapp.svg': 'WhatsApp', 'linkedin.svg': 'LinkedIn' }[file] ?? 'QR', seed));
      else throw new Error(`content/local/${loc}/${lang}.json: no drawing for ${path}`);
    }
    for (const menu of content.menu.flatMap((m) => m.children ?? [m])) {
      if (menu.pageType === 'News_Letter_Page') for (const item of menu.items) put(item.file, newsletterPdf(lang, content, item));
      if (menu.pageType === 'Form_Download_Page') for (const item of menu.items) put(item.file, formPdf(lang, content, item));
    }
  }
}
put('/local/common/qrCode/wechat.svg', qrPicture('WeChat', 7));
let bytes = 0;
for (const [path, data] of out) {
  const file = join(PUBLIC, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  bytes += Buffer.byteLength(data);
}
console.log(`${out.size} files, ${Math.round(bytes / 1024)} KB in all, in public/local/`);
