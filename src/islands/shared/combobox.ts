import { useState, type KeyboardEvent } from 'react';

/**
 * The keyboard and ARIA of the islands' suggestion boxes (ARIA 1.2 combobox with a listbox
 * popup): the city fields of the carbon calculator and the port fields of the schedule search.
 * Arrow keys move through the options (opening the list), Enter picks the active one, Escape
 * closes; the input's ARIA attributes follow.
 */
export function useListbox<T>(options: readonly T[], pick: (option: T) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && active >= 0 && options[active] !== undefined) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }
  return { open, setOpen, active, setActive, onKeyDown };
}

/** The ARIA attributes of the combobox input. */
export function comboboxProps(a: { listId: string; expanded: boolean; active: number; invalid: boolean; describedBy?: string }) {
  return {
    role: 'combobox',
    autoComplete: 'off',
    spellCheck: false,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': a.expanded,
    'aria-controls': a.listId,
    'aria-activedescendant': a.expanded && a.active >= 0 ? `${a.listId}-${a.active}` : undefined,
    'aria-invalid': a.invalid ? true : undefined,
    'aria-describedby': a.describedBy || undefined,
  };
}
