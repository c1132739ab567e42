import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Containers, FEATURE_COUNT, featureIconPath } from '../../src/content-model/schemas/containers';
import { CAPACITY_CLASSES, Vessels, capacityClass, certificateFile, imoCheckDigit, isValidImo } from '../../src/content-model/schemas/vessels';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const issues = (r: z.ZodSafeParseResult<unknown>) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
const publicFile = (path: string) => `public${path}`;

describe('content/vessels.json', () => {
  const parsed = Vessels.safeParse(read('content/vessels.json').vessels);
  const vessels = parsed.data ?? [];

  it('matches its schema (ids and IMO numbers unique)', () => {
    expect(issues(parsed)).toEqual([]);
  });

  it('has at least eight vessels in every capacity class', () => {
    for (const c of CAPACITY_CLASSES) expect(vessels.filter((v) => capacityClass(v.capacityTeu) === c).length, `class ${c}`).toBeGreaterThanOrEqual(8);
  });

  it('every IMO number carries a valid check digit', () => {
    expect(vessels.filter((v) => !isValidImo(v.imo)).map((v) => `${v.id}: ${v.imo}`)).toEqual([]);
  });

  it('particulars are plausible together', () => {
    const problems: string[] = [];
    for (const v of vessels) {
      if (v.built < 2005 || v.built > 2025) problems.push(`${v.id}: built ${v.built}`);
      if (v.speedKn < 14 || v.speedKn > 23) problems.push(`${v.id}: ${v.speedKn} kn`);
      // about 6 to 13 m of length per 100 TEU for feeders, down to about 1.7 m for the largest ships
      const metresPerHundredTeu = (v.lengthM / v.capacityTeu) * 100;
      if (metresPerHundredTeu < 1.5 || metresPerHundredTeu > 30) problems.push(`${v.id}: ${v.lengthM} m for ${v.capacityTeu} TEU`);
      if (v.capacityTeu > 18000 && (v.lengthM < 395 || v.beamM < 58)) problems.push(`${v.id}: too small for ${v.capacityTeu} TEU`);
      if (v.capacityTeu < 2000 && v.lengthM > 185) problems.push(`${v.id}: too long for a feeder`);
      if (v.beamM > 33 && v.built < 2006 && v.capacityTeu < 4500) problems.push(`${v.id}: beam`);
    }
    expect(problems).toEqual([]);
  });

  it('every vessel has its certificate file, a real PDF of a few KB, and its picture if it names one', () => {
    const problems: string[] = [];
    for (const v of vessels) {
      const pdf = publicFile(certificateFile(v));
      if (!existsSync(pdf)) {
        problems.push(`${v.id}: ${pdf} missing (run node src/build/derived/generators/make-certificates.mjs)`);
        continue;
      }
      const bytes = readFileSync(pdf);
      if (bytes.subarray(0, 8).toString('latin1') !== '%PDF-1.4') problems.push(`${pdf}: not a PDF 1.4`);
      if (!bytes.includes(Buffer.from(v.name.en)) || !bytes.includes(Buffer.from(v.imo))) problems.push(`${pdf}: does not name ${v.name.en} / ${v.imo}`);
      if (statSync(pdf).size > 16 * 1024) problems.push(`${pdf}: ${statSync(pdf).size} bytes`);
      for (const c of v.certificates) if (!existsSync(publicFile(c.file))) problems.push(`${v.id}: ${c.file} missing`);
      if (v.image && !existsSync(publicFile(v.image))) problems.push(`${v.id}: ${v.image} missing`);
    }
    expect(problems).toEqual([]);
    expect(vessels.some((v) => v.image)).toBe(true);
    expect(vessels.some((v) => !v.image)).toBe(true);
  });

  it('refuses a wrong IMO check digit, a duplicate and a stray certificate file', () => {
    const list = read('content/vessels.json').vessels;
    list[0].imo = `${list[0].imo.slice(0, 6)}${(Number(list[0].imo[6]) + 1) % 10}`;
    list[1].id = list[2].id;
    list[3].certificates[0].file = '/files/vessels/other.pdf';
    const paths = issues(Vessels.safeParse(list)).join('\n');
    expect(paths).toMatch(/^0\.imo: .*check digit/m);
    expect(paths).toMatch(/duplicate id/);
    expect(paths).toMatch(/^3\.certificates: /m);
  });
});

describe('the capacity class and the IMO check', () => {
  it('derives the class from the capacity at the spec bounds', () => {
    expect([24188, 10001, 10000, 4500, 4499, 2000, 1999, 800, 799, 100].map(capacityClass)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(() => capacityClass(0)).toThrow(RangeError);
  });
  it('computes the IMO check digit', () => {
    expect(imoCheckDigit('907472')).toBe(9); // IMO 9074729, the example of the IMO resolution
    expect(isValidImo('9074729')).toBe(true);
    expect(isValidImo('9074728')).toBe(false);
    expect(isValidImo('907472')).toBe(false);
  });
});

describe('content/containers.json', () => {
  const parsed = Containers.safeParse(read('content/containers.json'));
  const content = parsed.data!;

  it('matches its schema', () => {
    expect(issues(parsed)).toEqual([]);
  });

  it('has the spec sizes, icon counts and figures', () => {
    const byKind = Object.fromEntries(content.types.map((t) => [t.kind, t]));
    expect(content.types.map((t) => t.sizes.map((s) => s.code).join(' '))).toEqual(['20 20hc 40 40hc', '20 40 40hc', '20 40 40oh', '20 40']);
    expect(content.types.map((t) => t.features.length)).toEqual([12, 5, 5, 0]);
    expect(FEATURE_COUNT).toEqual({ dry: 12, reefer: 5, openTop: 5, flatRack: 0 });
    expect(byKind.flatRack.picture).toBeDefined();
    const dry = byKind.dry.sizes;
    expect(dry.find((s) => s.code === '20')).toMatchObject({ length: 5898, width: 2352, height: 2392, volume: 33.2 });
    expect(dry.find((s) => s.code === '40hc')).toMatchObject({ length: 12031, width: 2352, height: 2697, volume: 76.3 });
    expect(byKind.flatRack.sizes.every((s) => s.volume === null)).toBe(true);
    expect(content.types.flatMap((t) => t.sizes).some((s) => s.payload.length === 2)).toBe(true);
  });

  it('every feature icon and picture exists', () => {
    const files = content.types.flatMap((t) => [...t.features.map((f) => featureIconPath(f.icon)), ...(t.picture ? [t.picture.src] : [])]);
    expect(files.filter((f) => !existsSync(publicFile(f)))).toEqual([]);
  });

  it('type 5 has three loading-combination blocks with the spec lists', () => {
    const lists = content.combinations.blocks.map((b) => b.numbers);
    expect(lists).toHaveLength(3);
    expect(lists).toContainEqual([0, 3, 5, 6, 8]);
    expect(lists).toContainEqual([22, 23, 25, 26]);
  });

  it('refuses a volume that does not match, a missing # note and a wrong size list', () => {
    const bad = read('content/containers.json');
    bad.types[0].sizes[0].volume = 40.1;
    delete bad.types[1].payloadNote;
    bad.types[2].sizes.pop();
    bad.types[0].features.pop();
    const found = issues(Containers.safeParse(bad)).join('\n');
    expect(found).toMatch(/types\.0\.sizes\.0\.volume: volume does not match/);
    expect(found).toMatch(/types\.1\.payloadNote/);
    expect(found).toMatch(/types\.2\.sizes: openTop lists the sizes/);
    expect(found).toMatch(/types\.0\.features: dry shows 12/);
  });
});
