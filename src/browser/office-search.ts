import { matchesCity } from '../offices/office-search';
import { searchHistory } from '../search/search-history';
import { historyCombobox } from './history-combobox';
import { fill, loadIndex, officeList } from './office-list';

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
  const form = host.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[role=combobox]')!;
  const listbox = form.querySelector<HTMLElement>('[role=listbox]')!;
  const message = host.querySelector<HTMLElement>('[data-search-message]')!;
  const title = results.querySelector<HTMLElement>('[data-results-title]')!;
  const noResult = results.querySelector<HTMLElement>('[data-no-result]')!;
  const listRoot = results.querySelector<HTMLElement>('[data-office-list]')!;
  const list = officeList(listRoot, data.prefix ?? '', true);
  const saved = searchHistory(OFFICE_HISTORY_KEY);
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = !text;
  };

  // ---- history suggestions (ARIA combobox with a listbox popup) ----
  const { close } = historyCombobox({
    input,
    listbox,
    history: saved,
    idPrefix: 'office-history',
    onInput: () => say(''),
    onChoose: (word) => void search(word, true),
  });

  // ---- the search and its result list ----
  const showIndex = () => {
    results.hidden = true;
    countryIndex.hidden = false;
  };

  const search = async (keyword: string, fromVisitor: boolean): Promise<void> => {
    const key = keyword.trim();
    if (!key) {
      say(data.msgEmpty ?? '');
      input.focus();
      return;
    }
    say('');
    if (fromVisitor) saved.remember(key);
    let offices: Awaited<ReturnType<typeof loadIndex>>;
    try {
      offices = await loadIndex(data.index ?? '');
    } catch {
      say(data.msgFailed ?? '');
      return;
    }
    const hits = offices.filter((o) => matchesCity(o.q, key));
    title.textContent = fill(data.msgResults ?? '', { keyword: key, count: hits.length });
    noResult.textContent = fill(data.msgNoResult ?? '', { keyword: key });
    noResult.hidden = hits.length > 0;
    listRoot.hidden = hits.length === 0;
    list.show(hits);
    results.hidden = false;
    countryIndex.hidden = true;
    if (fromVisitor) {
      const url = `${location.pathname}?key=${encodeURIComponent(key)}`;
      if (`${location.pathname}${location.search}` !== url) history.pushState({ officeKey: key }, '', url);
      title.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    close();
    void search(input.value, true);
  });
  results.querySelectorAll<HTMLAnchorElement>('[data-return]').forEach((link) =>
    link.addEventListener('click', (event) => {
      event.preventDefault();
      showIndex();
      history.pushState(null, '', location.pathname);
      input.value = '';
      input.focus();
    }),
  );

  // Back and Forward move between the index and the result lists; a ?key= link opens its results
  const fromUrl = () => {
    const key = new URLSearchParams(location.search).get('key')?.trim();
    if (key) {
      input.value = key;
      void search(key, false);
    } else showIndex();
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}
