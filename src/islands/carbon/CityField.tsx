// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern, whose list and items are a listbox and its options
// biome-ignore-all lint/a11y/useFocusableInteractive: in the combobox pattern the input keeps the focus (aria-activedescendant names the option), so options are not focusable
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (arrows, Enter, Escape); a click picks with the pointer
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../contract/fetch';
import { PATH } from '../../contract/wire';
import { CITY_DEBOUNCE_MS, cityQueryReady } from '../../forms/validation/carbon';
import { comboboxProps, useListbox } from '../shared/combobox';
import { fill } from '../shared/text';
import type { CarbonStrings } from './strings';
import { carbonTokens } from './token';

export interface CityValue {
  /** What the visitor sees in the box. */
  text: string;
  /** The chosen city's locationId; null until one is picked from the list (or after the text changes). */
  id: string | null;
}

interface Suggestion {
  address: string;
  locationId: string;
}

/**
 * A city box with suggestions (ARIA 1.2 combobox with a listbox popup): typing more
 * than 2 characters (2 Chinese ones) asks GET /carbonCalculate/getCity 300 ms after
 * the last keystroke, in the page's language and with the calculator's token
 * (./token.ts), the list cleared first; arrow keys move
 * through it, Enter picks, Escape closes. Typing after a pick clears the picked id
 * (the spec's city-missing flag), so only a city from the list is ever sent.
 */
export default function CityField(props: {
  id: string;
  label: string;
  value: CityValue;
  error: string | null;
  language: 0 | 1;
  strings: CarbonStrings;
  onChange(value: CityValue): void;
  onBlur(): void;
}) {
  const { id, label, value, error, language, strings: s, onChange, onBlur } = props;
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'empty' | 'failed'>('idle');
  const [failure, setFailure] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  // what the visitor typed before the island hydrated (client:intent) is answered on hydration
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    const field = input.current;
    if (field && field.value !== value.text) {
      onChange({ text: field.value, id: null });
      search(field.value);
    }
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  function search(text: string) {
    if (timer.current) clearTimeout(timer.current);
    abort.current?.abort();
    setOptions([]);
    setActive(-1);
    if (!cityQueryReady(text)) {
      setOpen(false);
      setStatus('idle');
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      abort.current = controller;
      setOpen(true);
      setStatus('loading');
      carbonTokens
        .with(language, (token) => apiFetch<Suggestion[]>(PATH.carbonCity, { query: { prefix: text.trim(), token }, language, signal: controller.signal }))
        .then((list) => {
          setOptions(list);
          setStatus(list.length ? 'idle' : 'empty');
        })
        .catch((e: Error) => {
          if (e.name === 'AbortError') return;
          setFailure(fill(s['carbon.citySearchFailed'], { message: e instanceof ApiError ? e.message : e.message }));
          setStatus('failed');
        });
    }, CITY_DEBOUNCE_MS);
  }

  const { open, setOpen, active, setActive, onKeyDown } = useListbox(options, pick);

  function pick(option: Suggestion) {
    onChange({ text: option.address, id: option.locationId });
    setOpen(false);
    setOptions([]);
    setActive(-1);
    setStatus('idle');
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const showList = open && (options.length > 0 || status !== 'idle');
  return (
    <div className={`form-field carbon-city${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="carbon-combo">
        <input
          ref={input}
          id={id}
          type="text"
          {...comboboxProps({ listId, expanded: showList, active: open ? active : -1, invalid: Boolean(error), describedBy })}
          placeholder={s['carbon.cityPlaceholder']}
          value={value.text}
          onChange={(event) => {
            onChange({ text: event.target.value, id: null });
            search(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
          onFocus={() => options.length && setOpen(true)}
        />
        <div className="carbon-suggestions" hidden={!showList}>
          <ul id={listId} role="listbox" aria-label={fill(s['carbon.suggestions'], { text: value.text })}>
            {options.map((option, i) => (
              <li
                key={option.locationId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {option.address}
              </li>
            ))}
          </ul>
          <p className={`carbon-suggestions-status${status === 'failed' ? ' is-error' : ''}`} aria-live="polite">
            {status === 'loading' && !options.length ? s['carbon.searching'] : status === 'empty' ? s['carbon.noCity'] : status === 'failed' ? failure : ''}
          </p>
        </div>
      </div>
      <p className="sr-only" id={`${id}-hint`}>
        {s['carbon.cityHint']}
      </p>
      <p className="form-error" id={`${id}-error`} aria-live="polite" hidden={!error}>
        {error ?? ''}
      </p>
    </div>
  );
}
