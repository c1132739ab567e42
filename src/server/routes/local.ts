import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { handle } from '../handle';
import { loadLocations } from '../content';
import type { AppDeps } from '../app';

/** /local/*: the regional sites. For now the picker's list; the local-sites issue adds the rest. */
export function localRoutes(_deps: AppDeps) {
  const router = new Hono();
  handle(router, calls.getLocationList, () => loadLocations());
  return router;
}
