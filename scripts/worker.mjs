#!/usr/bin/env node
// npm run worker
//
// The newsroom's worker as a process of its own, beside `npm start`, with PostgreSQL
// (DATABASE_URL; WORKER=separate, the default there): takes the site build requests from the
// queue and runs the nightly job's steps for each (pull from the API, build into a new release,
// serve it), publishes scheduled stories every minute, prunes the audit log every night
// (src/worker/). With the embedded PGlite it runs inside `npm start` instead: one process
// holds a PGlite folder.
import { importServerModules } from './lib/server-modules.mjs';
import { createLogger } from '../src/observability/log.mjs';

// JSON lines, as every process of the site logs (src/observability/log.mjs)
const logger = createLogger('worker');

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Node ${process.versions.node} is too old: run through npm ("npm run worker"), which uses the Node 24 from node_modules.`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('worker: with the embedded database (no DATABASE_URL) the worker runs inside "npm start" (WORKER=inprocess); a second process cannot open the same PGlite folder.');
  process.exit(2);
}
const { backupSettings, createMailer, loadConfig, openDatabase, openQueue, startWorker, workerSettings } = await importServerModules('worker', {
  'src/server/config.ts': 'loadConfig',
  'src/server/db/index.ts': 'openDatabase',
  'src/worker/queue.ts': 'openQueue',
  'src/worker/worker.ts': 'backupSettings, startWorker, workerSettings',
  'src/server/mail.ts': 'createMailer',
});
const config = loadConfig();
const database = await openDatabase(config);
const log = (line) => logger.info(line);
const queue = await openQueue(database, { databaseUrl: config.databaseUrl, work: true, log });
// a nightly process standing by for the next publish (src/worker/worker.ts NightlyRunner)
await startWorker({ db: database.db, queue, log, ...workerSettings(config), standby: true, backup: backupSettings(config, database, createMailer(config.forms, log)) });
log(`worker: working the queue; site builds in ${config.worker.root}, pulling from ${config.worker.newsApiUrl}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    log('worker: stopping (a build under way finishes first, up to 5 s)');
    await queue.stop();
    await database.close();
    process.exit(0);
  });
}
