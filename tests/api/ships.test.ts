import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { ApiError } from '../../src/contract/fetch';
import { capacityClass, VesselsFile } from '../../src/content-model/schemas/vessels';
import vesselsJson from '../../content/vessels.json';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
const { vessels } = VesselsFile.parse(vesselsJson);

describe('vessel calls answer from the fleet content', () => {
  it('lists each capacity class, every vessel once, with its particulars', async () => {
    const seen: string[] = [];
    for (const slots of [0, 1, 2, 3, 4]) {
      const ships = await h.client.call(calls.ships, { query: { slots } });
      expect(ships.length, `class ${slots}`).toBeGreaterThanOrEqual(8);
      for (const ship of ships) {
        const vessel = vessels.find((v) => v.id === ship.shipUuid)!;
        expect(ship.slots).toBe(slots);
        expect(capacityClass(vessel.capacityTeu)).toBe(slots);
        expect(ship).toMatchObject({
          shipNameEn: vessel.name.en,
          shipNameCn: vessel.name.zh,
          createTime: String(vessel.built),
          length: vessel.lengthM,
          width: vessel.beamM,
          spdSpeed: vessel.speedKn,
          capacity: vessel.capacityTeu,
          bunting: vessel.flag.en,
        });
        seen.push(ship.shipUuid);
      }
    }
    expect(seen.sort()).toEqual(vessels.map((v) => v.id).sort());
  });

  it('names the flag in the language asked', async () => {
    const { body } = await h.request('/ship/findShips?slots=0&language=0');
    const first = (body.data.content as { shipUuid: string; bunting: string }[])[0];
    expect(first.bunting).toBe(vessels.find((v) => v.id === first.shipUuid)!.flag.zh);
  });

  it('refuses a missing, out-of-range or non-numeric class naming slots', async () => {
    for (const query of ['', '?slots=5', '?slots=-1', '?slots=abc', '?slots=1.5']) {
      const { status, body } = await h.request(`/ship/findShips${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(/slots/);
    }
    await expect(h.client.call(calls.ships, { query: { slots: 9 as 0 } })).rejects.toBeInstanceOf(ApiError);
  });

  it('sends a certificate download to the vessel file, which exists', async () => {
    const vessel = vessels[0];
    const response = await h.app.request(`http://test.local${h.config.apiBase}/ship/download?shipUuid=${vessel.id}`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toBe(`/files/vessels/${vessel.id}.pdf`);
    expect(existsSync(`public${location}`)).toBe(true);
  });

  it('answers an unknown or malformed vessel id in the wrapper', async () => {
    expect((await h.request('/ship/download?shipUuid=no-such-ship')).status).toBe(404);
    const bad = await h.request('/ship/download?shipUuid=../../etc/passwd');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/shipUuid/);
    const missing = await h.request('/ship/download');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/shipUuid/);
  });
});
