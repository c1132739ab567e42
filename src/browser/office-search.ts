import { cityMatcher } from '../offices/office-search';
import { fill } from '../i18n/fill';
import { keywordSearch } from './keyword-search';
import { loadIndex, officeList } from './office-list';

/**
 * The continent page's city search: a combobox offering the visitor's earlier
 * searches (local storage key globalOfficeSearchHistory; a keyword is saved only
 * if it is not already there), a result list that replaces the country index, and
 * Return / browser Back to restore the index. The search reads the static index,
 * so it works on a CDN with no server. The keyword is kept in the URL (?key=),
 * so a result list can be linked and survives a reload.
 */

export const OFFICE_HISTORY_KEY = 'globalOfficeSearchHistory';

export function startOfficeSearch(): void {
  const host = document.querySelector<HTMLElement>('office-search');
  const results = document.querySelector<HTMLElement>('[data-results]');
  const countryIndex = document.querySelector<HTMLElement>('[data-country-index]');
  if (!host || !results || !countryIndex) return;
  const data = host.dataset;
  const title = results.querySelector<HTMLElement>('[data-results-title]')!;
  const noResult = results.querySelector<HTMLElement>('[data-no-result]')!;
  const listRoot = results.querySelector<HTMLElement>('[data-office-list]')!;
  const list = officeList(listRoot, data.prefix ?? '', true);
  const showIndex = () => {
    results.hidden = true;
    countryIndex.hidden = false;
  };

  const back = keywordSearch({
    host,
    messageSelector: '[data-search-message]',
    historyKey: OFFICE_HISTORY_KEY,
    idPrefix: 'office-history',
    run: async (key, say) => {
      const offices = await loadIndex(data.index ?? '').catch(() => null);
      if (!offices) {
        say(data.msgFailed ?? '');
        return;
      }
      const matches = cityMatcher(key);
      const hits = offices.filter((o) => matches(o.q));
      title.textContent = fill(data.msgResults ?? '', { keyword: key, count: hits.length });
      noResult.textContent = fill(data.msgNoResult ?? '', { keyword: key });
      noResult.hidden = hits.length > 0;
      listRoot.hidden = hits.length === 0;
      list.show(hits);
      results.hidden = false;
      countryIndex.hidden = true;
      return title;
    },
    reset: showIndex,
  });
  for (const link of results.querySelectorAll<HTMLAnchorElement>('[data-return]'))
    link.addEventListener('click', (event) => {
      event.preventDefault();
      back();
    });
}
