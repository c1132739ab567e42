import { createApp, type App } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedIfEmpty } from './db/seed';
import { createDcsaApp, type DcsaApp } from './dcsa/app';
import { rateLimiterOf } from './deps';
import { loadCaptchaSecret } from './forms/secret';
import { KeptAnswers } from './memo';
import { createStaffApp, type StaffApp } from './staff/app';
import { DCSA_BASE } from '../schedules/dcsa/schemas';
import { openQueue } from '../worker/queue';
import { startWorker, workerSettings } from '../worker/worker';
import { registerDatabaseGauges } from '../observability/gauges';
import { createLogger } from '../observability/log.mjs';

/**
 * The process-wide API: configuration validated, database opened and migrated,
 * reference rows seeded, once per process. The Astro endpoint awaits it. The DCSA
 * schedules API (/dcsa/cs/v1/) is created beside it, its cursors signed with the
 * server's key (CAPTCHA_SECRET, or the one kept in the database) so that any process
 * accepts the cursors of the others.
 */
export interface Apps {
  app: App;
  dcsa: DcsaApp;
  /** Answers kept whole and given before the app (src/server/memo.ts). */
  kept: KeptAnswers;
  /** The staff console's API under {apiBase}/staff (./staff/app.ts). */
  staff: StaffApp;
}

let running: Promise<Apps> | undefined;
let ready: Apps | undefined;

/** The API once started (undefined before): for the server's synchronous fast path. */
export const appsIfReady = (): Apps | undefined => ready;

export function getApps(): Promise<Apps> {
  running ??= start()
    .then((apps) => (ready = apps))
    .catch((error) => {
      running = undefined;
      throw error;
    });
  return running;
}

export const getApp = (): Promise<App> => getApps().then((apps) => apps.app);

async function start(): Promise<Apps> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const seeded = await seedIfEmpty(database.db);
  const logger = createLogger('api', { level: config.logLevel });
  logger.info({ database: database.kind, seeded }, `${database.kind} database ready${seeded ? ' (seeded)' : ''}; API at ${config.apiBase}, DCSA schedules at /dcsa/cs/v1`);
  registerDatabaseGauges(database, config.worker.root);
  const cursorKey = await loadCaptchaSecret(database.db, config.forms.captchaSecret);
  const deps = { database, config };
  const dcsa = createDcsaApp({ cursorKey });
  // the OpenAPI document's DCSA examples are this DCSA app's answers
  const callDcsa = (path: string, init?: RequestInit) => dcsa.request(`http://localhost${DCSA_BASE}${path}`, init);
  // the newsroom's builds: a queue in the database, worked here with the embedded database (src/worker/)
  const workerLogger = createLogger('worker', { level: config.logLevel });
  const log = (line: string) => workerLogger.info(line);
  const queue = config.worker.mode === 'off' ? undefined : await openQueue(database, { databaseUrl: config.databaseUrl, work: config.worker.mode === 'inprocess', log });
  if (queue && config.worker.mode === 'inprocess') {
    await startWorker({ db: database.db, queue, log, ...workerSettings(config) });
    log(`[worker] in process: site builds in ${config.worker.root}, pulling from ${config.worker.newsApiUrl}`);
  }
  const staff = await createStaffApp({ ...deps, queue });
  const app = createApp(deps, { callDcsa });
  // The OpenAPI document's examples are the API's own answers, made in process (a second or three);
  // made here, before the API answers anything (its health call included), so that no first reader of
  // the document or its reference page waits for them. A failure is the route's to retry.
  await Promise.resolve(app.request(`http://localhost${config.apiBase}/openapi.json`))
    .then((r: Response) => r.arrayBuffer())
    .catch((error: Error) => logger.warn({ err: error }, 'the OpenAPI examples could not be made at start'));
  return { app, dcsa, staff, kept: new KeptAnswers(rateLimiterOf(deps), config.forms.trustProxyHops) };
}
