import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { say } from '../forms/messages';
import { cityOptions, countryOptions, provinceOptions } from '../forms/regions';
import { WireError, handle } from '../handle';

/** GET /ebbase/public/country/...: countries, provinces of a country, cities of a province. */
export function countryRoutes() {
  const router = new Hono();
  handle(router, calls.countries, ({ language }) => countryOptions(language));
  handle(router, calls.provinces, ({ params, language }) => {
    const list = provinceOptions(params.countryCode, language);
    if (!list) throw new WireError(CODE.notFound, say('forms.err.unknownCountry', language, { code: params.countryCode }));
    return list;
  });
  handle(router, calls.cities, ({ params, query, language }) => {
    const list = cityOptions(params.countryCode, query.province, language);
    if (!list) throw new WireError(CODE.notFound, say('forms.err.unknownProvince', language, { code: `${params.countryCode}/${query.province}` }));
    return list;
  });
  return router;
}
