import type { UnitSystem } from '../shared/units';

/**
 * Metric / Imperial switches of the container size table. Both systems are
 * rendered by the server (converted at build time by src/shared/units.ts); a row's
 * data-units attribute decides which one CSS shows. Each row has its own switch,
 * and one switch sets the whole table. The switches are hidden without this
 * script, so the language's default system simply shows.
 */
const isSystem = (value: unknown): value is UnitSystem => value === 'metric' || value === 'imperial';

function press(group: Element, system: UnitSystem | null): void {
  for (const button of group.querySelectorAll<HTMLButtonElement>('button[data-set-units]')) {
    button.setAttribute('aria-pressed', String(button.dataset.setUnits === system));
  }
}

export function startUnitToggle(root: ParentNode = document): void {
  for (const table of root.querySelectorAll<HTMLElement>('[data-unit-table]')) {
    const rows = [...table.querySelectorAll<HTMLElement>('[data-unit-row]')];
    const all = table.querySelector<HTMLElement>('[data-unit-switch-all]');

    /** The whole-table switch shows the system every row uses, or neither when they differ. */
    const syncAll = () => {
      if (!all) return;
      const systems = new Set(rows.map((r) => r.dataset.units));
      const [only] = systems;
      press(all, systems.size === 1 && isSystem(only) ? only : null);
    };
    const setRow = (row: HTMLElement, system: UnitSystem) => {
      row.dataset.units = system;
      const group = row.querySelector('[data-unit-switch]');
      if (group) press(group, system);
    };

    for (const row of rows) {
      const group = row.querySelector<HTMLElement>('[data-unit-switch]');
      if (!group) continue;
      group.hidden = false;
      group.addEventListener('click', (event) => {
        const system = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-set-units]')?.dataset.setUnits;
        if (!isSystem(system)) return;
        setRow(row, system);
        syncAll();
      });
    }
    if (all) {
      all.hidden = false;
      all.addEventListener('click', (event) => {
        const system = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-set-units]')?.dataset.setUnits;
        if (!isSystem(system)) return;
        for (const row of rows) setRow(row, system);
        syncAll();
      });
    }
    syncAll();
  }
}
