// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern, whose list and items are a listbox and its options
// biome-ignore-all lint/a11y/useFocusableInteractive: in the combobox pattern the input keeps the focus (aria-activedescendant names the option), so options are not focusable
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (arrows, Enter, Escape); a click picks with the pointer
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
  label: string;
  ports: readonly PortOption[];
  text: string;
  error: string | null;
  strings: ScheduleStrings;
  onChange(text: string, port: PortOption | null): void;
}) {
  const { id, label, ports, text, error, strings: s, onChange } = props;
  const matches = searchPorts(ports, text);
  const pick = (p: PortOption) => {
    onChange(portLabel(p), p);
    setOpen(false);
    setActive(-1);
  };
  const { open, setOpen, active, setActive, onKeyDown } = useListbox(matches, pick);
  const options = open ? matches : [];
  const listId = `${id}-list`;
  const showList = open && text.trim() !== '';
  return (
    <div className={`form-field schedule-port${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="schedule-combo">
        <input
          id={id}
          type="text"
          {...comboboxProps({ listId, expanded: showList, active, invalid: Boolean(error), describedBy: error ? `${id}-error` : undefined })}
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
