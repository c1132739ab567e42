#!/usr/bin/env node
// Writes the certificate file of every vessel in content/vessels.json to
// public/files/vessels/{id}.pdf: a copy of its Certificate of Classification and
// its International Tonnage Certificate (1969), one A4 page each, in plain text.
//
// A tiny PDF 1.4 writer (Helvetica and Helvetica-Bold, WinAnsiEncoding, no
// compression, no timestamps): the same content always gives the same bytes.
// No browser needed. Run: node src/build/derived/generators/make-certificates.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Page, pdf } from './lib/pdf.mjs';

// The PDFs' Producer names this generator by the path it had when they were first published, so the
// files stay byte for byte what was published (it moved from scripts/ with the other generators).
const PRODUCER = 'scripts/make-certificates.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const OUT = join(ROOT, 'public/files/vessels');

/** The day the copies are issued for: certificates valid on that day. */
const AS_OF = '2026-06-30';

const SOCIETY = {
  ABS: { name: 'American Bureau of Shipping', place: 'Houston', notation: '+A1 Container Carrier, +AMS, +ACCU' },
  BV: { name: 'Bureau Veritas', place: 'Paris', notation: 'I +HULL +MACH Container ship, Unrestricted navigation, AUT-UMS' },
  CCS: { name: 'China Classification Society', place: 'Shanghai', notation: '*CSA Container Ship; *CSM AUT-0' },
  DNV: { name: 'DNV', place: 'Oslo', notation: '+1A Container ship, E0, BWM(T), NAUT(OC)' },
  KR: { name: 'Korean Register', place: 'Busan', notation: '+KRS1-Container Ship, +KRM1-UMA' },
  LR: { name: "Lloyd's Register", place: 'London', notation: '+100A1 Container Ship, +LMC, UMS' },
  NK: { name: 'ClassNK (Nippon Kaiji Kyokai)', place: 'Tokyo', notation: 'NS* (CS) MNS* M0' },
};
/** Call-sign prefixes of the flag states (ITU series). */
const CALL_SIGN_PREFIX = { 'Hong Kong, China': 'VR', Panama: '3E', Liberia: 'D5', Singapore: '9V', Malta: '9H', 'Marshall Islands': 'V7', China: 'BP' };
const PORT_OF_REGISTRY = {
  'Hong Kong, China': 'Hong Kong',
  Panama: 'Panama',
  Liberia: 'Monrovia',
  Singapore: 'Singapore',
  Malta: 'Valletta',
  'Marshall Islands': 'Majuro',
  China: 'Shanghai',
};

