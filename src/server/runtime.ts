import { createApp, type App } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedIfEmpty } from './db/seed';

/**
 * The process-wide API: configuration validated, database opened and migrated,
 * reference rows seeded, once per process. The Astro endpoint awaits it.
 */
let running: Promise<App> | undefined;

export function getApp(): Promise<App> {
  running ??= start().catch((error) => {
    running = undefined;
    throw error;
  });
  return running;
}

async function start(): Promise<App> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const seeded = await seedIfEmpty(database.db);
  if (config.logLevel === 'info') {
    console.log(`[api] ${database.kind} database ready${seeded ? ' (seeded)' : ''}; API at ${config.apiBase}`);
  }
  return createApp({ database, config });
}
