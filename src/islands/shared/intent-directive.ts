import type { ClientDirective } from 'astro';

/**
 * `client:intent`: an island whose first screen is its server-rendered HTML (a search form) and
 * that needs its code only once the visitor reaches for it. When the browser is first idle after
 * the load event, the island's modules are fetched into the HTTP cache and not run (React's
 * evaluation is the largest task such a page has); they are run, and the island hydrates, when the
 * visitor reaches into it (pointer over it, a touch, focus or a key), which is before their first
 * keystroke lands in a field, or at once when the page's URL carries a query parameter the
 * directive's value names (`client:intent="from"`: a shared search link; several separated by
 * spaces, `client:intent="refs alerts"`). A keystroke that beats
 * hydration stays in its field: the island reads the field on hydration.
 */
const intent: ClientDirective = (load, options, el) => {
  const params = typeof options.value === 'string' ? options.value.split(' ').filter(Boolean) : [];
  const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, hydrate);
    void load().then((run) => run());
  };
  const query = new URLSearchParams(window.location.search);
  if (params.some((name) => query.has(name))) return hydrate();
  for (const type of events) el.addEventListener(type, hydrate, { passive: true });
  const modules = ['component-url', 'renderer-url'].map((name) => el.getAttribute(name)).filter((url): url is string => !!url);
  const seen = new Set<string>();
  const fetchModules = () => {
    if (!started) void Promise.all(modules.map((url) => fetchGraph(new URL(url, window.location.href).href, seen))).catch(() => {});
  };
  // Safari has no requestIdleCallback: a short timeout after load instead
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fetchModules, { timeout: 2000 }) : setTimeout(fetchModules, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

/**
 * A module and the modules it imports statically (`import … from "./x.js"`, `import "./x.js"`; not
 * `import()`), fetched and not run: the built chunks are immutable, so the import on intent takes
 * them from the HTTP cache. A pattern that misses an import costs only that module's fetch later.
 */
async function fetchGraph(url: string, seen: Set<string>): Promise<void> {
  if (seen.has(url) || seen.size >= 64) return;
  seen.add(url);
  const answer = await fetch(url);
  if (!answer.ok) return;
  const text = await answer.text();
  const imports = [...text.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g)].map((m) => new URL(m[1], url).href);
  await Promise.all(imports.map((next) => fetchGraph(next, seen)));
}

export default intent;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: string | boolean;
  }
}
