import { z } from 'zod';
import { DEFAULT_API_BASE } from '../contract/wire';
import { AssistantEnv } from './assistant';
import { FormsEnv, formsConfig, type FormsConfig } from './forms/config';
import { SubscribeEnv, subscribeConfig, type SubscribeConfig } from './subscribe/config';
import { StaffEnv, staffConfig, type StaffConfig } from './staff/config';
import { WorkerEnv, workerConfig, type WorkerConfig } from '../worker/config';
import { InboxEnv, inboxConfig, type InboxConfig } from '../inbox/config';
import { TrackingEnv, trackingConfig, type TrackingConfig } from '../tracking/config';
import { BackupEnv, backupConfig, type BackupConfig } from '../backup/config';

/**
 * Server configuration from environment variables, validated once at start-up.
 * The defaults are the embedded mode: PGlite in var/, mail to an outbox folder.
 */
const Env = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .describe('PostgreSQL server; when unset an embedded PGlite database lives in DATA_DIR/pglite'),
  DATA_DIR: z.string().min(1).default('var').describe('Folder for the embedded database, the mail outbox and uploads'),
  PUBLIC_API_BASE: z
    .string()
    .regex(/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_\-]$/, 'PUBLIC_API_BASE must be a path such as /homeapiak')
    .default(DEFAULT_API_BASE)
    .describe('Where the API is mounted'),
  ALLOWED_ORIGINS: z.string().default('').describe('Comma-separated origins (e.g. https://www.example.com) allowed to call the API from another origin'),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info').describe('How much the processes log, as JSON lines on standard output (src/observability/log.mjs)'),
  ...FormsEnv,
  ...SubscribeEnv,
  ...AssistantEnv,
  ...StaffEnv,
  ...WorkerEnv,
  ...InboxEnv,
  ...TrackingEnv,
  ...BackupEnv,
});

export type ServerConfig = {
  databaseUrl?: string;
  dataDir: string;
  apiBase: string;
  allowedOrigins: string[];
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  version: string;
  /** Mail, uploads, captcha and rate limits of the forms (./forms/config.ts). */
  forms: FormsConfig;
  /** Newsletter subscriptions: codes, links in the mails, digest days (./subscribe/config.ts). */
  subscribe: SubscribeConfig;
  /** The staff console: its origin, the key of its sessions (./staff/config.ts). */
  staff: StaffConfig;
  /** Who builds the site when the newsroom publishes (src/worker/config.ts). */
  worker: WorkerConfig;
  /** CIDR blocks where the smart customer service is offered; empty: everywhere (./assistant.ts). */
  assistantNetworks: string[];
  /** How long the inbox keeps messages and applications (src/inbox/config.ts). */
  inbox: InboxConfig;
  /** Where tracking events come from (src/tracking/config.ts). */
  tracking: TrackingConfig;
  /** The nightly backups: their folder, how many are kept, when (src/backup/config.ts). */
  backup: BackupConfig;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ');
    throw new Error(`Invalid configuration:\n  ${problems}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    apiBase: e.PUBLIC_API_BASE,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    version: process.env.npm_package_version ?? '0.1.0',
    forms: formsConfig(e, env),
    subscribe: subscribeConfig(e),
    staff: staffConfig(e, env),
    worker: workerConfig(e, env),
    assistantNetworks: e.ASSISTANT_NETWORKS,
    inbox: inboxConfig(e),
    backup: backupConfig(e),
    tracking: trackingConfig(e, env),
  };
}
