import { apiFetch } from '../contract/fetch';
import { CHINA_REGION_ID, LOCATION_PARENT, PATH, type PictureName } from '../contract/wire';
import type { Location } from '../contract/entities';
import { API_LANGUAGE, isLocale } from '../i18n/locales';
import { swapLocale } from '../i18n/paths';
import { saveLocale } from '../i18n/preference';
import { COOKIE, CONSENT_DAYS, clearAllCookies, cookiesAccepted, writeCookie } from '../lib/cookies';
import { inDateRanges } from '../lib/format';
import { $cookieConsent, $locale } from '../stores/preferences';
import { initMessageOverlay, openMessageOverlay } from '../islands/contact/overlay';

/**
 * Behaviour of the corporate shell, as small progressive enhancements of
 * server-rendered markup: every link works without this script.
 */
export function startShell(): void {
  const locale = document.documentElement.dataset.locale;
  if (isLocale(locale)) $locale.set(locale);
  applyMourning();
  initClickTracking();
  initLanguageSwitch();
  initPopovers();
  initMainNav();
  initFloatWidget();
  initMessageOverlay();
  initCookieNotice();
  initSitePicker();
  initHistoryBack();
}

/** 'Go back' buttons exist only where there is history to go back to. */
function initHistoryBack(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-history-back]')) {
    if (window.history.length < 2) continue;
    button.hidden = false;
    button.addEventListener('click', () => window.history.back());
  }
}

/** Records a click with POST /webPicture/saveClick; never delays or blocks the navigation. */
export function recordClick(name: PictureName): void {
  apiFetch(PATH.saveClick, { method: 'POST', query: { pictureNameEN: name }, language: API_LANGUAGE[$locale.get()], keepalive: true }).catch(
    (error: Error) => console.warn(`click not recorded: ${error.message}`),
  );
}

function initClickTracking(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>('[data-track-click]');
    if (link?.dataset.trackClick) recordClick(link.dataset.trackClick as PictureName);
  });
}

function applyMourning(): void {
  const raw = document.documentElement.dataset.mourning;
  if (!raw) return;
  try {
    if (inDateRanges(JSON.parse(raw), new Date())) document.documentElement.classList.add('mourning');
  } catch {
    /* malformed ranges are caught at build time; nothing to do here */
  }
}

function initLanguageSwitch(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-lang-switch]')) {
    link.addEventListener('click', (event) => {
      const target = link.dataset.langSwitch;
      if (!isLocale(target)) return;
      event.preventDefault();
      saveLocale(target);
      const { pathname, search, hash } = window.location;
      window.location.assign(swapLocale(`${pathname}${search}${hash}`, target));
    });
  }
}

/**
 * A button with aria-controls that shows and hides a panel; Escape and outside
 * clicks close it. A panel opened by hovering is pinned open by a click on its
 * button (rather than closed by it), so hover and click users both get it.
 */
function bindDisclosure(
  button: HTMLElement,
  panel: HTMLElement,
  onOpen?: () => void,
): { open(byHover?: boolean): void; close(focus?: boolean): void; readonly hovered: boolean } {
  let openedByHover = false;
  const api = {
    get hovered() {
      return openedByHover && !panel.hidden;
    },
    open(byHover = false) {
      if (!panel.hidden) return;
      openedByHover = byHover;
      panel.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      onOpen?.();
    },
    close(focus = false) {
      if (panel.hidden) return;
      panel.hidden = true;
      openedByHover = false;
      button.setAttribute('aria-expanded', 'false');
      if (focus) button.focus();
    },
  };
  button.addEventListener('click', () => {
    if (panel.hidden) api.open();
    else if (openedByHover) openedByHover = false; // pin it
    else api.close();
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      api.close(true);
    }
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') api.close();
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (!panel.contains(target) && !button.contains(target)) api.close();
  });
  return api;
}

function initPopovers(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-popover-toggle]')) {
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel) bindDisclosure(button, panel);
  }
}

const canHover = () => window.matchMedia('(hover: hover) and (min-width: 961px)').matches;

function initMainNav(): void {
  const nav = document.querySelector<HTMLElement>('[data-main-nav]');
  if (!nav) return;
  const toggleAll = document.querySelector<HTMLElement>('[data-nav-toggle]');
  toggleAll?.addEventListener('click', () => {
    const open = !nav.classList.contains('open');
    nav.classList.toggle('open', open);
    toggleAll.setAttribute('aria-expanded', String(open));
  });
  const menus: { item: HTMLElement; control: ReturnType<typeof bindDisclosure> }[] = [];
  for (const item of nav.querySelectorAll<HTMLElement>('[data-menu]')) {
    const button = item.querySelector<HTMLElement>('.menu-button')!;
    const panel = item.querySelector<HTMLElement>('.menu-panel')!;
    const control = bindDisclosure(button, panel, () => {
      for (const other of menus) if (other.item !== item) other.control.close();
    });
    menus.push({ item, control });
    let timer: number | undefined;
    item.addEventListener('mouseenter', () => {
      if (!canHover()) return;
      window.clearTimeout(timer);
      control.open(true);
    });
    item.addEventListener('mouseleave', () => {
      if (!canHover() || !control.hovered) return;
      timer = window.setTimeout(() => control.hovered && control.close(), 120);
    });
    // Arrow down from the button moves into the panel.
    button.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        control.open();
        panel.querySelector<HTMLElement>('a')?.focus();
      }
    });
    // Leaving the menu with Tab closes it; following a link closes it.
    item.addEventListener('focusout', (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) control.close();
    });
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) control.close();
    });
  }
}

