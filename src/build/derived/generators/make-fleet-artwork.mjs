#!/usr/bin/env node
// Draws the artwork of the vessel and container pages, deterministically, without dependencies:
//   public/images/vessels/{id}.svg        side view of every vessel in content/vessels.json that names an image
//   public/images/vessels/placeholder.svg the neutral picture of a vessel without one
//   public/images/containers/icon-*.svg   the feature icons of the container pages
//   public/images/containers/flat-rack.svg the flat-rack picture
// Run: node src/build/derived/generators/make-fleet-artwork.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOXES, rng } from './lib/artwork.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const PUB = join(ROOT, 'public');
const C = { navy: '#0b2545', navy2: '#13315c', blue: '#1363df', teal: '#13a89e', sky: '#eef4fb', sea: '#d5e5f5', line: '#b8c4d3', red: '#b23a48', white: '#ffffff' };

const f = (v) => Math.round(v * 10) / 10;
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
function out(rel, content) {
  const path = join(PUB, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return content.length;
}

// ---------- vessels ----------
const W = 480;
const H = 140;
const WATER = 112;
/** Capacity class as in src/content-model/schemas/vessels.ts (capacityClass). */
const capacityClass = (teu) => (teu > 10000 ? 0 : teu >= 4500 ? 1 : teu >= 2000 ? 2 : teu >= 800 ? 3 : 4);
const TIERS = [9, 7, 6, 4, 3];

function vesselSvg(v) {
  const R = rng(hash(v.id));
  const cls = capacityClass(v.capacityTeu);
  // horizontal scale grows slower than length, so feeders stay readable; vertical scale is common to all
  const len = 460 * (v.lengthM / 400) ** 0.62;
  const sx = len / v.lengthM;
  const sy = 1.9;
  const x0 = (W - len) / 2;
  const freeboard = (0.04 * v.lengthM + 4.5) * sy;
  const deck = WATER - freeboard;
  const tierH = 2.6 * sy;
  const tiers = TIERS[cls];
  const bridgeForward = cls <= 1 && v.built >= 2012;
  const X = (m) => x0 + m * sx; // metres from the stern
  const L = v.lengthM;
  let s = '';
  // sky and sea
  s += `<rect width="${W}" height="${H}" fill="${C.sky}"/>`;
  s += `<rect y="${WATER}" width="${W}" height="${H - WATER}" fill="${C.sea}"/>`;
  // bays: 40-foot bays of about 13.5 m, between the stern mooring deck and the forecastle
  const bayLen = 13.5;
  const start = 0.07 * L;
  const end = 0.9 * L;
  const bridgeAt = bridgeForward ? 0.62 * L : 0.1 * L;
  const bridgeLen = bridgeForward ? Math.max(9, 0.035 * L) : Math.max(11, 0.06 * L);
  // forward-bridge ships have the funnel aft; the others have it just aft of the house, rising above it
  const funnelAt = bridgeForward ? 0.2 * L : bridgeAt - 0.15 * bridgeLen;
  const funnelLen = Math.max(5, 0.025 * L);
  const blocks = [];
  for (let m = start; m + bayLen <= end; m += bayLen + 0.8) {
    const inBridge = m + bayLen > bridgeAt - 1 && m < bridgeAt + bridgeLen + 1;
    const inFunnel = bridgeForward && m + bayLen > funnelAt - 1 && m < funnelAt + funnelLen + 1;
    if (inBridge || inFunnel) continue;
    if (!bridgeForward && m < bridgeAt + bridgeLen + 1) continue;
    const fromBow = (L - m) / L;
    const n = Math.max(1, tiers - (fromBow < 0.16 ? 2 : fromBow < 0.24 ? 1 : 0) - (R() < 0.15 ? 1 : 0));
    let y = deck;
    let left = n;
    while (left > 0) {
      const k = Math.min(left, 1 + Math.floor(R() * 3));
      const hgt = k * tierH;
      blocks.push([X(m), y - hgt, bayLen * sx, hgt, BOXES[Math.floor(R() * BOXES.length)]]);
      y -= hgt;
      left -= k;
    }
  }
  const byColour = new Map();
  let all = '';
  for (const [x, y, w, h, col] of blocks) {
    const d = `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}z`;
    byColour.set(col, (byColour.get(col) || '') + d);
    all += d;
  }
  for (const [col, d] of byColour) s += `<path d="${d}" fill="${col}"/>`;
  // tier lines over the containers
  s += `<path d="${all}" fill="url(#tiers)" stroke="${C.navy}" stroke-opacity=".35" stroke-width=".5"/>`;
  // funnel
  const funnelTop = deck - (tiers + (bridgeForward ? 1.2 : 2.9)) * tierH;
  s += `<path d="M${f(X(funnelAt))} ${f(deck)}L${f(X(funnelAt) + 1.5)} ${f(funnelTop)}H${f(X(funnelAt + funnelLen) + 1)}L${f(X(funnelAt + funnelLen))} ${f(deck)}z" fill="${C.navy2}"/>`;
  s += `<rect x="${f(X(funnelAt) + 1.2)}" y="${f(funnelTop + 3)}" width="${f(funnelLen * sx - 0.4)}" height="3" fill="${C.teal}"/>`;
  // accommodation and bridge, higher than the stacks
  const bridgeTop = deck - (tiers + 2.2) * tierH;
  s += `<path d="M${f(X(bridgeAt))} ${f(deck)}V${f(bridgeTop + 4)}h${f(-3)}v${f(-4)}H${f(X(bridgeAt + bridgeLen) + 3)}v4h-3V${f(deck)}z" fill="${C.white}" stroke="${C.navy}" stroke-opacity=".4" stroke-width=".6"/>`;
  s += `<rect x="${f(X(bridgeAt) - 2)}" y="${f(bridgeTop + 1)}" width="${f(bridgeLen * sx + 4)}" height="2" fill="${C.navy}"/>`;
  for (let y = bridgeTop + 8; y < deck - 3; y += 5) s += `<rect x="${f(X(bridgeAt) + 1.5)}" y="${f(y)}" width="${f(bridgeLen * sx - 3)}" height="1.2" fill="${C.navy}" opacity=".45"/>`;
  // hull: raked transom, sheer rising to a flared bow
  const bowRise = freeboard * 0.18;
  s += `<path d="M${f(x0 + 2)} ${f(deck)}H${f(X(0.93 * L))}Q${f(X(0.985 * L))} ${f(deck - bowRise * 0.6)} ${f(x0 + len)} ${f(deck - bowRise)}L${f(x0 + len - 0.03 * len)} ${f(WATER)}H${f(x0 + 0.02 * len)}L${f(x0)} ${f(deck + freeboard * 0.35)}z" fill="${C.navy}"/>`;
  s += `<path d="M${f(x0 + 0.02 * len)} ${f(WATER - 3)}H${f(x0 + len - 0.033 * len)}L${f(x0 + len - 0.03 * len)} ${f(WATER)}H${f(x0 + 0.02 * len)}z" fill="${C.red}"/>`;
  s += `<path d="M${f(x0 + 3)} ${f(deck + 2.2)}H${f(X(0.95 * L))}" stroke="${C.white}" stroke-opacity=".5" stroke-width=".8"/>`;
  // forward mast
  s += `<path d="M${f(X(0.955 * L))} ${f(deck - bowRise * 0.8)}v${f(-tierH * 2.4)}" stroke="${C.navy}" stroke-width="1.2"/>`;
  // waves
  let wave = `M0 ${WATER + 9}`;
  for (let x = 0; x < W; x += 24) wave += `q6 -3 12 0t12 0`;
  s += `<path d="${wave}" fill="none" stroke="${C.white}" stroke-opacity=".7" stroke-width="1.2"/>`;
  const defs = `<pattern id="tiers" width="8" height="${f(tierH)}" patternUnits="userSpaceOnUse" y="${f(deck)}"><path d="M0 0H8" stroke="${C.navy}" stroke-opacity=".3" stroke-width=".6"/></pattern>`;
  const title = `${v.name.en}: ${v.lengthM} m container ship, ${v.capacityTeu} TEU`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${esc(title)}</title><defs>${defs}</defs>${s}</svg>\n`;
}

function placeholderSvg() {
  const hull = `M120 92H360L346 108H138Z`;
  const boxes = `M170 92V74H214V92M214 92V66H258V92M258 92V74H302V92M312 92V56H330V92`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>No picture of this vessel</title><rect width="${W}" height="${H}" fill="#f3f6fa"/><path d="${hull}" fill="none" stroke="${C.line}" stroke-width="3" stroke-linejoin="round"/><path d="${boxes}" fill="none" stroke="${C.line}" stroke-width="3" stroke-linejoin="round"/><path d="M110 118q10 -5 20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0" fill="none" stroke="${C.line}" stroke-width="2.4" stroke-linecap="round"/></svg>\n`;
}

// ---------- container feature icons (64 x 64, line style of public/images/icons) ----------
const ICONS = {
  steel: ['M8 18h48v30H8z', 'M14 18v30M20 18v30M26 18v30M32 18v30M38 18v30M44 18v30M50 18v30', 'M8 18l6-6h48l-6 6'],
  watertight: ['M10 30a22 16 0 0 1 44 0z', 'M32 30v20a4 4 0 0 1-8 0', 'M14 40l-2 5M20 44l-2 5M44 40l-2 5M50 44l-2 5'],
  floor: ['M6 44l14-20h38L44 44z', 'M13 34h38M9.5 39h38M16.5 29h38', 'M6 44v4h38v-4M58 24v4L44 48'],
  lashing: ['M10 50h44', 'M24 50v-8h16v8', 'M32 42V34', 'M32 22a6 6 0 1 1 0 12a6 6 0 1 1 0-12z'],
  vents: ['M10 12h44v40H10z', 'M18 22h28M18 28h28M18 34h28M18 40h28', 'M46 46l6 6'],
  lockbox: ['M20 30V22a12 12 0 0 1 24 0v8', 'M14 30h36v24H14z', 'M32 40v6'],
  seal: ['M18 10h10v6H18z', 'M23 16v26', 'M17 42h12v12H17z', 'M29 48q10 0 10-10', 'M34 22h22v14H34z', 'M38 27h14M38 31h9'],
  csc: ['M8 16h48v32H8z', 'M16 26h32M16 32h24M16 38h28', 'M12 20v0M52 20v0M12 44v0M52 44v0'],
  stack: ['M14 42h36v12H14zM14 30h36v12H14zM18 18h36v12H18z', 'M22 45v6M28 45v6M34 45v6M40 45v6M22 33v6M28 33v6M34 33v6M40 33v6M26 21v6M32 21v6M38 21v6M44 21v6'],
  pallet: ['M8 40h48v6H8zM8 52h48', 'M12 46v6M30 46v6M48 46v6', 'M14 22h36v18H14z'],
  forklift: ['M10 46h26v-22H22L14 36H10z', 'M36 46V14M36 42h18', 'M16 52a4 4 0 1 0 .1 0M30 52a4 4 0 1 0 .1 0', 'M40 36h12v6H40'],
  liner: ['M8 14h48v36H8z', 'M14 46c2-10-2-18 2-26c6 4 10-2 16 0s10 4 16 0c4 8 0 16 2 26z'],
  thermometer: ['M28 38V12a4 4 0 0 1 8 0v26', 'M32 38a8 8 0 1 0 .1 0', 'M32 44V26', 'M42 16h8M42 22h6M42 28h8'],
  airflow: ['M8 52h48', 'M12 46h8v6M28 46h8v6M44 46h8v6', 'M24 40V16l-5 5M24 16l5 5M40 40V16l-5 5M40 16l5 5'],
  monitor: ['M12 22h40v28H12z', 'M20 36l6-6 6 8 6-10 6 8', 'M32 22V12M24 8a12 12 0 0 1 16 0'],
  humidity: ['M26 8c-8 12-14 20-14 28a14 14 0 0 0 28 0c0-8-6-16-14-28z', 'M20 38h12', 'M46 18q4 4 0 8t0 8t0 8M54 18q4 4 0 8t0 8t0 8'],
  pti: ['M16 12h32v42H16z', 'M26 8h12v8H26z', 'M22 34l6 6 14-14'],
  roofbows: ['M8 28h48v24H8z', 'M12 28c0-10 8-14 8-14s8 4 8 14M28 28c0-10 8-14 8-14s8 4 8 14', 'M44 28c0-8 6-12 6-12s6 4 6 12'],
  tarpaulin: ['M8 30h48v22H8z', 'M6 30c6-6 10 2 16-4s10 2 16-4 10 2 20-2', 'M14 30v-2M50 30v-4'],
  crane: ['M32 6v16', 'M26 22h12', 'M28 22l-4 8M36 22l4 8', 'M18 30h28v20H18z', 'M8 56h48'],
  header: ['M12 54V14h40v40', 'M12 14l-4-6M52 14h-20', 'M12 8h40', 'M44 24a12 12 0 0 1 0 12'],
};
const ACCENT = {
  steel: 'M8 18h48v30H8z',
  watertight: 'M10 30a22 16 0 0 1 44 0z',
  floor: 'M6 44l14-20h38L44 44z',
  lashing: 'M24 50v-8h16v8z',
  vents: 'M10 12h44v40H10z',
  lockbox: 'M14 30h36v24H14z',
  seal: 'M34 22h22v14H34z',
  csc: 'M8 16h48v32H8z',
  stack: 'M14 30h36v12H14z',
  pallet: 'M14 22h36v18H14z',
  forklift: 'M40 36h12v6H40z',
  liner: 'M14 46c2-10-2-18 2-26c6 4 10-2 16 0s10 4 16 0c4 8 0 16 2 26z',
  thermometer: 'M32 38a8 8 0 1 0 .1 0z',
  airflow: 'M12 46h8v6h-8zM28 46h8v6h-8zM44 46h8v6h-8z',
  monitor: 'M12 22h40v28H12z',
  humidity: 'M26 8c-8 12-14 20-14 28a14 14 0 0 0 28 0c0-8-6-16-14-28z',
  pti: 'M16 12h32v42H16z',
  roofbows: 'M8 28h48v24H8z',
  tarpaulin: 'M8 30h48v22H8z',
  crane: 'M18 30h28v20H18z',
  header: 'M12 14h40v40H12z',
};
function iconSvg(name) {
  const accent = ACCENT[name] ? `<path d="${ACCENT[name]}" fill="${C.teal}" fill-opacity=".18"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">${accent}<path d="${ICONS[name].join('')}" fill="none" stroke="${C.navy}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;
}

function flatRackSvg() {
  const w = 640;
  const h = 300;
  let s = `<rect width="${w}" height="${h}" fill="${C.sky}"/><rect y="236" width="${w}" height="64" fill="#dfe7f0"/>`;
  s += `<ellipse cx="320" cy="246" rx="280" ry="10" fill="${C.navy}" opacity=".12"/>`;
  // floor frame with corner castings and fork pockets
  s += `<path d="M40 206h560v30H40z" fill="#2f7fbf"/><path d="M40 206h560v6H40z" fill="#5b9bd5"/>`;
  for (const x of [150, 250, 390, 490]) s += `<rect x="${x}" y="220" width="36" height="12" rx="2" fill="${C.navy}" opacity=".55"/>`;
  for (const x of [40, 584]) s += `<rect x="${x}" y="222" width="16" height="14" fill="${C.navy}"/>`;
  // end walls (raised), with corrugations and corner posts
  for (const x of [40, 572]) {
    s += `<path d="M${x} 70h28v136h-28z" fill="#2f7fbf"/>`;
    s += `<path d="M${x + 7} 78v120M${x + 14} 78v120M${x + 21} 78v120" stroke="${C.navy}" stroke-opacity=".3" stroke-width="2"/>`;
    s += `<rect x="${x}" y="62" width="28" height="12" fill="${C.navy}"/>`;
  }
  // stanchion pockets along the side
  for (let x = 96; x < 560; x += 64) s += `<rect x="${x}" y="212" width="10" height="6" fill="${C.navy}" opacity=".6"/>`;
  // crated machine
  s += `<path d="M150 98h330v108H150z" fill="#e3b23c"/>`;
  s += `<path d="M150 98h330v108H150zM150 98l330 108M480 98L150 206" fill="none" stroke="#9c6d12" stroke-width="4" stroke-opacity=".55"/>`;
  s += `<path d="M150 98h330v10H150zM150 196h330v10H150z" fill="#c99522"/>`;
  s += `<path d="M170 116h60v22h-60z" fill="${C.white}" opacity=".85"/><path d="M178 124h44M178 130h30" stroke="${C.navy}" stroke-width="2"/>`;
  s += `<path d="M440 122l10-14 10 14zM450 114v10" fill="none" stroke="${C.navy}" stroke-width="3" stroke-linejoin="round"/>`;
  // chains and binders
  const chain = (x1, y1, x2, y2) =>
    `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="#4a5563" stroke-width="3.2" stroke-dasharray="7 3" stroke-linecap="round"/><circle cx="${x2}" cy="${y2}" r="4" fill="#4a5563"/>`;
  s += chain(160, 104, 96, 214) + chain(470, 104, 534, 214) + chain(220, 106, 240, 214) + chain(410, 106, 390, 214);
  s += `<rect x="118" y="160" width="8" height="20" rx="2" fill="#c4453a" transform="rotate(-30 122 170)"/><rect x="504" y="160" width="8" height="20" rx="2" fill="#c4453a" transform="rotate(30 508 170)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>Flat rack container with a lashed, crated machine</title>${s}</svg>\n`;
}

const { vessels } = JSON.parse(readFileSync(join(ROOT, 'content/vessels.json'), 'utf8'));
let count = 0;
for (const v of vessels) {
  if (!v.image) continue;
  const expected = `/images/vessels/${v.id}.svg`;
  if (v.image !== expected) continue; // a photograph or other artwork supplied by hand: leave it
  out(expected.slice(1), vesselSvg(v));
  count++;
}
out('images/vessels/placeholder.svg', placeholderSvg());
for (const name of Object.keys(ICONS)) out(`images/containers/icon-${name}.svg`, iconSvg(name));
out('images/containers/flat-rack.svg', flatRackSvg());
console.log(`vessel pictures: ${count}, container icons: ${Object.keys(ICONS).length}, placeholder and flat rack`);
