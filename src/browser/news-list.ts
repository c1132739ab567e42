import { clampPage, listQuery, pageCount } from '../news/news-list';

/**
 * The news list's filter and paging: reads ?label, ?page and ?specialType, shows the
 * matching items of that page and rebuilds the page links so that they keep the filter.
 */
export function startNewsList(): void {
  for (const root of document.querySelectorAll<HTMLElement>('news-list')) apply(root);
}

function apply(root: HTMLElement): void {
  const query = new URLSearchParams(window.location.search);
  const d = root.dataset;
  const size = Number(d.pageSize);
  const special = query.get('specialType') === d.specialType ? (d.specialType ?? '') : '';
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('[data-news-tabs] a')];
  const known = new Set(tabs.map((a) => a.dataset.label ?? ''));
  let label = special ? (d.specialLabel ?? '') : (query.get('label') ?? '');
  if (!special && !known.has(label)) label = '';
  if (special) {
    root.querySelector<HTMLElement>('[data-news-tabs]')!.hidden = true;
    root.querySelector<HTMLElement>('[data-news-heading]')!.textContent = d.specialTitle ?? '';
  }
  for (const a of tabs) {
    if ((a.dataset.label ?? '') === label) a.setAttribute('aria-current', 'true');
    else a.removeAttribute('aria-current');
  }
  const items = [...root.querySelectorAll<HTMLElement>('[data-news-items] > li')];
  const matching = items.filter((li) => !label || (JSON.parse(li.dataset.labels ?? '[]') as string[]).includes(label));
  const pages = pageCount(matching.length);
  const page = clampPage(query.get('page'), pages);
  for (const li of items) li.hidden = true;
  matching.slice((page - 1) * size, page * size).forEach((li) => (li.hidden = false));

  const paging = root.querySelector<HTMLElement>('[data-news-paging]')!;
  paging.hidden = pages < 2;
  const list = paging.querySelector('ul')!;
  const path = window.location.pathname;
  list.replaceChildren(
    ...Array.from({ length: pages }, (_, i) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `${path}${listQuery({ specialType: special || undefined, label: special ? undefined : label || undefined, page: i + 1 })}`;
      a.textContent = String(i + 1);
      a.setAttribute('aria-label', (d.msgPage ?? '').replace('{page}', String(i + 1)));
      if (i + 1 === page) a.setAttribute('aria-current', 'page');
      li.append(a);
      return li;
    }),
  );
  const status = root.querySelector<HTMLElement>('[data-news-status]');
  if (status) status.textContent = (d.msgStatus ?? '').replace('{page}', String(page)).replace('{pages}', String(pages));
}
