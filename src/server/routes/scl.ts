import { Hono } from 'hono';
import type { AppDeps } from '../app';

/** The supply-chain pages (/scl) calls. */
export function sclRoutes(_deps: AppDeps) {
  const router = new Hono();
  return router;
}
