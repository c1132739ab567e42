#!/usr/bin/env node
// Generates the vector artwork of the public site (public/images/**, public/favicon.svg).
// Deterministic, no dependencies: run `node src/build/derived/generators/make-artwork.mjs`.
// Every file is a self-contained SVG (viewBox, <title>, no external refs, no raster).
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOXES, rng } from './lib/artwork.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const PUB = join(ROOT, 'public');
const MAX_BYTES = 12000;

const C = { navy: '#0b2545', blue: '#1363df', teal: '#13a89e', light: '#eef4fb', orange: '#f28c28', white: '#ffffff' };
const FONT = 'Arial,Helvetica,sans-serif';

// ---------- helpers ----------
const f = (v) => Math.round(v * 10) / 10;
const pick = (R, arr) => arr[Math.floor(R() * arr.length)];

function svg(w, h, title, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${title}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}
// linear gradient; stops: [[offset, colour, opacity?], ...]; vertical by default
function lin(id, stops, x2 = 0, y2 = 1, x1 = 0, y1 = 0) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`)
    .join('')}</linearGradient>`;
}
function rad(id, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`)
    .join('')}</radialGradient>`;
}
const rect = (x, y, w, h, fill, extra = '') => `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const circ = (cx, cy, r, fill, extra = '') => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const ell = (cx, cy, rx, ry, fill, extra = '') => `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d, stroke, w, extra = '') => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}"${extra}/>`;
const g = (tr, body, extra = '') => `<g transform="${tr}"${extra}>${body}</g>`;

// group of rectangles (containers) by colour -> one path per colour
function boxes(list, { stroke = C.navy, sw = 0.6, so = 0.35, ribs = null } = {}) {
  const by = new Map();
  let all = '';
  for (const [x, y, w, h, col] of list) {
    const d = `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}z`;
    by.set(col, (by.get(col) || '') + d);
    all += d;
  }
  let s = '';
  for (const [col, d] of by) s += `<path d="${d}" fill="${col}"${stroke ? ` stroke="${stroke}" stroke-width="${sw}" stroke-opacity="${so}"` : ''}/>`;
  if (ribs) s += `<path d="${all}" fill="url(#${ribs})"/>`;
  return s;
}
const ribDef = (id, step = 6, op = 0.16) =>
  `<pattern id="${id}" width="${step}" height="10" patternUnits="userSpaceOnUse"><path d="M${step / 2} 0V10" stroke="#000" stroke-opacity="${op}" stroke-width="${f(step / 5)}"/></pattern>`;

// container ship in profile; bow to the right (dir 1) or left (dir -1); (x, wy) = stern at waterline
function ship(x, wy, L, o = {}) {
  const R = rng(o.seed ?? 7);
  const H = L * 0.085;
  const hull = o.hull ?? C.navy;
  const tiers = o.tiers ?? 5;
  const pal = o.palette ?? BOXES;
  let s = '';
  s += path(`M0 ${f(-H * 0.55)}L${f(L * 0.01)} ${f(-H)}H${f(L * 0.955)}L${f(L)} ${f(-H * 1.25)}L${f(L * 0.985)} ${f(-H * 0.45)}L${f(L * 0.93)} 0H${f(L * 0.035)}Z`, hull);
  s += path(`M${f(L * 0.021)} ${f(-H * 0.22)}H${f(L * 0.957)}L${f(L * 0.93)} 0H${f(L * 0.035)}Z`, o.boot ?? '#b23a48');
  s += line(`M${f(L * 0.02)} ${f(-H * 0.72)}H${f(L * 0.96)}`, '#fff', f(Math.max(0.6, H * 0.06)), ' stroke-opacity=".35"');
  // containers
  const cw = L * 0.041,
    gap = L * 0.0035,
    ch = H * 0.5;
  const list = [];
  let bx = L * 0.14;
  let i = 0;
  while (bx + cw < L * 0.935) {
    let t = tiers - Math.floor(R() * 2.2);
    if (bx > L * 0.84) t -= 1;
    if (i === 0) t = Math.min(t, tiers);
    for (let k = 0; k < Math.max(1, t); k++) list.push([bx, -H - ch * (k + 1), cw, ch, pick(R, pal)]);
    bx += cw + gap;
    i++;
  }
  s += boxes(list, { sw: Math.max(0.3, L * 0.0012), so: 0.45 });
  // superstructure + funnel
  const sx = L * 0.055,
    sw = L * 0.075,
    top = -H - ch * (tiers + 1.6);
  s += path(`M${f(L * 0.02)} ${f(-H)}L${f(L * 0.028)} ${f(top + ch * 0.8)}H${f(L * 0.052)}L${f(L * 0.05)} ${f(-H)}Z`, o.funnel ?? C.navy);
  s += rect(L * 0.027, top + ch * 1.3, L * 0.023, ch * 0.45, C.teal);
  s += rect(sx, top + ch * 0.6, sw, -top - H - ch * 0.6, '#f2f5f9');
  s += rect(sx - L * 0.01, top, sw + L * 0.02, ch * 0.75, '#f2f5f9');
  s += rect(sx - L * 0.006, top + ch * 0.22, sw + L * 0.012, ch * 0.26, C.navy);
  for (let k = 1; k < tiers; k++) s += rect(sx + L * 0.006, top + ch * (0.6 + k), sw - L * 0.012, ch * 0.14, '#9fb0c6');
  if (o.wake !== false) {
    const c = o.wakeCol ?? '#fff';
    s += line(
      `M${f(L * 0.9)} ${f(H * 0.05)}q${f(L * 0.06)} ${f(H * 0.25)} ${f(L * 0.13)} ${f(H * 0.1)}M${f(-L * 0.02)} ${f(H * 0.12)}h${f(-L * 0.18)}M${f(-L * 0.01)} ${f(H * 0.32)}h${f(-L * 0.1)}`,
      c,
      f(Math.max(0.8, H * 0.12)),
      ' stroke-opacity=".6" stroke-linecap="round"',
    );
  }
  const tr = o.dir === -1 ? `translate(${f(x + L)} ${f(wy)}) scale(-1 1)` : `translate(${f(x)} ${f(wy)})`;
  return g(tr, s, o.opacity ? ` opacity="${o.opacity}"` : '');
}

// ship-to-shore gantry crane; (x, gy) = waterside leg at ground; s = scale (height ~100*s); dir=1 boom to the right, -1 to the left
function crane(x, gy, s, col, dir = 1, sw = 2.4) {
  const body =
    line(
      'M0 0V-60M34 0V-60M-4 -60H38M0 -30H34M0 -30L34 -60M0 -60L34 -30M-62 -66H56M-62 -71H56M-62 -66L-50 -71M-38 -66L-26 -71M-14 -66L-2 -71M10 -66L22 -71M0 -60L14 -100L34 -60M14 -100L-52 -71M14 -100L52 -71',
      col,
      sw,
      ' stroke-linejoin="round"',
    ) +
    rect(36, -80, 20, 9, col) +
    rect(-34, -66, 10, 7, col) +
    line('M-30 -59V-42', col, 0.9) +
    rect(-36, -42, 14, 4, col);
  return g(`translate(${f(x)} ${f(gy)}) scale(${f(-s * dir * 100) / 100} ${s})`, body);
}

// city skyline; returns one path for buildings (+ optional lit windows)
function skyline(x0, x1, by, seed, col, o = {}) {
  const R = rng(seed);
  const minH = o.minH ?? 40,
    maxH = o.maxH ?? 140;
  let d = '',
    win = '';
  let x = x0;
  while (x < x1) {
    const w = (o.minW ?? 18) + R() * (o.varW ?? 34);
    const h = minH + R() * (maxH - minH);
    d += `M${f(x)} ${f(by)}V${f(by - h)}h${f(w)}V${f(by)}z`;
    if (R() < 0.25) d += `M${f(x + w / 2 - 1)} ${f(by - h)}v${f(-h * 0.18)}h2v${f(h * 0.18)}z`;
    if (o.win) {
      const n = Math.floor(h / 26);
      for (let k = 0; k < n; k++) if (R() < (o.winP ?? 0.35)) win += `M${f(x + 3 + R() * (w - 9))} ${f(by - h + 8 + k * 24)}h3v4h-3z`;
    }
    x += w + (o.gap ?? 2) + R() * 4;
  }
  return path(d, col) + (win ? path(win, o.win) : '');
}
function waves(x0, x1, y, wl, amp, col, sw, op = 0.5) {
  let d = `M${f(x0)} ${f(y)}q${f(wl / 4)} ${f(-amp)} ${f(wl / 2)} 0`;
  for (let x = x0 + wl / 2; x < x1; x += wl / 2) d += `t${f(wl / 2)} 0`;
  return line(d, col, sw, ` stroke-opacity="${op}" stroke-linecap="round"`);
}
function cloud(cx, cy, s, col = '#fff', op = 0.9) {
  return g(`translate(${f(cx)} ${f(cy)}) scale(${s})`, path('M-60 10a22 22 0 0 1 18-30a30 30 0 0 1 52-10a24 24 0 0 1 40 14a18 18 0 0 1 10 26z', col), ` opacity="${op}"`);
}
function gulls(list, col = C.navy) {
  let d = '';
  for (const [x, y, s] of list) d += `M${f(x - 8 * s)} ${f(y - 3 * s)}q${f(4 * s)} ${f(-3 * s)} ${f(8 * s)} ${f(3 * s)}q${f(4 * s)} ${f(-6 * s)} ${f(8 * s)} ${f(-3 * s)}`;
  return line(d, col, 1.6, ' stroke-linecap="round" stroke-linejoin="round"');
}
// isometric box (container) with top-back vertex at (cx, cy); a=length, b=depth, h=height
function isoBox(cx, cy, a, b, h, col, o = {}) {
  const ux = [0.866, 0.5],
    uy = [-0.866, 0.5];
  const P = (i, j, k = 0) => `${f(cx + ux[0] * i + uy[0] * j)} ${f(cy + ux[1] * i + uy[1] * j + k)}`;
  let s = '';
  s += path(`M${P(0, 0)}L${P(a, 0)}L${P(a, b)}L${P(0, b)}Z`, col);
  s += path(`M${P(0, 0)}L${P(a, 0)}L${P(a, b)}L${P(0, b)}Z`, '#fff', ' fill-opacity=".28"');
  s += path(`M${P(0, b)}L${P(a, b)}L${P(a, b, h)}L${P(0, b, h)}Z`, col);
  s += path(`M${P(a, 0)}L${P(a, b)}L${P(a, b, h)}L${P(a, 0, h)}Z`, col);
  s += path(`M${P(a, 0)}L${P(a, b)}L${P(a, b, h)}L${P(a, 0, h)}Z`, '#000', ' fill-opacity=".25"');
  if (o.ribs !== false) {
    let d = '';
    const n = o.ribs ?? 8;
    for (let k = 1; k < n; k++) d += `M${P((a * k) / n, b, 2)}v${f(h - 4)}`;
    s += line(d, '#000', o.rw ?? 1, ' stroke-opacity=".18"');
  }
  if (o.outline) s += path(`M${P(0, 0)}L${P(a, 0)}L${P(a, 0, h)}L${P(a, b, h)}L${P(0, b, h)}L${P(0, b)}Z`, 'none', ` stroke="${o.outline}" stroke-width="1.2" stroke-linejoin="round"`);
  return s;
}

