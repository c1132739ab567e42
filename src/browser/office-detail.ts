/**
 * The office page's breadcrumb: it leads back to the country list, or, when the
 * query names a type (the city search links with type=1), to the continent.
 */
export function startOfficeDetail(): void {
  if (!new URLSearchParams(location.search).has('type')) return;
  document.querySelector<HTMLElement>('[data-crumb="country"]')?.remove();
  const toCountry = document.querySelector<HTMLElement>('[data-back="country"]');
  const toArea = document.querySelector<HTMLElement>('[data-back="area"]');
  if (toCountry && toArea) {
    toCountry.hidden = true;
    toArea.hidden = false;
  }
}
