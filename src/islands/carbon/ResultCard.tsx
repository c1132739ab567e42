import { useState } from 'react';
import type { CarbonResult } from '../../contract/carbon';
import type { Locale } from '../../i18n/locales';
import { fill } from '../shared/text';
import RouteMap, { MODE_COLOUR } from './RouteMap';
import type { CarbonStrings } from './strings';

type Route = CarbonResult['details'][number]['routes'][number];
type Mode = Route['routeInfoList'][number]['transportationMode'];

/** Small pictures of the four modes (decorative: the mode's name is written beside them). */
function ModeIcon({ mode }: { mode: Mode }) {
  const paths: Record<Mode, string> = {
    Vessel: 'M3 15h18l-3 5H6zM6 15V9h12v6M9 9V5h4v4',
    Feeder: 'M4 15h16l-3 5H7zM8 15v-4h8v4',
    Rail: 'M7 3h10a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM5 10h14M8 20l2-4M16 20l-2-4',
    Truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
  };
  return (
    <svg className="carbon-mode-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[mode]} stroke={MODE_COLOUR[mode]} />
    </svg>
  );
}

/** One shipment's result card: the lowest route at a glance, the details toggle with every route, its legs and its map. */
export default function ResultCard(props: { result: CarbonResult; locale: Locale; strings: CarbonStrings; landUrl: string; expanded: boolean; onToggle(): void }) {
  const { result: r, locale, strings: s, landUrl, expanded, onToggle } = props;
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 3 });
  const [asked, other] = r.details;
  const routes = asked.routes;
  const [shown, setShown] = useState<string | null>(null);
  const mapRoute = routes.find((x) => x.routeId === shown) ?? routes[0];
  const best = routes[0];
  const otherOf = (route: Route) => other.routes.find((x) => x.routeId === route.routeId);
  const chain = (route: Route) => [route.routeInfoList[0].fromCityName, ...route.routeInfoList.map((l) => l.toCityName)].join(' → ');
  const t = (key: string) => (s as Record<string, string>)[key] ?? key;
  const detailsId = `carbon-details-${r.index}`;
  const km = (n: number) => `${number.format(n)} ${s['carbon.km']}`;
  const kg = (n: number) => `${number.format(n)} ${s['carbon.kg']}`;

  return (
    <li className={`carbon-card${best ? '' : ' is-empty'}`} data-shipment={r.index}>
      <h3>
        <span className="carbon-card-index">{r.index}</span> {r.originCityDisplayName} → {r.destinationCityDisplayName}
      </h3>
      <dl className="carbon-facts">
        <div>
          <dt>{s['carbon.cargo']}</dt>
          <dd>
            {count.format(r.cargoVolumeValue)} {t(`carbon.unit.${r.cargoWeightUnit}`)} · {t(`carbon.nature.${r.cargoNature}`)}
            <span className="carbon-muted"> ({fill(s['carbon.tonnes'], { tonnes: count.format(r.cargoTonnes) })})</span>
          </dd>
        </div>
        {best ? (
          <>
            <div className="carbon-chain">
              <dt>{s['carbon.lowestRoute']}</dt>
              <dd>{chain(best)}</dd>
            </div>
            <div>
              <dt>{s['carbon.totalDistance']}</dt>
              <dd>{km(best.totalDistance)}</dd>
            </div>
            <div className="carbon-emission">
              <dt>{fill(s['carbon.lowestEmission'], { type: asked.factorType })}</dt>
              <dd>
                <strong>{kg(best.totalEmissionVolume)}</strong>
              </dd>
            </div>
            {otherOf(best) ? (
              <div className="carbon-emission other">
                <dt>{fill(s['carbon.alsoType'], { type: other.factorType })}</dt>
                <dd>{kg(otherOf(best)!.totalEmissionVolume)}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <div className="carbon-nodata">
            <dt className="sr-only">{s['carbon.lowestRoute']}</dt>
            <dd>
              <strong>{s['carbon.noData']}</strong> <span className="carbon-muted">{s['carbon.noDataHint']}</span>
            </dd>
          </div>
        )}
      </dl>
      {best ? (
        <>
          <button type="button" className="carbon-toggle" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
            {s['carbon.details']}
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
          <div id={detailsId} className="carbon-details" hidden={!expanded}>
            {expanded ? (
              <>
                <ol className="carbon-routes">
                  {routes.map((route, i) => {
                    const o = otherOf(route);
                    return (
                      <li key={route.routeId} className={`carbon-route${i === 0 ? ' is-lowest' : ''}`}>
                        <div className="carbon-route-head">
                          <h4>
                            {fill(s['carbon.route'], { n: i + 1 })}
                            {i === 0 ? <span className="carbon-marker">{s['carbon.lowest']}</span> : null}
                          </h4>
                          <p className="carbon-route-totals">
                            <span>{km(route.totalDistance)}</span>
                            <span>
                              {asked.factorType} <strong>{kg(route.totalEmissionVolume)}</strong>
                            </span>
                            {o ? (
                              <span>
                                {other.factorType} {kg(o.totalEmissionVolume)}
                              </span>
                            ) : null}
                          </p>
                          <button type="button" className="carbon-map-button" aria-pressed={mapRoute.routeId === route.routeId} onClick={() => setShown(route.routeId)}>
                            {s['carbon.showMap']}
                          </button>
                        </div>
                        <div className="carbon-table-wrap">
                          <table className="carbon-legs">
                            <caption className="sr-only">{fill(s['carbon.route'], { n: i + 1 })}</caption>
                            <thead>
                              <tr>
                                <th scope="col">{s['carbon.leg']}</th>
                                <th scope="col">{s['carbon.mode']}</th>
                                <th scope="col">{s['carbon.loop']}</th>
                                <th scope="col" className="num">
                                  {s['carbon.distance']} ({s['carbon.km']})
                                </th>
                                <th scope="col" className="num">
                                  {s['carbon.emission']} ({s['carbon.kg']})
                                </th>
                                <th scope="col">{s['carbon.factor']}</th>
                              </tr>
                            </thead>
                            <tbody>
                              {route.routeInfoList.map((leg, j) => (
                                // biome-ignore lint/suspicious/noArrayIndexKey: a route's legs are in sailing order and never reordered
                                <tr key={j}>
                                  <td data-label={s['carbon.leg']}>
                                    <span className="v">
                                      {leg.fromCityName} → {leg.toCityName}
                                    </span>
                                  </td>
                                  <td className="carbon-mode" data-label={s['carbon.mode']}>
                                    <span className="v">
                                      <ModeIcon mode={leg.transportationMode} />
                                      {t(`carbon.mode.${leg.transportationMode}`)}
                                    </span>
                                  </td>
                                  <td data-label={s['carbon.loop']}>
                                    <span className="v">{leg.serviceLoopCode ?? '–'}</span>
                                  </td>
                                  <td className="num" data-label={`${s['carbon.distance']} (${s['carbon.km']})`}>
                                    <span className="v">{number.format(leg.distance)}</span>
                                  </td>
                                  <td className="num" data-label={`${s['carbon.emission']} (${s['carbon.kg']})`}>
                                    <span className="v">{number.format(leg.emissionVolume)}</span>
                                  </td>
                                  <td data-label={s['carbon.factor']}>
                                    <span className="v">
                                      <a href={`#factor-${leg.factorId}`}>{leg.factorId}</a>
                                    </span>
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                            <tfoot>
                              <tr>
                                <th scope="row" colSpan={3}>
                                  {s['carbon.total']}
                                </th>
                                <td className="num">{number.format(route.totalDistance)}</td>
                                <td className="num">{number.format(route.totalEmissionVolume)}</td>
                                <td />
                              </tr>
                            </tfoot>
                          </table>
                        </div>
                      </li>
                    );
                  })}
                </ol>
                <figure className="carbon-map-figure">
                  <RouteMap
                    legs={r.maps.find((m) => m.routeId === mapRoute.routeId)?.legs ?? []}
                    landUrl={landUrl}
                    label={fill(s['carbon.mapOf'], { n: routes.indexOf(mapRoute) + 1, from: r.originCityDisplayName, to: r.destinationCityDisplayName })}
                  />
                  <figcaption>
                    {fill(s['carbon.mapOf'], { n: routes.indexOf(mapRoute) + 1, from: r.originCityDisplayName, to: r.destinationCityDisplayName })}. {s['carbon.mapLegend']}
                  </figcaption>
                </figure>
              </>
            ) : null}
          </div>
        </>
      ) : null}
    </li>
  );
}
