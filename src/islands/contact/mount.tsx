import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales';
import ContactForm, { type ContactFormProps } from './ContactForm';
import type { ContactStrings } from './strings';

/**
 * Mounts the contact form where it is needed only on demand (the floating widget's
 * overlay, the consultation dialogs), so that pages without the form ship no React.
 * Its strings come from /forms/{lang}/contact.json, written at build time from the
 * dictionaries (src/pages/forms/[lang]/contact.json.ts).
 */
const strings = new Map<Locale, Promise<ContactStrings>>();

function loadStrings(locale: Locale): Promise<ContactStrings> {
  let found = strings.get(locale);
  if (!found) {
    found = fetch(`/forms/${locale}/contact.json`).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<ContactStrings>;
    });
    found.catch(() => strings.delete(locale));
    strings.set(locale, found);
  }
  return found;
}

const roots = new WeakMap<HTMLElement, Root>();

export async function mountContactForm(element: HTMLElement, props: Omit<ContactFormProps, 'strings'>): Promise<void> {
  const s = await loadStrings(props.locale);
  let root = roots.get(element);
  if (!root) {
    element.replaceChildren();
    root = createRoot(element, { identifierPrefix: `${props.idPrefix}-` });
    roots.set(element, root);
  }
  root.render(<ContactForm {...props} strings={s} />);
}
