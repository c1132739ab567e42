import { normaliseKeyword, siteSearch, type SearchHit, type SearchKind, type SearchPage } from '../search/site-search';
import { fill } from '../i18n/fill';

/**
 * The search page's script (<site-search>, src/components/search/SiteSearch.astro):
 * searches on load with the keyword of the URL (?keyword=, else the default),
 * Enter or the button searches again (an empty keyword does nothing), the tabs
 * (arrow keys, Home, End) pick a result type, "Load more" adds a page until all are
 * shown. Keyword and tab are kept in the URL so a search can be linked and the Back
 * button returns to the previous one.
 */
export function startSiteSearch(): void {
  for (const host of document.querySelectorAll<HTMLElement>('site-search')) initSearch(host);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Text with the keyword wrapped in <mark> (built as nodes, never as HTML): the whole
 * keyword, else each of its words but short Latin ones ("of" would light up everywhere).
 */
function highlighted(text: string, keyword: string): Node[] {
  const words = keyword.split(' ').filter((w) => w.length >= 3 || /[^\x00-\x7f]/.test(w));
  const terms = [...new Set([keyword, ...words])].filter(Boolean).map(escapeRegExp);
  if (!terms.length) return [document.createTextNode(text)];
  const parts = text.split(new RegExp(`(${terms.join('|')})`, 'gi'));
  return parts.map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const mark = document.createElement('mark');
    mark.textContent = part;
    return mark;
  });
}

