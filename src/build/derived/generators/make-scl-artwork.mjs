#!/usr/bin/env node
// Draws the pictures of the supply-chain pages (/home/SCL/*) from the picture catalogues
// of content/scl/*.json: one SVG per picture, public/scl/{id}.svg, drawn from its `scene`
// with colours picked by a random generator seeded by the picture's id, so the output
// is deterministic. No text in the drawings (the alternative text is in the content,
// in both languages). Run after adding or changing a picture:
//   node src/build/derived/generators/make-scl-artwork.mjs
// tests/unit/scl.test.ts fails while a file is missing or differs from what this draws.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOXES, rng } from './lib/artwork.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const W = 480;
const H = 300;
const C = {
  navy: BOXES[3],
  blue: BOXES[0],
  teal: BOXES[1],
  orange: BOXES[2],
  red: BOXES[4],
  yellow: BOXES[5],
  slate: BOXES[6],
  steel: '#2b3440',
  tyre: '#1f2933',
  glass: '#cfe3f5',
  ground: '#c9d6e4',
  groundLine: '#aebfd2',
  asphalt: '#5b6675',
  water: '#8fb6dd',
  waterDark: '#6f9fcf',
  white: '#ffffff',
  paper: '#fbfcfe',
  ink: '#c8d2de',
  green: '#2e9e5b',
  grass: '#a9c98f',
  grassDark: '#8fb477',
};