// flat person, feet at (x, y), total height h. o: shirt, pants, skin, hair, style, pose, skirt
function person(x, y, h, o = {}) {
  const shirt = o.shirt ?? C.teal,
    pants = o.pants ?? C.navy,
    skin = o.skin ?? '#e0b48f',
    hair = o.hair ?? '#2b2b35';
  let s = '';
  if (o.hairStyle === 'long') s += path('M-10 -88a10 10 0 0 1 20 0v16h-20z', hair);
  if (o.skirt) {
    s += line('M-5 -26V-2M5 -26V-2', skin, 6, ' stroke-linecap="round"');
    s += path('M-12 -48H12L17 -24H-17Z', pants);
  } else s += line('M-6 -46V-2M6 -46V-2', pants, 8, ' stroke-linecap="round"');
  const pose = o.pose ?? 'stand';
  const arms = {
    stand: 'M-11 -74L-16 -48M11 -74L16 -48',
    wave: 'M-11 -74L-16 -48M11 -74L25 -97',
    cheer: 'M-11 -74L-24 -97M11 -74L25 -97',
    hold: 'M-11 -74L-17 -56L-4 -54M11 -74L17 -56L4 -54',
    reach: 'M-11 -74L-16 -48M11 -74L26 -56',
    point: 'M-11 -74L-16 -48M11 -74L34 -84',
  }[pose];
  s += line(arms, o.sleeve ?? shirt, 7, ' stroke-linecap="round" stroke-linejoin="round"');
  s += path('M-13 -44V-72a8 8 0 0 1 8-8h10a8 8 0 0 1 8 8V-44Z', shirt);
  if (o.belt) s += rect(-13, -48, 26, 4, o.belt);
  s += circ(0, -89, 9, skin);
  if (o.hairStyle === 'cap') s += path('M-9.5 -90a9.5 9.5 0 0 1 19 0h6v3h-25z', hair);
  else if (o.hairStyle === 'bun') s += circ(0, -101, 5, hair) + path('M-9.5 -89a9.5 9.5 0 0 1 19 0q-9 -7 -19 0z', hair);
  else if (o.hairStyle === 'hat') s += path('M-16 -91q16 -6 32 0l-5 -3q-6 -12 -16 -12t-11 12z', hair);
  else if (o.hairStyle !== 'none') s += path('M-9.5 -88a9.5 9.5 0 0 1 19 0q-9 -7 -19 0z', hair);
  if (o.extra) s += o.extra;
  return g(`translate(${f(x)} ${f(y)}) scale(${f((h / 100) * 1000) / 1000})`, s);
}
// overlay that keeps the left half of a banner calm and dark for white text
const leftShade = (id) =>
  lin(
    id,
    [
      [0, C.navy, 0.9],
      [0.36, C.navy, 0.7],
      [0.58, C.navy, 0],
    ],
    1,
    0,
  );

// fruit
const orange = (x, y, r) =>
  circ(x, y, r, '#f28c28') +
  circ(x - r * 0.35, y - r * 0.35, r * 0.3, '#fff', ' fill-opacity=".3"') +
  path(`M${f(x)} ${f(y - r)}q${f(r * 0.5)} ${f(-r * 0.6)} ${f(r)} ${f(-r * 0.2)}q${f(-r * 0.5)} ${f(r * 0.4)} ${f(-r)} ${f(r * 0.2)}z`, '#3a9d4a');
const apple = (x, y, r) =>
  path(
    `M${f(x)} ${f(y - r * 0.7)}c${f(r * 0.9)} ${f(-r * 0.5)} ${f(r * 1.3)} ${f(r * 0.3)} ${f(r * 0.9)} ${f(r * 1.1)}c${f(-r * 0.3)} ${f(r * 0.6)} ${f(-r * 0.6)} ${f(r * 0.6)} ${f(-r * 0.9)} ${f(r * 0.4)}c${f(-r * 0.3)} ${f(r * 0.2)} ${f(-r * 0.6)} ${f(r * 0.2)} ${f(-r * 0.9)} ${f(-r * 0.4)}c${f(-r * 0.4)} ${f(-r * 0.8)} 0 ${f(-r * 1.6)} ${f(r * 0.9)} ${f(-r * 1.1)}z`,
    '#d9443a',
  ) + line(`M${f(x)} ${f(y - r * 0.7)}l${f(r * 0.2)} ${f(-r * 0.5)}`, '#5a3b22', f(r * 0.15));
const banana = (x, y, s) =>
  g(
    `translate(${f(x)} ${f(y)}) scale(${s})`,
    path('M-30 -6q30 30 62 -4q4 -4 2 -8q-30 22 -60 2q-4 -2 -4 10z', '#f3c93b') + path('M-30 -6q-4 -4 -6 2', 'none', ' stroke="#6b4b1f" stroke-width="3" stroke-linecap="round"'),
  );
function grapes(x, y, r) {
  let s = '';
  const rows = [[0, 1, 2, 3], [0.5, 1.5, 2.5], [1, 2], [1.5]]; // column offsets per row
  rows.forEach((row, j) =>
    row.forEach((k) => {
      s += circ(x + (k - 1.5) * r * 1.7, y + j * r * 1.5, r, j % 2 ? '#6b3fa0' : '#7d4cb8');
    }),
  );
  return s + line(`M${f(x)} ${f(y - r)}q${f(r)} ${f(-r * 2)} ${f(r * 2.5)} ${f(-r * 2)}`, '#3a9d4a', f(r * 0.5));
}
function crate(x, y, w, h, fruitFn) {
  let s = '';
  if (fruitFn) s += fruitFn(x, y, w);
  s += rect(x, y, w, h, '#c98b4f') + line(`M${f(x)} ${f(y + h / 3)}h${f(w)}M${f(x)} ${f(y + (2 * h) / 3)}h${f(w)}`, '#8a5a2e', 1.5) + rect(x, y, w, h, 'none', ' stroke="#8a5a2e" stroke-width="1.5"');
  return s;
}
const orangesOn = (x, y, w) => {
  let s = '';
  const n = Math.max(2, Math.round(w / 16));
  for (let k = 0; k < n; k++) s += circ(x + (k + 0.5) * (w / n), y - 3, w / n / 2 + 1, k % 2 ? '#f59a35' : '#f28c28');
  return s;
};
const greensOn = (x, y, w) => {
  let s = '';
  const n = Math.max(2, Math.round(w / 14));
  for (let k = 0; k < n; k++) s += circ(x + (k + 0.5) * (w / n), y - 3, w / n / 2 + 1, k % 2 ? '#5fb85a' : '#3a9d4a');
  return s;
};
const applesOn = (x, y, w) => {
  let s = '';
  const n = Math.max(2, Math.round(w / 16));
  for (let k = 0; k < n; k++) s += circ(x + (k + 0.5) * (w / n), y - 3, w / n / 2 + 1, k % 2 ? '#e0533f' : '#c7382e');
  return s;
};

function truck(x, y, s, o = {}) {
  // tractor facing right, with a trailer carrying container; (x,y) rear at ground
  const cont = o.container ?? C.blue;
  let b = '';
  b += rect(0, -16, 150, 6, '#3b4658');
  if (o.reefer) {
    b += rect(2, -76, 142, 60, '#f4f7fa') + rect(2, -76, 142, 60, 'url(#rib)') + rect(138, -70, 10, 48, '#9fb0c6') + rect(2, -76, 142, 60, 'none', ' stroke="#9fb0c6" stroke-width="1.5"');
  } else if (cont !== 'none') b += rect(2, -76, 142, 60, cont) + rect(2, -76, 142, 60, 'url(#rib)') + rect(2, -76, 142, 60, 'none', ' stroke="#000" stroke-opacity=".2" stroke-width="1.5"');
  b += path('M156 -10V-58q0 -8 8 -8h22q6 0 9 6l12 24q3 5 3 10V-10Z', o.cab ?? C.orange);
  b += path('M176 -60h10l10 22h-20z', '#cfe0f5');
  b += rect(150, -22, 60, 8, '#3b4658');
  for (const wx of [20, 44, 120, 172, 196]) b += circ(wx, -8, 9, '#1c2330') + circ(wx, -8, 4, '#9fb0c6');
  return g(`translate(${f(x)} ${f(y)}) scale(${s})`, b);
}
function tree(x, y, s, col = '#3a9d4a', fruit = false) {
  let b = rect(-3, -30, 6, 30, '#7a5230') + circ(0, -44, 20, col) + circ(-12, -36, 13, col) + circ(12, -36, 13, col);
  if (fruit) b += circ(-8, -46, 3.5, C.orange) + circ(6, -38, 3.5, C.orange) + circ(9, -52, 3.5, C.orange) + circ(-12, -33, 3.5, C.orange);
  return g(`translate(${f(x)} ${f(y)}) scale(${s})`, b);
}
const heart = (x, y, s, col) => g(`translate(${f(x)} ${f(y)}) scale(${s})`, path('M0 8C-14 -2 -20 -8 -20 -16a10 10 0 0 1 20 -4a10 10 0 0 1 20 4c0 8 -6 14 -20 24z', col));

// ---------- file registry ----------
const files = [];
function out(rel, content) {
  const p = join(PUB, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, content);
  files.push(rel);
}

