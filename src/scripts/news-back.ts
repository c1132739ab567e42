/**
 * The news detail's back button: to /home/News/news/{id} when the page has a known
 * ?id, otherwise one step back in history (hidden when there is no history).
 */
export function startNewsBack(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-news-back]')) {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    const known = (button.dataset.typeIds ?? '').split(' ').includes(id);
    if (!known && window.history.length < 2) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      if (known) window.location.assign(`${button.dataset.listBase}/${id}`);
      else window.history.back();
    });
  }
}
