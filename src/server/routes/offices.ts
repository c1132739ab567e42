import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import type { Locale } from '../../i18n/locales';
import { groupByInitial } from '../../offices/office-groups';
import { cityMatcher } from '../../offices/office-search';
import { loadOffices, personName, type OfficeEntry } from '../../offices/offices';
import { memoizedHandle } from '../memo';
import { WireError } from '../handle';

/**
 * /globalInstitutions/*: the global offices, answered from the same content the
 * office pages and their static index are built from.
 *
 * List calls answer `content: { list, count }`: the offices of the page asked
 * (currentPage from 1, size 1 to 100) and the number of all matches, so a client
 * can grow the list by a page size and knows when to show "no more data". A page
 * past the end is an empty list with the count, not an error.
 */
export function officeRoutes() {
  const router = new Hono();
  // every answer depends on the request and the built content only: kept once computed
  const answer = memoizedHandle(router);
  const net = () => loadOffices();
  const localeOf = (language: 0 | 1): Locale => (language === 0 ? 'zh' : 'en');

  const item = ({ office, area, country, cityKey }: OfficeEntry, locale: Locale) => ({
    bkOfficeUuid: office.id,
    city: office.city[locale],
    country: country.country.name[locale],
    area,
    cnTeminal: office.company.zh,
    enTeminal: office.company.en,
    ctAddr: office.address.zh,
    etAddr: office.address.en,
    tel: office.tel,
    fax: office.fax ?? '',
    countryKey: country.key,
    cityKey,
  });
  const page = (entries: OfficeEntry[], currentPage: number, size: number, locale: Locale) => ({
    list: entries.slice((currentPage - 1) * size, currentPage * size).map((e) => item(e, locale)),
    count: entries.length,
  });

  answer(calls.globalOffices, ({ query, language }) =>
    groupByInitial(net().areas.get(query.area)!, (c) => c.country.name, localeOf(language)).map((group) => ({
      index: group.letter,
      countryList: group.items.map((c) => ({ countryName: c.country.name.zh, ecountryName: c.country.name.en, countryKey: c.key, officeCount: c.offices.length })),
    })),
  );

  answer(calls.officeSearch, ({ query, language }) => {
    const matches = cityMatcher(query.key);
    return page(
      net().all.filter((e) => matches(e.terms)),
      query.currentPage,
      query.size,
      localeOf(language),
    );
  });

  answer(calls.countryOffices, ({ query, language }) => {
    const country = net().findCountry(query.Country);
    if (!country) throw new WireError(CODE.notFound, `no offices in a country named ${query.Country}`);
    return page(country.offices, query.currentPage, query.size, localeOf(language));
  });

  answer(calls.officeDetail, ({ params, language }) => {
    const entry = net().offices.get(params.officeId.toUpperCase());
    if (!entry) throw new WireError(CODE.notFound, `no office with id ${params.officeId}`);
    const locale = localeOf(language);
    const { office } = entry;
    return {
      bkOfficeUuid: office.id,
      area: entry.area,
      country: entry.country.country.name[locale],
      countryKey: entry.country.key,
      city: office.city[locale],
      cityKey: entry.cityKey,
      company: office.company[locale],
      address: office.address[locale],
      tel: office.tel,
      fax: office.fax ?? '',
      linkman: office.linkmen.map((l) => ({
        department: l.department[locale],
        position: l.position[locale],
        name: personName(l.name, locale),
        email: l.email,
        tel: l.tel,
        fax: l.fax ?? '',
      })),
    };
  });

  return router;
}