// ---------- brand ----------
// brand mark (40x40): bridge arch over two waves on a rounded square
function mark(bg, arch, wave1, wave2) {
  return (
    `<rect width="40" height="40" rx="9" fill="${bg}"/>` +
    line('M7 22Q20 3 33 22', arch, 3.4) +
    line('M5 22H35M13 14.5V22M20 12V22M27 14.5V22', arch, 1.8, ' stroke-linecap="round"') +
    line('M5 28.5q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0', wave1, 2.6, ' stroke-linecap="round"') +
    line('M5 34q3.75 -3.5 7.5 0t7.5 0t7.5 0t7.5 0', wave2, 2.6, ' stroke-linecap="round"')
  );
}
function brand() {
  const defs = lin(
    'mk',
    [
      [0, C.blue],
      [1, C.navy],
    ],
    1,
    1,
  );
  const word = (col, sub) =>
    `<text x="48" y="22" font-family="${FONT}" font-size="19" font-weight="700" fill="${col}" textLength="136" lengthAdjust="spacingAndGlyphs">SEABRIDGE</text>` +
    `<text x="48.5" y="34" font-family="${FONT}" font-size="8" font-weight="700" fill="${sub}" textLength="135" lengthAdjust="spacing">CONTAINER LINES</text>`;
  out('images/brand/logo.svg', svg(188, 40, 'Seabridge Container Lines', defs, mark('url(#mk)', '#fff', C.teal, '#8ec5ff') + word(C.navy, C.teal)));
  out('images/brand/logo-white.svg', svg(188, 40, 'Seabridge Container Lines', '', mark('#fff', C.navy, C.teal, C.blue) + word('#fff', '#cfe3f7')));
  out('favicon.svg', svg(40, 40, 'Seabridge', defs, mark('url(#mk)', '#fff', C.teal, '#8ec5ff')).replace(' width="40" height="40" role', ' role'));
}

// ---------- home banners (1920x520, left half calm) ----------
const BW = 1920,
  BH = 520;
function bannerSlogan() {
  const defs =
    lin('sky', [
      [0, '#0b2545'],
      [0.55, '#1a4f9c'],
      [1, '#f5b36b'],
    ]) +
    lin('sea', [
      [0, '#114a8f'],
      [1, '#061a33'],
    ]) +
    rad(
      'sun',
      [
        [0, '#ffe2b0', 1],
        [0.25, '#f8b25c', 0.8],
        [1, '#f28c28', 0],
      ],
      0.5,
      0.5,
      0.5,
    ) +
    leftShade('sh');
  let b = rect(0, 0, BW, 330, 'url(#sky)') + ell(1560, 330, 520, 260, 'url(#sun)') + circ(1560, 322, 46, '#ffe9c7');
  b += cloud(1250, 120, 1.6, '#fff', 0.18) + cloud(1760, 190, 1.1, '#fff', 0.22) + cloud(980, 220, 1.2, '#fff', 0.12);
  b += rect(0, 330, BW, 190, 'url(#sea)');
  b += path('M1500 334h120l-20 30h-80zM1470 372h180l-30 22h-120zM1440 416h240l-40 18h-160z', '#ffd9a0', ' opacity=".35"');
  b += ship(1260, 336, 200, { seed: 3, tiers: 3, opacity: '.55', wake: false });
  b += ship(880, 446, 800, { seed: 11, tiers: 5 });
  for (let k = 0; k < 5; k++) b += waves(0, BW, 360 + k * 34, 180 - k * 10, 4 + k, '#8ec5ff', 1.4 + k * 0.3, 0.18 + k * 0.04);
  b += gulls(
    [
      [1380, 150, 1.4],
      [1420, 170, 1],
      [1330, 190, 1.1],
      [1700, 120, 0.9],
    ],
    '#0b2545',
  );
  b += rect(0, 0, BW, BH, 'url(#sh)');
  out('images/home/banner-slogan.svg', svg(BW, BH, 'Container ship sailing at sunrise', defs, b));
}
function bannerSyncon(lang) {
  const R = rng(lang === 'en' ? 21 : 42);
  const accent = lang === 'en' ? C.teal : '#3fa7ff';
  const defs =
    lin(
      'bg',
      [
        [0, '#061a33'],
        [1, '#0d3a7a'],
      ],
      1,
      1,
    ) +
    rad('glow', [
      [0, accent, 0.45],
      [1, accent, 0],
    ]) +
    lin('floor', [
      [0, accent, 0],
      [1, accent, 0.55],
    ]) +
    leftShade('sh');
  let b = rect(0, 0, BW, BH, 'url(#bg)') + ell(1420, 250, 560, 260, 'url(#glow)');
  // perspective floor grid
  let d = '';
  for (let k = -12; k <= 12; k++) d += `M${1400 + k * 14} 340L${1400 + k * 130} 520`;
  for (let k = 0; k < 6; k++) {
    const y = 340 + (k * k + k) * 5.6;
    d += `M700 ${f(y)}H1920`;
  }
  b += line(d, 'url(#floor)', 1.3);
  // globe wireframe
  const gx = 1480,
    gy = 200,
    gr = 130;
  let gd = '';
  for (const rx of [130, 95, 50, 12]) gd += `M${gx} ${gy - gr}a${rx} ${gr} 0 1 0 0.01 0`;
  for (const y of [-95, -50, 0, 50, 95]) {
    const w = Math.sqrt(gr * gr - y * y);
    gd += `M${f(gx - w)} ${gy + y}h${f(2 * w)}`;
  }
  b += circ(gx, gy, gr, '#0b2545', ' fill-opacity=".6"') + line(gd, accent, 1.2, ' stroke-opacity=".55"') + circ(gx, gy, gr, 'none', ` stroke="${accent}" stroke-width="2"`);
  // network nodes
  const nodes = [];
  for (let k = 0; k < 26; k++) nodes.push([1000 + R() * 900, 40 + R() * 330]);
  let e = '';
  nodes.forEach((p, i) =>
    nodes.forEach((q, j) => {
      if (j > i && Math.hypot(p[0] - q[0], p[1] - q[1]) < 170) e += `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}`;
    }),
  );
  b += line(e, '#8ec5ff', 1, ' stroke-opacity=".35"');
  for (const [x, y] of nodes) b += circ(x, y, 9, accent, ' fill-opacity=".2"') + circ(x, y, 3.5, '#dff3ff');
  // arcs on globe
  b += line(
    `M${gx - 100} ${gy + 30}Q${gx - 20} ${gy - 110} ${gx + 90} ${gy - 40}M${gx - 60} ${gy + 80}Q${gx + 30} ${gy + 10} ${gx + 110} ${gy + 50}`,
    C.orange,
    2.5,
    ' stroke-dasharray="6 6" stroke-linecap="round"',
  );
  b += circ(gx - 100, gy + 30, 5, C.orange) + circ(gx + 90, gy - 40, 5, C.orange) + circ(gx + 110, gy + 50, 5, C.orange);
  // floating containers
  const cols = lang === 'en' ? [C.blue, C.orange, C.teal] : [C.teal, C.orange, C.blue];
  b += isoBox(1080, 300, 130, 50, 52, cols[0], { outline: '#ffffff55' });
  b += isoBox(1230, 380, 130, 50, 52, cols[1], { outline: '#ffffff55' });
  b += isoBox(1700, 330, 130, 50, 52, cols[2], { outline: '#ffffff55' });
  b += isoBox(1700, 278, 130, 50, 52, C.navy, { outline: '#8ec5ff88' });
  b += rect(0, 0, BW, BH, 'url(#sh)');
  out(`images/home/banner-synconhub-${lang}.svg`, svg(BW, BH, 'Digital shipping platform network', defs, b));
}
function bannerSouthAfrica() {
  const defs =
    lin('sky', [
      [0, '#0b2545'],
      [0.5, '#3b4f8a'],
      [0.85, '#e38b5a'],
      [1, '#f6c27a'],
    ]) +
    lin('mt', [
      [0, '#2a3a6b'],
      [1, '#141f3f'],
    ]) +
    lin('sea', [
      [0, '#284b86'],
      [1, '#071a35'],
    ]) +
    leftShade('sh');
  let b = rect(0, 0, BW, 370, 'url(#sky)') + circ(1260, 300, 40, '#ffd89a', ' opacity=".9"');
  b += path('M820 370L900 330Q960 300 1010 250L1060 175L1085 165L1110 190Q1150 240 1200 250L1260 175L1300 150L1310 122L1690 114L1712 130L1770 96L1800 110Q1860 190 1920 230V370Z', 'url(#mt)');
  b += path('M1310 122L1690 114L1712 130L1700 140Q1600 130 1500 142Q1400 130 1310 138Z', '#fff', ' opacity=".28"');
  b += skyline(880, 1920, 372, 5, '#101a33', { minH: 8, maxH: 36, win: '#ffcf7a', winP: 0.6 });
  b += rect(0, 370, BW, 150, 'url(#sea)');
  b += path('M1240 376h40l-8 40h-24z', '#ffd89a', ' opacity=".25"');
  b += ship(1020, 462, 720, { seed: 17, tiers: 5, dir: -1 });
  for (let k = 0; k < 4; k++) b += waves(0, BW, 400 + k * 34, 170, 4 + k, '#8ec5ff', 1.5 + k * 0.3, 0.2);
  b += gulls(
    [
      [1560, 200, 1.2],
      [1600, 222, 0.9],
    ],
    '#0b2545',
  );
  b += rect(0, 0, BW, BH, 'url(#sh)');
  out('images/home/banner-south-africa.svg', svg(BW, BH, 'Container ship off a flat-topped mountain coast', defs, b));
}
function bannerMetaOcean() {
  const R = rng(9);
  const defs =
    lin('bg', [
      [0, '#041428'],
      [0.6, '#0b2545'],
      [1, '#0c4f74'],
    ]) +
    lin(
      'mesh',
      [
        [0, C.teal, 0],
        [0.4, '#5fd6cc', 0.8],
        [1, '#3fa7ff', 0.9],
      ],
      1,
      0,
    ) +
    rad('gl', [
      [0, C.teal, 0.35],
      [1, C.teal, 0],
    ]) +
    leftShade('sh');
  let b = rect(0, 0, BW, BH, 'url(#bg)') + ell(1450, 300, 600, 220, 'url(#gl)');
  for (let k = 0; k < 16; k++) {
    let d = '';
    for (let x = 600; x <= BW; x += 60) {
      const y = 250 + k * 15 + Math.sin(x / 140 + k * 0.45) * (18 + k * 1.6) + Math.sin(x / 57 + k) * 4;
      d += `${x === 600 ? 'M' : 'L'}${x} ${f(y)}`;
    }
    b += line(d, 'url(#mesh)', k % 4 === 0 ? 1.6 : 0.9, ` stroke-opacity="${f(0.25 + k * 0.035)}"`);
  }
  // data points & bars
  let dots = '';
  for (let k = 0; k < 40; k++) dots += `M${f(900 + R() * 1000)} ${f(230 + R() * 270)}h2v2h-2z`;
  b += path(dots, '#bdf5ef', ' opacity=".8"');
  // sonar rings around a small ship
  for (let k = 1; k <= 4; k++) b += ell(1520, 226, k * 70, k * 18, 'none', ` stroke="#5fd6cc" stroke-opacity="${f(0.5 - k * 0.1)}" stroke-width="1.5"`);
  b += ship(1390, 230, 260, { seed: 5, tiers: 4, wakeCol: '#bdf5ef' });
  for (const [x, y] of [
    [1250, 120],
    [1710, 150],
    [1800, 300],
    [1080, 330],
  ])
    b += circ(x, y, 14, 'none', ` stroke="${C.orange}" stroke-width="2"`) + circ(x, y, 4, C.orange);
  b += line('M1250 120L1400 190M1710 150L1640 196M1800 300L1660 244M1080 330L1400 244', C.orange, 1.2, ' stroke-dasharray="4 6" stroke-opacity=".7"');
  b += rect(0, 0, BW, BH, 'url(#sh)');
  out('images/home/banner-meta-ocean.svg', svg(BW, BH, 'Ocean data and digital twin', defs, b));
}

