/**
 * A Redirect_Page really redirects (the old site fetched the target and did nothing). In the
 * same tab that is the page's `<meta http-equiv="refresh">`, no script; with isOpenNewTab this
 * opens the target in a new tab and, when a blocker stops that, the page keeps its link for the
 * visitor to follow.
 */
export function openRedirectInNewTab(): void {
  const url = document.querySelector<HTMLElement>('[data-redirect-url]')?.dataset.redirectUrl;
  if (url) window.open(url, '_blank', 'noopener');
}
