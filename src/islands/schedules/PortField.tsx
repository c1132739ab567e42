// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern, whose list and items are a listbox and its options
// biome-ignore-all lint/a11y/useFocusableInteractive: in the combobox pattern the input keeps the focus (aria-activedescendant names the option), so options are not focusable
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (arrows, Enter, Escape); a click picks with the pointer
import { useEffect, useMemo, useRef } from 'react';
import { portLabel, searchPorts, type PortOption } from '../../schedules/port-search';
import { comboboxProps, useListbox } from '../shared/combobox';
import type { ScheduleStrings } from './strings';

/**
 * A port box with suggestions (ARIA 1.2 combobox with a listbox popup) over the ports in the
 * page, matched in the browser (src/schedules/port-search.ts: names in both languages,
 * pinyin, UN/LOCODE); arrow keys move, Enter picks, Escape closes.
 */
export default function PortField(props: {
  id: string;
  /** The query parameter the field is sent as before the island hydrates (a search link). */
  name: string;
  label: string;
  ports: readonly PortOption[];
  text: string;
  error: string | null;
  strings: ScheduleStrings;
  onChange(text: string, port: PortOption | null): void;
}) {
  const { id, name, label, ports, text, error, strings: s, onChange } = props;
  // matched again only when the text changes, not on each render of the search around it
  const matches = useMemo(() => searchPorts(ports, text), [ports, text]);
  const input = useRef<HTMLInputElement>(null);
  const pick = (p: PortOption) => {
    onChange(portLabel(p), p);
    setOpen(false);
    setActive(-1);
  };
  const { open, setOpen, active, setActive, onKeyDown } = useListbox(matches, pick);
  const options = open ? matches : [];
  const listId = `${id}-list`;
  const typed = (value: string) => {
    const match = ports.find((p) => portLabel(p) === value || p.locode === value.trim().toUpperCase());
    onChange(value, match ?? null);
    setOpen(true);
    setActive(-1);
  };
  // what the visitor typed before the island hydrated (client:intent) is answered on hydration
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    const field = input.current;
    if (field && field.value !== text) {
      typed(field.value);
      if (document.activeElement !== field) setOpen(false);
    }
  }, []);
  const showList = open && text.trim() !== '';
  return (
    <div className={`form-field schedule-port${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="schedule-combo">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          {...comboboxProps({ listId, expanded: showList, active, invalid: Boolean(error), describedBy: error ? `${id}-error` : undefined })}
          placeholder={s['schedules.portPlaceholder']}
          value={text}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => text && setOpen(true)}
        />
        <div className="schedule-suggestions" hidden={!showList}>
          <ul id={listId} role="listbox" aria-label={label}>
            {options.map((p, i) => (
              <li
                key={p.locode}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(p)}
              >
                {p.name} <span className="locode">{p.locode}</span> <span className="country">{p.country}</span>
              </li>
            ))}
          </ul>
          {!options.length && <p className="schedule-suggestions-status">{s['schedules.noSuggestion']}</p>}
        </div>
      </div>
      <p className="form-error" id={`${id}-error`} aria-live="polite" hidden={!error}>
        {error ?? ''}
      </p>
    </div>
  );
}
