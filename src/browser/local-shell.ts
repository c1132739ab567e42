import { chatChannel, chatMode } from '../local/local-rules';

/** Local storage key of the visitor's location (spec 002 §3). */
export const LOCATION_STORAGE_KEY = 'location';
/** Session storage key of the search scope (the local site path the top-bar search was made on). */
export const SEARCH_SCOPE_KEY = 'searchScope';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Behaviour of the local shell on top of the corporate shell script (menus, popovers, float
 * widget, cookie notice, site picker): embedded mode, the stored location, the search box,
 * the QR panel on hover and the floating chat.
 */
export function startLocalShell(): void {
  const root = document.documentElement;
  const location = root.dataset.localSite;
  const lang = root.dataset.localLang;
  if (!location || !lang) return;
  // A URL with customDefine is shown inside another site's frame: no header, footer or widgets.
  if (window.location.href.includes('customDefine')) root.classList.add('embedded');
  storage('localStorage')?.setItem(LOCATION_STORAGE_KEY, location);
  // The cookie notice points at this site's cookie policy.
  const policy = document.querySelector<HTMLAnchorElement>('[data-cookie-notice] a');
  if (policy) policy.href = `/${location}/${lang}/cookiePolicy`;
  initSearchBox(location, lang);
  initHoverPopovers();
  initChat(location);
}

function initSearchBox(location: string, lang: string): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-local-search-toggle]');
  const form = document.querySelector<HTMLFormElement>('[data-local-search-form]');
  if (!toggle || !form) return;
  const input = form.querySelector('input')!;
  const setOpen = (open: boolean) => {
    form.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) input.focus();
  };
  toggle.addEventListener('click', () => setOpen(Boolean(form.hidden)));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const keyword = input.value.trim();
    if (!keyword) return; // an empty keyword does nothing
    storage('sessionStorage')?.setItem(SEARCH_SCOPE_KEY, `/${location}/${lang}`);
    input.value = '';
    setOpen(false);
    window.location.assign(`${form.dataset.searchUrl}?keyWords=${encodeURIComponent(keyword)}`);
  });
}

/** Popovers marked data-hover-popover also open while the pointer is over them. */
function initHoverPopovers(): void {
  for (const holder of document.querySelectorAll<HTMLElement>('[data-hover-popover]')) {
    const button = holder.querySelector<HTMLElement>('[aria-controls]')!;
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    let pinned = false;
    button.addEventListener('click', () => (pinned = !panel.hidden));
    holder.addEventListener('mouseenter', () => {
      if (!panel.hidden) return;
      panel.hidden = false;
      button.setAttribute('aria-expanded', 'true');
    });
    holder.addEventListener('mouseleave', () => {
      if (pinned) return;
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    });
  }
}

function initChat(location: string): void {
  const widget = document.querySelector<HTMLElement>('[data-local-float]');
  if (!widget) return;
  const mode = chatMode(storage('localStorage')?.getItem(LOCATION_STORAGE_KEY) ?? null);
  for (const block of widget.querySelectorAll<HTMLElement>('[data-chat-mode]')) block.hidden = block.dataset.chatMode !== mode;
  const dialog = widget.querySelector<HTMLDialogElement>('[data-chat-dialog]');
  widget.querySelector<HTMLButtonElement>('[data-chat-embed]')?.addEventListener('click', () => {
    if (!dialog) return;
    const holder = dialog.querySelector<HTMLElement>('[data-chat-frame-holder]')!;
    if (!holder.querySelector('iframe')) {
      const frame = document.createElement('iframe');
      const url = new URL(widget.dataset.chatUrl!);
      url.searchParams.set('channel', chatChannel(location));
      url.searchParams.set('lang', widget.dataset.chatLang ?? 'en');
      frame.src = url.href;
      frame.title = dialog.querySelector('h2')?.textContent ?? 'Chat';
      frame.dataset.channel = chatChannel(location);
      holder.append(frame);
    }
    dialog.showModal();
  });
}
