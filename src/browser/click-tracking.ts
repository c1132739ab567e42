import { apiFetch } from '../contract/fetch';
import { PATH, type PictureName } from '../contract/wire';
import { API_LANGUAGE, type Locale } from '../i18n/locales';

/** Records a click with POST /webPicture/saveClick; never delays or blocks the navigation. Loaded on demand by the shell. */
export function recordClick(name: PictureName, locale: Locale): void {
  apiFetch(PATH.saveClick, { method: 'POST', query: { pictureNameEN: name }, language: API_LANGUAGE[locale], keepalive: true }).catch((error: Error) =>
    console.warn(`click not recorded: ${error.message}`),
  );
}
