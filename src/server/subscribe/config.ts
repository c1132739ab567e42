import { z } from 'zod';

/**
 * Environment variables of the newsletter subscriptions, part of the server's
 * configuration (../config.ts). The defaults suit a fresh machine; the 60-second
 * resend wait and the 6-digit length are the spec's constants, not settings.
 */
export const SubscribeEnv = {
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'SITE_URL must be an http(s) URL such as https://www.seabridgelines.com' })
    .default('https://www.seabridgelines.com')
    .describe('Origin of the pages: links in the newsletter mails (also the canonical origin at build time)'),
  PUBLIC_API_ORIGIN: z
    .string()
    .regex(/^(https?:\/\/[^/\s]+)?$/, 'PUBLIC_API_ORIGIN must be an origin such as https://api.example.com, or empty')
    .default('')
    .describe('Origin of the API when it is not the pages’ origin: the one-click unsubscribe link points there'),
  SUBSCRIBE_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900).describe('How long an e-mail verification code is valid'),
  SUBSCRIBE_CODE_MAX_TRIES: z.coerce.number().int().min(1).max(20).default(5).describe('Wrong tries after which a code is dead (a new one must be asked for)'),
  SUBSCRIBE_CODE_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(10).describe('Codes mailed to one address in 24 hours'),
  DIGEST_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'DIGEST_TIME_ZONE must be an IANA time zone such as Asia/Shanghai')
    .describe('Time zone of the digest days (which day it is, and its weekday)'),
};

export interface SubscribeConfig {
  siteUrl: string;
  /** Where the API answers, as the mails link to it: PUBLIC_API_ORIGIN (or SITE_URL) and the API base. */
  apiUrl: string;
  codeTtlSeconds: number;
  codeMaxTries: number;
  codeDailyLimit: number;
  digestTimeZone: string;
}

type Parsed = { PUBLIC_API_BASE: string } & z.output<z.ZodObject<typeof SubscribeEnv>>;

export function subscribeConfig(e: Parsed): SubscribeConfig {
  const siteUrl = e.SITE_URL.replace(/\/+$/, '');
  return {
    siteUrl,
    apiUrl: `${e.PUBLIC_API_ORIGIN || siteUrl}${e.PUBLIC_API_BASE}`,
    codeTtlSeconds: e.SUBSCRIBE_CODE_TTL_SECONDS,
    codeMaxTries: e.SUBSCRIBE_CODE_MAX_TRIES,
    codeDailyLimit: e.SUBSCRIBE_CODE_DAILY_LIMIT,
    digestTimeZone: e.DIGEST_TIME_ZONE,
  };
}
