import { faqMatches } from '../../help/faq-match';
import { searchHistory } from '../../search/search-history';
import { historyCombobox } from '../../browser/history-combobox';

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

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

export function startFaqSearch(): void {
  const host = document.querySelector<HTMLElement>('faq-search');
  const list = document.querySelector<HTMLElement>('[data-faq-list]');
  const status = document.querySelector<HTMLElement>('[data-faq-status]');
  if (!host || !list || !status) return;
  const data = host.dataset;
  const form = host.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[role=combobox]')!;
  const listbox = form.querySelector<HTMLElement>('[role=listbox]')!;
  const message = host.querySelector<HTMLElement>('[data-faq-message]')!;
  const heading = status.querySelector<HTMLElement>('[data-faq-results]')!;
  const back = status.querySelector<HTMLButtonElement>('[data-faq-back]')!;
  const entries = [...list.querySelectorAll<HTMLElement>('[data-faq-entry]')].map((element) => ({
    element,
    title: element.querySelector('h3')?.textContent ?? '',
    text: element.querySelector('.faq-answer')?.textContent ?? '',
  }));
  const saved = searchHistory(FAQ_HISTORY_KEY);
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = !text;
  };

  // ---- history suggestions (ARIA combobox with a listbox popup) ----
  const { close } = historyCombobox({
    input,
    listbox,
    history: saved,
    idPrefix: 'faq-history',
    onInput: () => say(''),
    onChoose: (word) => search(word, true),
  });

  // ---- the search ----
  const showAll = () => {
    for (const e of entries) e.element.hidden = false;
    status.hidden = true;
    say('');
  };

  const search = (keyword: string, fromVisitor: boolean) => {
    const key = keyword.trim();
    if (!key) {
      say(data.msgEmpty ?? '');
      input.focus();
      return;
    }
    say('');
    if (fromVisitor) saved.remember(key);
    let count = 0;
    for (const e of entries) {
      const hit = faqMatches(e, key);
      e.element.hidden = !hit;
      if (hit) count++;
    }
    heading.textContent = count === 0 ? fill(data.msgNoResult ?? '', { keyword: key }) : fill((count === 1 ? data.msgResultsOne : data.msgResults) ?? '', { keyword: key, count });
    heading.dataset.count = String(count);
    status.hidden = false;
    if (fromVisitor) {
      const url = `${location.pathname}?key=${encodeURIComponent(key)}`;
      if (`${location.pathname}${location.search}` !== url) history.pushState({ faqKey: key }, '', url);
      heading.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    close();
    search(input.value, true);
  });
  back.addEventListener('click', () => {
    showAll();
    history.pushState(null, '', location.pathname);
    input.value = '';
    input.focus();
  });

  const fromUrl = () => {
    const key = new URLSearchParams(location.search).get('key')?.trim();
    if (key) {
      input.value = key;
      search(key, false);
    } else {
      input.value = '';
      showAll();
    }
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}
