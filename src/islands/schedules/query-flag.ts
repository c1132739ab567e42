/**
 * The schedule search page's inline script (src/components/schedules/SchedulesPage.astro), run by the
 * parser right after the island: a search link (`?from=…`) marks the page at once, so that the
 * results keep their room from the first paint until they are in (schedules.css) and nothing below
 * them moves when they arrive. Its hash is in the pages' content security policy (astro.config.mjs).
 */
export const SCHEDULE_QUERY_FLAG = "new URLSearchParams(location.search).has('from')&&document.documentElement.setAttribute('data-schedule-query','')";
