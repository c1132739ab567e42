import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { calls } from '../../contract/calls';
import { handle } from '../handle';
import type { AppDeps } from '../deps';

export function healthRoutes({ database, config }: AppDeps) {
  const router = new Hono();
  handle(router, calls.health, async () => {
    let databaseOk = true;
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      databaseOk = false;
    }
    return {
      status: databaseOk ? ('ok' as const) : ('degraded' as const),
      database: database.kind,
      databaseOk,
      version: config.version,
      time: new Date().toISOString(),
    };
  });
  return router;
}