// ---------- home posters (960x310) ----------
const PW = 960,
  PH = 310;
function posterContainer() {
  const R = rng(31);
  const defs =
    lin('sky', [
      [0, '#cfe3f7'],
      [1, C.light],
    ]) +
    lin('gr', [
      [0, '#c5d3e3'],
      [1, '#9fb0c6'],
    ]) +
    ribDef('rib', 7) +
    lin(
      'fade',
      [
        [0, C.light, 1],
        [0.35, C.light, 0.85],
        [0.5, C.light, 0],
      ],
      1,
      0,
    );
  let b = rect(0, 0, PW, PH, 'url(#sky)') + cloud(720, 60, 0.8, '#fff', 0.9) + cloud(360, 80, 0.6, '#fff', 0.8);
  b += skyline(300, 960, 210, 2, '#b7c9de', { minH: 20, maxH: 70 });
  b += crane(610, 212, 1.45, '#8aa0bb', 1, 2.6) + crane(830, 212, 1.45, '#8aa0bb', 1, 2.6);
  b += rect(0, 210, PW, 100, 'url(#gr)');
  // yard: back row and front row
  const list = [];
  for (let s = 0; s < 6; s++) {
    const n = 2 + Math.floor(R() * 3);
    for (let k = 0; k < n; k++) list.push([300 + s * 110, 226 - (k + 1) * 26, 104, 26, pick(R, BOXES)]);
  }
  b += `<g opacity=".7">${boxes(list, { ribs: 'rib', so: 0.5 })}</g>`;
  const front = [];
  for (let s = 0; s < 5; s++) {
    const n = 2 + Math.floor(R() * 3);
    for (let k = 0; k < n; k++) front.push([330 + s * 126, 290 - (k + 1) * 36, 120, 36, pick(R, BOXES)]);
  }
  b += boxes(front, { ribs: 'rib', so: 0.5 });
  // RTG crane over front row
  b +=
    line('M576 290V92M828 290V92M566 92H838M566 104H838', C.orange, 8, ' stroke-linecap="square"') + rect(660, 84, 56, 24, C.navy) + line('M688 108V150', C.navy, 2) + rect(634, 150, 108, 8, C.navy);
  b += rect(0, 0, PW, PH, 'url(#fade)');
  out('images/home/poster-container.svg', svg(PW, PH, 'Container yard with gantry cranes', defs, b));
}
function snowflake(x, y, s, col) {
  return g(`translate(${x} ${y}) scale(${s})`, line('M0 -12V12M-10.4 -6L10.4 6M-10.4 6L10.4 -6M-3 -9L0 -6L3 -9M-3 9L0 6L3 9', col, 2, ' stroke-linecap="round"'));
}
function posterFresh() {
  const defs =
    lin(
      'bg',
      [
        [0, '#dff5f2'],
        [1, '#bfe7f5'],
      ],
      1,
      1,
    ) +
    ribDef('rib', 8, 0.08) +
    lin(
      'fade',
      [
        [0, '#dff5f2', 1],
        [0.36, '#dff5f2', 0.8],
        [0.48, '#dff5f2', 0],
      ],
      1,
      0,
    );
  let b = rect(0, 0, PW, PH, 'url(#bg)') + circ(720, 140, 190, '#fff', ' opacity=".45"');
  b += rect(0, 262, PW, 48, '#9fd8cf');
  b += rect(500, 50, 410, 212, '#f7fafc') + rect(500, 50, 410, 212, 'url(#rib)') + rect(500, 50, 410, 212, 'none', ' stroke="#9fb0c6" stroke-width="3"');
  b += rect(500, 50, 410, 16, C.teal) + rect(500, 246, 410, 16, '#9fb0c6');
  b +=
    rect(440, 50, 62, 212, '#8aa0bb') +
    rect(448, 64, 46, 100, '#3b4658') +
    circ(471, 96, 16, '#5b6c8f') +
    circ(471, 96, 6, '#9fb0c6') +
    circ(471, 138, 16, '#5b6c8f') +
    circ(471, 138, 6, '#9fb0c6') +
    rect(450, 180, 42, 28, '#13a89e') +
    rect(456, 188, 30, 12, '#bdf5ef');
  b += snowflake(560, 110, 2.2, C.teal) + snowflake(650, 170, 1.4, '#8ec5ff') + snowflake(860, 100, 1.8, C.blue);
  // thermometer
  b += rect(780, 120, 20, 90, '#fff', ' rx="10" stroke="#8aa0bb" stroke-width="3"') + circ(790, 212, 16, C.blue) + rect(785, 150, 10, 60, C.blue);
  b += crate(330, 238, 80, 44, orangesOn) + crate(420, 248, 80, 34, applesOn) + crate(560, 240, 84, 42, greensOn);
  b += banana(690, 268, 1.3) + grapes(760, 240, 7) + orange(860, 258, 18) + orange(895, 272, 14) + apple(828, 274, 12);
  b += rect(0, 0, PW, PH, 'url(#fade)');
  out('images/home/poster-fresh.svg', svg(PW, PH, 'Refrigerated container with fresh fruit', defs, b));
}
function posterSpecial() {
  const defs =
    lin('sky', [
      [0, '#d6e4f5'],
      [1, '#f4f8fc'],
    ]) +
    lin('cyl', [
      [0, '#dbe5f1'],
      [0.45, '#8aa0bb'],
      [1, '#4b5d79'],
    ]) +
    ribDef('rib', 7) +
    lin(
      'fade',
      [
        [0, '#e4eef9', 1],
        [0.36, '#e4eef9', 0.8],
        [0.48, '#e4eef9', 0],
      ],
      1,
      0,
    );
  let b = rect(0, 0, PW, PH, 'url(#sky)') + skyline(360, 960, 240, 12, '#c3d3e6', { minH: 20, maxH: 80 });
  b += rect(0, 240, PW, 70, '#b7c5d6');
  // heavy-lift rigging
  b += line('M660 0V58', C.navy, 4) + rect(640, 58, 40, 30, C.orange) + line('M652 88L480 160M668 88L840 160', '#3b4658', 3);
  // cargo on flat rack
  b += rect(440, 160, 440, 84, 'url(#cyl)', ' rx="42"') + ell(460, 202, 18, 42, '#6b7f9b') + rect(560, 154, 20, 92, '#3b4658') + rect(740, 154, 20, 92, '#3b4658');
  b += line('M520 244L560 160M620 244L580 160M700 244L740 160M800 244L760 160', C.orange, 4);
  b += rect(410, 244, 500, 16, C.navy) + rect(410, 176, 14, 70, C.navy) + rect(896, 176, 14, 70, C.navy) + line('M417 180L440 244M903 180L880 244', C.navy, 4);
  // open-top with tarpaulin
  b += rect(270, 200, 130, 44, C.teal) + rect(270, 200, 130, 44, 'url(#rib)') + path('M270 200q20 -28 65 -28t65 28z', '#2f7fbf') + line('M300 184v16M335 172v28M370 184v16', '#1c4f8a', 2);
  b += rect(0, 0, PW, PH, 'url(#fade)');
  out('images/home/poster-special.svg', svg(PW, PH, 'Out-of-gauge cargo on a flat rack container', defs, b));
}
function cardboard(x, y, w, h) {
  return rect(x, y, w, h, '#d39a5b') + rect(x, y, w, h * 0.18, '#c08447') + rect(x + w * 0.42, y, w * 0.16, h * 0.5, '#f0d3a6') + rect(x, y, w, h, 'none', ' stroke="#9b6a35" stroke-width="1.5"');
}
function posterMoving() {
  const defs =
    lin('sky', [
      [0, '#fde9d2'],
      [1, '#eef4fb'],
    ]) +
    ribDef('rib', 7) +
    lin(
      'fade',
      [
        [0, '#f6eee5', 1],
        [0.36, '#f6eee5', 0.8],
        [0.48, '#f6eee5', 0],
      ],
      1,
      0,
    );
  let b = rect(0, 0, PW, PH, 'url(#sky)') + circ(820, 70, 38, '#f8c07a', ' opacity=".7"') + cloud(640, 70, 0.7, '#fff', 0.9);
  b += rect(0, 262, PW, 48, '#c7d6c2') + rect(0, 262, PW, 6, '#a9bca4');
  b += tree(360, 262, 1.6, '#5fb85a');
  // house
  b +=
    rect(400, 150, 150, 112, '#fff') +
    path('M388 156L475 86L562 156Z', C.orange) +
    rect(455, 196, 38, 66, C.navy) +
    rect(414, 178, 30, 28, '#8ec5ff') +
    rect(508, 178, 30, 28, '#8ec5ff') +
    rect(400, 150, 150, 112, 'none', ' stroke="#c9d6e5" stroke-width="2"');
  // boxes and sofa
  b += cardboard(560, 222, 46, 40) + cardboard(604, 230, 36, 32) + cardboard(570, 190, 34, 32);
  b += path('M652 262v-30q0 -8 8 -8h10v-16q0 -6 6 -6h54q6 0 6 6v16h10q8 0 8 8v30z', C.teal) + rect(670, 236, 76, 14, '#0f8a82');
  b += truck(735, 280, 0.9, { container: C.blue, cab: C.navy });
  b += rect(0, 0, PW, PH, 'url(#fade)');
  out('images/home/poster-moving.svg', svg(PW, PH, 'Household goods moving by container', defs, b));
}
function pallet(x, y, w) {
  return rect(x, y, w, 6, '#a0703f') + rect(x, y + 6, 6, 6, '#7d5630') + rect(x + w / 2 - 3, y + 6, 6, 6, '#7d5630') + rect(x + w - 6, y + 6, 6, 6, '#7d5630');
}
function posterLcl() {
  const R = rng(77);
  const defs =
    lin(
      'bg',
      [
        [0, '#e4eef9'],
        [1, '#d2e2f4'],
      ],
      1,
      1,
    ) +
    lin(
      'fade',
      [
        [0, '#e4eef9', 1],
        [0.33, '#e4eef9', 0.8],
        [0.45, '#e4eef9', 0],
      ],
      1,
      0,
    );
  let b = rect(0, 0, PW, PH, 'url(#bg)') + rect(0, 264, PW, 46, '#b7c5d6');
  // container cut-away
  b += path('M380 60H800L840 40H420Z', '#8ec5ff') + path('M800 60L840 40V244L800 264Z', '#1c4f8a');
  b += rect(380, 60, 420, 204, '#173d73') + rect(392, 72, 396, 180, '#22508e');
  let cargo = '';
  let x = 400;
  const cols = ['#d39a5b', '#c08447', '#e3b23c', '#13a89e', '#f28c28', '#8aa9d6', '#e0e8f2'];
  while (x < 740) {
    const w = 60 + R() * 30;
    cargo += pallet(x, 236, w);
    let y = 236,
      layers = 1 + Math.floor(R() * 3);
    for (let k = 0; k < layers; k++) {
      const h = 26 + R() * 30;
      const c = pick(R, cols);
      cargo += rect(x + 2, y - h, w - 4, h, c) + rect(x + 2, y - h, w - 4, h, 'none', ' stroke="#000" stroke-opacity=".2" stroke-width="1.2"');
      y -= h;
      if (y < 110) break;
    }
    x += w + 6;
  }
  b += cargo + rect(380, 60, 420, 204, 'none', ' stroke="#0b2545" stroke-width="6"');
  // forklift facing left with pallet
  b += g(
    'translate(860 264)',
    rect(-10, -70, 60, 50, C.orange) +
      rect(0, -110, 6, 50, C.navy) +
      rect(38, -110, 6, 44, C.navy) +
      rect(-4, -116, 52, 8, C.navy) +
      rect(-26, -110, 8, 100, '#3b4658') +
      rect(-60, -16, 42, 6, '#3b4658') +
      circ(0, -10, 12, '#1c2330') +
      circ(40, -10, 10, '#1c2330') +
      rect(-58, -22, 38, 6, '#a0703f') +
      rect(-56, -56, 34, 34, '#d39a5b') +
      rect(-44, -56, 10, 14, '#f0d3a6'),
  );
  b += rect(0, 0, PW, PH, 'url(#fade)');
  out('images/home/poster-lcl.svg', svg(PW, PH, 'Less-than-container-load consolidation', defs, b));
}

