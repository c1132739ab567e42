import type { PictureName } from '../contract/wire';
import { isLocale } from '../i18n/locales';
import { swapLocale } from '../i18n/paths';
import { saveLocale } from '../i18n/preference';
import { COOKIE, CONSENT_DAYS, clearAllCookies, cookiesAccepted, writeCookie } from '../shared/cookies';
import { inDateRanges } from '../shared/format';
import { $cookieConsent, $locale } from './preferences';

/**
 * Behaviour of the corporate shell, as small progressive enhancements of
 * server-rendered markup: every link works without this script.
 */
export function startShell(): void {
  const locale = document.documentElement.dataset.locale;
  if (isLocale(locale)) $locale.set(locale);
  applyMourning();
  initClickTracking();
  initAssistantEntry();
  initLanguageSwitch();
  initPopovers();
  initMainNav();
  initFloatWidget();
  initCookieNotice();
  initSitePicker();
  initHistoryBack();
}

/**
 * The navigation's smart-service entry on English pages ([data-assistant-check]):
 * the click opens the new tab at once and ./assistant-entry.ts asks the API whether
 * the assistant is offered to this visitor before sending the tab there. A modified
 * click (new window, new tab) is left to the browser. Chinese pages link straight.
 */
function initAssistantEntry(): void {
  let module: Promise<typeof import('./assistant-entry')> | undefined;
  const load = () => (module ??= import('./assistant-entry'));
  const entry = loadOnApproach<HTMLAnchorElement>('a[data-assistant-check]', load);
  document.addEventListener('click', (event) => {
    const link = entry(event);
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    void load().then((m) => m.openAssistant(link, tab, $locale.get()));
  });
}

/**
 * Starts loading a module when the pointer or the focus first comes to an element
 * matching the selector, so pages pay nothing for it until then; answers the finder
 * of that element for an event (for the click handler).
 */
function loadOnApproach<E extends Element>(selector: string, load: () => Promise<unknown>): (event: Event) => E | null | undefined {
  const find = (event: Event) => (event.target as Element | null)?.closest?.<E>(selector);
  for (const type of ['pointerover', 'focusin'] as const) {
    document.addEventListener(type, (event) => {
      if (find(event)) void load();
    });
  }
  return find;
}

/** 'Go back' buttons exist only where there is history to go back to. */
function initHistoryBack(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-history-back]')) {
    if (window.history.length < 2) continue;
    button.hidden = false;
    button.addEventListener('click', () => window.history.back());
  }
}

/**
 * Clicks on [data-track-click] are recorded with POST /webPicture/saveClick. The
 * recorder (and the API client it uses) loads on the first pointer or keyboard
 * approach to such a link, so pages pay nothing for it until then; a click never
 * waits for it.
 */
function initClickTracking(): void {
  let recorder: Promise<typeof import('./click-tracking')> | undefined;
  const load = () => (recorder ??= import('./click-tracking'));
  const tracked = loadOnApproach<HTMLElement>('[data-track-click]', load);
  document.addEventListener('click', (event) => {
    const name = tracked(event)?.dataset.trackClick;
    if (name) void load().then((m) => m.recordClick(name as PictureName, $locale.get()));
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
function bindDisclosure(button: HTMLElement, panel: HTMLElement, onOpen?: () => void): { open(byHover?: boolean): void; close(focus?: boolean): void; readonly hovered: boolean } {
  let openedByHover = false;
  const api = {
    get hovered() {
      return openedByHover && !panel.hidden;
    },
    open(byHover = false) {
      if (!panel.hidden) {
        // opened by hover, now asked for by keyboard or click: it stays when the pointer leaves
        if (!byHover) openedByHover = false;
        return;
      }
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
    else if (openedByHover)
      openedByHover = false; // pin it
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
        window.clearTimeout(timer);
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
    if (requestMessageOverlay(select.value, widget.querySelector<HTMLElement>('button[aria-controls="float-message"]'))) {
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

/** The event the floating widget sends to open the message overlay (src/islands/contact/overlay.ts answers it). */
export const MESSAGE_OVERLAY_EVENT = 'message-overlay:open';
export interface MessageOverlayRequest {
  region: string;
  returnTo: HTMLElement | null;
}

/**
 * Asks the page's message overlay to open; true when a page that has one opened it.
 * An event rather than an import, so that pages without the overlay (the local sites)
 * do not load its loader with the shell.
 */
function requestMessageOverlay(region: string, returnTo: HTMLElement | null): boolean {
  const event = new CustomEvent<MessageOverlayRequest>(MESSAGE_OVERLAY_EVENT, { detail: { region, returnTo }, cancelable: true });
  return !document.dispatchEvent(event);
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
  const dialog = document.querySelector<HTMLDialogElement>('[data-site-picker]');
  const china = document.querySelector<HTMLDialogElement>('[data-china-picker]');
  if (!dialog || !china) return;
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
      if (loaded) return;
      loaded = true;
      // the list and its API call load with the first opening
      import('./site-picker').then((m) => m.fillSitePicker(dialog, china, $locale.get())).catch(() => (loaded = false)); // offline: the next opening tries again
    });
  }
}
