import type { Locale } from '../i18n/locales';
import { loadLocations } from '../server/content';
import { loadPositions } from '../server/forms/positions';

/** The choices of the inbox's filters, named in the console's language: the regions a message can be routed to, and every position (past ones too: old applications name them). */
export function inboxOptions(locale: Locale) {
  return {
    regions: loadLocations()
      .filter((l) => l.locationParentId === 0)
      .map((l) => ({ id: String(l.locationId), name: locale === 'zh' ? l.locationNameCn : l.locationNameEn })),
    positions: loadPositions().map((p) => ({ id: p.id, name: p.title[locale] })),
  };
}
