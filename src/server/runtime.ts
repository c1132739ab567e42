import { createApp, type App } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedIfEmpty } from './db/seed';
import { createDcsaApp, type DcsaApp } from './dcsa/app';
import { createTntApp, type TntApp } from './dcsa/tnt-app';
import { startTracking, type TrackingService } from '../tracking/service';
import { alertNotifier } from '../tracking/alerts';
import { createMailer } from './mail';
import { siteFolders, takeBackup } from '../backup/backup';
import { tokenMatches, writeBackupToken } from '../backup/loopback';
import { rateLimiterOf } from './deps';
import { loadCaptchaSecret } from './forms/secret';
import { KeptAnswers } from './memo';
import { createStaffApp, type StaffApp } from './staff/app';
import { DCSA_BASE } from '../schedules/dcsa/schemas';
import { openQueue } from '../worker/queue';
import { backupSettings, startWorker, workerSettings } from '../worker/worker';
import { registerBackupGauges, registerDatabaseGauges } from '../observability/gauges';
import { type EdgeState, edgeState, registerEdgeGauges } from '../edge/reconciler';
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
  /** The DCSA Track & Trace endpoints under /dcsa/tnt/v2 (./dcsa/tnt-app.ts). */
  tnt: TntApp;
  /** Tracking's feed: the provider, the subscription, the catch-up poll (src/tracking/service.ts). */
  tracking: TrackingService;
  /** A whole-site backup taken by this process (src/backup/), for `npm run backup` over loopback with the token it wrote (PGlite only); null: the token does not match. */
  backup(token: string | null | undefined): Promise<Uint8Array | null>;
  /** The CDN edge against the served release (src/edge/reconciler.ts): read at each call. */
  edge: () => Promise<EdgeState>;
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
  registerBackupGauges(config.backup);
  registerEdgeGauges(database.db, config.worker.root);
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
    await startWorker({ db: database.db, queue, log, ...workerSettings(config), backup: backupSettings(config, database, createMailer(config.forms, log)) });
    log(`[worker] in process: site builds in ${config.worker.root}, pulling from ${config.worker.newsApiUrl}`);
  }
  const staff = await createStaffApp({ ...deps, queue });
  const app = createApp(deps, { callDcsa });
  // tracking: the alert mails follow every stored bundle, from a callback or a poll (src/tracking/alerts.ts)
  const trackingLog = createLogger('tracking', { level: config.logLevel });
  const onStored = alertNotifier(database.db, {
    links: async () => ({ siteUrl: config.subscribe.siteUrl, apiUrl: config.subscribe.apiUrl, secret: await loadCaptchaSecret(database.db, config.forms.captchaSecret) }),
    mailer: createMailer(config.forms, (line) => trackingLog.info(line)),
    log: (error) => trackingLog.error({ err: error }, 'tracking alerts: a mail or a look-up failed'),
  });
  const tnt = createTntApp({ db: database.db, cursorKey, onStored });
  // the provider is subscribed to and polled in the background: the server answers meanwhile
  const tracking = await startTracking({ db: database.db, config: config.tracking, host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321), onStored });
  // The OpenAPI document's examples are the API's own answers, made in process (a second or three);
  // made here, before the API answers anything (its health call included), so that no first reader of
  // the document or its reference page waits for them. A failure is the route's to retry.
  await Promise.resolve(app.request(`http://localhost${config.apiBase}/openapi.json`))
    .then((r: Response) => r.arrayBuffer())
    .catch((error: Error) => logger.warn({ err: error }, 'the OpenAPI examples could not be made at start'));
  // with the embedded database only this process can read it: `npm run backup` asks it (src/backup/loopback.ts)
  const backupToken = database.pglite && config.dataDir !== ':memory:' ? writeBackupToken(config.dataDir) : null;
  const backup = async (token: string | null | undefined) =>
    backupToken && tokenMatches(backupToken, token) ? (await takeBackup({ database, folders: siteFolders(config), version: config.version })).archive : null;
  const edge = () => edgeState(database.db, config.worker.root);
  return { app, dcsa, tnt, tracking, staff, backup, edge, kept: new KeptAnswers(rateLimiterOf(deps), config.forms.trustProxyHops) };
}
