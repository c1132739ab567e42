import { ApiError, apiFetch } from '../contract/fetch';
import { PATH } from '../contract/wire';
import { API_LANGUAGE, type Locale } from '../i18n/locales';

/**
 * The navigation's entry to the smart customer service on English pages (spec 001,
 * shell): GET /local/ip/decideIntelligentCustomerIp first. The click itself opened
 * the new tab (so no pop-up blocker stops it); it is sent to the assistant when the
 * answer is yes, and closed otherwise, with the reason next to the entry: not offered
 * in the visitor's region, the server's message, or "Request failed: …". Loaded on
 * demand by the shell.
 */
export async function openAssistant(link: HTMLAnchorElement, tab: Window | null, locale: Locale): Promise<void> {
  const status = link.parentElement?.querySelector<HTMLElement>('[data-assistant-status]') ?? null;
  const say = (text: string) => {
    if (!status) return;
    status.textContent = text;
    status.hidden = false;
  };
  if (status) status.hidden = true;
  try {
    const offered = await apiFetch<boolean>(PATH.assistantCheck, { language: API_LANGUAGE[locale] });
    if (offered === true) {
      if (tab) {
        tab.opener = null;
        tab.location.href = link.href;
      } else {
        window.location.assign(link.href);
      }
      return;
    }
    tab?.close();
    say(status?.dataset.unavailable ?? '');
  } catch (error) {
    tab?.close();
    say(error instanceof ApiError ? error.message : `Request failed: ${(error as Error).message}`);
  }
}
