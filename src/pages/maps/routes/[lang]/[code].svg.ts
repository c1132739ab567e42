import type { APIRoute } from 'astro';
import { LOCALES } from '../../../../i18n/locales';
import { pageLocale } from '../../../../i18n/static-paths';
import { loadRouteNetwork } from '../../../../routes/route-network';
import { renderRouteMap } from '../../../../routes/route-map';

/** /maps/routes/{lang}/{code}.svg: each service's route map, drawn at build time. */
export function getStaticPaths() {
  return LOCALES.flatMap((lang) => [...loadRouteNetwork().services.keys()].map((code) => ({ params: { lang, code } })));
}

export const GET: APIRoute = ({ params }) => {
  const locale = pageLocale(params);
  const net = loadRouteNetwork();
  const { service } = net.services.get(params.code!)!;
  const svg = renderRouteMap({ service, ports: net.ports, legPath: (from, to, via) => net.leg(from, to, via).path, locale, title: `${service.name[locale]} (${service.code})` });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
};
