/**
 * Rules of the route page that the browser needs too. No imports, so the route
 * finder script stays small.
 */

/** Trade tabs of the route page, in the spec's order. */
export const ROUTE_TAB_ORDER = [11, 12, 13, 17, 14, 15, 18, 16] as const;

/** The spec's rule: a link may open the route page on direction ids 11 to 16 only. */
export function routeNavigationAllowed(directionId: unknown): boolean {
  const id = typeof directionId === 'string' && /^\d+$/.test(directionId) ? Number(directionId) : directionId;
  return typeof id === 'number' && Number.isInteger(id) && id >= 11 && id <= 16;
}
