import { $messageOverlay } from '../../browser/preferences';
import { mountContactOnDemand } from './lazy';
import { MESSAGE_OVERLAY_EVENT, type MessageOverlayRequest } from '../../browser/shell';

/**
 * The floating widget's message overlay: a <dialog> (data-message-overlay) that
 * holds the contact form, opened through $messageOverlay. The form closes it on
 * success by setting the store (open: false, with the notice to show); Escape and
 * the close button close it too. React and the form load on the first opening.
 */
export function initMessageOverlay(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-message-overlay]');
  if (!dialog) return;
  const mount = dialog.querySelector<HTMLElement>('[data-contact-mount]')!;
  const notice = document.querySelector<HTMLElement>('[data-message-notice]');
  let mounted: string | null = null;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;

  $messageOverlay.listen(({ open, notice: text }) => {
    if (open && !dialog.open) {
      opener ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const key = mount.dataset.region ?? '';
      if (mounted !== key) {
        mounted = key;
        void mountContactOnDemand(mount);
      }
      return;
    }
    if (open || !dialog.open) return;
    dialog.close();
    // The form sent the message from this overlay: say so where the overlay was.
    if (text && notice) {
      notice.textContent = text;
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => (notice.textContent = ''), 10_000);
    }
  });
  // the floating widget asks for the overlay with an event (src/browser/shell.ts)
  document.addEventListener(MESSAGE_OVERLAY_EVENT, (event) => {
    const { region, returnTo } = (event as CustomEvent<MessageOverlayRequest>).detail;
    if (openMessageOverlay(region, returnTo)) event.preventDefault();
  });
  dialog.addEventListener('close', () => {
    if ($messageOverlay.get().open) $messageOverlay.set({ open: false, notice: null });
    opener?.focus();
    opener = null;
  });
}

/** Where focus returns when the overlay closes. */
let opener: HTMLElement | null = null;

/** Opens the overlay for a region of the local-site list (the widget asks for one first); focus returns to `returnTo`. */
export function openMessageOverlay(region: string, returnTo?: HTMLElement | null): boolean {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-message-overlay]');
  if (!dialog) return false;
  opener = returnTo ?? null;
  dialog.querySelector<HTMLElement>('[data-contact-mount]')!.dataset.region = region;
  $messageOverlay.set({ open: true, notice: null });
  return true;
}