function initFloatWidget(): void {
  const widget = document.querySelector<HTMLElement>('[data-float-widget]');
  if (!widget) return;
  const controls: ReturnType<typeof bindDisclosure>[] = [];
  const toggle = widget.querySelector<HTMLButtonElement>('.float-toggle');
  if (toggle) {
    widget.classList.add('is-foldable');
    const fold = (open: boolean) => {
      widget.classList.toggle('is-open', open);
      toggle.setAttribute('aria-expanded', String(open));
      if (!open) for (const control of controls) control.close();
    };
    toggle.addEventListener('click', () => fold(!widget.classList.contains('is-open')));
    widget.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && widget.classList.contains('is-open')) {
        fold(false);
        toggle.focus();
      }
    });
  }
  // the panels' buttons (not the fold toggle, which controls the whole list)
  for (const button of widget.querySelectorAll<HTMLElement>('li > button[aria-controls]')) {
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    const item = button.closest('li')!;
    const control = bindDisclosure(button, panel, () => {
      for (const other of controls) if (other !== control) other.close();
    });
    controls.push(control);
    // Hover selects the panel; leaving the item (button and panel) resets to none.
    item.addEventListener('mouseenter', () => canHover() && control.open(true));
    item.addEventListener('mouseleave', () => canHover() && control.hovered && control.close());
  }
  const form = widget.querySelector<HTMLFormElement>('[data-region-form]');
  form?.addEventListener('submit', (event) => {
    const select = form.querySelector('select')!;
    const error = form.querySelector<HTMLElement>('.field-error')!;
    if (!select.value) {
      event.preventDefault();
      error.hidden = false;
      select.setAttribute('aria-invalid', 'true');
      select.focus();
      return;
    }
    // With a region, the message form opens as an overlay (without JavaScript the form page opens).
    if (openMessageOverlay(select.value, widget.querySelector<HTMLElement>('button[aria-controls="float-message"]'))) {
      event.preventDefault();
      for (const control of controls) control.close();
    }
  });
  form?.querySelector('select')?.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.value) {
      form.querySelector<HTMLElement>('.field-error')!.hidden = true;
      select.removeAttribute('aria-invalid');
    }
  });
  const top = widget.querySelector<HTMLElement>('[data-back-to-top]');
  if (top) {
    const update = () => (top.hidden = window.scrollY < 400);
    window.addEventListener('scroll', update, { passive: true });
    update();
    top.querySelector('button')!.addEventListener('click', () => {
      window.scrollTo({ top: 0 });
      document.getElementById('main')?.focus({ preventScroll: true });
    });
  }
}

/** Seconds after a refusal before the notice asks again. */
export const COOKIE_REASK_MS = 5000;

function initCookieNotice(): void {
  const notice = document.querySelector<HTMLElement>('[data-cookie-notice]');
  if (cookiesAccepted()) {
    $cookieConsent.set('accepted');
    return;
  }
  clearAllCookies();
  $cookieConsent.set('pending');
  if (!notice) return;
  notice.hidden = false;
  notice.querySelector('[data-cookie-accept]')!.addEventListener('click', () => {
    writeCookie(COOKIE.policy, 'accepted', CONSENT_DAYS);
    writeCookie(COOKIE.acceptTime, String(Date.now()), CONSENT_DAYS);
    notice.hidden = true;
    $cookieConsent.set('accepted');
    saveLocale($locale.get());
  });
  notice.querySelector('[data-cookie-refuse]')!.addEventListener('click', () => {
    clearAllCookies();
    notice.hidden = true;
    $cookieConsent.set('refused');
    window.setTimeout(() => {
      if (!cookiesAccepted()) {
        notice.hidden = false;
        $cookieConsent.set('pending');
      }
    }, COOKIE_REASK_MS);
  });
}

function initSitePicker(): void {
  const dialogEl = document.querySelector<HTMLDialogElement>('[data-site-picker]');
  const chinaEl = document.querySelector<HTMLDialogElement>('[data-china-picker]');
  if (!dialogEl || !chinaEl) return;
  const dialog: HTMLDialogElement = dialogEl;
  const china: HTMLDialogElement = chinaEl;
  const labels = JSON.parse(dialog.dataset.labels ?? '{}') as Record<string, string>;
  const body = dialog.querySelector<HTMLElement>('[data-picker-body]')!;
  const locale = $locale.get();
  let loaded = false;

  for (const closer of document.querySelectorAll<HTMLElement>('[data-close-dialog]')) {
    closer.addEventListener('click', () => closer.closest('dialog')?.close());
  }
  for (const d of [dialog, china]) {
    d.addEventListener('click', (event) => {
      if (event.target === d) d.close(); // click on the backdrop
    });
  }
  for (const opener of document.querySelectorAll<HTMLElement>('[data-open-site-picker]')) {
    opener.addEventListener('click', () => {
      dialog.showModal();
      if (!loaded) void load();
    });
  }

  const name = (l: Location) => (locale === 'zh' ? l.locationNameCn : l.locationNameEn);
  const siteLink = (l: Location) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.textContent = name(l);
    a.href = l.locationUrl;
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
      loaded = true;
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
}

function status(text: string, role: 'status' | 'alert' = 'status'): HTMLElement {
  const p = document.createElement('p');
  p.className = 'status';
  p.setAttribute('role', role);
  p.textContent = text;
  return p;
}
