import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { SCL_TYPES } from '../../src/contract/scl';
import { startHarness, type Harness } from './harness';

/**
 * The supply-chain calls (/scl) against the real app: every call in both
 * languages, compared with the content files read from disk (not through the
 * loader the server uses), unknown and foreign ids, bad and missing fields.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Text {
  en: string;
  zh: string;
}
interface FileService {
  uuid: string;
  title: Text;
  desc: Text;
  email?: string;
  pictures: string[];
}
interface FileRegion {
  uuid: string;
  name: Text;
  company: Text;
  desc: Text;
  pictures: string[];
  services: FileService[];
}
interface FileArea {
  uuid: string;
  name: Text;
  desc: Text;
  regions: FileRegion[];
}
const SLUG = { TT: 'trailerTransport', WD: 'warehouseDistribution', RT: 'railTransport', CD: 'customsDeclaration' } as const;
const content = Object.fromEntries(SCL_TYPES.map((type) => [type, JSON.parse(readFileSync(`content/scl/${SLUG[type]}.json`, 'utf8')) as { type: string; areas: FileArea[] }])) as Record<
  (typeof SCL_TYPES)[number],
  { type: string; areas: FileArea[] }
>;

type Body = { code: string; message: string; data: { content: unknown } };
const get = (path: string) => h.request(path) as Promise<{ status: number; body: Body }>;

describe('GET /scl/getGlobalAreas', () => {
  it('answers the areas of each type in tab order, in English by default and in Chinese for language 0', async () => {
    for (const type of SCL_TYPES) {
      const areas = content[type].areas;
      expect(areas.length, type).toBeGreaterThanOrEqual(3);
      const en = await h.client.call(calls.sclAreas, { query: { type } });
      expect(en).toEqual(areas.map((a) => ({ areaUuid: a.uuid, areaName: a.name.en, areaDesc: a.desc.en })));
      const zh = await h.client.call(calls.sclAreas, { query: { type, language: 0 } });
      expect(zh).toEqual(areas.map((a) => ({ areaUuid: a.uuid, areaName: a.name.zh, areaDesc: a.desc.zh })));
    }
  });

  it('refuses a bad or missing type, and unknown fields, naming the field', async () => {
    for (const path of ['/scl/getGlobalAreas?type=XX', '/scl/getGlobalAreas?type=tt', '/scl/getGlobalAreas', '/scl/getGlobalAreas?type=']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.code).toBe('400');
      expect(body.message, path).toMatch(/^type: must be TT \(trailer transport\), WD/);
      expect(body.data.content).toBeNull();
    }
    const language = await get('/scl/getGlobalAreas?type=TT&language=2');
    expect(language.status).toBe(400);
    expect(language.body.message).toMatch(/^language must be 0 \(Chinese\) or 1 \(English\)/);
    const unknown = await get('/scl/getGlobalAreas?type=TT&areaType=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/areaType/);
  });

  it('answers 405 in the wrapper to a POST', async () => {
    const response = await h.app.request(`http://test.local${h.config.apiBase}/scl/getGlobalAreas?type=TT`, { method: 'POST', headers: { origin: 'http://test.local' } });
    expect(response.status).toBe(405);
    expect(((await response.json()) as Body).code).toBe('405');
  });
});

describe('GET /scl/getRegionsByAreaId', () => {
  it('answers the regions of every area of every type with the spec fields, pictures comma-separated', async () => {
    for (const type of SCL_TYPES) {
      for (const area of content[type].areas) {
        expect(area.regions.length, area.name.en).toBeGreaterThanOrEqual(1);
        const en = await h.client.call(calls.sclRegions, { query: { areaUuid: area.uuid, type } });
        expect(en).toEqual(
          area.regions.map((r) => ({
            regionUuid: r.uuid,
            regionName: r.name.en,
            companyName: r.company.en,
            regionDesc: r.desc.en,
            regionDescPicPath: r.pictures.map((p) => `/scl/${p}.svg`).join(','),
          })),
        );
        const zh = await h.client.call(calls.sclRegions, { query: { areaUuid: area.uuid, type, language: 0 } });
        expect(zh.map((r) => [r.regionName, r.companyName, r.regionDesc])).toEqual(area.regions.map((r) => [r.name.zh, r.company.zh, r.desc.zh]));
      }
    }
  });

  it('answers 404 naming the id for an unknown area and for an area of another type', async () => {
    const unknown = '00000000-0000-5000-8000-000000000000';
    const a = await get(`/scl/getRegionsByAreaId?areaUuid=${unknown}&type=TT`);
    expect(a.status).toBe(404);
    expect(a.body.code).toBe('404');
    expect(a.body.message).toBe(`no trailer transport (TT) area with areaUuid ${unknown}`);
    expect(a.body.data.content).toBeNull();

    const railArea = content.RT.areas[0].uuid;
    const b = await get(`/scl/getRegionsByAreaId?areaUuid=${railArea}&type=CD`);
    expect(b.status).toBe(404);
    expect(b.body.message).toBe(`no customs declaration (CD) area with areaUuid ${railArea} (it is a RT area)`);

    // a region id is not an area id
    const region = content.TT.areas[0].regions[0].uuid;
    expect((await get(`/scl/getRegionsByAreaId?areaUuid=${region}&type=TT`)).status).toBe(404);
  });

  it('refuses a missing or malformed area id and a bad type, naming the field', async () => {
    const area = content.WD.areas[0].uuid;
    const cases: [string, RegExp][] = [
      ['/scl/getRegionsByAreaId?type=WD', /^areaUuid: must name the area/],
      ['/scl/getRegionsByAreaId?areaUuid=&type=WD', /^areaUuid: must name the area/],
      ['/scl/getRegionsByAreaId?areaUuid=%3Cscript%3E&type=WD', /^areaUuid: must be an area id/],
      [`/scl/getRegionsByAreaId?areaUuid=${'a'.repeat(65)}&type=WD`, /^areaUuid: must be at most 64 characters/],
      [`/scl/getRegionsByAreaId?areaUuid=${area}`, /^type: must be TT/],
      [`/scl/getRegionsByAreaId?areaUuid=${area}&type=warehouse`, /^type: must be TT/],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.message, path).toMatch(message);
    }
  });

  it('accepts the id in capitals (uuids are case-insensitive)', async () => {
    const area = content.RT.areas[1];
    const regions = await h.client.call(calls.sclRegions, { query: { areaUuid: area.uuid.toUpperCase(), type: 'RT' } });
    expect(regions.map((r) => r.regionUuid)).toEqual(area.regions.map((r) => r.uuid));
  });
});

describe('GET /scl/getRegionServiceByRegionId', () => {
  it('answers the services of every region with title, description, e-mail (empty when none) and pictures', async () => {
    let withoutEmail = 0;
    for (const type of SCL_TYPES) {
      for (const region of content[type].areas.flatMap((a) => a.regions)) {
        const en = await h.client.call(calls.sclServices, { query: { regionUuid: region.uuid, type } });
        expect(en).toEqual(
          region.services.map((s) => ({
            regionServiceUuid: s.uuid,
            regionServiceTitle: s.title.en,
            regionServiceDesc: s.desc.en,
            regionServiceEmail: s.email ?? '',
            regionServicePicPath: s.pictures.map((p) => `/scl/${p}.svg`).join(','),
          })),
        );
        withoutEmail += en.filter((s) => s.regionServiceEmail === '').length;
        const zh = await h.client.call(calls.sclServices, { query: { regionUuid: region.uuid, type, language: 0 } });
        expect(zh.map((s) => [s.regionServiceTitle, s.regionServiceDesc])).toEqual(region.services.map((s) => [s.title.zh, s.desc.zh]));
      }
    }
    // the optional e-mail is exercised by real content
    expect(withoutEmail).toBeGreaterThan(0);
  });

  it('answers 404 naming the id for an unknown region and for a region of another type', async () => {
    const unknown = 'ffffffff-ffff-5fff-bfff-ffffffffffff';
    const a = await get(`/scl/getRegionServiceByRegionId?regionUuid=${unknown}&type=RT`);
    expect(a.status).toBe(404);
    expect(a.body.message).toBe(`no rail transport (RT) region with regionUuid ${unknown}`);

    const warehouse = content.WD.areas[0].regions[0].uuid;
    const b = await get(`/scl/getRegionServiceByRegionId?regionUuid=${warehouse}&type=TT`);
    expect(b.status).toBe(404);
    expect(b.body.message).toBe(`no trailer transport (TT) region with regionUuid ${warehouse} (it is a WD region)`);

    // an area id is not a region id
    expect((await get(`/scl/getRegionServiceByRegionId?regionUuid=${content.TT.areas[0].uuid}&type=TT`)).status).toBe(404);
  });

  it('refuses a missing region id and a bad type, naming the field', async () => {
    const region = content.CD.areas[0].regions[0].uuid;
    for (const [path, message] of [
      ['/scl/getRegionServiceByRegionId?type=CD', /^regionUuid: must name the region/],
      ['/scl/getRegionServiceByRegionId?regionUuid=a%2Fb&type=CD', /^regionUuid: must be a region id/],
      [`/scl/getRegionServiceByRegionId?regionUuid=${region}&type=0`, /^type: must be TT/],
      [`/scl/getRegionServiceByRegionId?regionUuid=${region}&type=CD&language=en`, /^language must be 0/],
    ] as [string, RegExp][]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.message, path).toMatch(message);
    }
  });
});
