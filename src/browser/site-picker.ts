import { apiFetch } from '../contract/fetch';
import type { Location } from '../contract/entities';
import { CHINA_REGION_ID, LOCATION_PARENT, PATH } from '../contract/wire';
import { API_LANGUAGE, type Locale } from '../i18n/locales';

/**
 * The local-site picker's list: fetched from GET /local/getLocationList when the
 * picker first opens (the shell loads this module then), shown as region tabs
 * (arrow keys, Home, End) with their sites; China opens its own dialog.
 */
export function fillSitePicker(dialog: HTMLDialogElement, china: HTMLDialogElement, locale: Locale): Promise<void> {
  const labels = JSON.parse(dialog.dataset.labels ?? '{}') as Record<string, string>;
  const body = dialog.querySelector<HTMLElement>('[data-picker-body]')!;

  const name = (l: Location) => (locale === 'zh' ? l.locationNameCn : l.locationNameEn);
  const siteLink = (l: Location) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.textContent = name(l);
    // a location without a local site links to its offices on the corporate site, in the page's language
    a.href = l.locationUrl.startsWith('/home/') ? `/${locale}${l.locationUrl}` : l.locationUrl;
    if (/^https?:/.test(l.locationUrl)) {
      a.target = '_blank';
      a.rel = 'noopener';
    }
    li.append(a);
    return li;
  };

  async function load(): Promise<void> {
    body.replaceChildren(status(labels.loading));
    try {
      const locations = await apiFetch<Location[]>(PATH.locationList, { language: API_LANGUAGE[locale] });
      render(locations);
    } catch (error) {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'button secondary';
      retry.textContent = labels.retry;
      retry.addEventListener('click', () => void load());
      body.replaceChildren(status(`${labels.failed} (${(error as Error).message})`, 'alert'), retry);
    }
  }

  function render(locations: Location[]): void {
    const regions = locations.filter((l) => l.locationParentId === LOCATION_PARENT.region);
    const chinaSites = locations.filter((l) => l.locationParentId === LOCATION_PARENT.china);
    china.querySelector('[data-china-list]')!.replaceChildren(...chinaSites.map(siteLink));
    const tablist = document.createElement('div');
    tablist.setAttribute('role', 'tablist');
    tablist.setAttribute('aria-label', labels.regions);
    const panel = document.createElement('div');
    panel.setAttribute('role', 'tabpanel');
    panel.id = 'site-picker-panel';
    const tabs = regions.map((region, index) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.id = `site-tab-${region.locationId}`;
      tab.setAttribute('aria-controls', panel.id);
      tab.textContent = name(region);
      tab.addEventListener('click', () => {
        select(index);
        if (region.locationId === CHINA_REGION_ID) china.showModal(); // choosing China opens its own list
      });
      tab.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (event.key === 'Home' || event.key === 'End' || step) {
          event.preventDefault();
          const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + step + tabs.length) % tabs.length;
          select(next);
          tabs[next].focus();
        }
      });
      return tab;
    });
    function select(index: number): void {
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
      });
      const region = regions[index];
      panel.setAttribute('aria-labelledby', tabs[index].id);
      if (region.locationId === CHINA_REGION_ID) {
        const open = document.createElement('button');
        open.type = 'button';
        open.className = 'button';
        open.textContent = labels.chinaOpen;
        open.addEventListener('click', () => china.showModal());
        panel.replaceChildren(open);
        return;
      }
      const sites = locations.filter((l) => l.locationParentId === region.locationId);
      const listEl = document.createElement('ul');
      listEl.className = 'site-list';
      listEl.append(...sites.map(siteLink));
      panel.replaceChildren(sites.length ? listEl : status(labels.empty));
    }
    tablist.append(...tabs);
    body.replaceChildren(tablist, panel);
    if (tabs.length) select(0);
    else panel.replaceChildren(status(labels.empty));
  }

  return load();
}

function status(text: string, role: 'status' | 'alert' = 'status'): HTMLElement {
  const p = document.createElement('p');
  p.className = 'status';
  p.setAttribute('role', role);
  p.textContent = text;
  return p;
}
