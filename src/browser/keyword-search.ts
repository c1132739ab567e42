import { searchHistory } from '../search/search-history';
import { historyCombobox } from './history-combobox';

/**
 * A keyword search box of a static page (the continent page's city search, the
 * FAQ search): it runs only on a non-empty keyword (else says the host's
 * data-msg-empty), offers the visitor's earlier keywords in an ARIA combobox
 * (local storage under `historyKey`; a keyword is saved only if it is not already
 * there), and keeps the keyword in the URL (?key=): a result list can be linked,
 * survives a reload, and Back or Forward move between the page and its results.
 * What a search shows and what the page looks like without one is the page's own
 * (`run`, `reset`); the search reads what the page already holds, so it works on a
 * CDN with no server.
 */
export function keywordSearch(options: {
  /** The custom element holding the form and the message (its data-msg-empty says "enter a keyword"). */
  host: HTMLElement;
  /** The element of the host that says why nothing was searched. */
  messageSelector: string;
  historyKey: string;
  idPrefix: string;
  /** Shows the results of a keyword; answers the element focus moves to, or nothing when there is nothing to show. */
  run(keyword: string, say: (text: string) => void): Promise<HTMLElement | undefined> | HTMLElement | undefined;
  /** Shows the page without a search. */
  reset(): void;
}): () => void {
  const { host, run, reset } = options;
  const form = host.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[role=combobox]')!;
  const listbox = form.querySelector<HTMLElement>('[role=listbox]')!;
  const message = host.querySelector<HTMLElement>(options.messageSelector)!;
  const saved = searchHistory(options.historyKey);
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = !text;
  };

  const search = async (keyword: string, fromVisitor: boolean): Promise<void> => {
    const key = keyword.trim();
    if (!key) {
      say(host.dataset.msgEmpty ?? '');
      input.focus();
      return;
    }
    say('');
    if (fromVisitor) saved.remember(key);
    const focus = await run(key, say);
    if (fromVisitor && focus) {
      const url = `${location.pathname}?key=${encodeURIComponent(key)}`;
      if (`${location.pathname}${location.search}` !== url) history.pushState(null, '', url);
      focus.focus();
    }
  };

  const { close } = historyCombobox({ input, listbox, history: saved, idPrefix: options.idPrefix, onInput: () => say(''), onChoose: (word) => void search(word, true) });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    close();
    void search(input.value, true);
  });

  const fromUrl = () => {
    const key = new URLSearchParams(location.search).get('key')?.trim();
    if (key) {
      input.value = key;
      void search(key, false);
    } else {
      input.value = '';
      say('');
      reset();
    }
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();

  /** Back to the page without a search (a Return link or button): a new history entry, the box emptied and focused. */
  return () => {
    history.pushState(null, '', location.pathname);
    fromUrl();
    input.focus();
  };
}