// ---------- service illustrations (600x340) ----------
function gear(cx, cy, r, teeth, col) {
  let d = '';
  for (let k = 0; k < teeth * 2; k++) {
    const a0 = (Math.PI * k) / teeth,
      a1 = (Math.PI * (k + 1)) / teeth;
    const rr = k % 2 ? r * 0.8 : r;
    d += `${k ? 'L' : 'M'}${f(cx + rr * Math.cos(a0))} ${f(cy + rr * Math.sin(a0))}L${f(cx + rr * Math.cos(a1))} ${f(cy + rr * Math.sin(a1))}`;
  }
  return path(d + 'Z', col) + circ(cx, cy, r * 0.35, '#fff');
}
function serviceStandard() {
  const defs =
    lin(
      'bg',
      [
        [0, C.light],
        [1, '#dbe8f7'],
      ],
      1,
      1,
    ) + ribDef('rib', 6);
  let b = rect(0, 0, 600, 340, 'url(#bg)') + circ(330, 170, 150, '#fff', ' opacity=".7"');
  const list = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) list.push([200 + c * 88, 110 + r * 52, 84, 48, C.blue]);
  b += boxes(list, { ribs: 'rib', so: 0.6, sw: 1 });
  b += line('M200 270H464', '#9fb0c6', 4, ' stroke-linecap="round"') + line('M332 110V262', '#0b2545', 1, ' stroke-opacity=".15"');
  // clipboard
  b += rect(60, 80, 110, 150, '#fff', ' rx="8" stroke="#0b2545" stroke-width="3"') + rect(92, 70, 46, 18, C.navy, ' rx="4"');
  for (let k = 0; k < 4; k++) b += line(`M78 ${112 + k * 28}l6 6l10 -12M104 ${112 + k * 28}h48`, k < 3 ? C.teal : '#9fb0c6', 3.5, ' stroke-linecap="round" stroke-linejoin="round"');
  b += gear(500, 90, 40, 10, C.orange) + gear(548, 140, 24, 8, '#f5ad62');
  b += circ(480, 240, 44, C.teal) + line('M458 240l15 15l29 -30', '#fff', 9, ' stroke-linecap="round" stroke-linejoin="round"');
  out('images/home/service-standardization.svg', svg(600, 340, 'Standardised container services', defs, b));
}
function train(x, y, s, cols) {
  let b = path('M0 -10V-46q0 -6 6 -6h34l10 14v28z', C.navy) + rect(8, -46, 16, 12, '#cfe0f5');
  cols.forEach((c, i) => {
    const ox = 54 + i * 66;
    b += rect(ox, -16, 62, 6, '#3b4658') + rect(ox + 2, -44, 58, 28, c) + rect(ox + 2, -44, 58, 28, 'url(#rib)');
    b += circ(ox + 10, -8, 5, '#1c2330') + circ(ox + 52, -8, 5, '#1c2330');
  });
  b += circ(12, -8, 6, '#1c2330') + circ(36, -8, 6, '#1c2330');
  return g(`translate(${x} ${y}) scale(${s})`, b);
}
const pin = (x, y, s, col) => g(`translate(${x} ${y}) scale(${s})`, path('M0 0c-4 -8 -14 -16 -14 -26a14 14 0 0 1 28 0c0 10 -10 18 -14 26z', col) + circ(0, -26, 5.5, '#fff'));
function serviceDoor() {
  const defs =
    lin(
      'bg',
      [
        [0, C.light],
        [1, '#d8ebf0'],
      ],
      1,
      1,
    ) + ribDef('rib', 5);
  let b = rect(0, 0, 600, 340, 'url(#bg)') + rect(0, 250, 600, 90, '#dbe6f2') + rect(215, 258, 118, 82, '#5aa2e6') + waves(215, 333, 300, 30, 2, '#fff', 1.5, 0.7);
  b += line('M60 150C110 60 190 230 260 150S400 60 450 150S520 200 545 130', C.orange, 3, ' stroke-dasharray="8 8" stroke-linecap="round"');
  // factory
  b += path('M28 250V190l24 -14v14l24 -14v14l24 -14v64z', C.navy) + rect(84, 150, 12, 40, C.navy) + rect(40, 206, 12, 12, '#8ec5ff') + rect(64, 206, 12, 12, '#8ec5ff');
  b += truck(110, 268, 0.45, { container: C.teal, cab: C.orange });
  b += ship(222, 284, 104, { seed: 4, tiers: 3, wake: false });
  b += crane(340, 258, 0.95, '#5b6c8f', -1, 2.4);
  b += train(388, 262, 0.62, [C.orange]);
  // warehouse / store
  b +=
    path('M500 250v-66l40 -22l40 22v66z', '#fff') +
    path('M494 186l46 -28l46 28', 'none', ` stroke="${C.navy}" stroke-width="6" stroke-linejoin="round"`) +
    rect(524, 212, 32, 38, C.teal) +
    line('M524 222h32M524 232h32M524 242h32', '#0f8a82', 2);
  b += pin(60, 150, 1.3, C.blue) + pin(545, 128, 1.3, C.teal);
  out('images/home/service-door-to-door.svg', svg(600, 340, 'Door-to-door intermodal transport', defs, b));
}

// ---------- quick-link icons (64x64 line icons) ----------
function icons() {
  const st = (d, extra = '') => line(d, C.navy, 2.6, ` stroke-linecap="round" stroke-linejoin="round"${extra}`);
  const pinP = (x, y) => `M${x} ${y + 16}c-3 -5 -9 -9 -9 -15a9 9 0 0 1 18 0c0 6 -6 10 -9 15z`;
  out(
    'images/icons/quick-routes.svg',
    svg(
      64,
      64,
      'Routes',
      '',
      circ(18, 17, 3.2, C.teal) + circ(46, 35, 3.2, C.teal) + st(pinP(18, 17) + pinP(46, 35)) + st('M18 37C18 50 30 52 36 50S44 56 46 52', ' stroke-dasharray="1 5"') + st('M8 58h48'),
    ),
  );
  out(
    'images/icons/quick-vessels.svg',
    svg(
      64,
      64,
      'Vessels',
      '',
      path('M22 38v-7h9v7zM31 38v-11h9v11z', C.teal, ' fill-opacity=".35"') +
        st('M6 38h52l-7 12H13zM14 38v-7h8v7M22 38v-7h9v7M31 38V27h9v11M44 38V24h6v14M45 20h4v4M6 57q4 -3 8 0t8 0t8 0t8 0t8 0t8 0t8 0'),
    ),
  );
  out(
    'images/icons/quick-containers.svg',
    svg(64, 64, 'Containers', '', rect(32, 17, 22, 32, C.teal, ' fill-opacity=".25"') + st('M8 17h48v32H8zM32 17v32M14 22v22M20 22v22M26 22v22M38 22v22M44 22v22M50 22v22M8 55h48')),
  );
  out(
    'images/icons/quick-offices.svg',
    svg(
      64,
      64,
      'Offices',
      '',
      rect(12, 22, 24, 34, C.teal, ' fill-opacity=".25"') +
        st('M12 56V22h24v34M36 56V34h14v22M6 56h52M18 29h4M26 29h4M18 37h4M26 37h4M18 45h4M26 45h4M22 56v-6h4v6') +
        st(pinP(46, 10)) +
        circ(46, 10, 3, C.orange),
    ),
  );
}

