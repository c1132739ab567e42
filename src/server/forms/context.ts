import type { Context } from 'hono';
import { rateLimiterOf, type AppDeps } from '../deps';
import type { Db } from '../db';
import { createMailer, type MailMessage, type Mailer } from '../mail';
import { clientAddress } from './client-address';
import type { FormsConfig } from './config';
import type { RateLimiter } from './rate-limit';
import { loadCaptchaSecret } from './secret';
import { createLogger } from '../../observability/log.mjs';

/** What the form routes share: database, configuration, clock, mailer, rate limiter and the captcha key. */
export interface FormsContext {
  db: Db;
  config: FormsConfig;
  now: () => Date;
  mailer: Mailer;
  limiter: RateLimiter;
  secret(): Promise<string>;
  client(c: Context): string;
  log(line: string): void;
  /** Mails a notification unless the mail limit is reached; never throws: answers when it was sent, or why not, and its outbox copy (deleted with the item: src/inbox/). */
  notify(message: MailMessage): Promise<{ sentAt: Date | null; error: string | null; file?: string | null }>;
}

export function formsContext(deps: AppDeps): FormsContext {
  const { database, config } = deps;
  const now = deps.now ?? (() => new Date());
  const logger = createLogger('forms', { level: config.logLevel });
  const log = (line: string) => logger.info(line);
  const mailer = deps.mailer ?? createMailer(config.forms, log);
  const limiter = rateLimiterOf(deps);
  let secret: Promise<string> | undefined;
  return {
    db: database.db,
    config: config.forms,
    now,
    mailer,
    limiter,
    secret() {
      secret ??= loadCaptchaSecret(database.db, config.forms.captchaSecret).catch((error) => {
        secret = undefined;
        throw error;
      });
      return secret;
    },
    client: (c) => clientAddress(c, config.forms.trustProxyHops),
    log,
    async notify(message) {
      try {
        const { allowed } = await limiter.hit('mail', '*');
        if (!allowed) return { sentAt: null, error: 'mail limit reached (RATE_LIMIT_MAIL); not sent' };
        const sent = await mailer.send(message);
        return { sentAt: now(), error: null, file: sent.file ?? null };
      } catch (error) {
        logger.error({ err: error }, 'a mail was not sent');
        return { sentAt: null, error: String((error as Error).message ?? error).slice(0, 500) };
      }
    },
  };
}