const r1 = (v) => Math.round(v * 10) / 10;
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const rect = (x, y, w, h, fill, extra = '') => `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d, colour, width, extra = '') => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const poly = (points, fill, extra = '') => `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
const g = (transform, body) => `<g transform="${transform}">${body}</g>`;
const gradient = (id, top, bottom) => `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** A picking context: the picture's own random sequence. */
function picker(id) {
  const R = rng(hash(id));
  return {
    R,
    pick: (list) => list[Math.floor(R() * list.length)],
    between: (a, b) => a + (b - a) * R(),
    /** a container colour, avoiding the ones given */
    box: (...avoid) => {
      const choices = BOXES.filter((c) => !avoid.includes(c));
      return choices[Math.floor(R() * choices.length)];
    },
  };
}

// ---------- backgrounds ----------
const SKY = {
  day: ['#f3f8fd', '#dbe9f8'],
  dusk: ['#fde9d2', '#f3b98f'],
  cold: ['#eef6fb', '#d6e8f3'],
};
function sky(p, kind = 'day', { clouds = 2, sun = kind === 'dusk' } = {}) {
  let s = rect(0, 0, W, H, 'url(#sky)');
  if (sun) s += circle(p.between(300, 420), p.between(70, 110), 30, kind === 'dusk' ? '#f7a35c' : '#ffe7a3', ' fill-opacity=".9"');
  for (let i = 0; i < clouds; i++) {
    const x = p.between(30, 420);
    const y = p.between(25, 80);
    s += `<g fill="#ffffff" fill-opacity="${kind === 'dusk' ? 0.45 : 0.85}">${circle(x, y, 12, 'inherit')}${circle(x + 14, y - 6, 15, 'inherit')}${circle(x + 30, y, 11, 'inherit')}${rect(x - 4, y, 40, 10, 'inherit', ' rx="5"')}</g>`;
  }
  return s;
}
const skyDefs = (kind = 'day') => gradient('sky', ...SKY[kind]);
const ground = (y = 240, fill = C.ground) => rect(0, y, W, H - y, fill) + rect(0, y, W, 3, C.groundLine);
const road = (y = 236, h = 30) => rect(0, y, W, h, C.asphalt) + stroke(Array.from({ length: 12 }, (_, i) => `M${i * 44 + 6} ${y + h / 2}h24`).join(''), '#e9eef4', 2.5) + rect(0, y, W, 2, '#8a96a6');
const water = (y, fill = C.water) => rect(0, y, W, H - y, fill) + stroke(`M20 ${y + 14}h40M130 ${y + 26}h54M260 ${y + 12}h36M360 ${y + 30}h60`, '#ffffff', 2, ' stroke-opacity=".5"');

// ---------- things ----------
/** A container seen from the side, corrugated, with rails and corner castings. */
function box(x, y, w, h, colour) {
  let s = rect(x, y, w, h, colour, ' rx="1.5"');
  const step = Math.max(5, h / 5);
  let d = '';
  for (let rx = x + step; rx < x + w - step / 2; rx += step) d += `M${r1(rx)} ${r1(y + h * 0.16)}V${r1(y + h * 0.84)}`;
  s += `<path d="${d}" stroke="#000" stroke-opacity=".14" stroke-width="${r1(Math.max(1, step * 0.3))}"/>`;
  const rail = Math.max(1.5, h * 0.1);
  s += rect(x, y, w, rail, '#000', ' fill-opacity=".16"') + rect(x, y + h - rail, w, rail, '#000', ' fill-opacity=".22"');
  const k = Math.max(2, h * 0.14);
  for (const cx of [x, x + w - k]) for (const cy of [y, y + h - k]) s += rect(cx, cy, k, k, '#1f2d3d', ' fill-opacity=".5"');
  return s;
}
/** The door end of a container (rear of a trailer, or a box at a warehouse door). */
function boxEnd(x, y, w, h, colour, open = false) {
  let s = rect(x, y, w, h, colour, ' rx="1.5"');
  if (open) {
    s += rect(x + 3, y + 3, w - 6, h - 6, '#3b4654');
  } else {
    s += stroke(`M${x + w / 2} ${y + 3}V${y + h - 3}M${x + w * 0.25} ${y + 4}V${y + h - 4}M${x + w * 0.75} ${y + 4}V${y + h - 4}`, '#000', 1.6, ' stroke-opacity=".28"');
  }
  return s + rect(x, y, w, 3, '#000', ' fill-opacity=".18"');
}
const wheel = (cx, cy, r) => circle(cx, cy, r, C.tyre) + circle(cx, cy, r * 0.45, '#9aa6b4');

/** A tractor with a container trailer, facing right, standing on y = 0 (draw inside g()). */
function truck({ len = 150, boxColour = C.blue, cab = C.red, load = 'box', boxH = 36 } = {}) {
  const deck = -24;
  let s = '';
  s += rect(0, deck, len, 5, C.steel);
  if (load === 'box') s += box(0, deck - boxH, len, boxH, boxColour);
  // tractor
  s += rect(len - 34, deck + 2, 72, 8, C.steel);
  s += path(`M${len + 2} ${deck + 4}V${deck - 40}q0 -6 6 -6H${len + 28}l10 16V${deck + 4}Z`, cab);
  s += path(`M${len + 26} ${deck - 42}l8 12H${len + 24}V${deck - 42}Z`, C.glass);
  s += rect(len + 8, deck - 38, 12, 12, C.glass, ' rx="1.5"');
  s += rect(len - 4, deck - 52, 4, 30, '#8a96a6');
  s += rect(len + 34, deck - 6, 6, 10, '#e3b23c', ' rx="1"');
  for (const x of [16, 36]) s += wheel(x, -9, 9);
  for (const x of [len - 18, len - 2, len + 26]) s += wheel(x, -9, 9);
  return s;
}
/** A low-bed trailer with a large machine on a flat rack. */
function lowbed(colour) {
  let s = rect(0, -18, 200, 6, C.steel) + path('M200 -18l16 -10h20v16h-36Z', C.steel);
  s += rect(20, -24, 150, 6, C.blue) + rect(20, -60, 8, 40, C.blue) + rect(162, -60, 8, 40, C.blue);
  s += path('M40 -24V-70q0 -14 14 -14H128q14 0 14 14V-24Z', colour) + rect(56, -98, 62, 16, '#8a99ad', ' rx="3"') + circle(148, -48, 10, '#5b6c8f');
  s += stroke('M34 -24L56 -84M150 -24L118 -84', C.yellow, 2.4);
  s += g(
    'translate(214 0)',
    path('M2 -8V-52q0 -6 6 -6H30l10 16V-8Z', C.red) + path('M28 -54l8 12H26V-54Z', C.glass) + rect(8, -50, 12, 12, C.glass, ' rx="1.5"') + wheel(10, -9, 9) + wheel(32, -9, 9),
  );
  for (const x of [20, 38, 56, 150, 168, 186]) s += wheel(x, -7, 7);
  return s;
}
/** A small escort car with a beacon, facing right. */
const escort = () => path('M0 -8V-20l10 -2 10 -10h22l10 10h8v14Z', C.yellow) + path('M22 -30h18l6 8H14Z', C.glass) + rect(28, -36, 8, 4, C.orange) + wheel(12, -6, 6) + wheel(46, -6, 6);

/** A rail wagon with containers, facing right, rails at y = 0. */
function wagon(len, colours, { stack = 1, boxH = 30 } = {}) {
  let s = rect(0, -16, len, 6, C.steel);
  if (stack === 2) s += path(`M10 -10V-4H${len - 10}V-10Z`, C.steel);
  const n = colours.length / stack;
  const w = (len - 8) / n;
  colours.forEach((c, i) => {
    const col = i % n;
    const level = Math.floor(i / n);
    s += box(4 + col * w + 1, -16 - boxH * (level + 1), w - 2, boxH, c);
  });
  for (const x of [14, 30, len - 30, len - 14]) s += wheel(x, -5, 5);
  return s;
}
function locomotive(colour = C.navy, stripe = C.orange) {
  let s = path('M0 -12V-52H78q10 0 14 10l6 14V-12Z', colour);
  s += rect(0, -34, 98, 5, stripe) + rect(70, -48, 18, 11, C.glass, ' rx="1.5"') + rect(10, -48, 48, 8, '#000', ' fill-opacity=".15"');
  s += rect(0, -16, 98, 5, C.steel);
  for (const x of [14, 30, 68, 84]) s += wheel(x, -5, 5);
  return s;
}
/** A container train of `count` wagons (locomotive first, at the right), rails at y = 0, scale s. */
function train(p, count, { len = 110, stack = 1, dim = false } = {}) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const colours = Array.from({ length: stack === 2 ? 2 : 2 }, () => p.box());
    s += g(`translate(${i * (len + 4)} 0)`, wagon(len, stack === 2 ? colours : colours, { stack, boxH: stack === 2 ? 26 : 30 }));
  }
  s += g(`translate(${count * (len + 4)} 0)`, locomotive());
  return dim ? `<g opacity=".92">${s}</g>` : s;
}
const rails = (y, x0 = 0, x1 = W, sleepers = C.slate, gauge = 4) => {
  let s = '';
  for (let x = x0 + 4; x < x1; x += 12) s += rect(x, y + 1, 6, 4, sleepers, ' fill-opacity=".7"');
  return s + rect(x0, y, x1 - x0, gauge * 0.5, '#6b7684');
};

/** A quay crane (A-frame with boom over the water), base at y = 0, facing left. */
function quayCrane(colour = C.blue) {
  let s = stroke('M0 0V-110M46 0V-110M0 -110H46M0 -70H46M0 -110L46 -70M46 -110L0 -70', colour, 5);
  s += stroke('M-90 -118H70M46 -110L70 -118M0 -110L20 -150L46 -110M20 -150L-60 -118M20 -150L70 -118', colour, 4);
  s += rect(-30, -124, 18, 12, C.navy);
  return s;
}
/** A gantry crane spanning `span`, legs on y = 0. */
function gantry(span, colour = C.yellow) {
  let s = rect(0, -140, 10, 140, colour) + rect(span - 10, -140, 10, 140, colour) + rect(-12, -150, span + 24, 14, colour);
  s += rect(-6, -4, 22, 4, C.steel) + rect(span - 16, -4, 22, 4, C.steel);
  s += stroke(`M10 -100L30 -136M${span - 10} -100L${span - 30} -136`, colour, 5);
  return s;
}
/** A reach stacker holding a container up, facing right, on y = 0. */
function reachStacker(boxColour, colour = C.yellow) {
  let s = path('M0 -14V-40q0 -6 6 -6H96q6 0 6 6V-14Z', colour);
  s += rect(8, -74, 30, 30, colour, ' rx="3"') + rect(12, -70, 22, 14, C.glass, ' rx="1.5"');
  s += stroke('M50 -44L150 -118', '#3b4654', 12) + stroke('M50 -44L150 -118', colour, 8);
  s += rect(92, -124, 110, 8, C.steel) + box(96, -116, 102, 32, boxColour);
  s += wheel(22, -12, 12) + wheel(84, -12, 12);
  return s;
}
/** A forklift facing right, forks at height `lift`, on y = 0. */
function forklift(lift = 20, palletColour = C.orange) {
  let s = rect(0, -40, 52, 28, C.yellow, ' rx="3"') + rect(-6, -36, 10, 22, '#5b6c8f');
  s += stroke('M10 -40V-76H44V-40', C.steel, 4) + rect(50, -92, 6, 82, C.steel);
  s += rect(56, -14 - lift, 40, 4, C.steel);
  s += rect(56, -32 - lift, 40, 18, palletColour, ' rx="1"') + rect(56, -18 - lift, 40, 4, '#a07a4a');
  s += wheel(12, -10, 10) + wheel(44, -8, 8);
  return s;
}
/** A person (neutral figure), feet on y = 0. */
const person = (colour, { carry = false } = {}) =>
  circle(0, -62, 8, '#e6b58f') +
  path('M-10 -10V-44q0 -8 10 -8q10 0 10 8V-10Z', colour) +
  rect(-9, -12, 7, 12, C.steel) +
  rect(2, -12, 7, 12, C.steel) +
  (carry ? rect(-14, -46, 28, 20, '#c79a5b', ' rx="1.5"') : '') +
  rect(-8, -72, 16, 5, C.yellow, ' rx="2"');
/** A carton on y (bottom), width w. */
const carton = (x, y, w, h, tone = '#c79a5b') => rect(x, y - h, w, h, tone, ' rx="1"') + rect(x + w * 0.42, y - h, w * 0.16, h, '#000', ' fill-opacity=".12"');
/** A rack bay: uprights and beams, three levels with pallets of cartons. */
function rackBay(p, x, y, w, levels, tone = '#c79a5b') {
  let s = '';
  const lh = 46;
  for (let l = 0; l < levels; l++) {
    const by = y - l * lh;
    s += rect(x, by, w, 5, C.orange);
    if (l < levels - 1 || p.R() > 0.3) {
      const n = 2;
      for (let i = 0; i < n; i++) {
        const px = x + 6 + i * ((w - 12) / n);
        const pw = (w - 12) / n - 6;
        s += rect(px, by - 5, pw, 5, '#a07a4a');
        const ch = p.between(18, 32);
        s += carton(px + 2, by - 5, pw / 2 - 3, ch, tone) + carton(px + pw / 2 + 1, by - 5, pw / 2 - 3, ch - p.between(0, 8), tone);
      }
    }
  }
  s += rect(x - 4, y - levels * lh + 10, 5, levels * lh + 30, C.blue) + rect(x + w - 1, y - levels * lh + 10, 5, levels * lh + 30, C.blue);
  return s;
}
const factory = (x, y, w, h, colour = '#b9c6d6') =>
  rect(x, y - h, w, h, colour) +
  path(`M${x} ${y - h}l${w / 6} -14v14l${w / 6} -14v14l${w / 6} -14v14`, colour) +
  rect(x + w * 0.72, y - h - 40, 10, 40, colour) +
  stroke(`M${x + w * 0.72 + 5} ${y - h - 46}q10 -10 4 -20`, '#ffffff', 4, ' stroke-opacity=".7"');
const tree = (x, y, s = 1) => rect(x - 2 * s, y - 14 * s, 4 * s, 14 * s, '#8a6a4a') + circle(x, y - 22 * s, 12 * s, C.grassDark);
const mountains = (y, snow = true) =>
  poly(
    [
      [0, y],
      [60, y - 90],
      [120, y - 40],
      [190, y - 120],
      [270, y - 50],
      [330, y - 100],
      [400, y - 46],
      [480, y - 96],
      [480, y],
    ],
    '#9fb4cc',
  ) +
  (snow
    ? poly(
        [
          [172, y - 96],
          [190, y - 120],
          [210, y - 96],
          [200, y - 100],
          [190, y - 92],
        ],
        '#ffffff',
      ) +
      poly(
        [
          [316, y - 82],
          [330, y - 100],
          [346, y - 82],
          [331, y - 86],
        ],
        '#ffffff',
      ) +
      poly(
        [
          [464, y - 80],
          [480, y - 96],
          [480, y - 78],
        ],
        '#ffffff',
      ) +
      poly(
        [
          [48, y - 72],
          [60, y - 90],
          [74, y - 70],
          [61, y - 74],
        ],
        '#ffffff',
      )
    : '');
/** A screen frame with a dark map or a light form inside. */
const check = (cx, cy, r, colour = C.green) => circle(cx, cy, r, colour) + stroke(`M${cx - r * 0.45} ${cy}l${r * 0.3} ${r * 0.32}l${r * 0.55} -${r * 0.62}`, '#ffffff', Math.max(1.6, r * 0.28));
const textLines = (x, y, widths, gap = 12, colour = C.ink, h = 5) => widths.map((w, i) => rect(x, y + i * gap, w, h, colour, ' rx="2"')).join('');

// ---------- scenes ----------
const SCENES = {
  'truck-bridge': (p) => {
    const cranes = [330, 380, 430].map((x) => g(`translate(${x} 186) scale(.45)`, quayCrane(p.pick([C.blue, C.teal, C.slate])))).join('');
    let s = sky(p) + cranes + water(186);
    // cable-stayed bridge
    s += rect(0, 176, W, 8, '#dfe6ee') + rect(0, 184, W, 4, '#9aa9ba');
    for (const x of [110, 300]) {
      s += rect(x - 5, 60, 10, 160, '#e8edf2') + rect(x - 5, 60, 10, 160, '#000', ' fill-opacity=".06"');
      let d = '';
      for (let i = 1; i <= 5; i++) d += `M${x} ${64 + i * 8}L${x - 26 * i - 12} 176M${x} ${64 + i * 8}L${x + 26 * i + 12} 176`;
      s += stroke(d, '#b7c3d1', 1.4);
    }
    for (const x of [40, 180, 370]) s += rect(x, 188, 8, 40, '#c5d0dc');
    s += g(`translate(${p.between(20, 60)} 176) scale(.5)`, truck({ boxColour: p.box(), cab: p.pick([C.red, C.blue, C.teal]) }));
    s += g(`translate(${p.between(200, 240)} 176) scale(.5)`, truck({ boxColour: p.box(), cab: p.pick([C.red, C.orange, C.navy]) }));
    return { body: s, defs: skyDefs() };
  },
  'truck-yard': (p) => {
    let s = sky(p) + ground(240);
    for (let col = 0; col < 2; col++) for (let l = 0; l < 4 - col; l++) s += box(312 + col * 84, 212 - l * 28 + (col ? 0 : 0), 82, 27, p.box());
    s += g('translate(110 236)', truck({ boxColour: p.box(), load: 'none' }));
    s += g('translate(14 250)', reachStacker(p.box()));
    return { body: s, defs: skyDefs() };
  },
  'truck-depot-dusk': (p) => {
    let s = sky(p, 'dusk', { clouds: 1 }) + ground(246, '#c9c3cf');
    for (let i = 0; i < 5; i++) for (let l = 0; l < 3 - (i % 2); l++) s += box(16 + i * 92, 140 - l * 30 + 40, 88, 28, p.box());
    s += rect(0, 206, W, 2, '#9b97a8');
    s += g('translate(30 268) scale(.62)', truck({ boxColour: p.box(), cab: C.navy }));
    s += g('translate(160 268) scale(.62)', truck({ boxColour: p.box(), cab: C.red }));
    s += g('translate(290 268) scale(.62)', truck({ boxColour: p.box(), cab: C.teal }));
    for (const x of [120, 250, 380]) s += rect(x, 60, 4, 150, '#6d6f80') + path(`M${x - 8} 60h20l-4 6h-12Z`, '#6d6f80') + circle(x + 2, 68, 5, '#ffe7a3');
    return { body: s, defs: skyDefs('dusk') };
  },
  'truck-road-industry': (p) => {
    let s = sky(p) + ground(200, '#d3dde8');
    s += factory(20, 200, 120, 50) + factory(170, 200, 90, 40, '#c4cfdc') + factory(300, 200, 150, 56, '#b3c1d2');
    s += road(220, 50) + ground(270, '#c9d6e4');
    s += g(`translate(${p.between(120, 220)} 262) scale(.8)`, truck({ boxColour: p.box(), cab: p.pick([C.red, C.blue]) }));
    return { body: s, defs: skyDefs() };
  },
  'truck-road-country': (p) => {
    let s = sky(p, 'day', { sun: true }) + mountains(210, false) + rect(0, 190, W, 40, C.grass);
    for (const x of [30, 60, 200, 420, 450]) s += tree(x, 222, 1);
    s += road(226, 46) + rect(0, 272, W, 28, C.grass);
    s += g('translate(10 266) scale(.7)', truck({ boxColour: p.box(), cab: C.blue }));
    s += g('translate(250 266) scale(.7)', truck({ boxColour: p.box(), cab: C.red, len: 100 }));
    return { body: s, defs: skyDefs() };
  },
  'truck-border': (p) => {
    let s = sky(p) + ground(236, '#cfd8e3') + rect(0, 236, W, 40, C.asphalt);
    // canopy over the lanes
    s += rect(150, 90, 320, 20, C.navy) + rect(150, 110, 320, 6, C.blue);
    for (const x of [160, 260, 360, 458]) s += rect(x, 116, 8, 122, '#dfe6ee');
    for (const [x, on] of [
      [205, true],
      [305, false],
      [405, true],
    ])
      s += circle(x, 100, 5, on ? '#3ddc84' : '#ff5a5a');
    for (const x of [228, 328, 428]) s += rect(x, 196, 24, 40, '#e8edf2') + rect(x + 4, 202, 16, 12, C.glass);
    s += stroke('M222 214H170', '#c4453a', 4) + stroke('M322 214H286', '#ffffff', 4);
    s += g('translate(20 268) scale(.62)', truck({ boxColour: p.box(), cab: C.red }));
    s += g('translate(240 252) scale(.5)', truck({ boxColour: p.box(), cab: C.blue }));
    s += stroke('M0 252H480', '#e9eef4', 2, ' stroke-dasharray="14 10"');
    return { body: s, defs: skyDefs() };
  },
  'truck-dispatch': () => {
    let s = rect(0, 0, W, H, '#e9eef4') + rect(0, 250, W, 50, '#c9d3df');
    s += rect(40, 24, 400, 220, C.steel, ' rx="10"') + rect(52, 36, 376, 196, '#10284a', ' rx="4"');
    // land and roads
    s += path('M52 150q60 -30 110 -10t120 -30q60 -20 146 6V232H52Z', '#1c3d66') + path('M52 90q40 -20 90 0t90 -20q50 -10 80 -40H52Z', '#1c3d66');
    s += stroke('M70 210Q150 160 220 170T360 110T420 70', '#3a6aa3', 3) + stroke('M80 80Q160 120 240 100T400 180', '#3a6aa3', 3);
    s += stroke('M70 210Q150 160 220 170T360 110', C.orange, 4);
    const pts = [
      [70, 210],
      [150, 176],
      [220, 170],
      [300, 140],
      [360, 110],
    ];
    for (const [x, y] of pts.slice(1, 4)) s += circle(x, y, 9, '#3ddc84', ' fill-opacity=".25"') + circle(x, y, 4.5, '#3ddc84');
    s += circle(360, 110, 7, C.orange) + circle(70, 210, 6, '#ffffff');
    s += rect(320, 150, 96, 70, '#0b1f3a', ' rx="4"') + textLines(330, 162, [60, 44, 70, 50], 13, '#3a6aa3');
    s += rect(200, 244, 80, 8, C.steel) + rect(160, 252, 160, 6, '#9aa6b4');
    return { body: s };
  },
  'truck-barge': (p) => {
    let s = sky(p) + water(190) + rect(300, 180, 180, 120, '#cfd8e3') + rect(300, 180, 180, 4, C.groundLine);
    // barge with two tiers of containers
    s += path('M20 206h260l-14 26H38Z', C.navy) + rect(230, 176, 30, 30, '#e8edf2') + rect(236, 182, 18, 8, C.glass);
    for (let l = 0; l < 2; l++) for (let i = 0; i < 4; i++) s += box(32 + i * 48, 180 - l * 26, 46, 24, p.box());
    // quay crane on the bank
    s += g('translate(330 180) scale(.6)', quayCrane(C.teal));
    s += g('translate(350 250) scale(.55)', truck({ boxColour: p.box(), cab: C.red }));
    s += g('translate(360 290) scale(.55)', truck({ boxColour: p.box(), cab: C.blue, load: 'none' }));
    return { body: s, defs: skyDefs() };
  },
  'truck-lowbed': (p) => {
    let s = sky(p) + mountains(220, false) + road(220, 50) + rect(0, 270, W, 30, C.grass);
    s += g('translate(60 262) scale(1.05)', lowbed(p.pick([C.teal, C.slate, C.navy])));
    s += g('translate(360 262) scale(1)', escort());
    return { body: s, defs: skyDefs() };
  },
  'wh-building': (p) => {
    let s = sky(p) + ground(246);
    s += rect(40, 96, 400, 150, '#e3e9f0') + rect(40, 86, 400, 14, C.navy) + rect(40, 100, 400, 8, C.blue, ' fill-opacity=".6"');
    for (let i = 0; i < 6; i++) {
      const x = 62 + i * 64;
      s +=
        rect(x, 150, 44, 70, '#b9c6d6') +
        stroke(Array.from({ length: 6 }, (_, k) => `M${x} ${156 + k * 11}h44`).join(''), '#a4b3c5', 1.5) +
        rect(x - 4, 220, 52, 6, C.steel) +
        rect(x + 16, 138, 12, 6, C.yellow);
    }
    for (const i of [1, 2, 4]) s += boxEnd(62 + i * 64 - 2, 176, 48, 50, p.box()) + wheel(62 + i * 64 + 8, 236, 8) + wheel(62 + i * 64 + 36, 236, 8);
    s += rect(60, 120, 90, 14, '#ffffff', ' fill-opacity=".6" rx="3"');
    return { body: s, defs: skyDefs() };
  },
  'wh-dc-containers': (p) => {
    let s = sky(p, 'day', { clouds: 3 }) + ground(240);
    s += rect(20, 110, 300, 130, '#e3e9f0') + path('M20 110L170 84L320 110Z', '#cbd5e1') + rect(20, 108, 300, 6, C.navy);
    for (let i = 0; i < 5; i++) s += rect(36 + i * 56, 170, 40, 60, '#b9c6d6') + rect(32 + i * 56, 230, 48, 5, C.steel);
    for (const i of [0, 2, 3]) s += boxEnd(34 + i * 56, 184, 44, 46, p.box());
    for (let l = 0; l < 3; l++) for (let i = 0; i < 2; i++) s += box(340 + i * 8, 208 - l * 32 - i * 0, 120 - i * 16, 30, p.box());
    s += g('translate(250 284) scale(.66)', truck({ boxColour: p.box(), cab: C.red }));
    return { body: s, defs: skyDefs() };
  },
  'wh-racks-forklift': (p) => {
    let s = rect(0, 0, W, H, '#eef2f7') + rect(0, 0, W, 22, '#d9e1ea') + ground(262, '#c2ccd8');
    for (const x of [30, 60, 200, 330, 440]) s += rect(x, 22, 40, 6, '#fff7d6');
    s += rackBay(p, 20, 250, 150, 4) + rackBay(p, 300, 250, 150, 4);
    s += g('translate(180 262)', forklift(64));
    return { body: s };
  },
  'wh-racks-aisle': (p) => {
    let s = rect(0, 0, W, H, '#eef2f7');
    const vx = 240;
    const vy = 130;
    s += poly(
      [
        [0, 300],
        [W, 300],
        [vx + 20, vy + 24],
        [vx - 20, vy + 24],
      ],
      '#c2ccd8',
    );
    s += poly(
      [
        [0, 0],
        [W, 0],
        [vx + 20, vy - 40],
        [vx - 20, vy - 40],
      ],
      '#dde4ec',
    );
    s += stroke(`M${vx} ${vy + 24}L${vx} 300`, '#e3b23c', 3, ' stroke-dasharray="10 12"');
    // two rack walls converging
    for (const side of [-1, 1]) {
      const xo = side < 0 ? 0 : W;
      const xi = vx + side * 20;
      s += poly(
        [
          [xo, 0],
          [xi, vy - 40],
          [xi, vy + 24],
          [xo, 300],
        ],
        '#e6ebf1',
      );
      for (let k = 0; k <= 5; k++) {
        const t = k / 5;
        const x = xo + (xi - xo) * t * t * 0.98;
        const top = 0 + (vy - 40) * t * t;
        const bottom = 300 + (vy + 24 - 300) * t * t;
        s += stroke(`M${r1(x)} ${r1(top)}V${r1(bottom)}`, C.blue, Math.max(1.2, 8 * (1 - t)));
        if (k < 5) {
          const t2 = (k + 1) / 5;
          const x2 = xo + (xi - xo) * t2 * t2 * 0.98;
          const top2 = (vy - 40) * t2 * t2;
          const bottom2 = 300 + (vy + 24 - 300) * t2 * t2;
          for (let l = 1; l <= 3; l++) {
            const f = l / 4;
            const y1 = top + (bottom - top) * f;
            const y2 = top2 + (bottom2 - top2) * f;
            const hgt1 = (bottom - top) * 0.16;
            const hgt2 = (bottom2 - top2) * 0.16;
            s += poly(
              [
                [x, y1 - hgt1],
                [x2, y2 - hgt2],
                [x2, y2],
                [x, y1],
              ],
              p.pick(['#c79a5b', '#b88a4e', '#d4a96b']),
            );
            s += stroke(`M${r1(x)} ${r1(y1)}L${r1(x2)} ${r1(y2)}`, C.orange, Math.max(1, 5 * (1 - t)));
          }
        }
      }
    }
    return { body: s };
  },
  'wh-cold': (p) => {
    let s = rect(0, 0, W, H, '#e3f0f8') + ground(262, '#c6d8e6');
    s += rackBay(p, 20, 250, 140, 4, '#d9e6f2') + rackBay(p, 170, 250, 140, 4, '#cfdff0');
    s += rect(330, 40, 130, 90, C.navy, ' rx="8"') + rect(342, 52, 106, 50, '#0b1f3a', ' rx="4"');
    // a seven-segment style minus eighteen, drawn as bars (no text)
    s += rect(352, 75, 14, 4, '#7ef0c9') + rect(372, 60, 4, 34, '#7ef0c9');
    s += stroke('M386 60h18v34h-18zM386 77h18', '#7ef0c9', 4) + circle(416, 62, 3, 'none', ' stroke="#7ef0c9" stroke-width="2"');
    s += rect(342, 110, 106, 10, '#1f3a5f', ' rx="5"') + rect(342, 110, 40, 10, '#7ef0c9', ' rx="5"');
    // snowflake
    const sf = (cx, cy, r) =>
      stroke(`M${cx} ${cy - r}V${cy + r}M${cx - r * 0.87} ${cy - r / 2}L${cx + r * 0.87} ${cy + r / 2}M${cx - r * 0.87} ${cy + r / 2}L${cx + r * 0.87} ${cy - r / 2}`, '#9cc8e8', 3);
    s += sf(395, 180, 26) + sf(350, 220, 12) + sf(440, 230, 10);
    return { body: s };
  },
  'wh-parcels': (p) => {
    let s = rect(0, 0, W, H, '#eef2f7') + ground(262, '#c2ccd8');
    s += rect(0, 176, W, 14, '#5b6675') + stroke(Array.from({ length: 30 }, (_, i) => `M${i * 16 + 4} 183h8`).join(''), '#9aa6b4', 3);
    for (const x of [40, 200, 360]) s += rect(x, 190, 10, 72, '#8a96a6');
    // scanner arch
    s += path('M250 176V100q0 -12 12 -12H326q12 0 12 12V176h-12V104H262V176Z', C.blue) + stroke('M268 112h52', '#ff5a5a', 3, ' stroke-opacity=".8"');
    let x = 10;
    while (x < W - 30) {
      const w = p.between(28, 54);
      const h = p.between(18, 40);
      s += carton(x, 176, w, h, p.pick(['#c79a5b', '#d4a96b', '#b88a4e'])) + rect(x + 4, 176 - h + 5, w * 0.4, 6, '#ffffff', ' fill-opacity=".85"');
      x += w + p.between(14, 30);
    }
    // chute and roll cage
    s +=
      poly(
        [
          [380, 190],
          [470, 190],
          [460, 230],
          [390, 230],
        ],
        '#a4b3c5',
      ) + rect(400, 232, 60, 30, '#ffffff', ' fill-opacity=".0" stroke="#8a96a6" stroke-width="3"');
    return { body: s };
  },
  'wh-crossdock': (p) => {
    let s = rect(0, 0, W, H, '#e9eef4') + rect(0, 0, W, 40, '#d9e1ea');
    s += rect(120, 150, 240, 90, '#c2ccd8') + rect(120, 150, 240, 6, C.yellow);
    s += rect(0, 240, W, 60, '#9aa6b4');
    s += boxEnd(10, 130, 104, 100, p.box(), true) + boxEnd(366, 130, 104, 100, p.box(), true);
    s += carton(24, 222, 30, 24) + carton(58, 222, 40, 34) + carton(380, 222, 36, 28);
    s += g('translate(124 240)', forklift(2, '#d4a96b'));
    s += g('translate(356 240) scale(-1 1)', forklift(2, '#c79a5b'));
    s += stroke('M200 110H290', C.blue, 6) + path('M290 98l22 12l-22 12Z', C.blue);
    return { body: s };
  },
  'wh-cfs': (p) => {
    let s = rect(0, 0, W, H, '#eef2f7') + ground(250, '#c2ccd8');
    const colour = p.box();
    // cutaway container: back wall, floor, cartons inside, open doors
    s += rect(40, 110, 300, 120, '#3b4654') + rect(40, 230, 300, 10, colour) + rect(40, 100, 300, 10, colour);
    for (let c = 0; c < 6; c++) for (let l = 0; l < 3; l++) if (c < 4 || l < 2 - (c - 4)) s += carton(46 + c * 40, 230 - l * 38, 36, 36);
    s += path('M340 100l40 16V246l-40 -6Z', colour) + stroke('M352 110V236M366 116V240', '#000', 2, ' stroke-opacity=".25"');
    s += g('translate(410 250)', person(C.blue, { carry: true }));
    s += carton(420, 250, 34, 28) + carton(436, 222, 26, 24);
    return { body: s };
  },
  'rail-steppe': (p) => {
    let s = sky(p, 'day', { clouds: 2 }) + mountains(200) + rect(0, 196, W, 104, C.grass) + rect(0, 240, W, 60, C.grassDark);
    s += rails(226);
    s += g('translate(-40 226) scale(.48)', train(p, 8));
    return { body: s, defs: skyDefs() };
  },
  'rail-sunset': (p) => {
    let s = sky(p, 'dusk', { clouds: 1 }) + rect(0, 200, W, 100, '#c9a98a') + rect(0, 236, W, 64, '#b8957a');
    s += rails(228, 0, W, '#7a6458');
    s += g('translate(-20 228) scale(.55)', train(p, 6));
    s += rect(0, 0, W, H, '#f3b98f', ' fill-opacity=".12"');
    return { body: s, defs: skyDefs('dusk') };
  },
  'rail-terminal': (p) => {
    let s = sky(p) + ground(248);
    for (let l = 0; l < 2; l++) for (let i = 0; i < 3; i++) s += box(20 + i * 150, 206 - l * 28, 146, 26, p.box());
    s += rails(262, 0, W) + rect(0, 262, W, 38, '#b9c6d6') + rails(262);
    s += g('translate(10 262) scale(.8)', train(p, 4));
    s += g('translate(120 262)', gantry(240));
    s += rect(210, 112, 60, 12, C.steel) + stroke('M222 124V150M258 124V150', '#3b4654', 2) + rect(196, 150, 88, 6, C.steel) + box(198, 156, 84, 28, p.box());
    return { body: s, defs: skyDefs() };
  },
  'rail-gauge': (p) => {
    let s = sky(p) + ground(180, '#d3dde8');
    // two tracks: broad gauge (wide sleepers) behind, standard in front
    s += rect(0, 210, W, 8, '#b9c6d6') + rails(210, 0, W, '#6b7684', 6) + rails(268, 0, W);
    s += g('translate(20 210) scale(.62)', train(p, 3));
    s += g('translate(160 268) scale(.72)', train(p, 3));
    s += g('translate(100 268) scale(.9)', gantry(300, C.orange));
    s += rect(230, 150, 60, 10, C.steel) + box(222, 168, 78, 26, p.box()) + stroke('M240 160V168M282 160V168', '#3b4654', 2);
    s += stroke('M60 196v-14M60 182h36M96 182v14', '#5b6c8f', 2) + stroke('M330 254v-14M330 240h28M358 240v14', '#5b6c8f', 2);
    return { body: s, defs: skyDefs() };
  },
  'rail-bridge': (p) => {
    let s = sky(p) + mountains(190, false) + water(190);
    s += rect(0, 176, 60, 124, '#b9c6d6') + rect(420, 176, 60, 124, '#b9c6d6');
    // truss
    let d = 'M60 176H420M60 120H420';
    for (let x = 60; x < 420; x += 40) d += `M${x} 176L${x + 20} 120L${x + 40} 176M${x + 20} 120V176`;
    s += stroke(d, C.slate, 3) + rect(56, 176, 368, 8, C.slate);
    s += rect(150, 184, 16, 116, '#a4b3c5') + rect(314, 184, 16, 116, '#a4b3c5');
    s += g('translate(20 176) scale(.5)', train(p, 5));
    return { body: s, defs: skyDefs() };
  },
  'rail-doublestack': (p) => {
    let s =
      sky(p, 'day', { sun: true, clouds: 1 }) +
      poly(
        [
          [0, 210],
          [80, 160],
          [140, 190],
          [220, 140],
          [300, 180],
          [380, 150],
          [480, 196],
          [480, 210],
        ],
        '#d8b59a',
      ) +
      rect(0, 206, W, 94, '#e4cdb4');
    s += rails(250);
    s += g('translate(-30 250) scale(.62)', train(p, 5, { stack: 2, len: 120 }));
    for (const x of [40, 360]) s += rect(x, 262, 4, 16, '#6b8e4e') + circle(x + 2, 260, 7, '#7ea35e');
    return { body: s, defs: skyDefs() };
  },
  'rail-seaport': (p) => {
    let s = sky(p) + water(200) + rect(220, 190, 260, 110, '#cfd8e3') + rect(220, 190, 260, 4, C.groundLine);
    // ship with stacks
    s += path('M0 190H200l-18 40H0Z', C.navy) + rect(0, 188, 200, 4, C.red);
    for (let i = 0; i < 6; i++) for (let l = 0; l < 2 + (i % 3 === 0 ? 1 : 0); l++) s += box(10 + i * 30, 170 - l * 18, 28, 17, p.box());
    s += rect(160, 136, 26, 52, '#f1f4f8') + rect(164, 142, 18, 8, C.glass);
    s += g('translate(240 190) scale(.75)', quayCrane(C.blue));
    s += rails(262, 220, W) + rails(286, 220, W);
    s += g('translate(250 262) scale(.55)', train(p, 3));
    s += g('translate(230 286) scale(.55)', train(p, 3));
    return { body: s, defs: skyDefs() };
  },
  'cd-documents': () => {
    let s = rect(0, 0, W, H, '#d9cbb8') + rect(0, 0, W, H, 'url(#wood)');
    s += g('rotate(-7 160 150)', rect(70, 40, 190, 240, C.paper, ' rx="4"') + rect(86, 60, 90, 10, C.navy, ' rx="2"') + textLines(86, 84, [150, 130, 158, 120, 140], 14));
    s += g(
      'rotate(4 300 150)',
      rect(210, 30, 200, 250, C.paper, ' rx="4" stroke="#d9e1ea"') +
        rect(226, 50, 70, 10, C.blue, ' rx="2"') +
        stroke('M226 80H394M226 104H394M226 128H394M226 152H394M226 176H394M226 80V176M300 80V176M350 80V176M394 80V176', '#c8d2de', 1.5) +
        textLines(234, 88, [50, 40, 56, 44], 24) +
        textLines(310, 88, [26, 30, 20, 30], 24) +
        textLines(226, 200, [120, 90], 14),
    );
    s += g(
      'rotate(-14 370 220)',
      circle(370, 220, 40, 'none', ' stroke="#c4453a" stroke-width="5" stroke-opacity=".85"') +
        circle(370, 220, 30, 'none', ' stroke="#c4453a" stroke-width="2" stroke-opacity=".85"') +
        stroke('M352 220l12 12l22 -24', '#c4453a', 6, ' stroke-opacity=".85"'),
    );
    s += g('rotate(30 110 250)', rect(60, 246, 110, 9, C.navy, ' rx="4"') + path('M170 246l16 4.5l-16 4.5Z', '#e3b23c'));
    return { body: s, defs: '<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e3d5c2"/><stop offset="1" stop-color="#cdb89e"/></linearGradient>' };
  },
  'cd-scanner': (p) => {
    let s = sky(p) + ground(246, '#cfd8e3') + rect(0, 246, W, 30, C.asphalt);
    s += rect(150, 70, 24, 178, C.navy) + rect(330, 70, 24, 178, C.navy) + rect(140, 56, 224, 26, C.navy) + rect(140, 82, 224, 6, C.yellow);
    s += `<g opacity=".35">${poly(
      [
        [252, 88],
        [190, 246],
        [314, 246],
      ],
      '#7ec8ff',
    )}</g>`;
    s += g('translate(120 270) scale(.72)', truck({ boxColour: p.box(), cab: C.red }));
    // the X-ray image on a monitor
    s +=
      rect(380, 120, 90, 70, C.steel, ' rx="5"') +
      rect(386, 126, 78, 54, '#0d1b2a') +
      rect(392, 140, 66, 26, 'none', ' stroke="#cfe3f5" stroke-width="2"') +
      stroke('M398 160h10v-10h12v10h14v-6h16', '#8fb6dd', 2) +
      rect(420, 190, 10, 30, C.steel) +
      rect(404, 220, 42, 6, C.steel);
    return { body: s, defs: skyDefs() };
  },
  'cd-screen-desktop': (p) => {
    let s = rect(0, 0, W, H, '#e9eef4') + rect(0, 244, W, 56, '#c9d3df');
    s += rect(60, 24, 360, 210, C.steel, ' rx="10"') + rect(72, 36, 336, 186, '#ffffff', ' rx="3"');
    s += rect(72, 36, 336, 24, C.navy, ' rx="3"') + circle(86, 48, 4, '#ff5a5a') + circle(98, 48, 4, C.yellow) + circle(110, 48, 4, '#3ddc84');
    for (let i = 0; i < 6; i++) {
      const y = 76 + i * 24;
      s +=
        textLines(88, y, [p.between(50, 80)], 0, '#9aa6b4', 6) +
        rect(180, y - 5, 180, 16, '#f3f6fa', ' rx="3" stroke="#d9e1ea"') +
        textLines(188, y, [p.between(60, 140)], 0, C.ink, 6) +
        check(384, y + 3, 8);
    }
    s += rect(220, 234, 40, 12, C.steel) + rect(180, 246, 120, 8, '#9aa6b4', ' rx="3"');
    return { body: s };
  },
  'cd-screen-laptop': () => {
    let s = rect(0, 0, W, H, '#eef2f7') + rect(0, 236, W, 64, '#d4dce6');
    s += rect(90, 40, 300, 190, C.steel, ' rx="10"') + rect(102, 52, 276, 166, '#ffffff', ' rx="3"');
    s += path('M60 230H420l-20 22H80Z', '#9aa6b4') + rect(200, 232, 80, 6, '#7d8896', ' rx="3"');
    // timeline of a filing: four steps, the last one released
    const xs = [140, 200, 260, 320];
    s += stroke(`M140 110H320`, '#d9e1ea', 6) + stroke(`M140 110H320`, C.green, 6);
    xs.forEach((x, i) => {
      s += i < 3 ? check(x, 110, 13) : circle(x, 110, 18, C.green) + stroke(`M${x - 8} 110l6 6l11 -12`, '#ffffff', 4);
    });
    s += xs.map((x) => textLines(x - 20, 138, [40], 0, C.ink, 5)).join('');
    s += rect(130, 166, 220, 34, '#e6f5ec', ' rx="6"') + check(152, 183, 10) + textLines(172, 179, [130], 0, '#8cc8a4', 8);
    s += rect(102, 52, 276, 22, '#f3f6fa') + textLines(114, 60, [80], 0, '#9aa6b4', 6);
    return { body: s };
  },
  'cd-gate': (p) => {
    let s = sky(p) + ground(236, '#cfd8e3') + rect(0, 236, W, 44, C.asphalt);
    s += rect(120, 70, 340, 18, C.navy) + rect(120, 88, 340, 5, C.teal);
    for (const x of [126, 290, 448]) s += rect(x, 93, 8, 145, '#dfe6ee');
    s += rect(300, 170, 60, 68, '#e8edf2') + rect(308, 180, 44, 22, C.glass) + rect(300, 164, 60, 8, C.teal);
    s += rect(286, 206, 12, 30, C.steel) + stroke('M292 208H160', '#c4453a', 6) + stroke('M190 208h20M240 208h20', '#ffffff', 6);
    s += rect(376, 150, 16, 44, C.steel, ' rx="3"') + circle(384, 162, 5, '#ff5a5a') + circle(384, 180, 5, '#3a4654');
    s += g('translate(-30 262) scale(.72)', truck({ boxColour: p.box(), cab: C.blue }));
    return { body: s, defs: skyDefs() };
  },
  'cd-tariff': (p) => {
    let s = rect(0, 0, W, H, '#e3e9f0');
    // open book
    s +=
      path('M40 70q100 -20 196 10V270q-96 -30 -196 -10Z', '#ffffff', ' stroke="#c8d2de" stroke-width="2"') +
      path('M440 70q-100 -20 -196 10V270q96 -30 196 -10Z', '#ffffff', ' stroke="#c8d2de" stroke-width="2"');
    s += rect(236, 80, 8, 192, '#c8d2de');
    for (let i = 0; i < 9; i++) s += rect(60, 96 + i * 18, p.between(100, 150), 5, C.ink, ' rx="2"') + rect(262, 96 + i * 18, p.between(100, 150), 5, C.ink, ' rx="2"');
    // magnifier over a code, drawn as digit-like bars
    s += circle(330, 160, 56, '#ffffff', ' fill-opacity=".7" stroke="#3b4654" stroke-width="10"') + stroke('M370 200L430 262', '#3b4654', 16);
    s +=
      rect(292, 150, 18, 22, 'none', ' stroke="#1363df" stroke-width="4"') +
      rect(316, 150, 18, 22, 'none', ' stroke="#1363df" stroke-width="4"') +
      circle(340, 170, 2.5, C.blue) +
      rect(346, 150, 14, 22, 'none', ' stroke="#1363df" stroke-width="4"') +
      rect(364, 150, 4, 22, C.blue);
    return { body: s };
  },
  'cd-inspection': (p) => {
    let s = rect(0, 0, W, H, '#e9eef4') + ground(250, '#c2ccd8');
    const colour = p.box();
    // container end-on, doors swung open
    s += rect(120, 70, 200, 180, colour) + rect(132, 82, 176, 168, '#3b4654');
    for (let l = 0; l < 4; l++) for (let c = 0; c < 4; c++) if (l < 3 || c < 2) s += carton(138 + c * 42, 250 - l * 40, 38, 38);
    s += path('M120 70L70 90V262L120 250Z', colour) + path('M320 70L370 90V262L320 250Z', colour);
    s += stroke('M84 100V250M104 86V252M356 100V250M336 86V252', '#000', 3, ' stroke-opacity=".22"');
    s += g('translate(420 250)', person(C.navy));
    s +=
      stroke('M410 212L394 206', '#e6b58f', 5) +
      rect(378, 190, 24, 32, '#ffffff', ' stroke="#8a96a6" stroke-width="2"') +
      check(386, 200, 4) +
      check(386, 212, 4) +
      rect(392, 198, 7, 3, C.ink) +
      rect(392, 210, 7, 3, C.ink);
    return { body: s };
  },
};

export const SCENE_NAMES = Object.keys(SCENES);

/** The SVG of one picture (scene drawn with the picture's own colours). */
export function drawPicture({ id, scene }) {
  const draw = SCENES[scene];
  if (!draw) throw new Error(`picture ${id}: no drawing for scene "${scene}" (known: ${SCENE_NAMES.join(', ')})`);
  const { body, defs } = draw(picker(id));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}

/** Every picture of content/scl/*.json: file name → SVG text. */
export function drawAll(root = ROOT) {
  const dir = join(root, 'content', 'scl');
  const out = new Map();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    for (const picture of data.pictures ?? []) out.set(`${picture.id}.svg`, drawPicture(picture));
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = join(ROOT, 'public', 'scl');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  let bytes = 0;
  const all = drawAll();
  for (const [name, svg] of all) {
    writeFileSync(join(target, name), svg);
    bytes += svg.length;
  }
  console.log(`public/scl: ${all.size} pictures, ${(bytes / 1024).toFixed(1)} KB`);
}
