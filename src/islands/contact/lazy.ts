import { isLocale } from '../../i18n/locales';

/**
 * Puts the contact form into an element marked data-contact-mount, loading React
 * and the form on first use. The element says what the form needs:
 * data-locale, data-id-prefix, and optionally data-subject and data-region.
 * No React here: shell scripts import this and pay a few hundred bytes.
 */
export async function mountContactOnDemand(element: HTMLElement): Promise<void> {
  const { locale, idPrefix, subject, region } = element.dataset;
  if (!isLocale(locale) || !idPrefix) throw new Error('data-contact-mount needs data-locale and data-id-prefix');
  element.setAttribute('aria-busy', 'true');
  try {
    const { mountContactForm } = await import('./mount');
    await mountContactForm(element, { locale, idPrefix, subject: subject || undefined, region: region || undefined });
  } catch (error) {
    const failed = element.dataset.failedText ?? 'The form could not be loaded.';
    const p = document.createElement('p');
    p.className = 'form-error';
    p.setAttribute('role', 'alert');
    p.textContent = `${failed} (${(error as Error).message})`;
    element.replaceChildren(p);
  } finally {
    element.removeAttribute('aria-busy');
  }
}
