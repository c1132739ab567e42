import { loadIndex, officeList } from './office-list';

/** The country page: its first page is in the HTML; Load More reads the rest from the index. */
export function startCountryList(): void {
  const host = document.querySelector<HTMLElement>('office-list');
  const root = host?.querySelector<HTMLElement>('[data-office-list]');
  if (!host || !root) return;
  const { index = '', prefix = '', country = '' } = host.dataset;
  officeList(root, prefix, false, async () => (await loadIndex(index)).filter((o) => o.country === country));
}
