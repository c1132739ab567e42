import { fill } from '../i18n/fill';
/**
 * Certificate search of the vessel pages: filters the server-rendered list of
 * every vessel (all capacity classes) by English or Chinese name as the visitor
 * types. Without this script the whole list shows and the form stays hidden.
 * The messages come from data-msg-* attributes ({{query}} and {{count}} filled in).
 */

/** How names and queries are compared: NFKC (full-width letters from a Chinese IME), lower case, single spaces. */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True when the normalised query is part of one of the names ("a|b" as rendered in data-names). */
export function nameMatches(names: string, query: string): boolean {
  const q = normaliseName(query);
  return q !== '' && names.split('|').some((name) => name.includes(q));
}

export function startVesselSearch(root: ParentNode = document): void {
  const section = root.querySelector<HTMLElement>('[data-cert-search]');
  const form = section?.querySelector<HTMLFormElement>('[data-cert-form]');
  const input = section?.querySelector<HTMLInputElement>('[data-cert-query]');
  const status = section?.querySelector<HTMLElement>('[data-cert-status]');
  const list = section?.querySelector<HTMLElement>('[data-cert-results]');
  if (!section || !form || !input || !status || !list) return;
  const items = [...list.querySelectorAll<HTMLLIElement>('li[data-names]')];
  const msg = section.dataset;

  const update = () => {
    const query = input.value.trim();
    let found = 0;
    for (const item of items) {
      const hit = nameMatches(item.dataset.names ?? '', query);
      item.hidden = !hit;
      if (hit) found++;
    }
    list.hidden = found === 0;
    if (!query) status.textContent = msg.msgEmpty ?? '';
    else if (!found) status.textContent = fill(msg.msgNone ?? '', { query });
    else status.textContent = fill((found === 1 ? msg.msgFoundOne : msg.msgFound) ?? '', { count: found });
    status.classList.toggle('empty', !found);
  };

  form.hidden = false;
  // a link such as ?vessel=harmony opens the page with the search done
  const preset = new URLSearchParams(window.location.search).get('vessel');
  if (preset) input.value = preset;
  input.addEventListener('input', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault(); // the list is filtered in place; the result count is announced by the status line
    update();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && input.value) {
      input.value = '';
      update();
    }
  });
  update();
}
