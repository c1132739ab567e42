import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import type { Locale } from '../../i18n/locales';
import { loadRouteNetwork } from '../../routes/route-network';
import { callPortRows, loopTable, routeMapPath } from '../../routes/routes';
import { memoizedHandle } from '../memo';
import { WireError } from '../handle';

/**
 * /routeService/* and /schedule/findServiceCode: the route network, answered from
 * the same content the route pages are built from.
 */
export function routeRoutes() {
  const router = new Hono();
  // every answer depends on the request and the built content only: kept once computed
  const answer = memoizedHandle(router);
  const net = () => loadRouteNetwork();
  const localeOf = (language: 0 | 1): Locale => (language === 0 ? 'zh' : 'en');
  const service = (code: string) => {
    const entry = net().services.get(code);
    if (!entry) throw new WireError(CODE.notFound, `no service with code ${code}`);
    return entry;
  };

  answer(calls.routeGroups, ({ params }) => {
    const direction = net().directions.find((d) => d.id === params.groupId);
    if (!direction)
      throw new WireError(
        CODE.notFound,
        `no trade tab ${params.groupId}; tabs are ${net()
          .directions.map((d) => d.id)
          .join(', ')}`,
      );
    return net()
      .groupsOf(direction.id)
      .map((g) => ({ serLpGroupUuid: g.id, serLpGroupNameCn: g.name.zh, serLpGroupNameEn: g.name.en }));
  });

  answer(calls.routeServices, ({ params }) => {
    const entry = net().groups.get(params.groupUuid);
    if (!entry) throw new WireError(CODE.notFound, `no route group ${params.groupUuid}`);
    return entry.group.services.map((s) => ({ serLpCode: s.code, serLpNameCn: s.name.zh, serLpNameEn: s.name.en }));
  });

  answer(calls.routeMap, ({ params, language }) => ({ imgPic: routeMapPath(service(params.code).service.code, localeOf(language)) }));

  answer(calls.callPorts, ({ params, language }) =>
    callPortRows(service(params.code).service, net().ports, localeOf(language)).map((row) => ({
      callPort: row.port,
      callPortTerminal: row.terminal,
      callPortEta: row.eta,
      callPortEtaTime: row.etaTime,
      callPortEtd: row.etd,
      callPortEtdTime: row.etdTime,
    })),
  );

  answer(calls.routeAdvantage, ({ params }) => {
    const { advantages } = service(params.code).service;
    return { advantageContext: advantages.zh, eAdvantageContext: advantages.en };
  });

  for (const [def, bound] of [
    [calls.loopExport, 'export'],
    [calls.loopImport, 'import'],
  ] as const) {
    answer(def, ({ params, language }) => {
      const s = service(params.code).service;
      const table = loopTable(s, s[bound], net().ports, localeOf(language));
      return [
        {
          direction: table.direction,
          Pol: table.pols.map((pol) => ({ polName: pol.name, pod: pol.pods.map((pod) => ({ podName: pod.name, time: pod.days })) })),
        },
      ];
    });
  }

  answer(calls.scheduleTrade, ({ query }) => ({ trade: service(query.serviceCode).service.trade }));

  return router;
}
