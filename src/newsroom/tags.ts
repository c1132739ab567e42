import type { Locale } from '../i18n/locales';
import { loadRouteNetwork } from '../routes/route-network';
import { searchTerms } from '../schedules/search-terms';
import { knownPortCodes, knownTradeCodes, tradeLabelOptions } from '../server/subscribe/catalogue';
import { say } from '../server/forms/messages';
import type { StoryMeta } from './story';

/**
 * What a story is about for the newsletter's digests: the trades and the ports, chosen in the story
 * editor's pickers from the lists subscribers choose from (src/server/subscribe/catalogue.ts: the
 * route page's trades, the ports the network calls), and checked again on the server, where a code
 * that is not in them is refused with its name.
 */

/** A choice of the pickers: its code, its name in the console's language, what else it is known by, and its search terms (src/schedules/port-search.ts searchCoded). */
export interface TagOption {
  code: string;
  name: string;
  detail: string;
  terms: string;
}

/** The trades (route-page order) and the ports (by name in the console's language) for the editor's pickers. */
export function storyTagOptions(locale: Locale): { trades: TagOption[]; ports: TagOption[] } {
  const [zh, en] = [tradeLabelOptions(0), tradeLabelOptions(1)];
  const trades = en.map((t, i) => {
    const names = { en: t.tradeLabel, zh: zh[i].tradeLabel };
    return { code: t.tradeLabelCode, name: names[locale], detail: locale === 'zh' ? names.en : names.zh, terms: searchTerms(names, t.tradeLabelCode).terms };
  });
  const ports = [...loadRouteNetwork().ports.values()]
    .map((p) => {
      const { terms, reading } = searchTerms(p.name, p.locode);
      return { code: p.locode, name: p.name[locale], detail: p.country[locale], terms, sort: locale === 'zh' ? reading : p.name.en };
    })
    .sort((a, b) => a.sort.localeCompare(b.sort, 'en'))
    .map(({ sort: _sort, ...option }) => option);
  return { trades, ports };
}

/**
 * The story's trades and ports that are not in the lists, as the API's "field: message" parts in the
 * asker's language (0 Chinese, 1 English), each naming its code; empty when all are known.
 */
export function unknownTags(meta: Pick<StoryMeta, 'tradeCodes' | 'portCodes'>, language: 0 | 1): string[] {
  const trades = knownTradeCodes();
  const ports = knownPortCodes();
  return [
    ...meta.tradeCodes.filter((c) => !trades.has(c)).map((code) => `meta.tradeCodes: ${say('staff.field.tradeUnknown', language, { code })}`),
    ...meta.portCodes.filter((c) => !ports.has(c)).map((code) => `meta.portCodes: ${say('staff.field.portUnknown', language, { code })}`),
  ];
}
