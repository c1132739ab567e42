import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { loadRouteNetwork } from '../../src/routes/route-network';
import { transitDays } from '../../src/routes/routes';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const net = loadRouteNetwork();
const [first] = [...net.services.values()];

describe('route calls answer from the route content', () => {
  it('lists the route groups of every trade tab', async () => {
    for (const direction of net.directions) {
      const groups = await h.client.call(calls.routeGroups, { params: { groupId: direction.id } });
      expect(groups.map((g) => g.serLpGroupUuid)).toEqual(net.groupsOf(direction.id).map((g) => g.id));
      expect(groups[0].serLpGroupNameCn).toBe(net.groupsOf(direction.id)[0].name.zh);
    }
  });

  it('lists the services of a group', async () => {
    const services = await h.client.call(calls.routeServices, { params: { groupUuid: first.group.id } });
    expect(services.map((s) => s.serLpCode)).toEqual(first.group.services.map((s) => s.code));
    expect(services[0].serLpNameEn).toBe(first.group.services[0].name.en);
  });

  it('gives the route map, call ports, advantages, loops and trade of a service, in the language asked', async () => {
    const { service } = first;
    const params = { code: service.code };
    expect(await h.client.call(calls.routeMap, { params })).toEqual({ imgPic: `/maps/routes/en/${service.code}.svg` });
    const portsZh = await h.request(`/routeService/callPort/${service.code}?language=0`);
    expect(portsZh.body.code).toBe('200');
    const rowsZh = portsZh.body.data.content as { callPort: string; callPortEta: string; callPortEtaTime: string }[];
    expect(rowsZh).toHaveLength(service.calls.length);
    expect(rowsZh[0].callPort).toBe(net.ports.get(service.calls[0].port)!.name.zh);
    expect(rowsZh[0].callPortEta).toBe(service.startsOn);
    expect(rowsZh[0].callPortEtaTime).toBe(service.calls[0].arrival.time);
    const rowsEn = await h.client.call(calls.callPorts, { params });
    expect(rowsEn[0].callPort).toBe(net.ports.get(service.calls[0].port)!.name.en);

    expect(await h.client.call(calls.routeAdvantage, { params })).toEqual({ advantageContext: service.advantages.zh, eAdvantageContext: service.advantages.en });

    const [exp] = await h.client.call(calls.loopExport, { params });
    expect(exp.direction).toBe(service.export.label.en);
    expect(exp.Pol.map((p) => p.polName)).toEqual(service.export.pols.map((i) => net.ports.get(service.calls[i].port)!.name.en));
    const firstPod = exp.Pol[0].pod[0];
    const podIndex = service.export.pods.find((i) => net.ports.get(service.calls[i].port)!.name.en === firstPod.podName)!;
    expect(firstPod.time).toBe(transitDays(service, service.export.pols[0], podIndex));
    const [imp] = await h.client.call(calls.loopImport, { params });
    expect(imp.direction).toBe(service.import.label.en);

    expect(await h.client.call(calls.scheduleTrade, { query: { serviceCode: service.code } })).toEqual({ trade: service.trade });
  });

  it('answers every service of the content without error', async () => {
    for (const code of net.services.keys()) {
      for (const path of ['routeAddress', 'callPort', 'advantage', 'loopExport', 'loopImport']) {
        const { status, body } = await h.request(`/routeService/${path}/${code}?language=0`);
        expect(`${path}/${code} ${status} ${body.code}`).toBe(`${path}/${code} 200 200`);
      }
    }
  });

  it('answers 404 in the wrapper for an unknown tab, group or service', async () => {
    for (const [path, words] of [
      ['/routeService/ServiceLoopGroup/99', /no trade tab 99/],
      ['/routeService/routeService/no-such-group', /no route group no-such-group/],
      ['/routeService/callPort/ZZZ9', /no service with code ZZZ9/],
      ['/routeService/loopExport/ZZZ9', /ZZZ9/],
      ['/routeService/routeAddress/ZZZ9', /ZZZ9/],
      ['/schedule/findServiceCode?serviceCode=ZZZ9', /ZZZ9/],
    ] as const) {
      const { status, body } = await h.request(path);
      expect(status, path).toBe(404);
      expect(body.code).toBe('404');
      expect(body.message).toMatch(words);
      expect(body.data.content).toBeNull();
    }
  });

  it('answers 400 naming the field for malformed ids', async () => {
    for (const [path, field] of [
      ['/routeService/ServiceLoopGroup/abc', 'groupId'],
      ['/routeService/routeService/DROP%20TABLE', 'groupUuid'],
      ['/routeService/callPort/lower', 'code'],
      ['/routeService/advantage/%3Cscript%3E', 'code'],
      ['/schedule/findServiceCode', 'serviceCode'],
      ['/routeService/callPort/AAC1?language=7', 'language'],
    ] as const) {
      const { status, body } = await h.request(path);
      expect(status, path).toBe(400);
      expect(body.code).toBe('400');
      expect(body.message, path).toContain(field);
    }
  });
});
