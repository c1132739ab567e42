import { atom } from 'nanostores';
import type { Locale } from '../i18n/locales';

/**
 * State the shell and the islands share on a page. Islands read them with
 * @nanostores/react's useStore.
 */

/** 'unknown' until the shell has read the cookies. */
export const $cookieConsent = atom<'unknown' | 'accepted' | 'refused' | 'pending'>('unknown');

/** The page's interface language. */
export const $locale = atom<Locale>('en');

/**
 * The leave-message overlay of the floating widget (and the consultation dialogs):
 * `open` is set by whoever opens it; the contact form sets it false with the
 * server's message in `notice` when the message was sent, which closes the overlay
 * and shows the notice (src/islands/contact/overlay.ts).
 */
export const $messageOverlay = atom<{ open: boolean; notice: string | null }>({ open: false, notice: null });
