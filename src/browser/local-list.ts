import { LOCAL_PAGE_SIZE } from '../local/local-rules';

/**
 * In-page paging of a local list ([data-local-list] with [data-page-item] children and a
 * [data-local-pager] after it): 9 items a page, the page kept in ?page= (so Back and links
 * work). Without JavaScript every item stays visible.
 */
export function startLocalLists(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-local-list]')) {
    const items = [...list.querySelectorAll<HTMLElement>('[data-page-item]')];
    const pager = list.parentElement?.querySelector<HTMLElement>('[data-local-pager]:not([data-static])');
    if (!pager || items.length <= LOCAL_PAGE_SIZE) continue;
    const pages = Math.ceil(items.length / LOCAL_PAGE_SIZE);
    const show = (page: number, push: boolean) => {
      items.forEach((item, i) => (item.hidden = Math.floor(i / LOCAL_PAGE_SIZE) + 1 !== page));
      render(page);
      if (push) {
        const url = new URL(window.location.href);
        if (page === 1) url.searchParams.delete('page');
        else url.searchParams.set('page', String(page));
        window.history.pushState({ page }, '', url);
        list.scrollIntoView({ block: 'start' });
      }
    };
    const link = (page: number, text: string, current = false) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `?page=${page}`;
      a.textContent = text;
      if (current) a.setAttribute('aria-current', 'page');
      a.addEventListener('click', (event) => {
        event.preventDefault();
        show(page, true);
      });
      li.append(a);
      return li;
    };
    const disabled = (text: string) => {
      const li = document.createElement('li');
      const span = document.createElement('span');
      span.setAttribute('aria-disabled', 'true');
      span.textContent = text;
      li.append(span);
      return li;
    };
    function render(page: number): void {
      const { labelPrev = '‹', labelNext = '›', labelPage = '{n}' } = pager!.dataset;
      const ul = document.createElement('ul');
      ul.append(page > 1 ? link(page - 1, labelPrev) : disabled(labelPrev));
      for (let n = 1; n <= pages; n++) {
        const li = link(n, String(n), n === page);
        li.firstElementChild!.setAttribute('aria-label', labelPage.replace('{n}', String(n)));
        ul.append(li);
      }
      ul.append(page < pages ? link(page + 1, labelNext) : disabled(labelNext));
      pager!.replaceChildren(ul);
    }
    const fromUrl = () => {
      const n = Number(new URLSearchParams(window.location.search).get('page') ?? '1');
      return Number.isInteger(n) && n >= 1 && n <= pages ? n : 1;
    };
    show(fromUrl(), false);
    window.addEventListener('popstate', () => show(fromUrl(), false));
  }
}
