import { normaliseKeyword, siteSearch, type SearchHit } from '../search/site-search';

/**
 * The local search page: keyword from ?keyWords= or the box; Enter or the button searches
 * this site (Pagefind filter site:{location}) in the page's language, 10 a page; each result
 * shows its title, a plain-text excerpt (2 lines) and a view-all link. The keyword and page
 * stay in the URL so a result list can be linked and Back works.
 */
export function startLocalSearch(): void {
  const form = document.querySelector<HTMLFormElement>('[data-local-search-page]');
  if (!form) return;
  const input = form.querySelector('input')!;
  const status = document.querySelector<HTMLElement>('[data-search-status]')!;
  const results = document.querySelector<HTMLElement>('[data-search-results]')!;
  const pager = document.querySelector<HTMLElement>('[data-search-pager]')!;
  const labels = JSON.parse(form.dataset.labels ?? '{}') as Record<string, string>;
  const site = form.dataset.site!;
  const size = Number(form.dataset.size ?? 10);
  let run = 0;

  const fill = (text: string, values: Record<string, string | number>) => text.replace(/{(\w+)}/g, (_, k: string) => String(values[k] ?? ''));

  async function search(keyword: string, page: number): Promise<void> {
    const term = normaliseKeyword(keyword);
    results.replaceChildren();
    pager.hidden = true;
    if (!term) {
      status.textContent = labels.empty;
      return;
    }
    const mine = ++run;
    status.replaceChildren(Object.assign(document.createElement('span'), { className: 'local-spinner' }), labels.searching);
    try {
      const found = await siteSearch({ keyword: term, site, offset: (page - 1) * size, limit: size });
      if (mine !== run) return;
      status.textContent = found.total ? fill(labels.results, { count: found.total, keyword: term }) : fill(labels.none, { keyword: term });
      results.replaceChildren(...found.hits.map(card));
      renderPager(term, page, Math.ceil(found.total / size));
    } catch (error) {
      if (mine !== run) return;
      status.textContent = `${labels.failed} (${(error as Error).message})`;
    }
  }

  function card(hit: SearchHit): HTMLElement {
    const li = document.createElement('li');
    const h2 = document.createElement('h2');
    const a = document.createElement('a');
    a.href = hit.url;
    a.textContent = hit.title;
    h2.append(a);
    li.append(h2);
    if (hit.date) li.append(Object.assign(document.createElement('time'), { dateTime: hit.date, textContent: hit.date, className: 'local-meta' }));
    li.append(Object.assign(document.createElement('p'), { textContent: hit.excerpt }));
    const all = document.createElement('a');
    all.href = hit.url;
    all.textContent = labels.viewAll;
    all.setAttribute('aria-label', `${labels.viewAll}: ${hit.title}`);
    li.append(all);
    return li;
  }

  function renderPager(term: string, page: number, pages: number): void {
    if (pages <= 1) return; // paging only above 10 results
    const ul = document.createElement('ul');
    const item = (n: number, text: string, current = false, disabled = false) => {
      const li = document.createElement('li');
      if (disabled) {
        li.append(Object.assign(document.createElement('span'), { textContent: text }));
        li.firstElementChild!.setAttribute('aria-disabled', 'true');
        return li;
      }
      const a = document.createElement('a');
      a.href = `?keyWords=${encodeURIComponent(term)}&page=${n}`;
      a.textContent = text;
      if (current) a.setAttribute('aria-current', 'page');
      a.addEventListener('click', (event) => {
        event.preventDefault();
        go(term, n);
      });
      li.append(a);
      return li;
    };
    ul.append(item(page - 1, labels.prev, false, page === 1));
    for (let n = 1; n <= pages; n++) {
      const li = item(n, String(n), n === page);
      li.firstElementChild!.setAttribute('aria-label', fill(labels.page, { n }));
      ul.append(li);
    }
    ul.append(item(page + 1, labels.next, false, page === pages));
    pager.replaceChildren(ul);
    pager.hidden = false;
  }

  function go(term: string, page: number): void {
    const url = new URL(window.location.href);
    url.searchParams.set('keyWords', term);
    if (page > 1) url.searchParams.set('page', String(page));
    else url.searchParams.delete('page');
    window.history.pushState(null, '', url);
    void search(term, page);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const term = normaliseKeyword(input.value);
    if (term) go(term, 1);
  });
  const fromUrl = () => {
    const params = new URLSearchParams(window.location.search);
    const keyword = params.get('keyWords') ?? '';
    const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
    input.value = keyword;
    void search(keyword, page);
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}
