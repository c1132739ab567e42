import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCL_TYPES } from '../../src/contract/scl';
import { buildScl, loadScl, paragraphs, SCL_PAGES, sclPicturePath } from '../../src/scl/scl';
import { SCL_SCENES } from '../../src/content-model/schemas/scl';
import { drawAll, drawPicture, SCENE_NAMES } from '../../src/build/derived/generators/make-scl-artwork.mjs';

/** The supply-chain content, its loader's cross-checks and the generated pictures. */
const read = (slug: string) => JSON.parse(readFileSync(`content/scl/${slug}.json`, 'utf8'));
const files = () => SCL_PAGES.map(({ slug }) => ({ file: `content/scl/${slug}.json`, raw: read(slug) }));
const DOMAIN = 'seabridgelines.com';
const CJK = /[\u4e00-\u9fff]/;

describe('supply-chain content', () => {
  it('has one valid file per page, of the right type, in the spec order', () => {
    expect(readdirSync('content/scl').sort()).toEqual(SCL_PAGES.map((p) => `${p.slug}.json`).sort());
    const catalogue = loadScl();
    expect(catalogue.pages.map((p) => [p.slug, p.type])).toEqual([
      ['trailerTransport', 'TT'],
      ['warehouseDistribution', 'WD'],
      ['railTransport', 'RT'],
      ['customsDeclaration', 'CD'],
    ]);
    expect([...catalogue.byType.keys()].sort()).toEqual([...SCL_TYPES].sort());
  });

  it('gives each type 3 to 5 areas, each area 1 to 4 regions (mostly 2 or more), each region 1 to 4 services and 1 to 3 pictures', () => {
    for (const page of loadScl().pages) {
      const { areas } = page.data;
      expect(areas.length, page.slug).toBeGreaterThanOrEqual(3);
      expect(areas.length, page.slug).toBeLessThanOrEqual(5);
      for (const area of areas) {
        expect(area.regions.length, area.name.en).toBeGreaterThanOrEqual(1);
        expect(area.regions.length, area.name.en).toBeLessThanOrEqual(4);
        for (const region of area.regions) {
          expect(region.services.length, region.name.en).toBeGreaterThanOrEqual(1);
          expect(region.services.length, region.name.en).toBeLessThanOrEqual(4);
          expect(region.pictures.length).toBeGreaterThanOrEqual(1);
        }
      }
      // most areas list several regions
      expect(areas.filter((a) => a.regions.length >= 2).length, page.slug).toBeGreaterThanOrEqual(areas.length - 1);
    }
  });

  it('is written in both languages: Chinese texts in Chinese, English ones without Chinese characters, never the same', () => {
    const problems: string[] = [];
    const check = (where: string, text: { en: string; zh: string }) => {
      if (!CJK.test(text.zh)) problems.push(`${where}: the Chinese text has no Chinese characters: ${text.zh}`);
      if (CJK.test(text.en)) problems.push(`${where}: the English text has Chinese characters`);
      if (text.en === text.zh) problems.push(`${where}: same text in both languages`);
    };
    for (const page of loadScl().pages) {
      const d = page.data;
      for (const key of ['title', 'intro', 'summary'] as const) check(`${page.slug}.${key}`, d[key]);
      for (const p of d.pictures) check(`${page.slug} picture ${p.id}`, p.alt);
      for (const area of d.areas) {
        check(`${page.slug} ${area.name.en}`, area.name);
        check(`${page.slug} ${area.name.en} desc`, area.desc);
        for (const region of area.regions) {
          for (const key of ['name', 'company', 'desc'] as const) check(`${page.slug} ${region.name.en}.${key}`, region[key]);
          for (const service of region.services) for (const key of ['title', 'desc'] as const) check(`${page.slug} ${service.title.en}.${key}`, service[key]);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names companies of the brand, contact addresses on its domain, and leaves some services without an address', () => {
    const services = loadScl().pages.flatMap((p) => p.data.areas.flatMap((a) => a.regions.flatMap((r) => r.services)));
    const regions = loadScl().pages.flatMap((p) => p.data.areas.flatMap((a) => a.regions));
    for (const r of regions) {
      expect(r.company.en, r.name.en).toMatch(/^(Seabridge|PT Seabridge) /);
      expect(r.company.zh, r.name.en).toMatch(/^海桥/);
    }
    for (const s of services) if (s.email) expect(s.email).toMatch(new RegExp(`^[a-z0-9.]+@${DOMAIN.replace('.', '\\.')}$`));
    expect(services.filter((s) => !s.email).length).toBeGreaterThan(0);
    expect(services.filter((s) => s.email).length).toBeGreaterThan(services.length / 2);
  });

  it('keeps its published ids (the API, clients of the existing backend and deep links rely on them)', () => {
    // Changing a published uuid breaks links; this snapshot of the first area and region of each type catches a regeneration.
    const ids = Object.fromEntries(loadScl().pages.map((p) => [p.type, [p.data.areas[0].uuid, p.data.areas[0].regions[0].uuid]]));
    expect(ids).toEqual({
      TT: ['952d85aa-60d6-5f44-b598-2b81c0f842a9', '592c95a9-b521-58b5-aea8-c144899bc7ec'],
      WD: ['3c85370b-1ddc-55ef-b75c-a9d7e96c7982', 'd52afde5-b0cb-548f-9f61-5913d736194a'],
      RT: ['012bddb4-25e5-56f6-84d9-5f2639346839', '8671e1c0-9184-5c0b-8136-be03998beff1'],
      CD: ['936c2340-1872-55ba-8cbd-b4146737ff1a', '33e33c58-0317-598f-8923-17ab5c0a1c31'],
    });
  });

  it('splits texts into paragraphs on blank lines', () => {
    expect(paragraphs('One.\n\n  Two.\n \nThree.')).toEqual(['One.', 'Two.', 'Three.']);
    expect(paragraphs('Just one.\nStill one.')).toEqual(['Just one.\nStill one.']);
  });
});

describe('supply-chain loader checks', () => {
  const build = (mutate: (f: ReturnType<typeof files>) => void) => {
    const input = files();
    mutate(input);
    return () => buildScl(input, DOMAIN);
  };
  const rail = (f: ReturnType<typeof files>) => f.find((x) => x.file.endsWith('railTransport.json'))!.raw;

  it('accepts the real files', () => {
    expect(build(() => {})).not.toThrow();
  });

  it('names the file and field of a schema error', () => {
    expect(build((f) => delete rail(f).areas[1].regions[0].company.zh)).toThrow(/content\/scl\/railTransport\.json: areas\.1\.regions\.0\.company\.zh: /);
    expect(build((f) => (rail(f).areas[0].uuid = 'Not-A-Uuid'))).toThrow(/railTransport\.json: areas\.0\.uuid: must be a lower-case uuid/);
    expect(build((f) => (rail(f).pictures[0].scene = 'spaceship'))).toThrow(/railTransport\.json: pictures\.0\.scene: must be one of the drawings/);
    expect(build((f) => (rail(f).areas = []))).toThrow(/railTransport\.json: areas: at least one global area/);
  });

  it('refuses a file of the wrong type, a missing file and a file that is no page', () => {
    expect(build((f) => (rail(f).type = 'CD'))).toThrow('content/scl/railTransport.json: type must be RT for the railTransport page, found CD');
    expect(build((f) => f.splice(0, 1))).toThrow('content/scl: expected one file trailerTransport.json, found 0');
    expect(build((f) => f.push({ file: 'content/scl/airFreight.json', raw: {} }))).toThrow(/airFreight\.json is not one of the pages/);
  });

  it('refuses a uuid used twice, even across files', () => {
    const tt = read('trailerTransport').areas[0].uuid;
    expect(build((f) => (rail(f).areas[2].regions[0].services[0].uuid = tt))).toThrow(
      /railTransport\.json: areas\.2 \(Europe\)\.regions\.0 \(Rotterdam and Antwerp\)\.services\.0 .* has uuid .*, already used by content\/scl\/trailerTransport\.json areas\.0 \(China\)/,
    );
  });

  it('refuses a picture that is not catalogued, one never shown, one shown twice, and a picture id of another file', () => {
    expect(build((f) => rail(f).areas[0].regions[0].pictures.push('rt-missing'))).toThrow(/shows picture rt-missing, which is not in the file's pictures/);
    expect(build((f) => rail(f).pictures.push({ id: 'rt-spare-1', scene: 'rail-bridge', alt: { en: 'A bridge', zh: '桥' } }))).toThrow(
      'content/scl/railTransport.json: pictures never shown: rt-spare-1 (remove them or use them)',
    );
    expect(build((f) => rail(f).areas[0].regions[0].pictures.push(rail(f).areas[0].regions[0].pictures[0]))).toThrow(/shows the same picture twice/);
    expect(build((f) => (rail(f).pictures[0].id = 'tt-bridge-1'))).toThrow(/picture id tt-bridge-1 is already used in content\/scl\/trailerTransport\.json/);
  });

  it('refuses a contact address off the carrier domain', () => {
    expect(build((f) => (rail(f).areas[0].regions[0].services[0].email = 'rail@gmail.com'))).toThrow(/e-mail rail@gmail\.com must be an address on seabridgelines\.com \(brand\.json\)/);
  });
});

describe('supply-chain pictures', () => {
  it('has a drawing for every scene the schema allows, and no other', () => {
    expect([...SCENE_NAMES].sort()).toEqual([...SCL_SCENES].sort());
  });

  it('are up to date: public/scl holds exactly what src/build/derived/generators/make-scl-artwork.mjs draws (run it after changing a picture)', () => {
    const drawn = drawAll();
    expect(readdirSync('public/scl').sort()).toEqual([...drawn.keys()].sort());
    for (const [name, svg] of drawn) expect(readFileSync(`public/scl/${name}`, 'utf8') === svg, `public/scl/${name} is stale`).toBe(true);
    // and the pages' paths point at them
    for (const page of loadScl().pages) for (const p of page.data.pictures) expect(drawn.has(sclPicturePath(p.id).replace('/scl/', ''))).toBe(true);
  });

  it('are well-formed SVG without text, each attribute once per element, and deterministic', () => {
    for (const [name, svg] of drawAll()) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 300"'), name).toBe(true);
      expect(svg, name).not.toMatch(/<text|NaN|undefined/);
      for (const tag of svg.match(/<[a-zA-Z][^>]*>/g) ?? []) {
        const names = [...tag.matchAll(/\s([a-zA-Z-]+)="/g)].map((m) => m[1]);
        expect(new Set(names).size, `${name}: ${tag}`).toBe(names.length);
      }
      const opened = (svg.match(/<g[ >]/g) ?? []).length;
      expect((svg.match(/<\/g>/g) ?? []).length, `${name}: unbalanced groups`).toBe(opened);
    }
    expect(drawPicture({ id: 'x-1', scene: 'rail-bridge' })).toBe(drawPicture({ id: 'x-1', scene: 'rail-bridge' }));
    expect(drawPicture({ id: 'x-1', scene: 'rail-bridge' })).not.toBe(drawPicture({ id: 'x-2', scene: 'rail-bridge' }));
    expect(() => drawPicture({ id: 'x', scene: 'spaceship' })).toThrow('picture x: no drawing for scene "spaceship"');
  });
});
