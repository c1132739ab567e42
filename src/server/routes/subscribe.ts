import { Hono } from 'hono';
import type { AppDeps } from '../app';

/** The newsletter subscriptions (/subscribe) calls. */
export function subscribeRoutes(_deps: AppDeps) {
  const router = new Hono();
  return router;
}