// ---------- about ----------
function profile1() {
  const defs =
    lin('sky', [
      [0, '#6fa8e8'],
      [0.7, '#cfe3f7'],
      [1, '#eef4fb'],
    ]) +
    lin('sea', [
      [0, '#2f7fbf'],
      [1, '#0b2545'],
    ]);
  let b = rect(0, 0, 800, 250, 'url(#sky)') + cloud(160, 80, 1, '#fff', 0.9) + cloud(600, 60, 1.3, '#fff', 0.85) + cloud(420, 130, 0.6, '#fff', 0.7);
  b += rect(0, 248, 800, 202, 'url(#sea)');
  b += ship(700, 252, 90, { seed: 12, tiers: 3, opacity: '.7', wake: false }) + ship(16, 276, 180, { seed: 8, tiers: 4, opacity: '.9' });
  b += ship(230, 376, 460, { seed: 2, tiers: 5 });
  for (let k = 0; k < 4; k++) b += waves(0, 800, 310 + k * 38, 130, 3 + k, '#cfe3f7', 1.2 + k * 0.3, 0.25);
  b += gulls([
    [300, 120, 1.3],
    [330, 140, 1],
    [700, 160, 1.1],
  ]);
  out('images/about/profile-1.svg', svg(800, 450, 'Seabridge fleet at sea', defs, b));
}
function profile2() {
  const defs =
    lin('sky', [
      [0, '#0b2545'],
      [0.45, '#3b3f7a'],
      [0.8, '#d9755a'],
      [1, '#f6b86b'],
    ]) +
    lin('sea', [
      [0, '#2a2f5e'],
      [1, '#121a40'],
    ]) +
    lin('quay', [
      [0, '#1f2a55'],
      [1, '#0b1433'],
    ]) +
    lin(
      'tw',
      [
        [0, '#2f7fbf'],
        [1, '#0b2545'],
      ],
      1,
      0,
    ) +
    ribDef('rib', 5);
  let b = rect(0, 0, 800, 300, 'url(#sky)') + circ(620, 268, 30, '#ffd89a', ' opacity=".8"');
  b += skyline(0, 800, 300, 44, '#1f2a55', { minH: 30, maxH: 110, win: '#ffcf7a', winP: 0.3 });
  // headquarters tower
  b += path('M470 300V90l40 -24l40 24v210z', 'url(#tw)') + path('M510 66V30', 'none', ' stroke="#8ec5ff" stroke-width="3"') + rect(470, 100, 80, 10, C.teal);
  let win = '';
  for (let y = 124; y < 290; y += 14) win += `M478 ${y}h26v5h-26zM516 ${y}h26v5h-26z`;
  b += path(win, '#ffd89a', ' opacity=".75"');
  b += rect(0, 298, 800, 50, 'url(#sea)');
  let refl = '';
  for (let k = 0; k < 5; k++) refl += `M${486 + (k % 2) * 20} ${304 + k * 8}h${40 - k * 6}v2h${-40 + k * 6}z`;
  b += path(refl, '#ffd89a', ' opacity=".35"');
  b += ship(24, 338, 420, { seed: 6, tiers: 5, wake: false, palette: ['#3b4f8a', '#5b6c8f', '#b0553f', '#2a6b77', '#7a6a3b', '#1f2a55'] });
  b += rect(0, 346, 800, 104, 'url(#quay)') + rect(0, 346, 800, 5, '#3a4470');
  b += crane(150, 380, 1.55, '#0a1230', 1, 2.4) + crane(330, 380, 1.55, '#0a1230', 1, 2.4) + crane(700, 380, 1.3, '#0a1230', -1, 2.4);
  b += line('M388 276V300', '#0a1230', 1.5) + rect(370, 300, 40, 18, C.orange) + rect(370, 300, 40, 18, 'url(#rib)');
  let lamps = '';
  for (const x of [60, 250, 450, 620, 770]) lamps += `M${x - 1.5} 420V360h3V420z`;
  b += path(lamps, '#0a1230');
  for (const x of [60, 250, 450, 620, 770]) b += circ(x, 360, 12, '#ffd89a', ' opacity=".3"') + circ(x, 360, 3.5, '#fff1c9');
  b += truck(470, 414, 0.75, { container: '#2a6b77', cab: '#b0553f' });
  b += rect(0, 436, 800, 4, '#0a1230') + train(60, 436, 0.95, ['#3b4f8a', '#b0553f', '#5b6c8f', '#2a6b77']);
  out('images/about/profile-2.svg', svg(800, 450, 'Container terminal and headquarters at dusk', defs, b));
}

// ---------- leaders (300x360 portrait placeholders) ----------
const mirrorX = (d) => d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x, y) => `${f(300 - +x)} ${y}`);
const HAIR = {
  short: 'M100 150C96 100 122 82 152 82C182 82 204 100 200 150C196 128 188 116 176 110C160 118 128 118 112 112C104 122 101 134 100 150Z',
  sweep: 'M98 146C92 90 140 72 172 84C196 92 208 116 202 146C198 124 190 110 176 104C150 116 118 118 98 146Z',
  fringe: 'M100 140C100 96 126 84 150 84C178 84 200 100 200 140C186 116 166 108 140 106C124 110 108 122 100 140Z',
  swept: 'M100 146C98 98 124 84 150 84C176 84 202 98 200 146C190 116 170 104 150 104C130 104 110 116 100 146Z',
};
function leader(i, o) {
  const defs =
    lin(
      'bg',
      [
        [0, o.bg[0]],
        [1, o.bg[1]],
      ],
      0.4,
      1,
    ) +
    lin('suit', [
      [0, o.suit],
      [1, o.suit2],
    ]);
  const head = o.head ?? '#c5cfdb';
  let b = rect(0, 0, 300, 360, 'url(#bg)') + circ(150, 150, 120, '#fff', ' opacity=".28"') + circ(150, 150, 150, 'none', ' stroke="#fff" stroke-opacity=".25" stroke-width="2"');
  if (o.back) b += o.back;
  b += path('M126 186V252H174V186Z', '#b3bfcd');
  b += ell(100, 152, 8, 13, head) + ell(200, 152, 8, 13, head) + ell(150, 146, 50, 62, head);
  b += path(HAIR[o.hair], o.hairCol);
  b += path('M16 360C20 298 58 266 112 252L150 246L188 252C242 266 280 298 284 360Z', 'url(#suit)');
  if (o.tie) {
    b += path('M122 248L150 318L178 248L164 240H136Z', '#fff');
    b += path('M142 250H158L155 264H145Z', o.tie) + path('M145 264H155L160 306L150 320L140 306Z', o.tie);
  } else {
    b += path('M122 248Q150 318 178 248L164 240H136Z', o.blouse ?? '#fff');
    if (o.scarf) b += path('M128 250Q150 270 172 250L166 262Q150 276 134 262Z', o.scarf);
  }
  const lap = 'M120 250L150 322L136 338L112 288L122 278L104 262Z';
  b += path(lap + mirrorX(lap), o.suit2);
  b += line('M56 300L70 360M244 300L230 360', '#000', 2, ' stroke-opacity=".12"');
  if (o.pin) b += circ(196, 290, 4, o.pin);
  out(`images/leaders/leader-${i}.svg`, svg(300, 360, `Portrait placeholder ${i}`, defs, b));
}
function leaders() {
  const backBob = path('M94 206C84 150 88 80 150 78C212 80 216 150 206 206Q192 214 180 202H120Q108 214 94 206Z', '#4a3b35');
  const backBun = circ(150, 80, 20, '#2e3440');
  leader(1, { bg: ['#dbe8f7', '#b9d0ee'], suit: '#1b3a66', suit2: '#0b2545', tie: C.orange, hair: 'short', hairCol: '#34425a', pin: C.teal });
  leader(3, { bg: ['#d8f0ec', '#b0ddd6'], suit: '#2b3445', suit2: '#1a2130', hair: 'fringe', hairCol: '#4a3b35', back: backBob, scarf: C.teal, pin: C.orange });
  leader(2, { bg: ['#e4e9f0', '#c6d0dd'], suit: '#3a4150', suit2: '#242a36', tie: C.blue, hair: 'swept', hairCol: '#6b7280' });
  leader(4, { bg: ['#f5ead9', '#e6d2b4'], suit: '#1d3557', suit2: '#10213b', tie: C.teal, hair: 'sweep', hairCol: '#2b2b35', pin: C.teal });
  leader(5, { bg: ['#e6e4f3', '#cdc9e6'], suit: '#55607a', suit2: '#3a4358', hair: 'swept', hairCol: '#2e3440', back: backBun, blouse: '#f4f6fb', pin: C.blue });
  leader(6, { bg: ['#e2eee4', '#c5dccb'], suit: '#16284a', suit2: '#0b1a33', tie: '#8c2f39', hair: 'short', hairCol: '#a3acb9' });
}

// ---------- welfare (480x320) ----------
const WW = 480,
  WH = 320;
function welfare(name, title, defs, body) {
  out(`images/welfare/${name}.svg`, svg(WW, WH, title, defs, body));
}
const skySea = (id1, id2, horizon) => rect(0, 0, WW, horizon, `url(#${id1})`) + rect(0, horizon, WW, WH - horizon, `url(#${id2})`);
const SKY = lin('sky', [
    [0, '#9cc7f0'],
    [1, '#e6f1fb'],
  ]),
  SEA = lin('sea', [
    [0, '#3f8fd6'],
    [1, '#1363df'],
  ]);
