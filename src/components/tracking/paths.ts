/** Spec paths of the tracking pages (the locale prefix is added by localePath). */
export const TRACK_PAGE_PATH = '/home/Track';
/** The results page, rendered on demand; with the references asked when given. */
export const trackResultPath = (refs?: string) => `${TRACK_PAGE_PATH}/result${refs === undefined ? '' : `?${new URLSearchParams({ refs })}`}`;
/** Where integrators read the same events (the DCSA Track & Trace API, src/server/dcsa/tnt-app.ts). */
export const TNT_EVENTS_PATH = '/dcsa/tnt/v2/events';
