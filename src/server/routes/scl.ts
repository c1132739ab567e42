import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { calls } from '../../contract/calls';
import type { SclTypeCode } from '../../contract/scl';
import { CODE } from '../../contract/wire';
import type { Locale } from '../../i18n/locales';
import { loadScl, sclPicturePath } from '../../scl/scl';
import { handle, WireError } from '../handle';

const TYPE_NAME: Record<SclTypeCode, string> = { TT: 'trailer transport', WD: 'warehousing and distribution', RT: 'rail transport', CD: 'customs declaration' };

/**
 * The supply-chain pages' calls (/scl), answered from content/scl through the
 * same loader the pages are built with. An id the type does not have is 404 with
 * the id named (and, when it belongs to another type, which one).
 */
export function sclRoutes(_deps: AppDeps) {
  const router = new Hono();
  const localeOf = (language: 0 | 1): Locale => (language === 0 ? 'zh' : 'en');
  const pictures = (ids: string[]) => ids.map(sclPicturePath).join(',');

  handle(router, calls.sclAreas, ({ query, language }) => {
    const locale = localeOf(language);
    return loadScl()
      .byType.get(query.type)!
      .data.areas.map((area) => ({
        areaUuid: area.uuid,
        areaName: area.name[locale],
        areaDesc: area.desc[locale],
      }));
  });

  handle(router, calls.sclRegions, ({ query, language }) => {
    const found = loadScl().areas.get(query.areaUuid.toLowerCase());
    if (!found || found.page.type !== query.type) {
      const elsewhere = found ? ` (it is a ${found.page.type} area)` : '';
      throw new WireError(CODE.notFound, `no ${TYPE_NAME[query.type]} (${query.type}) area with areaUuid ${query.areaUuid}${elsewhere}`);
    }
    const locale = localeOf(language);
    return found.area.regions.map((region) => ({
      regionUuid: region.uuid,
      regionName: region.name[locale],
      companyName: region.company[locale],
      regionDesc: region.desc[locale],
      regionDescPicPath: pictures(region.pictures),
    }));
  });

  handle(router, calls.sclServices, ({ query, language }) => {
    const found = loadScl().regions.get(query.regionUuid.toLowerCase());
    if (!found || found.page.type !== query.type) {
      const elsewhere = found ? ` (it is a ${found.page.type} region)` : '';
      throw new WireError(CODE.notFound, `no ${TYPE_NAME[query.type]} (${query.type}) region with regionUuid ${query.regionUuid}${elsewhere}`);
    }
    const locale = localeOf(language);
    return found.region.services.map((service) => ({
      regionServiceUuid: service.uuid,
      regionServiceTitle: service.title[locale],
      regionServiceDesc: service.desc[locale],
      regionServiceEmail: service.email ?? '',
      regionServicePicPath: pictures(service.pictures),
    }));
  });

  return router;
}
