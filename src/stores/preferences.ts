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
