import type { OfficeAreaName } from '../../contract/wire';
import { loadRouteNetwork } from '../../routes/route-network';

/**
 * What a subscriber can choose, taken from the route network (content/routes) so that
 * the lists never drift from the route pages:
 *
 * - trade labels (spec: "tradeLabel, tradeLabelCode, with children tradeDesc,
 *   tradeLabelCode") are the eight trades of the route page; a label's children are the
 *   service loops it runs, which the label's card shows on hover. Each trade has a short
 *   stable code below, used on the wire (`labels`), in the database and in the news
 *   items' `trades` tags; a trade added to directions.json without a code fails a test.
 * - ports (portZh, portEn, portCode, portContinent) are the ports the network calls,
 *   by UN/LOCODE, with the continent of their country (the global offices' five areas).
 */

/** Trade label code of each route-page trade (direction id). */
export const TRADE_LABEL_CODES: Record<number, string> = {
  11: 'TP', // Trans-Pacific
  12: 'AE', // Asia–Europe
  13: 'EF', // Europe Feeder
  17: 'TA', // Trans-Atlantic
  14: 'AP', // Asia–Pacific (Australia, New Zealand)
  15: 'LA', // Latin America & Africa
  18: 'ME', // Middle East & Red Sea
  16: 'IA', // Southeast & South Asia (intra-Asia)
};

/** Continent (global offices' area) of each country the network calls, by ISO 3166-1 alpha-2 (the first two letters of a UN/LOCODE). */
export const COUNTRY_CONTINENT: Record<string, OfficeAreaName> = {
  ...Object.fromEntries(
    ['CN', 'HK', 'TW', 'MO', 'KR', 'JP', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'LK', 'IN', 'PK', 'BD', 'MM', 'KH', 'AE', 'SA', 'QA', 'IQ', 'OM', 'KW', 'BH', 'JO', 'IL', 'LB', 'YE', 'CY', 'TR'].map(
      (c) => [c, 'asia' as const],
    ),
  ),
  ...Object.fromEntries(
    ['NL', 'DE', 'BE', 'GB', 'FR', 'ES', 'GR', 'IT', 'PL', 'LT', 'LV', 'EE', 'FI', 'SE', 'NO', 'DK', 'IE', 'PT', 'RO', 'BG', 'SI', 'HR', 'MT', 'UA', 'RU', 'GE'].map((c) => [c, 'europe' as const]),
  ),
  ...Object.fromEntries(['EG', 'MA', 'DJ', 'ZA', 'NG', 'TG', 'GH', 'KE', 'TZ', 'SD', 'DZ', 'TN', 'CI', 'SN', 'AO', 'MZ', 'MU'].map((c) => [c, 'africa' as const])),
  ...Object.fromEntries(['US', 'CA', 'MX', 'PA', 'CO', 'PE', 'CL', 'BR', 'AR', 'UY', 'EC', 'JM', 'DO', 'GT', 'CR'].map((c) => [c, 'america' as const])),
  ...Object.fromEntries(['AU', 'NZ', 'PG', 'FJ', 'NC', 'PF', 'WS', 'TO', 'VU', 'SB'].map((c) => [c, 'oceania' as const])),
};

export interface TradeLabelOption {
  tradeLabel: string;
  tradeLabelCode: string;
  children: { tradeDesc: string; tradeLabelCode: string }[];
}

export interface PortOption {
  portZh: string;
  portEn: string;
  portCode: string;
  portContinent: OfficeAreaName;
}

/** The trade labels in route-page order, named in the language asked (0 Chinese, 1 English); children are the trade's services. */
export function tradeLabelOptions(language: 0 | 1): TradeLabelOption[] {
  const net = loadRouteNetwork();
  return net.directions.map((direction) => {
    const code = TRADE_LABEL_CODES[direction.id];
    if (!code) throw new Error(`content/routes/directions.json: trade ${direction.id} has no trade label code in src/server/subscribe/catalogue.ts`);
    return {
      tradeLabel: language === 0 ? direction.name.zh : direction.name.en,
      tradeLabelCode: code,
      children: net
        .groupsOf(direction.id)
        .flatMap((group) => group.services.map((service) => ({ tradeDesc: `${service.code} · ${language === 0 ? service.name.zh : service.name.en}`, tradeLabelCode: service.code }))),
    };
  });
}

/** The ports of the network, by continent (offices' area order), then by English name. */
export function portOptions(): PortOption[] {
  const order: OfficeAreaName[] = ['asia', 'europe', 'america', 'africa', 'oceania'];
  return [...loadRouteNetwork().ports.values()]
    .map((p) => {
      const continent = COUNTRY_CONTINENT[p.locode.slice(0, 2)];
      if (!continent) throw new Error(`content/routes/ports.json: ${p.locode}: its country has no continent in src/server/subscribe/catalogue.ts`);
      return { portZh: p.name.zh, portEn: p.name.en, portCode: p.locode, portContinent: continent };
    })
    .sort((a, b) => order.indexOf(a.portContinent) - order.indexOf(b.portContinent) || a.portEn.localeCompare(b.portEn, 'en'));
}

export const knownTradeCodes = (): Set<string> => new Set(Object.values(TRADE_LABEL_CODES));
export const knownPortCodes = (): Set<string> => new Set(loadRouteNetwork().ports.keys());