function initSearch(host: HTMLElement): void {
  const d = host.dataset;
  const site = d.site ?? 'corporate';
  const size = Number(d.pageSize) || 10;
  const kindLabels = JSON.parse(d.kindLabels || '{}') as Partial<Record<SearchKind, string>>;
  const form = host.querySelector<HTMLFormElement>('[data-search-form]')!;
  const input = host.querySelector<HTMLInputElement>('[data-search-input]')!;
  const tablist = host.querySelector<HTMLElement>('[data-search-tabs]')!;
  const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role=tab]')];
  const panel = host.querySelector<HTMLElement>('[data-search-panel]')!;
  const status = host.querySelector<HTMLElement>('[data-search-status]')!;
  const errorBox = host.querySelector<HTMLElement>('[data-search-error]')!;
  const errorText = host.querySelector<HTMLElement>('[data-search-error-text]')!;
  const list = host.querySelector<HTMLOListElement>('[data-search-results]')!;
  const more = host.querySelector<HTMLButtonElement>('[data-search-more]')!;
  const progress = host.querySelector<HTMLElement>('[data-search-progress]')!;

  let keyword = '';
  let kind: SearchKind | '' = '';
  let shown = 0;
  let total = 0;
  let lastRun: { append: boolean } = { append: false };
  let token = 0;

  const kindOfTab = (tab: HTMLButtonElement) => (tab.dataset.kind ?? '') as SearchKind | '';
  const selectTab = (wanted: SearchKind | '') => {
    kind = tabs.some((t) => kindOfTab(t) === wanted) ? wanted : '';
    for (const tab of tabs) {
      const on = kindOfTab(tab) === kind;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      if (on) panel.setAttribute('aria-labelledby', tab.id);
    }
  };

  const fromUrl = () => {
    const query = new URLSearchParams(location.search);
    keyword = normaliseKeyword(query.get('keyword') ?? '') || normaliseKeyword(d.defaultKeyword ?? '');
    input.value = keyword;
    selectTab((query.get('type') ?? '') as SearchKind | '');
  };
  const toUrl = (push: boolean) => {
    const url = new URL(location.href);
    url.searchParams.set('keyword', keyword);
    if (kind) url.searchParams.set('type', kind);
    else url.searchParams.delete('type');
    if (url.href === location.href) return;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  };

  const showCounts = (counts: SearchPage['counts']) => {
    for (const tab of tabs) {
      const k = kindOfTab(tab);
      tab.querySelector('[data-count]')!.textContent = `(${k ? (counts[k] ?? 0) : counts.all})`;
    }
    tablist.hidden = false;
  };

  const renderHit = (hit: SearchHit): HTMLLIElement => {
    const item = document.createElement('li');
    item.className = 'search-hit';
    item.dataset.kind = hit.kind;
    const heading = document.createElement('h3');
    const link = document.createElement('a');
    link.href = hit.url;
    link.append(...highlighted(hit.title, keyword));
    heading.append(link);
    const meta = document.createElement('div');
    meta.className = 'search-meta';
    const badge = document.createElement('span');
    badge.className = 'search-kind';
    badge.textContent = kindLabels[hit.kind] ?? '';
    if (badge.textContent) meta.append(badge);
    if (hit.date) {
      const time = document.createElement('time');
      time.dateTime = hit.date;
      time.textContent = hit.date;
      meta.append(time);
    }
    if (hit.labels.length) {
      const labels = document.createElement('ul');
      labels.className = 'search-labels';
      labels.setAttribute('aria-label', d.msgLabels ?? '');
      for (const label of hit.labels) {
        const li = document.createElement('li');
        li.textContent = label;
        labels.append(li);
      }
      meta.append(labels);
    }
    item.append(heading, meta);
    if (hit.excerpt) {
      const excerpt = document.createElement('p');
      excerpt.className = 'search-excerpt';
      excerpt.append(...highlighted(hit.excerpt, keyword));
      item.append(excerpt);
    }
    return item;
  };

  async function run(append: boolean): Promise<void> {
    const mine = ++token;
    lastRun = { append };
    panel.setAttribute('aria-busy', 'true');
    errorBox.hidden = true;
    if (!append) {
      status.textContent = d.msgLoading ?? '';
      more.hidden = true;
      progress.hidden = true;
    }
    more.disabled = true;
    try {
      const page = await siteSearch({ keyword, site, kind: kind || undefined, offset: append ? shown : 0, limit: size });
      if (mine !== token) return;
      const items = page.hits.map(renderHit);
      if (append) list.append(...items);
      else list.replaceChildren(...items);
      shown = (append ? shown : 0) + page.hits.length;
      total = page.total;
      showCounts(page.counts);
      status.textContent = total ? fill(total === 1 ? (d.msgCountOne ?? '') : (d.msgCountOther ?? ''), { count: total, keyword }) : fill(d.msgNoResult ?? '', { keyword });
      const finished = shown >= total;
      more.hidden = finished;
      progress.hidden = total === 0;
      progress.textContent = finished ? fill(d.msgAllShown ?? '', { total }) : fill(d.msgShown ?? '', { shown, total });
      if (append) items[0]?.querySelector('a')?.focus();
    } catch (error) {
      if (mine !== token) return;
      console.error('site search failed', error);
      status.textContent = '';
      errorText.textContent = d.msgError ?? '';
      errorBox.hidden = false;
    } finally {
      if (mine === token) {
        panel.removeAttribute('aria-busy');
        more.disabled = false;
      }
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const wanted = normaliseKeyword(input.value);
    if (!wanted) return; // an empty keyword does nothing
    keyword = wanted;
    input.value = wanted;
    toUrl(true);
    void run(false);
  });

  tablist.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role=tab]');
    if (!tab || kindOfTab(tab) === kind) return;
    selectTab(kindOfTab(tab));
    toUrl(false);
    void run(false);
  });
  tablist.addEventListener('keydown', (event) => {
    const at = tabs.findIndex((t) => t === document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    next.focus();
    next.click();
  });

  more.addEventListener('click', () => void run(true));
  host.querySelector('[data-search-retry]')!.addEventListener('click', () => void run(lastRun.append));
  window.addEventListener('popstate', () => {
    fromUrl();
    if (keyword) void run(false);
  });

  fromUrl();
  if (keyword) void run(false);
}