function society() {
  // 1 seafarers' families
  let b = skySea('sky', 'sea', 190) + circ(390, 70, 26, '#fde3b0') + ship(40, 196, 190, { seed: 14, tiers: 4, wake: false });
  b +=
    waves(0, WW, 212, 60, 2, '#fff', 1.2, 0.5) +
    rect(0, 240, WW, 80, '#d9cbb3') +
    rect(0, 240, WW, 8, '#b9a888') +
    line('M0 234H480M20 234V248M120 234V248M220 234V248M320 234V248M420 234V248', '#8a7a5e', 3);
  b +=
    person(300, 296, 120, { shirt: C.blue, pose: 'wave', hair: '#2b2b35' }) +
    person(350, 296, 108, { shirt: C.teal, pants: '#5b6c8f', skirt: true, hairStyle: 'long', hair: '#4a3b35', skin: '#e8c2a0' }) +
    person(398, 296, 66, { shirt: C.orange, pose: 'cheer', pants: '#2f7fbf', skin: '#e8c2a0' });
  b +=
    heart(410, 140, 1.4, C.orange) +
    heart(440, 110, 0.8, '#f5ad62') +
    gulls([
      [260, 80, 1],
      [290, 96, 0.8],
    ]);
  welfare('society-1', "Seafarers' families welcoming a ship", SKY + SEA, b);
  // 2 coastal clean-up
  b = skySea('sky', 'sea', 150) + circ(80, 60, 24, '#fde3b0') + waves(0, WW, 170, 50, 2, '#fff', 1.2, 0.6);
  b += path('M0 196Q120 180 240 192T480 186V320H0Z', '#f3dfb5') + path('M0 196Q120 180 240 192T480 186', 'none', ' stroke="#fff" stroke-width="4" stroke-opacity=".7"');
  const bag = rect(22, -60, 16, 26, '#5b6c8f', ' rx="4"');
  const picker = line('M26 -56L40 0', '#3b4658', 3);
  b +=
    person(120, 286, 112, { shirt: C.teal, pose: 'reach', hairStyle: 'cap', hair: C.navy, extra: bag }) +
    person(230, 292, 116, { shirt: C.teal, pose: 'reach', hairStyle: 'long', hair: '#2b2b35', skin: '#c98f6a', extra: picker }) +
    person(350, 284, 104, { shirt: C.teal, pose: 'reach', hairStyle: 'cap', hair: C.navy, skin: '#e8c2a0', extra: bag });
  b +=
    rect(270, 282, 14, 6, '#8ec5ff', ' transform="rotate(-20 277 285)"') +
    rect(300, 300, 8, 12, '#c4453a') +
    rect(410, 292, 16, 7, '#13a89e', ' transform="rotate(30 418 296)"') +
    path('M420 300q12 -34 30 -2z', '#3b4658');
  welfare('society-2', 'Volunteers cleaning a beach', SKY + SEA, b);
  // 3 blood donation
  b = rect(0, 0, WW, WH, 'url(#bg)') + rect(0, 262, WW, 58, '#dfe6ee');
  b += g('translate(120 150) scale(1.4)', path('M0 -60C20 -30 34 -12 34 6a34 34 0 0 1 -68 0C-34 -12 -20 -30 0 -60Z', '#d33a3a') + path('M-6 -10h12v12h12v12h-12v12h-12v-12h-12v-12h12z', '#fff'));
  b +=
    path('M250 262V150q0 -14 14 -14h170q20 0 26 24l10 44v58z', '#fff') +
    rect(250, 200, 220, 12, '#d33a3a') +
    rect(270, 150, 40, 34, '#cfe0f5') +
    rect(322, 150, 40, 34, '#cfe0f5') +
    rect(424, 152, 34, 34, '#cfe0f5') +
    path('M384 150h10v10h10v10h-10v10h-10v-10h-10v-10h10z', '#d33a3a') +
    circ(290, 264, 14, '#1c2330') +
    circ(430, 264, 14, '#1c2330');
  b +=
    person(210, 290, 96, { shirt: C.blue, pose: 'stand' }) +
    person(250, 298, 92, { shirt: C.orange, skirt: true, pants: C.navy, hairStyle: 'long', hair: '#4a3b35', skin: '#e8c2a0' }) +
    heart(60, 70, 1, '#d33a3a') +
    heart(200, 50, 0.7, '#f08080');
  welfare(
    'society-3',
    'Employee blood donation drive',
    lin('bg', [
      [0, '#fdecec'],
      [1, '#eef4fb'],
    ]),
    b,
  );
  // 4 disaster-relief cargo
  b = rect(0, 0, WW, WH, 'url(#sky)') + crane(380, 230, 1.1, '#8aa0bb', -1, 2.4) + rect(0, 230, WW, 90, '#c5d3e3');
  b += rect(20, 150, 220, 80, C.blue) + rect(20, 150, 220, 80, 'url(#rib)') + heart(130, 190, 1.3, '#fff');
  b += rect(40, 90, 180, 60, C.teal) + rect(40, 90, 180, 60, 'url(#rib)') + path('M124 104h12v10h10v12h-10v10h-12v-10h-10v-12h10z', '#fff');
  b += pallet(260, 266, 80) + cardboard(264, 232, 36, 34) + cardboard(302, 232, 36, 34) + cardboard(282, 200, 36, 32);
  const box = cardboard(-12, -72, 24, 20);
  b += person(380, 300, 110, { shirt: C.orange, pose: 'hold', extra: box, hairStyle: 'cap', hair: C.navy }) + person(440, 300, 104, { shirt: C.orange, pose: 'hold', extra: box, skin: '#c98f6a' });
  welfare('society-4', 'Disaster-relief cargo ready for shipment', SKY + ribDef('rib', 6), b);
  // 5 maritime education
  b = rect(0, 0, WW, WH, '#eef4fb') + rect(0, 240, WW, 80, '#d8c3a5') + rect(36, 36, 280, 160, '#1f3a4d', ' rx="6"') + rect(36, 36, 280, 160, 'none', ' rx="6" stroke="#8a5a2e" stroke-width="8"');
  b += line(
    'M70 150h130l-14 20h-102zM90 150v-14h24v14M114 150v-22h24v22M150 150v-30h12v30M60 182q10 -6 20 0t20 0t20 0t20 0t20 0',
    '#fff',
    2.5,
    ' stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".9"',
  );
  b +=
    circ(260, 100, 34, 'none', ' stroke="#fff" stroke-width="2.5" stroke-opacity=".9"') +
    path('M260 66L268 100L260 134L252 100Z', '#fff', ' opacity=".85"') +
    path('M260 66L268 100L252 100Z', C.orange);
  b += g('translate(400 0) scale(-1 1)', person(0, 250, 140, { shirt: C.navy, pants: '#3b4658', pose: 'point', hairStyle: 'short', hair: '#2b2b35' }));
  for (const [x, c, hc] of [
    [70, C.blue, '#2b2b35'],
    [160, C.teal, '#4a3b35'],
    [250, C.orange, '#2b2b35'],
    [340, '#5b6c8f', '#3a2a20'],
  ])
    b += path(`M${x - 30} 320v-34q0 -22 30 -22t30 22v34z`, c) + circ(x, 252, 17, hc);
  b +=
    rect(0, 300, WW, 20, '#a0703f') +
    circ(440, 228, 22, '#8ec5ff') +
    path('M430 214q10 8 4 18t8 12', 'none', ' stroke="#3a9d4a" stroke-width="6"') +
    rect(436, 250, 8, 14, '#5b6c8f') +
    rect(420, 262, 40, 6, '#5b6c8f');
  welfare('society-5', 'Maritime education class', '', b);
  // 6 ocean conservation
  const R = rng(66);
  b = rect(0, 0, WW, WH, 'url(#deep)') + path('M60 0h60l-80 320h-40zM220 0h40l-20 320h-60zM360 0h50l40 320h-40z', '#fff', ' opacity=".08"');
  let bub = '';
  for (let k = 0; k < 16; k++) bub += `M${f(R() * WW)} ${f(R() * 260)}m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0`;
  b += path(bub, 'none', ' stroke="#dff3ff" stroke-width="1.2" opacity=".6"');
  b += path('M0 290Q120 270 240 286T480 280V320H0Z', '#e3c88f');
  b += line('M40 300q-10 -20 0 -40t0 -40M60 300q10 -24 0 -46t2 -30M430 300q-12 -26 0 -50t0 -36', '#3a9d4a', 6, ' stroke-linecap="round"');
  b += line('M120 296v-30l-14 -16M120 276l16 -20l4 -14M120 266l-4 -22M350 292v-26l-12 -12M350 274l14 -16M350 266l4 -20', '#f28c6e', 6, ' stroke-linecap="round" stroke-linejoin="round"');
  b += g(
    'translate(250 150) rotate(-12)',
    ell(0, 0, 54, 36, '#3a7d5a') +
      path('M-40 -10q40 -30 80 0M-46 10q46 24 92 0M-20 -32v64M20 -32v64', 'none', ' stroke="#2a5d42" stroke-width="3"') +
      ell(68, -4, 18, 12, '#7fb069') +
      path('M-30 -28l-30 -30q20 -4 36 18zM30 -28l40 -30q6 20 -22 34zM-34 28l-24 20q18 6 30 -12zM34 28l26 18q-20 8 -34 -10z', '#7fb069') +
      circ(76, -8, 2.5, '#0b2545'),
  );
  for (const [x, y, c, s] of [
    [90, 90, C.orange, 1],
    [130, 110, '#e3b23c', 0.7],
    [390, 200, C.orange, 0.9],
    [410, 80, '#8ec5ff', 1.1],
    [70, 210, '#8ec5ff', 0.8],
  ])
    b += g(`translate(${x} ${y}) scale(${s})`, ell(0, 0, 18, 10, c) + path('M14 0l14 -10v20z', c) + circ(-9, -2, 2, '#0b2545'));
  welfare(
    'society-6',
    'Protecting marine life',
    lin('deep', [
      [0, '#2fb7c9'],
      [0.5, '#1363df'],
      [1, '#0b2545'],
    ]),
    b,
  );
}
function poverty() {
  const HILLS = lin('sky', [
    [0, '#a9d3f5'],
    [1, '#eef7fb'],
  ]);
  const hills = path('M0 200Q100 150 220 190T480 170V320H0Z', '#9ccf8f') + path('M0 240Q140 200 280 236T480 226V320H0Z', '#7fbf6f');
  // 1 rural school
  let b = rect(0, 0, WW, WH, 'url(#sky)') + circ(410, 60, 26, '#fde3b0') + cloud(150, 60, 0.7) + hills;
  b += rect(120, 160, 220, 96, '#f6efe3') + path('M108 166L230 112L352 166Z', '#d9573f') + rect(212, 196, 36, 60, C.navy);
  for (const x of [136, 176, 268, 308]) b += rect(x, 184, 26, 26, '#8ec5ff') + line(`M${x + 13} 184v26M${x} 197h26`, '#fff', 2);
  b += line('M376 256V110', '#8a8f99', 3) + path('M378 112h40l-6 12l6 12h-40z', '#d33a3a');
  b += tree(60, 250, 1.3) + tree(440, 250, 1.1, '#5fb85a');
  b +=
    person(170, 300, 70, { shirt: C.orange, pose: 'wave', skin: '#e8c2a0' }) +
    person(230, 304, 74, { shirt: C.blue, skirt: true, pants: '#d33a3a', hairStyle: 'long', skin: '#d9a37a' }) +
    person(290, 300, 68, { shirt: C.teal, pose: 'cheer', skin: '#e8c2a0' });
  welfare('poverty-1', 'Rural primary school', HILLS, b);
  // 2 farmers with produce
  b = rect(0, 0, WW, WH, 'url(#sky)') + circ(70, 60, 26, '#fde3b0');
  b += rect(0, 170, WW, 150, '#6fb25f');
  for (let k = 0; k < 6; k++) b += path(`M0 ${150 + k * 28}Q240 ${130 + k * 30} 480 ${150 + k * 28}V${180 + k * 28}Q240 ${160 + k * 30} 0 ${180 + k * 28}Z`, k % 2 ? '#8cc47c' : '#6fb25f');
  const basket = (x) =>
    path(`M${x - 16} -44h32l-5 20h-22z`, '#b07a3e') + circ(x - 8, -47, 6, C.orange) + circ(x + 6, -47, 6, '#f59a35') + circ(x - 1, -53, 6, C.orange) + line(`M${x} -80V-46`, '#6b4b1f', 1.5);
  b += person(170, 292, 124, {
    shirt: '#5b6c8f',
    pants: C.navy,
    hairStyle: 'hat',
    hair: '#e3b23c',
    pose: 'hold',
    skin: '#c98f6a',
    extra: line('M-44 -80H44', '#6b4b1f', 4, ' stroke-linecap="round"') + basket(-38) + basket(38),
  });
  b += person(320, 296, 112, { shirt: C.teal, pants: '#3b4658', hairStyle: 'hat', hair: '#e3b23c', pose: 'hold', skin: '#d9a37a', extra: crate(-16, -68, 32, 18, greensOn) });
  b += crate(380, 270, 60, 30, orangesOn) + crate(400, 240, 40, 28, applesOn) + crate(60, 272, 56, 28, greensOn);
  welfare('poverty-2', 'Farmers with their harvest', HILLS, b);
  // 3 reefer carrying farm produce
  b = rect(0, 0, WW, WH, 'url(#sky)') + hills;
  for (const [x, s] of [
    [40, 1],
    [100, 1.1],
    [170, 0.9],
    [400, 1],
    [450, 0.9],
  ])
    b += tree(x, 210, s, '#4f9e48', true);
  b += rect(0, 250, WW, 70, '#8a93a3') + line('M0 286H480', '#fff', 3, ' stroke-dasharray="24 18"');
  b += truck(150, 272, 1.3, { reefer: true, cab: C.teal }) + snowflake(240, 196, 1.6, C.blue);
  b += crate(30, 236, 48, 30, orangesOn) + crate(84, 236, 48, 30, applesOn) + crate(56, 206, 48, 30, orangesOn);
  welfare('poverty-3', 'Reefer truck carrying farm produce', HILLS + ribDef('rib', 8, 0.08), b);
  // 4 village clinic
  b = rect(0, 0, WW, WH, 'url(#sky)') + hills + cloud(380, 60, 0.8);
  b +=
    rect(90, 140, 220, 116, '#fff') +
    path('M80 146H320L304 120H96Z', C.teal) +
    rect(180, 190, 40, 66, '#8ec5ff') +
    line('M200 190v66', '#fff', 2) +
    rect(108, 176, 50, 34, '#cfe0f5') +
    rect(242, 176, 50, 34, '#cfe0f5');
  b += rect(176, 82, 48, 48, '#fff', ' rx="8" stroke="#d33a3a" stroke-width="3"') + path('M194 92h12v12h12v12h-12v12h-12v-12h-12v-12h12z', '#d33a3a');
  b += tree(40, 256, 1.2) + tree(450, 256, 1.3, '#5fb85a');
  b += person(340, 300, 120, {
    shirt: '#fff',
    sleeve: '#f4f6fb',
    pants: '#5b6c8f',
    hairStyle: 'short',
    hair: '#2b2b35',
    pose: 'hold',
    extra: path('M-6 -78q6 16 12 0', 'none', ' stroke="#3b4658" stroke-width="2"'),
  });
  b += person(400, 300, 104, { shirt: '#b07a3e', pants: '#3b4658', hairStyle: 'short', hair: '#d9dde3', skin: '#c98f6a', extra: line('M16 -48L24 0', '#6b4b1f', 3) });
  welfare('poverty-4', 'Village health clinic', HILLS, b);
}

