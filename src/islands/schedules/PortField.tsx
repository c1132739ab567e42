import { useState } from 'react';
import { portLabel, searchPorts, type PortOption } from '../../schedules/port-search';
import type { ScheduleStrings } from './strings';

/**
 * A port box with suggestions (ARIA 1.2 combobox with a listbox popup) over the ports in the
 * page, matched in the browser (src/schedules/port-search.ts: names in both languages,
 * pinyin, UN/LOCODE); arrow keys move, Enter picks, Escape closes.
 */
export default function PortField(props: {
  id: string;
  label: string;
  ports: readonly PortOption[];
  text: string;
  error: string | null;
  strings: ScheduleStrings;
  onChange(text: string, port: PortOption | null): void;
}) {
  const { id, label, ports, text, error, strings: s, onChange } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? searchPorts(ports, text) : [];
  const listId = `${id}-list`;
  const pick = (p: PortOption) => {
    onChange(portLabel(p), p);
    setOpen(false);
    setActive(-1);
  };
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const list = searchPorts(ports, text);
      if (!list.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + list.length) % list.length);
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }
  const showList = open && text.trim() !== '';
  return (
    <div className={`form-field schedule-port${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="schedule-combo">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={s['schedules.portPlaceholder']}
          value={text}
          onChange={(event) => {
            const match = ports.find((p) => portLabel(p) === event.target.value || p.locode === event.target.value.trim().toUpperCase());
            onChange(event.target.value, match ?? null);
            setOpen(true);
            setActive(-1);
          }}
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
