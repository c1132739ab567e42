/**
 * Starts the page's carousels (src/browser/carousels.ts) once the page has loaded, each in a task of
 * its own. Swiper (about 28 KB) then never competes for the network with the first slide's picture,
 * the page's largest paint, and no one task sets up every carousel of the page at once (the home page
 * has four: one long task of about 110 ms on a phone's CPU). Until a carousel starts, its first slide
 * shows as it will, from the page's own markup and styles (components/common/Carousel.astro); once it
 * works it gets data-ready.
 */
export function startCarouselsAfterLoad(): void {
  const carousels = [...document.querySelectorAll<HTMLElement>('[data-carousel]')];
  if (!carousels.length) return;
  const start = async () => {
    const { startCarousel } = await import('./carousels');
    for (const el of carousels) {
      await new Promise((resolve) => setTimeout(resolve, 0)); // a task of its own: input waits for one carousel at most
      startCarousel(el);
    }
  };
  const run = () => void start();
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
