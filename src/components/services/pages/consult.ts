import { mountContactOnDemand } from '../../../islands/contact/lazy';

/**
 * The consultation dialogs of the fresh-fruit and special-cargo pages: a button
 * with data-consult-open and aria-controls opens its <dialog> as a modal (focus
 * moves to the dialog's first control, the close button). Escape, the close
 * button (a method="dialog" form, which works on its own) and a click on the
 * backdrop close it; focus then returns to the button that opened it.
 */
export function initConsultDialogs(): void {
  const openers = new WeakMap<HTMLDialogElement, HTMLElement>();
  for (const button of document.querySelectorAll<HTMLElement>('[data-consult-open]')) {
    const dialog = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) continue;
    button.addEventListener('click', () => {
      if (dialog.open) return;
      openers.set(dialog, button);
      dialog.showModal();
      // The message form inside loads (with React) the first time the dialog opens.
      const mount = dialog.querySelector<HTMLElement>('[data-contact-mount]:not([data-mounted])');
      if (mount) {
        mount.dataset.mounted = 'true';
        void mountContactOnDemand(mount);
      }
    });
    if (dialog.dataset.consultReady) continue;
    dialog.dataset.consultReady = 'true';
    dialog.addEventListener('close', () => openers.get(dialog)?.focus());
    // A click on the backdrop lands on the dialog element itself, outside its box.
    dialog.addEventListener('click', (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
}
