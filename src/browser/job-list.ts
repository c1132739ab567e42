/**
 * The job list shows its rows a page at a time (data-page-size): "Show more" reveals
 * the next page; once every row is shown the button goes and "No more results"
 * stays. Without JavaScript every row and the end note are shown.
 */
export function initJobList(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-job-list]')) {
    const size = Number(list.dataset.pageSize) || 7;
    const rows = [...list.querySelectorAll<HTMLTableRowElement>('tbody tr')];
    const more = list.querySelector<HTMLButtonElement>('[data-job-more]')!;
    const end = list.querySelector<HTMLElement>('[data-job-end]')!;
    let shown = Math.min(size, rows.length);
    const render = () => {
      rows.forEach((row, index) => (row.hidden = index >= shown));
      const finished = shown >= rows.length;
      more.hidden = finished;
      end.hidden = !finished;
    };
    more.addEventListener('click', () => {
      const first = rows[shown];
      shown = Math.min(shown + size, rows.length);
      render();
      // move on to the first row that appeared
      first?.querySelector('a')?.focus();
    });
    render();
  }
}
