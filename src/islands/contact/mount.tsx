import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales';
import ContactForm, { type ContactFormProps } from './ContactForm';
import type { ContactStrings } from './strings';
// The form's stylesheet by URL, linked on first mount: a CSS import here would make
// Vite ship its preload helper in every page's shell script (see docs/performance.md).
import formsCssUrl from '../shared/forms.css?url';

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

let stylesheet: Promise<void> | undefined;

/** Links the form's stylesheet once and waits for it, so the form never shows unstyled. */
function loadStylesheet(): Promise<void> {
  return (stylesheet ??= new Promise<void>((resolve) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${formsCssUrl}"]`)) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = formsCssUrl;
    link.onload = link.onerror = () => resolve(); // unstyled is better than no form
    document.head.append(link);
  }));
}

export async function mountContactForm(element: HTMLElement, props: Omit<ContactFormProps, 'strings'>): Promise<void> {
  const [s] = await Promise.all([loadStrings(props.locale), loadStylesheet()]);
  let root = roots.get(element);
  if (!root) {
    element.replaceChildren();
    root = createRoot(element, { identifierPrefix: `${props.idPrefix}-` });
    roots.set(element, root);
  }
  root.render(<ContactForm {...props} strings={s} />);
}
