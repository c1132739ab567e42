import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { CarbonResult } from '../../src/contract/carbon';
import en from '../../src/i18n/dict/en.json';
import zh from '../../src/i18n/dict/zh.json';
import { CARBON_TOKEN_TTL_SECONDS } from '../../src/server/routes/carbon';
import { CarbonTokens } from '../../src/islands/carbon/token';
import { apiFetch } from '../../src/contract/fetch';
import { PATH } from '../../src/contract/wire';
import { startHarness, type Harness } from './harness';

let h: Harness;
let clock = new Date('2026-11-21T08:00:00Z');
beforeAll(async () => {
  h = await startHarness({}, { now: () => clock });
});
afterAll(async () => {
  await h?.close();
});

const token = async () => (await h.client.call(calls.carbonToken)).access_token;
const shipment = (t: string, extra: Record<string, unknown> = {}) => ({
  originLocationId: 'cn-shanghai',
  destinationLocationId: 'nl-rotterdam',
  cargoWeightValue: '2',
  cargoWeightUnit: 'TEU',
  cargoNature: 'Dry',
  factorType: 'TTW',
  token: t,
  ...extra,
});
const post = (body: unknown, language: 0 | 1 = 1, raw?: { type: string; text: string }) =>
  h.request(`/carbonCalculate/getDigital?language=${language}`, {
    method: 'POST',
    headers: { 'content-type': raw?.type ?? 'application/json' },
    body: raw?.text ?? JSON.stringify(body),
  });

describe('GET /carbonCalculate/getToken', () => {
  it('gives a signed token valid for 30 minutes', async () => {
    const { status, body } = await h.request('/carbonCalculate/getToken');
    expect(status).toBe(200);
    expect(body.code).toBe('200');
    const content = body.data.content as { access_token: string; expires_in: number };
    expect(content.access_token).toMatch(/^t1\.carbon\.[A-Za-z0-9_-]{16}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(content.expires_in).toBe(CARBON_TOKEN_TTL_SECONDS);
  });
});

describe('GET /carbonCalculate/getCity', () => {
  it('suggests cities by prefix, in the language asked', async () => {
    const list = await h.client.call(calls.carbonCity, { query: { prefix: 'sha' } });
    expect(list[0]).toEqual({ address: 'Shanghai, China', locationId: 'cn-shanghai' });
    expect(list.length).toBeLessThanOrEqual(10);
    const { body } = await h.request(`/carbonCalculate/getCity?prefix=${encodeURIComponent('上海')}&language=0`);
    expect(body.data.content).toEqual([{ address: '上海，中国', locationId: 'cn-shanghai' }]);
    expect((await h.client.call(calls.carbonCity, { query: { prefix: 'qqqz' } })).length).toBe(0);
  });

  it('accepts a good token and refuses a bad one', async () => {
    const t = await token();
    expect((await h.client.call(calls.carbonCity, { query: { prefix: 'rott', token: t } }))[0].locationId).toBe('nl-rotterdam');
    const bad = await h.request('/carbonCalculate/getCity?prefix=rott&token=nonsense');
    expect(bad.status).toBe(403);
    expect(bad.body.message).toBe(`token: ${en['carbon.err.token']}`);
  });

  it('needs more than 2 characters (2 Chinese ones) and names the field', async () => {
    for (const q of ['prefix=sh', 'prefix=', '', `prefix=${'a'.repeat(61)}`]) {
      const { status, body } = await h.request(`/carbonCalculate/getCity?${q}`);
      expect(status, q).toBe(400);
      expect(body.message, q).toBe(`prefix: ${en['carbon.err.prefix']}`);
    }
    const zhAnswer = await h.request('/carbonCalculate/getCity?prefix=x&language=0');
    expect(zhAnswer.body.message).toBe(`prefix: ${zh['carbon.err.prefix']}`);
    const extra = await h.request('/carbonCalculate/getCity?prefix=sha&foo=1');
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/foo/);
  });
});

