// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern, whose list and items are a listbox and its options
// biome-ignore-all lint/a11y/useFocusableInteractive: in the combobox pattern the input keeps the focus (aria-activedescendant names the option), so options are not focusable
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (arrows, Enter, Escape); a click picks with the pointer
import { useMemo, useState } from 'react';
import { fill } from '../shared/text';
import type { TagOption } from '../../newsroom/tags';
import { searchCoded } from '../../schedules/port-search';
import { comboboxProps, useListbox } from '../shared/combobox';

/**
 * Several codes chosen from a list with search (the story editor's trades and ports): the chosen
 * ones as a list, each with a button that removes it; a combobox (ARIA 1.2, the schedule search's
 * keyboard: arrows, Enter, Escape) that matches names in both languages, pinyin and codes
 * (src/schedules/port-search.ts searchCoded) and adds the one picked. A code held that is not in the
 * list (an older story) is shown by its code; the server names it when the story is saved.
 */
export default function CodePicker(props: {
  id: string;
  label: string;
  hint: string;
  options: readonly TagOption[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  error?: string | null;
  errorId?: string;
  s: Record<string, string>;
}) {
  const { id, label, hint, options, chosen, onChange, disabled, error, errorId, s } = props;
  const [text, setText] = useState('');
  const byCode = useMemo(() => new Map(options.map((o) => [o.code, o])), [options]);
  const matches = useMemo(() => searchCoded(options, text, (o) => o.code).filter((o) => !chosen.includes(o.code)), [options, text, chosen]);
  const pick = (o: TagOption) => {
    onChange([...chosen, o.code]);
    setText('');
    setOpen(false);
    setActive(-1);
  };
  const { open, setOpen, active, setActive, onKeyDown } = useListbox(matches, pick);
  const listId = `${id}-list`;
  const showList = open && text.trim() !== '';
  const nameOf = (code: string) => {
    const o = byCode.get(code);
    return o ? `${o.name} (${code})` : code;
  };
  return (
    <div className="staff-picker">
      <label htmlFor={id}>{label}</label>
      <p className="staff-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {chosen.length ? (
        <ul className="staff-picker-chosen" aria-label={fill(s['staff.news.pickerChosen'], { label })}>
          {chosen.map((code) => (
            <li key={code} className={byCode.has(code) ? undefined : 'is-unknown'}>
              <span>{nameOf(code)}</span>
              <button type="button" disabled={disabled} aria-label={fill(s['staff.news.pickerRemove'], { name: nameOf(code) })} onClick={() => onChange(chosen.filter((c) => c !== code))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-picker-empty">{s['staff.news.pickerEmpty']}</p>
      )}
      <div className="staff-picker-combo">
        <input
          id={id}
          type="text"
          {...comboboxProps({ listId, expanded: showList, active, invalid: Boolean(error), describedBy: [`${id}-hint`, error ? errorId : ''].filter(Boolean).join(' ') })}
          placeholder={s['staff.news.pickerPlaceholder']}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => text && setOpen(true)}
        />
        <div className="staff-picker-suggestions" hidden={!showList}>
          <ul id={listId} role="listbox" aria-label={label}>
            {(showList ? matches : []).map((o, i) => (
              <li
                key={o.code}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
              >
                {o.name} <span className="staff-picker-code">{o.code}</span> <span className="staff-picker-detail">{o.detail}</span>
              </li>
            ))}
          </ul>
          {showList && !matches.length && <p className="staff-picker-status">{s['staff.news.pickerNone']}</p>}
        </div>
      </div>
    </div>
  );
}
