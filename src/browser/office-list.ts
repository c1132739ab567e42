import { fill } from '../i18n/fill';
import { officeDetailPath, type OfficeIndex, type OfficeIndexEntry } from '../offices/office-search';

/**
 * Office lists that grow by a page with Load More (country list, city search
 * results), filled from the static index /{lang}/home/Contact/global/offices-index.json
 * that the build writes: no API call, so the CDN alone serves it.
 */

const indexes = new Map<string, Promise<OfficeIndexEntry[]>>();

/** The static index of a language, fetched once per page. */
export function loadIndex(url: string): Promise<OfficeIndexEntry[]> {
  let pending = indexes.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      return ((await response.json()) as OfficeIndex).offices;
    });
    pending.catch(() => indexes.delete(url));
    indexes.set(url, pending);
  }
  return pending;
}

export interface OfficeList {
  /** Shows a new list from its first page. */
  show(entries: OfficeIndexEntry[]): void;
}

/**
 * Drives one [data-office-list]: `source` gives all entries of the list when Load
 * More needs them (the cards already in the page stay). `fromSearch` makes the
 * detail links carry type=1, so the detail's breadcrumb leads back to the continent.
 */
export function officeList(root: HTMLElement, prefix: string, fromSearch: boolean, source?: () => Promise<OfficeIndexEntry[]>): OfficeList {
  const items = root.querySelector<HTMLElement>('[data-list-items]')!;
  const status = root.querySelector<HTMLElement>('[data-list-status]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-load-more]')!;
  const noMore = root.querySelector<HTMLElement>('[data-no-more]')!;
  const template = root.querySelector<HTMLTemplateElement>('template[data-card]')!;
  const showing = root.dataset.msgShowing ?? '';
  let count = Number(root.dataset.count ?? 0);
  // the page size comes with the list (OFFICE_PAGE_SIZE of the contract, written by OfficeList.astro):
  // importing the contract's constants would ship all of them to the page
  const pageSize = Number(root.dataset.pageSize);
  let size = Math.max(items.children.length, pageSize);
  let entries: OfficeIndexEntry[] | undefined;

  const card = (o: OfficeIndexEntry): HTMLElement => {
    const li = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const slot = <T extends HTMLElement>(name: string) => li.querySelector<T>(`[data-slot="${name}"]`)!;
    const company = slot<HTMLAnchorElement>('company');
    company.textContent = o.company;
    company.href = `${prefix}${officeDetailPath(o, fromSearch)}`;
    slot('cityName').textContent = o.cityName;
    if (o.countryName === o.cityName) li.querySelector('[data-slot-row="country"]')?.remove();
    else slot('countryName').textContent = o.countryName;
    slot('address').textContent = o.address;
    const tel = slot<HTMLAnchorElement>('tel');
    tel.textContent = o.tel;
    tel.href = `tel:${o.tel.replace(/\s+/g, '')}`;
    if (o.fax) slot('fax').textContent = o.fax;
    else li.querySelector('[data-slot-row="fax"]')?.remove();
    return li;
  };

  const update = () => {
    const shown = Math.min(size, count);
    status.textContent = count ? fill(showing, { shown, count }) : '';
    // spec: once the total count is not greater than the requested size, the no-more-data indicator shows
    more.hidden = count <= size;
    noMore.hidden = count > size || count === 0;
  };

  const render = (from: number) => {
    const added = entries!.slice(from, Math.min(size, count)).map(card);
    items.append(...added);
    return added;
  };

  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      entries ??= await source!();
      count = entries.length;
      const from = items.children.length;
      size += pageSize;
      const added = render(from);
      update();
      added[0]?.querySelector<HTMLElement>('[data-slot="company"]')?.focus();
    } catch {
      status.textContent = root.dataset.msgFailed ?? '';
    } finally {
      more.disabled = false;
    }
  });
  update();

  return {
    show(list) {
      entries = list;
      count = list.length;
      size = pageSize;
      items.replaceChildren();
      render(0);
      update();
    },
  };
}
