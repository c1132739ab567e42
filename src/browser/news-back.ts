/**
 * The news detail's back link: to /home/News/news/{id} when the page has a known
 * ?id, otherwise one step back in history (hidden when there is no history). It is
 * a real link to the list of the item's type, so it works before this script runs
 * and without JavaScript; the script only retargets it.
 */
export function startNewsBack(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-news-back]')) {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    if ((link.dataset.typeIds ?? '').split(' ').includes(id)) {
      link.href = `${link.dataset.listBase}/${id}`;
      continue;
    }
    if (window.history.length < 2) {
      link.hidden = true;
      continue;
    }
    link.addEventListener('click', (event) => {
      event.preventDefault();
      window.history.back();
    });
  }
}