// ---------- certificates (300x420) ----------
function certificate(code, year, accent, label) {
  const defs = lin(
    'seal',
    [
      [0, '#f7c873'],
      [1, '#d9932b'],
    ],
    1,
    1,
  );
  let b = rect(0, 0, 300, 420, '#e9eef5') + rect(14, 14, 272, 392, '#fffdf8', ' stroke="#0b2545" stroke-width="3"') + rect(24, 24, 252, 372, 'none', ` stroke="${accent}" stroke-width="1.2"`);
  b += path('M24 44V24H44M256 24H276V44M276 376V396H256M44 396H24V376', 'none', ` stroke="${accent}" stroke-width="4"`);
  b += g('translate(134 40) scale(.8)', mark(C.navy, '#fff', C.teal, '#8ec5ff'));
  b += `<text x="150" y="104" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="700" letter-spacing="3" fill="${C.navy}">CERTIFICATE</text>`;
  b += `<text x="150" y="120" text-anchor="middle" font-family="${FONT}" font-size="8.5" letter-spacing="2" fill="#5b6c8f">OF REGISTRATION</text>`;
  b += `<text x="150" y="172" text-anchor="middle" font-family="${FONT}" font-size="36" font-weight="700" fill="${accent}">ISO ${code}</text>`;
  b += `<text x="150" y="192" text-anchor="middle" font-family="${FONT}" font-size="10" fill="#5b6c8f">ISO ${code}:${year} · ${label}</text>`;
  let d = '';
  for (let k = 0; k < 6; k++) d += `M${k % 3 === 2 ? 70 : 50} ${f(218 + k * 14)}H${k % 3 === 2 ? 230 : 250}`;
  b += line(d, '#c9d3df', 4, ' stroke-linecap="round"');
  b += line('M50 350q10 -18 20 -4t16 -6t14 8t22 -8', C.navy, 1.6, ' stroke-linecap="round"') + line('M50 362H140', '#9fb0c6', 1);
  b += path('M208 368l-10 34l14 -8l8 12l6 -34zM232 368l10 34l-14 -8l-8 12l-6 -34z', accent);
  let star = '';
  for (let k = 0; k < 24; k++) {
    const a = (Math.PI * k) / 12,
      r = k % 2 ? 30 : 35;
    star += `${k ? 'L' : 'M'}${f(220 + r * Math.cos(a))} ${f(352 + r * Math.sin(a))}`;
  }
  b +=
    path(star + 'Z', 'url(#seal)') +
    circ(220, 352, 23, 'none', ' stroke="#fff" stroke-width="1.5" stroke-dasharray="2 2"') +
    path('M210 352l7 7l13 -14', 'none', ' stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"');
  out(`images/certificates/iso${code}.svg`, svg(300, 420, `ISO ${code} certificate`, defs, b));
}

// ---------- sustainability report covers (300x420) ----------
function report(year, c1, c2, motif) {
  const defs =
    lin(
      'bg',
      [
        [0, c1],
        [1, c2],
      ],
      0.5,
      1,
    ) +
    lin('wv', [
      [0, '#fff', 0.25],
      [1, '#fff', 0.05],
    ]);
  let b = rect(0, 0, 300, 420, 'url(#bg)') + circ(250, 270, 120, '#fff', ' opacity=".07"');
  b += g('translate(24 24) scale(.6)', mark('#fff', C.navy, C.teal, C.blue));
  b += `<text x="56" y="40" font-family="${FONT}" font-size="11" font-weight="700" fill="#fff" letter-spacing="1.5">SEABRIDGE</text><text x="56" y="52" font-family="${FONT}" font-size="6.5" fill="#fff" fill-opacity=".8" letter-spacing="1.6">CONTAINER LINES</text>`;
  b += `<text x="24" y="150" font-family="${FONT}" font-size="68" font-weight="700" fill="#fff">${year}</text>`;
  b += `<text x="26" y="182" font-family="${FONT}" font-size="21" fill="#fff">Sustainability Report</text>`;
  b += rect(26, 196, 60, 4, C.orange === c1 ? C.navy : C.orange);
  b += motif;
  b +=
    path('M0 330Q75 300 150 330T300 326V420H0Z', 'url(#wv)') +
    path('M0 360Q80 336 160 360T300 352V420H0Z', '#fff', ' opacity=".14"') +
    path('M0 392Q80 374 160 392T300 386V420H0Z', '#fff', ' opacity=".2"');
  out(`images/reports/${year}.svg`, svg(300, 420, `${year} Sustainability Report cover`, defs, b));
}
function reports() {
  const leaf = (x, y, s) =>
    g(`translate(${x} ${y}) scale(${s})`, path('M0 40C-30 10 -10 -30 40 -40C40 10 20 40 0 40Z', '#fff', ' opacity=".85"') + line('M0 40L30 -30', '#fff', 2, ' stroke-opacity=".5"'));
  const turbine = (x, y, s) =>
    g(
      `translate(${x} ${y}) scale(${s})`,
      path('M-3 0L-1.5 -90h3L3 0Z', '#fff') + path('M0 -90L-4 -140L4 -140ZM0 -90L-46 -66L-40 -60ZM0 -90L44 -66L40 -60Z', '#fff', ' opacity=".9"') + circ(0, -90, 5, '#fff'),
    );
  const globe = (x, y, r) =>
    circ(x, y, r, 'none', ' stroke="#fff" stroke-width="2" opacity=".85"') +
    line(`M${x - r} ${y}h${2 * r}M${x} ${y - r}a${r / 2} ${r} 0 1 0 0.01 0M${x - r * 0.86} ${y - r / 2}h${r * 1.72}M${x - r * 0.86} ${y + r / 2}h${r * 1.72}`, '#fff', 1.5, ' opacity=".7"');
  report(2021, '#13a89e', '#0a5f63', leaf(210, 270, 1.1) + ship(40, 318, 140, { seed: 21, tiers: 3, wake: false, palette: ['#fff', '#d8f0ec', '#9fe0d8'], hull: '#0b2545', opacity: '.9' }));
  report(
    2022,
    '#1363df',
    '#0a2f6e',
    globe(220, 262, 48) +
      line('M172 262Q220 190 268 262', C.orange, 2.5, ' stroke-dasharray="4 5"') +
      ship(30, 318, 150, { seed: 22, tiers: 3, wake: false, palette: ['#fff', '#cfe0f5', '#8ec5ff'], opacity: '.9' }),
  );
  report(
    2023,
    '#0b2545',
    '#1d4e89',
    turbine(200, 320, 0.9) + turbine(250, 326, 0.6) + ship(24, 320, 150, { seed: 23, tiers: 3, wake: false, palette: [C.teal, C.orange, '#8ec5ff'], hull: '#061a33' }),
  );
  report(
    2024,
    '#f28c28',
    '#b4481c',
    leaf(230, 250, 0.8) + circ(200, 250, 34, '#fff', ' opacity=".18"') + ship(36, 322, 170, { seed: 24, tiers: 4, wake: false, palette: ['#fff', '#fde3c5', C.navy], opacity: '.92' }),
  );
}

// ---------- main ----------
brand();
bannerSlogan();
bannerSyncon('en');
bannerSyncon('zh');
bannerSouthAfrica();
bannerMetaOcean();
posterContainer();
posterFresh();
posterSpecial();
posterMoving();
posterLcl();
serviceStandard();
serviceDoor();
icons();
profile1();
profile2();
leaders();
society();
poverty();
certificate('9001', 2015, C.blue, 'Quality');
certificate('14001', 2015, C.teal, 'Environment');
certificate('45001', 2018, C.orange, 'Health &amp; Safety');
certificate('50001', 2018, '#2a9d5c', 'Energy');
certificate('28000', 2022, '#5b6c8f', 'Supply Chain Security');
reports();

let total = 0,
  bad = 0;
for (const rel of files) {
  const size = statSync(join(PUB, rel)).size;
  total += size;
  if (size > MAX_BYTES) {
    bad++;
    console.error(`too large: ${rel} ${size} B`);
  }
}
console.log(`wrote ${files.length} SVG files, ${(total / 1024).toFixed(1)} KB in total`);
if (bad) process.exitCode = 1;
