import { Hono } from 'hono';
import type { AppDeps } from '../app';

/** The help centre (FAQ, schedules, downloads) calls. */
export function helpRoutes(_deps: AppDeps) {
  const router = new Hono();
  return router;
}
