#!/usr/bin/env node
// Draws the artwork of the service product pages: section pictures of the fruit
// and special-cargo pages, the port-information banner and its eight icons
// (public/images/services/**). Deterministic, no dependencies:
//   node src/build/derived/generators/make-service-images.mjs
// The QR codes of the port-information page are not files: the page draws them
// at build time from the download addresses in content/services/pages/port-information.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../..', 'public', 'images', 'services');
const C = {
  navy: '#0b2545',
  blue: '#1363df',
  sky: '#dbe9f8',
  sky2: '#f3f8fd',
  teal: '#13a89e',
  orange: '#f28c28',
  red: '#c4453a',
  yellow: '#e3b23c',
  grey: '#8a99ad',
  white: '#ffffff',
  sea: '#2f6fb3',
};
const FONT = 'Arial,Helvetica,sans-serif';
const r1 = (v) => Math.round(v * 10) / 10;

const svg = (w, h, title, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${title}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
const rect = (x, y, w, h, fill, extra = '') => `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d, colour, width, extra = '') => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const text = (x, y, s, size, fill, extra = '') => `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${extra}>${s}</text>`;
const gradient = (id, top, bottom) => `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** Soft sky with a floor line: the common background of the 480x300 pictures. */
const scene = (w, h, floor = 240) => rect(0, 0, w, h, 'url(#bg)') + rect(0, floor, w, h - floor, '#c9d6e4') + rect(0, floor, w, 3, '#aebfd2');
const sceneDefs = gradient('bg', C.sky2, C.sky);

/** A container seen from the side: corrugated wall, rails and corner castings. */
function box(x, y, w, h, colour, { ribs = true, label = '' } = {}) {
  let s = rect(x, y, w, h, colour, ' rx="2"');
  if (ribs) {
    let d = '';
    for (let rx = x + 10; rx < x + w - 6; rx += 9) d += `M${r1(rx)} ${r1(y + 7)}V${r1(y + h - 7)}`;
    s += `<path d="${d}" stroke="#000" stroke-opacity=".14" stroke-width="2.4"/>`;
  }
  s += rect(x, y, w, 6, '#000', ' fill-opacity=".18"') + rect(x, y + h - 6, w, 6, '#000', ' fill-opacity=".22"');
  for (const cx of [x, x + w - 8]) for (const cy of [y, y + h - 8]) s += rect(cx, cy, 8, 8, '#1f2d3d', ' fill-opacity=".55"');
  if (label) s += text(x + 16, y + 28, label, 15, C.white, ' font-weight="700" fill-opacity=".9"');
  return s;
}

/** A reefer container: white wall with the machinery panel at the left end. */
function reefer(x, y, w, h) {
  let s = box(x, y, w, h, '#eef2f6');
  s += rect(x + 6, y + 8, 58, h - 16, '#c8d2de', ' rx="3"');
  s += circle(x + 35, y + 36, 17, '#8a99ad') + circle(x + 35, y + 36, 11, '#5b6c8f');
  s += stroke(`M${x + 35} ${y + 25}V${y + 47}M${x + 24} ${y + 36}H${x + 46}`, '#c8d2de', 2.5);
  s += rect(x + 18, y + 62, 34, 18, C.navy, ' rx="2"') + text(x + 22, y + 76, '-0.5', 11, '#7ef0c9', ' font-weight="700"');
  return s;
}

/** A flat rack: base frame with two end walls. */
function flatRack(x, y, w, colour = C.blue) {
  return rect(x, y, w, 12, colour, ' rx="2"') + rect(x, y - 46, 10, 50, colour) + rect(x + w - 10, y - 46, 10, 50, colour) + rect(x, y + 9, w, 3, '#000', ' fill-opacity=".25"');
}

const lashing = (points) => points.map(([x1, y1, x2, y2]) => stroke(`M${x1} ${y1}L${x2} ${y2}`, C.yellow, 2.2)).join('');

function thermometer(x, y, h, level, colour) {
  return (
    rect(x - 9, y, 18, h, C.white, ' rx="9" stroke="#5b6c8f" stroke-width="2"') +
    circle(x, y + h + 6, 15, colour, ' stroke="#5b6c8f" stroke-width="2"') +
    rect(x - 4, y + h * (1 - level), 8, h * level + 6, colour) +
    stroke(`M${x + 10} ${y + 14}h6M${x + 10} ${y + h * 0.35}h6M${x + 10} ${y + h * 0.6}h6M${x + 10} ${y + h * 0.85}h6`, '#5b6c8f', 1.6)
  );
}

const orange = (cx, cy, r) =>
  circle(cx, cy, r, C.orange) + circle(cx - r * 0.35, cy - r * 0.35, r * 0.28, '#ffffff', ' fill-opacity=".35"') + path(`M${cx} ${cy - r}q6 -10 14 -8q-4 9 -14 8z`, '#3f9b4a');

function gauge(cx, cy, r, label, angle, colour) {
  const a = (angle * Math.PI) / 180;
  return (
    circle(cx, cy, r, C.white, ` stroke="${colour}" stroke-width="5"`) +
    stroke(`M${cx} ${cy}L${r1(cx + Math.cos(a) * (r - 10))} ${r1(cy - Math.sin(a) * (r - 10))}`, C.navy, 3) +
    circle(cx, cy, 4, C.navy) +
    text(cx, cy + r * 0.6, label, 13, C.navy, ' font-weight="700" text-anchor="middle"')
  );
}

const files = {};

// ---------- fresh fruit ----------
files['fruit-pti.svg'] = svg(
  480,
  300,
  'Reefer container with a checklist and a steady temperature reading',
  scene(480, 300) +
    reefer(30, 120, 290, 120) +
    rect(340, 50, 112, 150, C.white, ' rx="8" stroke="#aebfd2" stroke-width="2"') +
    rect(372, 40, 48, 18, C.navy, ' rx="5"') +
    [0, 1, 2, 3].map((i) => stroke(`M356 ${88 + i * 28}l7 7 12 -14`, C.teal, 3.5) + rect(384, 86 + i * 28, 54, 6, '#c8d2de', ' rx="3"')).join('') +
    rect(40, 40, 260, 62, C.white, ' rx="8" stroke="#aebfd2" stroke-width="2"') +
    stroke('M56 82h40l14 -4h40l14 4h40l14 -4h46', C.blue, 3) +
    text(56, 62, '24/7', 15, C.navy, ' font-weight="700"'),
  sceneDefs,
);

files['fruit-asc.svg'] = svg(
  480,
  300,
  'Chart of a temperature programme falling in steps',
  scene(480, 300, 262) +
    rect(40, 30, 400, 210, C.white, ' rx="10" stroke="#aebfd2" stroke-width="2"') +
    stroke('M80 60V210H420', '#5b6c8f', 2) +
    [90, 120, 150, 180].map((y) => stroke(`M80 ${y}H420`, '#dbe4ee', 1.5)).join('') +
    stroke('M80 72H150V105H215V132H280V160H345V188H420', C.blue, 5) +
    [150, 215, 280, 345].map((x, i) => circle(x, [72, 105, 132, 160][i], 6, C.orange)).join('') +
    text(58, 76, '12', 13, '#5b6c8f') +
    text(62, 194, '4', 13, '#5b6c8f') +
    text(48, 52, '°C', 13, '#5b6c8f'),
  sceneDefs,
);

files['fruit-cold.svg'] = svg(
  480,
  300,
  'Oranges with a pulp probe and a thermometer below one degree',
  scene(480, 300) +
    rect(60, 170, 250, 70, '#a86b3c', ' rx="4"') +
    rect(60, 170, 250, 10, '#000', ' fill-opacity=".15"') +
    [90, 140, 190, 240, 280].map((x, i) => orange(x, 160 - (i % 2) * 6, 26)).join('') +
    orange(170, 118, 26) +
    stroke('M170 118L214 60', '#5b6c8f', 4) +
    stroke('M214 60C250 20 300 40 330 60', '#5b6c8f', 3) +
    rect(318, 52, 40, 22, C.navy, ' rx="4"') +
    thermometer(410, 50, 150, 0.18, C.blue) +
    text(370, 244, '≤ 1 °C', 18, C.navy, ' font-weight="700"'),
  sceneDefs,
);

files['fruit-ca.svg'] = svg(
  480,
  300,
  'Reefer container with oxygen and carbon dioxide gauges',
  scene(480, 300) +
    reefer(24, 112, 300, 128) +
    gauge(392, 92, 48, 'O₂', 150, C.teal) +
    gauge(392, 196, 40, 'CO₂', 40, C.orange) +
    stroke('M324 150C340 150 340 100 344 96', '#5b6c8f', 2.5, ' stroke-dasharray="5 5"') +
    stroke('M324 190H352', '#5b6c8f', 2.5, ' stroke-dasharray="5 5"'),
  sceneDefs,
);

// ---------- special cargo ----------
files['cargo-oog.svg'] = svg(
  480,
  300,
  'Machine wider than the container, secured on a flat rack',
  scene(480, 300) +
    rect(120, 92, 250, 118, C.orange, ' rx="6"') +
    rect(140, 60, 120, 40, '#d9751d', ' rx="4"') +
    circle(330, 150, 28, '#d9751d') +
    circle(330, 150, 12, '#b35f15') +
    rect(150, 120, 130, 12, '#000', ' fill-opacity=".12"') +
    flatRack(70, 212, 340) +
    lashing([
      [120, 100, 86, 212],
      [370, 100, 398, 212],
      [200, 92, 160, 212],
      [300, 92, 330, 212],
    ]) +
    stroke('M40 80H440', C.red, 2, ' stroke-dasharray="8 6"'),
  sceneDefs,
);

files['cargo-breakbulk.svg'] = svg(
  480,
  300,
  'Yacht on a platform of flat racks',
  scene(480, 300) +
    [20, 170, 320].map((x) => rect(x, 214, 140, 14, C.blue, ' rx="2"') + rect(x + 2, 225, 136, 3, '#000', ' fill-opacity=".25"')).join('') +
    rect(110, 176, 18, 40, '#5b6c8f') +
    rect(350, 176, 18, 40, '#5b6c8f') +
    path('M40 150H440L400 200H90Z', C.white, ' stroke="#5b6c8f" stroke-width="2"') +
    path('M90 200H400L392 210H98Z', C.navy) +
    path('M150 150V112H330L360 150Z', '#eef2f6', ' stroke="#5b6c8f" stroke-width="2"') +
    rect(180, 122, 120, 14, '#7fb0e0', ' rx="3"') +
    stroke('M240 112V40', '#5b6c8f', 3) +
    lashing([
      [60, 160, 30, 214],
      [420, 160, 450, 214],
    ]),
  sceneDefs,
);

files['cargo-dg.svg'] = svg(
  480,
  300,
  'Container with a dangerous goods placard',
  scene(480, 300) +
    box(30, 100, 380, 140, '#5b6c8f') +
    path('M220 120L270 170L220 220L170 170Z', C.red, ' stroke="#fff" stroke-width="4"') +
    path('M220 140c12 14 14 24 6 32c8 -2 10 -10 10 -10c4 12 -4 24 -16 24s-20 -10 -16 -22c2 6 6 8 8 8c-6 -10 0 -22 8 -32z', C.white) +
    text(214, 212, '3', 16, C.white, ' font-weight="700"') +
    rect(60, 120, 70, 36, C.white, ' rx="3"') +
    text(70, 144, 'UN 1263', 12, C.navy, ' font-weight="700"') +
    rect(420, 60, 44, 180, C.white, ' rx="6" stroke="#aebfd2" stroke-width="2"') +
    [80, 110, 140, 170, 200].map((y) => rect(430, y, 24, 6, '#c8d2de', ' rx="3"')).join(''),
  sceneDefs,
);

files['cargo-heavy.svg'] = svg(
  480,
  300,
  'Crane lifting a transformer onto a flat rack',
  scene(480, 300) +
    rect(300, 180, 150, 60, C.yellow, ' rx="6"') +
    circle(330, 240, 14, C.navy) +
    circle(420, 240, 14, C.navy) +
    path('M320 180L340 150H380L380 180Z', '#c99a27') +
    stroke('M360 160L140 30', '#c99a27', 14) +
    stroke('M140 30V96', '#5b6c8f', 2.5) +
    stroke('M140 96L100 118M140 96L180 118', '#5b6c8f', 2) +
    rect(92, 118, 96, 72, '#5b6c8f', ' rx="4"') +
    [104, 118, 132, 146, 160, 174].map((x) => rect(x, 128, 6, 52, '#46566f')).join('') +
    rect(108, 104, 10, 16, '#c8d2de') +
    rect(140, 104, 10, 16, '#c8d2de') +
    rect(164, 104, 10, 16, '#c8d2de') +
    flatRack(40, 214, 210) +
    stroke('M120 198v12M160 198v12', C.navy, 2, ' stroke-dasharray="3 3"') +
    text(44, 60, '40 t', 18, C.navy, ' font-weight="700"'),
  sceneDefs,
);

files['cargo-project.svg'] = svg(
  480,
  300,
  'Wind turbine blade carried on a row of flat racks',
  scene(480, 300) +
    [20, 170, 320].map((x) => flatRack(x, 214, 140, x === 170 ? C.teal : C.blue)).join('') +
    path('M30 176C120 150 300 150 460 182C300 196 120 200 30 190Z', C.white, ' stroke="#8a99ad" stroke-width="2"') +
    rect(30, 168, 26, 30, '#c8d2de', ' rx="4"') +
    rect(70, 190, 30, 24, '#a86b3c') +
    rect(230, 190, 30, 24, '#a86b3c') +
    rect(390, 190, 30, 24, '#a86b3c') +
    path('M380 40l8 70h-16z', '#dbe4ee') +
    circle(380, 40, 8, '#dbe4ee') +
    path('M380 40l-50 -20l2 -6zM380 40l40 -32l4 6z', '#dbe4ee') +
    lashing([
      [90, 180, 80, 214],
      [250, 174, 240, 214],
      [410, 182, 400, 214],
    ]),
  sceneDefs,
);

// ---------- port information ----------
{
  const w = 960;
  const h = 310;
  let s = rect(0, 0, w, h, 'url(#sky)') + rect(0, 206, w, 104, 'url(#sea)');
  s += rect(0, 196, 640, 14, '#9aa8b8');
  // a ship at berth
  s += path('M60 196H560L545 236H80Z', C.navy) + rect(82, 226, 460, 10, C.red);
  s += rect(480, 118, 50, 78, C.white) + rect(486, 126, 38, 10, '#7fb0e0') + rect(486, 142, 38, 10, '#7fb0e0');
  const colours = [C.blue, C.teal, C.orange, C.red, C.yellow, '#5b6c8f'];
  let k = 0;
  for (let col = 0; col < 9; col++) {
    const tiers = 3 + ((col * 7) % 3);
    for (let t = 0; t < tiers; t++) s += rect(96 + col * 42, 182 - t * 14, 40, 13, colours[k++ % colours.length]);
  }
  // quay cranes
  for (const x of [150, 300, 430]) {
    s += stroke(`M${x} 196V60M${x + 40} 196V60M${x} 60H${x + 40}M${x} 120H${x + 40}M${x} 60L${x + 40} 120`, '#c4453a', 6);
    s += stroke(`M${x - 90} 60H${x + 110}`, '#c4453a', 8) + rect(x + 6, 62, 28, 18, '#d66a5f');
    s += stroke(`M${x - 60} 62V${110 + (x % 3) * 8}`, '#5b6c8f', 2);
  }
  // phone with port data
  s += rect(700, 40, 150, 250, C.navy, ' rx="20"') + rect(710, 62, 130, 200, C.white, ' rx="6"');
  s += rect(710, 62, 130, 32, C.blue, ' rx="6"') + circle(726, 78, 7, C.white) + rect(740, 74, 60, 8, '#ffffff', ' rx="4" fill-opacity=".7"');
  for (let i = 0; i < 5; i++)
    s += circle(726, 114 + i * 32, 7, i % 2 ? C.teal : C.orange) + rect(740, 108 + i * 32, 86, 6, '#c8d2de', ' rx="3"') + rect(740, 118 + i * 32, 56, 5, '#e2e8f0', ' rx="2"');
  s += path('M880 110c-16 0 -26 12 -26 26c0 20 26 44 26 44s26 -24 26 -44c0 -14 -10 -26 -26 -26z', C.orange) + circle(880, 136, 9, C.white);
  files['port-information.svg'] = svg(w, h, 'Container terminal with quay cranes and a phone showing port data', s, gradient('sky', '#cfe3f7', '#f4f8fc') + gradient('sea', '#3f83c7', '#1d4f86'));
}

// ---------- eight icons of the port-information page ----------
const icon = (title, d) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img"><title>${title}</title><circle cx="24" cy="24" r="23" fill="#eef4fb"/><path d="${d}" fill="none" stroke="#1363df" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;
const icons = {
  'terminal.svg': icon('Terminal', 'M12 36h24M16 36V14h4v22M16 14h18M20 14l6 8M32 14v8M30 22h4v4h-4z'),
  'cut-off.svg': icon('Cut-off time', 'M24 12a12 12 0 1 0 0.01 0zM24 17v7l5 3'),
  'vessel.svg': icon('Vessel', 'M10 28h28l-4 8H14zM16 28v-6h16v6M20 22v-5h6v5M10 38c3 2 5 2 7 0c2 2 5 2 7 0c2 2 5 2 7 0c2 2 5 2 7 0'),
  'schedule.svg': icon('Schedule', 'M13 15h22v21H13zM13 21h22M18 12v6M30 12v6M18 26h4M26 26h4M18 31h4'),
  'gate.svg': icon('Gate', 'M12 36V18M12 22h26M16 22l4 -4M24 22l4 -4M32 22l4 -4M36 26v10'),
  'depot.svg': icon('Empty depot', 'M11 34h12v-7H11zM25 34h12v-7H25zM18 27h12v-7H18zM9 37h30'),
  'charges.svg': icon('Local charges', 'M15 11h18v26l-3-2-3 2-3-2-3 2-3-2-3 2zM20 18h8M20 23h8M20 28h5'),
  'notice.svg': icon('Port notice', 'M14 21v6h5l10 6V15l-10 6zM33 19a6 6 0 0 1 0 10M19 27l2 7'),
};

mkdirSync(join(OUT, 'icons'), { recursive: true });
for (const [name, body] of Object.entries(files)) writeFileSync(join(OUT, name), body);
for (const [name, body] of Object.entries(icons)) writeFileSync(join(OUT, 'icons', name), body);
console.log(`wrote ${Object.keys(files).length} pictures and ${Object.keys(icons).length} icons to public/images/services`);
