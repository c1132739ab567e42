/**
 * A Redirect_Page really redirects (the old site fetched the target and did nothing): in the
 * same tab it replaces the page; with isOpenNewTab it opens the target in a new tab and, when
 * a blocker stops that, the page keeps its link for the visitor to follow.
 */
export function startLocalRedirect(): void {
  const box = document.querySelector<HTMLElement>('[data-redirect-url]');
  const url = box?.dataset.redirectUrl;
  if (!box || !url) return;
  if (box.dataset.newTab === 'true') window.open(url, '_blank', 'noopener');
  else window.location.replace(url);
}
