import { fold } from '../offices/office-search';

/**
 * A search box's history in local storage, one key per box (the global offices
 * use globalOfficeSearchHistory; the FAQ search keeps its own key). A keyword is
 * saved only if it is not already there (spec); the newest comes first and the
 * list keeps at most `max` entries. Storage that is missing, full or holds
 * something else never breaks the search: the history is then simply empty.
 */
export interface SearchHistory {
  list(): string[];
  /** Saves a keyword unless it is already there; returns the list. */
  remember(keyword: string): string[];
  /** Saved keywords containing the typed text (case and accents ignored), the typed text itself left out. */
  matching(typed: string, limit?: number): string[];
}

export function searchHistory(key: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage, max = 10): SearchHistory {
  const list = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
    } catch {
      return [];
    }
  };
  return {
    list,
    remember(keyword) {
      const word = keyword.trim();
      const saved = list();
      if (!word || saved.includes(word)) return saved;
      const next = [word, ...saved].slice(0, max);
      try {
        storage?.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or refused: the search still runs
      }
      return next;
    },
    matching(typed, limit = 8) {
      const q = fold(typed);
      if (!q) return [];
      return list()
        .filter((word) => fold(word).includes(q) && fold(word) !== q)
        .slice(0, limit);
    },
  };
}