// ---------- dates and derived particulars (deterministic) ----------
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 17);
const pad = (n) => String(n).padStart(2, '0');
const iso = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (isoDate) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
function dayBefore(isoDate) {
  const t = new Date(`${isoDate}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}
function particulars(v) {
  const h = hash(v.id);
  const month = 1 + (h % 12);
  const day = 1 + ((h >>> 4) % 28);
  const delivered = iso(v.built, month, day);
  // class is renewed every five years from delivery: the latest renewal on or before AS_OF
  let renewal = v.built;
  while (iso(renewal + 5, month, day) <= AS_OF) renewal += 5;
  const issued = iso(renewal, month, day);
  const expires = dayBefore(iso(renewal + 5, month, day));
  // container ships: about 10 to 12 GT per TEU (less for the largest), net about half the gross
  const gross = Math.round(v.capacityTeu * (12 - v.capacityTeu / 10000));
  const net = Math.round(gross * (0.5 - (h % 7) / 100));
  const tonnageLength = Math.round(v.lengthM * 0.955 * 100) / 100;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const callSign = `${CALL_SIGN_PREFIX[v.flag.en] ?? 'XX'}${letters[h % 24]}${letters[(h >>> 5) % 24]}${(h >>> 10) % 10}`;
  return { delivered, issued, expires, gross, net, tonnageLength, callSign };
}

// ---------- the PDF writer ----------
/** A PDF string literal in WinAnsiEncoding (the text here is ASCII). */
// ---------- the two certificates ----------
function frame(page, society) {
  page.rect(36, 36, 523.28, 769.89, 1.6);
  page.rect(42, 42, 511.28, 757.89, 0.5);
  page.centre(770, society.name.toUpperCase(), { size: 16, bold: true });
  page.line(60, 758, 535, 758, 0.5);
}
function footer(page) {
  page.line(60, 96, 535, 96, 0.3);
  page.paragraph(
    60,
    82,
    420,
    'Copy for information, published by Seabridge Container Lines Co., Ltd. The original certificate is kept on board. This copy confers no rights and is not valid for port state control.',
    8,
    11,
  );
}

function classificationPage(v, p) {
  const s = SOCIETY[v.classSociety];
  const page = new Page();
  frame(page, s);
  page.centre(720, 'CERTIFICATE OF CLASSIFICATION', { size: 18, bold: true });
  page.centre(700, `Certificate No. ${v.classSociety}-C-${v.imo}-${p.issued.slice(0, 4)}`, { size: 10 });
  let y = page.paragraph(
    60,
    664,
    425,
    `This is to certify that the ship described below has been surveyed by the Surveyors of ${s.name} in accordance with its Rules and has been assigned the class notation shown.`,
    11,
    15,
  );
  y = page.table(60, y - 10, [
    ['Name of ship', v.name.en],
    ['IMO number', v.imo],
    ['Flag', v.flag.en],
    ['Port of registry', PORT_OF_REGISTRY[v.flag.en] ?? v.flag.en],
    ['Type of ship', 'Container ship'],
    ['Date of delivery', longDate(p.delivered)],
    ['Length overall', `${v.lengthM.toFixed(1)} m`],
    ['Breadth (moulded)', `${v.beamM.toFixed(1)} m`],
    ['Container capacity', `${v.capacityTeu.toLocaleString('en-US')} TEU`],
  ]);
  page.text(60, y - 6, 'Class notation', { size: 10 });
  y = page.paragraph(250, y - 6, 260, s.notation, 10, 14);
  y = page.paragraph(
    60,
    y - 14,
    425,
    `This certificate is valid until ${longDate(p.expires)}, subject to the annual and intermediate surveys required by the Rules being carried out and endorsed.`,
    11,
    15,
  );
  y = page.table(60, y - 14, [
    ['Place of issue', s.place],
    ['Date of issue', longDate(p.issued)],
    ['Valid until', longDate(p.expires)],
  ]);
  page.line(340, 150, 535, 150, 0.6);
  page.text(340, 136, `For ${s.name}`, { size: 9 });
  footer(page);
  return page;
}

function tonnagePage(v, p) {
  const s = SOCIETY[v.classSociety];
  const page = new Page();
  frame(page, s);
  page.centre(720, 'INTERNATIONAL TONNAGE CERTIFICATE (1969)', { size: 17, bold: true });
  page.centre(700, `Certificate No. ${v.classSociety}-T-${v.imo}`, { size: 10 });
  let y = page.paragraph(
    60,
    664,
    425,
    `Issued under the provisions of the International Convention on Tonnage Measurement of Ships, 1969, under the authority of the Government of ${v.flag.en} by ${s.name}.`,
    11,
    15,
  );
  y = page.table(60, y - 10, [
    ['Name of ship', v.name.en],
    ['Distinctive number or letters', p.callSign],
    ['IMO number', v.imo],
    ['Port of registry', PORT_OF_REGISTRY[v.flag.en] ?? v.flag.en],
    ['Length (Article 2(8))', `${p.tonnageLength.toFixed(2)} m`],
    ['Date of delivery', longDate(p.delivered)],
  ]);
  y = page.paragraph(60, y - 10, 425, 'The tonnages of the ship are:', 11, 15);
  y = page.table(60, y - 4, [
    ['Gross tonnage', p.gross.toLocaleString('en-US')],
    ['Net tonnage', p.net.toLocaleString('en-US')],
  ]);
  y = page.paragraph(60, y - 10, 425, 'This is to certify that the tonnages of this ship have been determined in accordance with the provisions of the Convention.', 11, 15);
  page.table(60, y - 14, [
    ['Place of issue', s.place],
    ['Date of issue', longDate(p.delivered)],
  ]);
  page.line(340, 150, 535, 150, 0.6);
  page.text(340, 136, `For the Government of ${v.flag.en}`, { size: 9 });
  footer(page);
  return page;
}

const { vessels } = JSON.parse(readFileSync(join(ROOT, 'content/vessels.json'), 'utf8'));
mkdirSync(OUT, { recursive: true });
let total = 0;
for (const v of vessels) {
  const p = particulars(v);
  const bytes = pdf([classificationPage(v, p), tonnagePage(v, p)], {
    Title: `${v.name.en} (IMO ${v.imo}): class and tonnage certificates`,
    Author: 'Seabridge Container Lines Co., Ltd.',
    Subject: 'Copy for information',
    Producer: PRODUCER,
  });
  writeFileSync(join(OUT, `${v.id}.pdf`), bytes);
  total += bytes.length;
}
console.log(`${vessels.length} certificate files, ${Math.round(total / 1024)} KB in all, in public/files/vessels/`);