describe('POST /carbonCalculate/getDigital', () => {
  it('calculates one shipment: cities, cargo, both factor types, routes lowest first, maps', async () => {
    const t = await token();
    const [result] = await h.client.call(calls.carbonDigital, { body: [shipment(t)] });
    expect(CarbonResult.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      index: 1,
      originCityDisplayName: 'Shanghai',
      destinationCityDisplayName: 'Rotterdam',
      cargoVolumeValue: 2,
      cargoWeightUnit: 'TEU',
      cargoNature: 'Dry',
      factorType: 'TTW',
      cargoTonnes: 20,
    });
    expect(result.details.map((d) => d.factorType)).toEqual(['TTW', 'WTW']);
    const routes = result.details[0].routes;
    expect(routes.length).toBeGreaterThan(1);
    expect(routes.map((r) => r.totalEmissionVolume)).toEqual([...routes.map((r) => r.totalEmissionVolume)].sort((a, b) => a - b));
    expect(routes[0].routeInfoList.map((l) => l.transportationMode)).toEqual(['Truck', 'Vessel', 'Truck']);
    expect(routes[0].routeInfoList[1].serviceLoopCode).toBe('AEX1');
    expect(result.maps.find((m) => m.routeId === routes[0].routeId)!.legs).toHaveLength(3);
  });

  it('calculates four shipments, each with its own index, units and type; numbers accepted as numbers', async () => {
    const t = await token();
    const body = [
      shipment(t),
      shipment(t, { originLocationId: 'cn-chongqing', destinationLocationId: 'de-duisburg', cargoWeightValue: 12.5, cargoWeightUnit: 'TON', factorType: 'WTW' }),
      shipment(t, { originLocationId: 'jp-osaka', destinationLocationId: 'au-sydney', cargoNature: 'Reefer' }),
      shipment(t, { originLocationId: 'us-chicago', destinationLocationId: 'cn-shanghai' }),
    ];
    const results = await h.client.call(calls.carbonDigital, { body });
    expect(results.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    expect(results[1]).toMatchObject({ cargoWeightUnit: 'TON', cargoTonnes: 12.5, factorType: 'WTW' });
    expect(results[1].details[0].factorType).toBe('WTW');
    expect(results[2].cargoNature).toBe('Reefer');
    for (const r of results) expect(r.details[0].routes.length).toBeGreaterThan(0);
  });

  it('answers a shipment no route serves with no routes (No Data), not an error', async () => {
    const [result] = await h.client.call(calls.carbonDigital, { body: [shipment(await token(), { originLocationId: 'tw-taipei' })] });
    expect(result.details.map((d) => d.routes)).toEqual([[], []]);
  });

  it('names places in Chinese for language 0', async () => {
    const { body } = await post([shipment(await token())], 0);
    const [result] = body.data.content as { originCityDisplayName: string; details: { routes: { routeInfoList: { toCityName: string }[] }[] }[] }[];
    expect(result.originCityDisplayName).toBe('上海');
    expect(result.details[0].routes[0].routeInfoList[1].toCityName).toBe('鹿特丹港');
  });

  it('refuses more than 4 shipments, none, or something that is not a list', async () => {
    const t = await token();
    const cases: [unknown, string][] = [
      [[1, 2, 3, 4, 5].map(() => shipment(t)), en['carbon.err.tooMany']],
      [[], en['carbon.err.noShipment']],
      [shipment(t), en['carbon.err.noShipment']],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('400');
      expect(answer.body.message).toBe(`body: ${message}`);
    }
    const notJson = await post(null, 1, { type: 'application/json', text: '[{' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('body: not valid JSON');
    const wrongMethod = await h.request('/carbonCalculate/getDigital');
    expect(wrongMethod.status).toBe(405);
  });

  it('says every rule of a bad shipment, naming the shipment and the field', async () => {
    const t = await token();
    const cases: [Record<string, unknown>, string, keyof typeof en][] = [
      [{ originLocationId: '' }, 'originLocationId', 'carbon.err.origin'],
      [{ originLocationId: 'Shanghai' }, 'originLocationId', 'carbon.err.origin'],
      [{ destinationLocationId: undefined }, 'destinationLocationId', 'carbon.err.destination'],
      [{ destinationLocationId: 'cn-shanghai' }, 'destinationLocationId', 'carbon.err.sameCity'],
      [{ cargoWeightValue: '' }, 'cargoWeightValue', 'carbon.err.amount'],
      [{ cargoWeightValue: '12a' }, 'cargoWeightValue', 'carbon.err.amountFormat'],
      [{ cargoWeightValue: '-3' }, 'cargoWeightValue', 'carbon.err.amountFormat'],
      [{ cargoWeightValue: 0 }, 'cargoWeightValue', 'carbon.err.amountRange'],
      [{ cargoWeightValue: '100000.5' }, 'cargoWeightValue', 'carbon.err.amountRange'],
      [{ cargoWeightUnit: 'KG' }, 'cargoWeightUnit', 'carbon.err.unit'],
      [{ cargoNature: 'Frozen' }, 'cargoNature', 'carbon.err.nature'],
      [{ factorType: '' }, 'factorType', 'carbon.err.factorType'],
      [{ factorType: 'TTT' }, 'factorType', 'carbon.err.factorType'],
      [{ token: '' }, 'token', 'carbon.err.token'],
      [{ cargoWeightValue: { n: 2 } }, 'cargoWeightValue', 'carbon.err.fieldType'],
      [{ tokens: 'x' }, 'tokens', 'carbon.err.unknownField'],
    ];
    for (const [change, field, key] of cases) {
      const { status, body } = await post([shipment(t, change)]);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.message, JSON.stringify(change)).toBe(`shipment 1.${field}: ${en[key]}`);
    }
    const chinese = await post([shipment(t, { cargoWeightValue: '' })], 0);
    expect(chinese.body.message).toBe(`shipment 1.cargoWeightValue: ${zh['carbon.err.amount']}`);
  });

  it('validates each shipment on its own: a problem of shipment 3 names shipment 3 only', async () => {
    const t = await token();
    const body = [shipment(t), shipment(t), shipment(t, { originLocationId: '' }), shipment(t)];
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer.message).toBe(`shipment 3.originLocationId: ${en['carbon.err.origin']}`);
    // the fourth shipment's token under another name is refused, not silently ignored
    const renamed = [shipment(t), shipment(t), shipment(t), { ...shipment(t), token: undefined, tokenId: t }];
    const second = await post(renamed);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(`shipment 4.tokenId: ${en['carbon.err.unknownField']}; shipment 4.token: ${en['carbon.err.token']}`);
  });

  it('says clearly that a location id is unknown (400), never an empty answer', async () => {
    const { status, body } = await post([shipment(await token()), shipment(await token(), { destinationLocationId: 'xx-atlantis' })]);
    expect(status).toBe(400);
    expect(body.message).toBe(`shipment 2.destinationLocationId: ${en['carbon.err.unknownCity'].replace('{{id}}', 'xx-atlantis')}`);
  });

  it('refuses a forged or expired token (403)', async () => {
    const t = await token();
    const forged = t.slice(0, -3) + (t.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await post([shipment(forged)]);
    expect(bad.status).toBe(403);
    expect(bad.body.message).toBe(`shipment 1.token: ${en['carbon.err.token']}`);
    const before = clock;
    clock = new Date(clock.getTime() + (CARBON_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      const expired = await post([shipment(t)]);
      expect(expired.status).toBe(403);
      expect(expired.body.message).toBe(`shipment 1.token: ${en['carbon.err.token']}`);
    } finally {
      clock = before;
    }
  });
});

describe("the calculator page's token holder (src/islands/carbon/token.ts)", () => {
  it('fetches one token, reuses it for the city search and the calculation, and fetches a fresh one when the server refuses it', async () => {
    let tokenCalls = 0;
    const target = {
      ...h.target,
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes(PATH.carbonToken)) tokenCalls++;
        return h.target.fetch!(input, init);
      },
    };
    const tokens = new CarbonTokens(target, () => clock.getTime());
    const city = (token: string) => apiFetch<{ locationId: string }[]>(PATH.carbonCity, { query: { prefix: 'rott', token }, language: 1 }, target);
    expect((await tokens.with(1, city))[0].locationId).toBe('nl-rotterdam');
    const first = await tokens.get(1);
    const results = await tokens.with(1, (token) => apiFetch<{ details: unknown[] }[]>(PATH.carbonDigital, { method: 'POST', body: { json: [shipment(token)] }, language: 1 }, target));
    expect(results).toHaveLength(1);
    expect(tokenCalls).toBe(1);
    // the server's clock moves past the token's life while the page still holds it: refused once, then a new token
    const before = clock;
    const serverOnly = new CarbonTokens(target, () => before.getTime());
    await serverOnly.get(1);
    clock = new Date(clock.getTime() + (CARBON_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      tokenCalls = 0;
      expect((await serverOnly.with(1, city))[0].locationId).toBe('nl-rotterdam');
      expect(tokenCalls).toBe(1);
      expect(await serverOnly.get(1)).not.toBe(first);
      // a token that is about to expire on the page's clock is fetched again before use
      tokenCalls = 0;
      let pageClock = clock.getTime();
      const late = new CarbonTokens(target, () => pageClock);
      await late.get(1);
      pageClock += (CARBON_TOKEN_TTL_SECONDS - 120) * 1000;
      await late.get(1);
      expect(tokenCalls).toBe(1);
      pageClock += 90 * 1000;
      await late.get(1);
      expect(tokenCalls).toBe(2);
    } finally {
      clock = before;
    }
  });
});

describe('rate limits of the calculator calls', () => {
  it('answers 429 in the wrapper past RATE_LIMIT_CARBON (token and calculation) and RATE_LIMIT_CARBON_CITY (suggestions), in the language asked', async () => {
    // at the start of a window, so the wait said is the whole window
    const limited = await startHarness({ RATE_LIMIT_CARBON: '3/600', RATE_LIMIT_CARBON_CITY: '2/600' }, { now: () => new Date('2026-11-21T08:00:00Z') });
    try {
      const t = (await limited.client.call(calls.carbonToken)).access_token;
      const calc = () => limited.request('/carbonCalculate/getDigital?language=0', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([shipment(t)]) });
      expect((await calc()).status).toBe(200);
      expect((await calc()).status).toBe(200);
      const over = await calc();
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('429');
      expect(over.body.message).toBe(zh['forms.err.rateLimited'].replace('{{minutes}}', '10'));
      expect((await limited.request('/carbonCalculate/getToken?language=1')).status).toBe(429);
      // suggestions count on their own
      expect((await limited.request('/carbonCalculate/getCity?prefix=sha')).status).toBe(200);
      expect((await limited.request('/carbonCalculate/getCity?prefix=shan')).status).toBe(200);
      const city = await limited.request('/carbonCalculate/getCity?prefix=shang&language=1');
      expect(city.status).toBe(429);
      expect(city.body.message).toBe(en['forms.err.rateLimited'].replace('{{minutes}}', '10'));
    } finally {
      await limited.close();
    }
  });
});
