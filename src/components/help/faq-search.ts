import { faqMatches } from '../../help/faq-match';
import { keywordSearch } from '../../browser/keyword-search';
import { fill } from '../../i18n/fill';

/**
 * The FAQ page's search box: it runs only on a non-empty keyword, filters the
 * page's own entries with the FAQ's one matching rule (the same function the API
 * uses, so it works on a CDN with no server), says "N result(s)" or the spec's
 * no-result sentence, and keeps the keyword in the URL (?key=) so that Back (the
 * button or the browser's) restores the full list and a result list can be
 * linked. Earlier keywords (local storage faqSearchHistory, its own key; saved
 * only if not already there) are offered while typing in an ARIA combobox, hidden
 * on empty input and after a choice.
 */

export const FAQ_HISTORY_KEY = 'faqSearchHistory';

export function startFaqSearch(): void {
  const host = document.querySelector<HTMLElement>('faq-search');
  const list = document.querySelector<HTMLElement>('[data-faq-list]');
  const status = document.querySelector<HTMLElement>('[data-faq-status]');
  if (!host || !list || !status) return;
  const data = host.dataset;
  const heading = status.querySelector<HTMLElement>('[data-faq-results]')!;
  const entries = [...list.querySelectorAll<HTMLElement>('[data-faq-entry]')].map((element) => ({
    element,
    title: element.querySelector('h3')?.textContent ?? '',
    text: element.querySelector('.faq-answer')?.textContent ?? '',
  }));

  const back = keywordSearch({
    host,
    messageSelector: '[data-faq-message]',
    historyKey: FAQ_HISTORY_KEY,
    idPrefix: 'faq-history',
    run: (key) => {
      let count = 0;
      for (const e of entries) {
        const hit = faqMatches(e, key);
        e.element.hidden = !hit;
        if (hit) count++;
      }
      heading.textContent = count === 0 ? fill(data.msgNoResult ?? '', { keyword: key }) : fill((count === 1 ? data.msgResultsOne : data.msgResults) ?? '', { keyword: key, count });
      heading.dataset.count = String(count);
      status.hidden = false;
      return heading;
    },
    reset: () => {
      for (const e of entries) e.element.hidden = false;
      status.hidden = true;
    },
  });
  status.querySelector<HTMLButtonElement>('[data-faq-back]')!.addEventListener('click', back);
}
