import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Environment variables of the forms (mail, uploads, captcha, rate limits), part of
 * the server's configuration (../config.ts). Every default works on a fresh machine:
 * mail goes to an outbox folder and uploads to a folder under DATA_DIR, and the
 * captcha key is generated once and kept in the database.
 */

/** "COUNT/SECONDS": at most COUNT requests per client address in a fixed window of SECONDS. */
const Limit = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,7}\/\d{1,6}$/, 'must be COUNT/SECONDS, e.g. 10/3600')
    .default(fallback)
    .transform((v) => {
      const [count, seconds] = v.split('/').map(Number);
      return { count, seconds };
    });

export const FormsEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .describe('Mail server, e.g. smtps://user:password@smtp.example.com:465; unset: messages are written to OUTBOX_DIR'),
  MAIL_FROM: z.string().min(3).default('Seabridge website <no-reply@seabridgelines.com>').describe('Sender of the notifications'),
  MAIL_TO_STAFF: z.string().min(3).default('service@seabridgelines.com').describe('Who is notified of a new message (comma-separated)'),
  MAIL_TO_HR: z.string().min(3).optional().describe('Who is notified of a new application (comma-separated); defaults to MAIL_TO_STAFF'),
  OUTBOX_DIR: z.string().min(1).optional().describe('Folder of .eml files when SMTP_URL is unset; defaults to DATA_DIR/outbox'),
  UPLOAD_DIR: z.string().min(1).optional().describe('Folder of uploaded résumés, outside anything served; defaults to DATA_DIR/uploads'),
  CAPTCHA_SECRET: z
    .string()
    .min(32, 'CAPTCHA_SECRET must have at least 32 characters')
    .optional()
    .describe('Key that signs captcha signs; unset: a random key is generated once and kept in the database (shared by all API processes)'),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600).describe('How long a captcha may be answered'),
  CAPTCHA_TEST_ANSWER: z
    .string()
    .regex(/^[A-Za-z0-9]{4}$/, 'CAPTCHA_TEST_ANSWER must be 4 letters or digits')
    .optional()
    .describe('Tests only: every captcha has this answer. Refused when NODE_ENV=production or HOST is not a loopback address'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0).describe('Proxies in front of the API that append to X-Forwarded-For; 0: the socket address is the client'),
  RATE_LIMIT_CAPTCHA: Limit('60/600'),
  RATE_LIMIT_MESSAGE: Limit('10/3600'),
  RATE_LIMIT_UPLOAD: Limit('20/3600'),
  RATE_LIMIT_APPLICATION: Limit('10/3600'),
  /** Newsletter subscriptions: code requests, look-ups and changes per client address. */
  RATE_LIMIT_SUBSCRIBE: Limit('60/3600'),
  /** Across all clients: notifications mailed per window (messages are stored either way). */
  RATE_LIMIT_MAIL: Limit('300/3600'),
  /** Carbon calculator: token requests and calculations (up to 4 shipments each) per client address. */
  RATE_LIMIT_CARBON: Limit('120/600'),
  /** Carbon calculator: city suggestions (one per pause in typing) per client address. */
  RATE_LIMIT_CARBON_CITY: Limit('600/600'),
  /** Tracking look-ups (one look-up answers up to 10 references) per client address. */
  RATE_LIMIT_TRACK: Limit('120/600'),
};

export type RateBucket = 'captcha' | 'message' | 'upload' | 'application' | 'subscribe' | 'mail' | 'carbon' | 'carbonCity' | 'track';

/** The environment variable of each rate limit. */
export const RATE_LIMIT_ENV: Record<RateBucket, keyof typeof FormsEnv> = {
  captcha: 'RATE_LIMIT_CAPTCHA',
  message: 'RATE_LIMIT_MESSAGE',
  upload: 'RATE_LIMIT_UPLOAD',
  application: 'RATE_LIMIT_APPLICATION',
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  mail: 'RATE_LIMIT_MAIL',
  carbon: 'RATE_LIMIT_CARBON',
  carbonCity: 'RATE_LIMIT_CARBON_CITY',
  track: 'RATE_LIMIT_TRACK',
};

/** Tests and benchmarks: every rate limit set out of reach (a test that checks one sets it after this). */
export const UNLIMITED_RATE_ENV: Record<string, string> = Object.fromEntries(Object.values(RATE_LIMIT_ENV).map((name) => [name, '1000000/60']));

export interface FormsConfig {
  smtpUrl?: string;
  mailFrom: string;
  mailToStaff: string;
  mailToHr: string;
  outboxDir: string;
  uploadDir: string;
  captchaSecret?: string;
  captchaTtlSeconds: number;
  captchaTestAnswer?: string;
  trustProxyHops: number;
  limits: Record<RateBucket, { count: number; seconds: number }>;
}

type Parsed = { DATA_DIR: string } & z.output<z.ZodObject<typeof FormsEnv>>;

export const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function formsConfig(e: Parsed, env: Record<string, string | undefined>): FormsConfig {
  if (e.CAPTCHA_TEST_ANSWER) {
    // A fixed captcha answer exists for the end-to-end tests only: never on a production server.
    if (env.NODE_ENV === 'production') throw new Error('Invalid configuration:\n  CAPTCHA_TEST_ANSWER: refused when NODE_ENV=production');
    if (env.HOST && !LOOPBACK.has(env.HOST)) throw new Error(`Invalid configuration:\n  CAPTCHA_TEST_ANSWER: refused when HOST (${env.HOST}) is not a loopback address`);
  }
  const underData = (dir: string | undefined, name: string) => (dir ? dir : e.DATA_DIR === ':memory:' ? join('var', name) : join(e.DATA_DIR, name));
  return {
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailToStaff: e.MAIL_TO_STAFF,
    mailToHr: e.MAIL_TO_HR ?? e.MAIL_TO_STAFF,
    outboxDir: absolute(underData(e.OUTBOX_DIR, 'outbox')),
    uploadDir: absolute(underData(e.UPLOAD_DIR, 'uploads')),
    captchaSecret: e.CAPTCHA_SECRET,
    captchaTtlSeconds: e.CAPTCHA_TTL_SECONDS,
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    limits: Object.fromEntries(Object.entries(RATE_LIMIT_ENV).map(([bucket, name]) => [bucket, e[name]])) as FormsConfig['limits'],
  };
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(path);
}
