import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../contract/fetch';
import { useCaptcha, useDebounced } from './form-parts';
import { useHydrated } from './hydrated';
import { fill, splitFieldMessage } from './text';

/** What a submit came to: the form showed its errors, the API took it, or the send failed with this message. */
export type SubmitResult = 'invalid' | 'sent' | { failed: string };

/**
 * The state and the submit run the captcha forms share (leave a message, résumé):
 * the values, the error of each field, the elements focus goes to, the captcha and
 * the one-second pause before a field is checked while typing. `submit` shows the
 * errors the form's rules found and focuses the first; with none it sends. A refused
 * or failed send shows the message (the API's own, or the network failure in the
 * visitor's language) beside the field it names, clears the captcha answer and
 * loads a new picture. `hydrated` keeps the submit button disabled until React has the form
 * (sent by the browser itself, its fields would go into the page's URL). Each form keeps its
 * own rules, fields and what it says.
 */
export function useFormKit<F extends string, V extends { code: string }>(options: {
  /** The fields in form order (focus goes to the first invalid one). */
  fields: readonly F[];
  empty: V;
  language: 0 | 1;
  /** "The code could not be loaded." */
  loadFailed: string;
  /** "Sending failed: {message}", for a network failure. */
  failedTemplate: string;
  /** The wire names an API message may start with ("tel: …"). */
  wireFields: readonly string[];
}) {
  const { fields, language, loadFailed, failedTemplate, wireFields } = options;
  const [values, setValues] = useState<V>(options.empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [sending, setSending] = useState(false);
  const refs = useRef(new Map<string, HTMLElement | null>());
  const later = useDebounced(1000);
  const captcha = useCaptcha(language, loadFailed);
  const hydrated = useHydrated();
  // what the visitor typed or chose before a server-rendered island hydrated stays on screen (React
  // keeps it) but not in the state, and the next render would wipe it: taken into the state once
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration (the refs are filled by then)
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const f of fields) {
      const el = refs.current.get(f);
      const text = el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !['file', 'radio', 'checkbox'].includes(el.type));
      if (text && el.value && el.value !== String(options.empty[f as unknown as keyof V] ?? '')) typed[f] = el.value;
    }
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
  }, []);

  const ref = (name: string) => (el: HTMLElement | null) => {
    refs.current.set(name, el);
  };
  const focusFirst = (list: readonly string[]) => {
    const first = fields.find((f) => list.includes(f));
    if (first) refs.current.get(first)?.focus();
  };

  async function submit(found: Partial<Record<F, string | undefined>>, send: () => Promise<unknown>): Promise<SubmitResult> {
    setErrors(found);
    const invalid = fields.filter((f) => found[f]);
    if (invalid.length) {
      focusFirst(invalid);
      return 'invalid';
    }
    setSending(true);
    try {
      await send();
      return 'sent';
    } catch (error) {
      const text = error instanceof ApiError && error.code !== 'NETWORK' ? error.message : fill(failedTemplate, { message: (error as Error).message });
      const { field, text: fieldText } = splitFieldMessage(text, wireFields);
      if (field && (fields as readonly string[]).includes(field)) {
        setErrors((e) => ({ ...e, [field]: fieldText }));
        focusFirst([field]);
      }
      setValues((v) => ({ ...v, code: '' }));
      captcha.reload();
      return { failed: text };
    } finally {
      setSending(false);
    }
  }

  return { values, setValues, errors, setErrors, sending, hydrated, ref, later, captcha, focusFirst, submit };
}
