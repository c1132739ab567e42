import type { ClientDirective } from 'astro';

/**
 * `client:intent`: an island whose first screen is its server-rendered HTML (a search form) and
 * that needs its code only once the visitor reaches for it. When the browser is first idle after
 * the load event, the island's modules are fetched and run (React and the component: no render);
 * it hydrates when the visitor reaches into it (pointer over it, a touch, focus or a key), which
 * is before their first keystroke lands in a field, or at once when the page's URL carries the
 * query parameter named by the directive's value (`client:intent="from"`: a shared search link).
 * A keystroke that beats hydration stays in its field: the island reads the field on hydration.
 */
const intent: ClientDirective = (load, options, el) => {
  const param = typeof options.value === 'string' ? options.value : '';
  let modules: ReturnType<typeof load> | null = null;
  const fetchModules = () => (modules ??= load());
  const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, hydrate);
    void fetchModules().then((run) => run());
  };
  if (param && new URLSearchParams(window.location.search).has(param)) return hydrate();
  for (const type of events) el.addEventListener(type, hydrate, { passive: true });
  // Safari has no requestIdleCallback: a short timeout after load instead
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => void fetchModules(), { timeout: 2000 }) : setTimeout(() => void fetchModules(), 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default intent;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: string | boolean;
  }
}
