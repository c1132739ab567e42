import type { searchHistory } from '../search/search-history';

/**
 * The search boxes' history suggestions (global offices, FAQ): an ARIA combobox
 * whose listbox offers the earlier keywords matching what is typed; arrow keys
 * move, Enter or a click chooses (which runs `onChoose`), Escape and blur close,
 * and nothing shows on empty input. One implementation for every search box.
 */
export function historyCombobox(options: {
  input: HTMLInputElement;
  listbox: HTMLElement;
  history: ReturnType<typeof searchHistory>;
  /** Prefix of the option ids (unique on the page). */
  idPrefix: string;
  /** Called on every keystroke (e.g. to clear a message). */
  onInput?: () => void;
  onChoose: (word: string) => void;
}): { close: () => void } {
  const { input, listbox, history, idPrefix, onInput, onChoose } = options;
  let words: string[] = [];
  let active = -1;
  const suggest = (list: string[]) => {
    words = list;
    active = -1;
    listbox.replaceChildren(
      ...list.map((word, i) => {
        const option = document.createElement('li');
        option.id = `${idPrefix}-${i}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.textContent = word;
        return option;
      }),
    );
    listbox.hidden = list.length === 0;
    input.setAttribute('aria-expanded', String(list.length > 0));
    input.removeAttribute('aria-activedescendant');
  };
  const close = () => suggest([]);
  const highlight = (index: number) => {
    active = index;
    [...listbox.children].forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    const option = listbox.children[index] as HTMLElement | undefined;
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    }
  };
  const choose = (word: string) => {
    input.value = word;
    close();
    onChoose(word);
  };

  input.addEventListener('input', () => {
    onInput?.();
    suggest(history.matching(input.value));
  });
  input.addEventListener('keydown', (event) => {
    const open = !listbox.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) suggest(history.matching(input.value));
      if (!words.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight(active === -1 && step === -1 ? words.length - 1 : (active + step + words.length) % words.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(words[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);
  // keep the focus in the input while an option is clicked
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const option = (event.target as HTMLElement).closest('[role=option]');
    if (option?.textContent) choose(option.textContent);
  });
  return { close };
}
