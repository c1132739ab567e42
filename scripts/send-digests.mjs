#!/usr/bin/env node
// npm run send-digests [-- --at 2026-11-23T08:00:00+08:00]
//
// Sends the newsletter digests that are due today (DIGEST_TIME_ZONE, default Asia/Shanghai):
// one mail per active subscriber whose frequency and weekday say so, with the stories
// published since their last digest that match their subscription, in their language.
// Run it once a day from a scheduler, after the day's news is in the database, e.g.
//   30 8 * * *  cd /srv/carrier-site && npm run send-digests >> var/digests.log 2>&1
// Each subscriber's day is recorded, so running it twice sends nothing twice, and a run
// that died is completed by the next one (see src/server/subscribe/digest.ts).
// Same settings as the server (DATABASE_URL or DATA_DIR, SMTP_URL or OUTBOX_DIR, MAIL_FROM,
// SITE_URL for the links). With the embedded PGlite database stop the server first (one
// process at a time may open its folder); with PostgreSQL it runs alongside the API.
// --at runs the day of that moment instead of today (a missed day; tests).
// Exit code 1 when a mail could not be sent (those are retried by the next run).
import { importServerModules } from './lib/server-modules.mjs';
import { parseArgs } from 'node:util';
import { createLogger, reportLevel } from '../src/observability/log.mjs';

// JSON lines, as every process of the site logs (src/observability/log.mjs): the run's report (its
// outcome, its failures) at info even with LOG_LEVEL=error; each mail's line at LOG_LEVEL
const logger = createLogger('digests', { level: reportLevel() });
const detail = createLogger('digests');

const { values } = parseArgs({ options: { at: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: npm run send-digests [-- --at ISO-DATE-TIME]');
  process.exit(0);
}
const at = values.at ? new Date(values.at) : undefined;
if (at && Number.isNaN(at.getTime())) {
  logger.error(`send-digests: --at must be a date and time such as 2026-11-23T08:00:00+08:00, not ${values.at}`);
  process.exit(1);
}

const { loadConfig, openDatabase, createMailer, sendDigests } = await importServerModules('send-digests', {
  'src/server/config.ts': 'loadConfig',
  'src/server/db/index.ts': 'openDatabase',
  'src/server/mail.ts': 'createMailer',
  'src/server/subscribe/digest.ts': 'sendDigests',
});

let config;
try {
  config = loadConfig();
} catch (error) {
  logger.error(`send-digests: ${error.message}`);
  process.exit(1);
}
const log = (line) => detail.info(line);
const database = await openDatabase(config);
let failed = false;
try {
  const r = await sendDigests({ db: database.db, config, mailer: createMailer(config.forms, log), at, log });
  logger.info(
    { sent: r.sent, failed: r.failed, due: r.due },
    `send-digests ${r.period} (${config.subscribe.digestTimeZone}): ${r.subscribers} subscribers, ${r.due} due: ${r.sent} sent, ${r.empty} with nothing new, ${r.skipped} already done, ${r.failed} failed`,
  );
  for (const e of r.errors) logger.error(`not sent: ${e}`);
  failed = r.failed > 0;
} catch (error) {
  logger.error({ err: error }, `send-digests: failed: ${error?.message ?? error}`);
  failed = true;
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
