import { z } from 'zod';

/** Configuration of the staff console (read with the rest in ../config.ts). */
export const StaffEnv = {
  STAFF_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'STAFF_ORIGIN must be an origin such as https://www.seabridgelines.com' })
    .optional()
    .describe('The origin staff sign in on (passkeys are bound to its host); default: the origin of SITE_URL when set, else http://localhost:PORT'),
  STAFF_TRUSTED_ORIGINS: z.string().default('').describe('Comma-separated further origins the console may be opened on'),
  STAFF_AUTH_SECRET: z
    .string()
    .min(32, 'STAFF_AUTH_SECRET must be at least 32 characters')
    .optional()
    .describe('Key of the staff sessions and TOTP secrets; unset: generated once and kept in the database'),
};

export interface StaffConfig {
  origin: string;
  trustedOrigins: string[];
  authSecret?: string;
}

/**
 * `env` is the raw environment: without STAFF_ORIGIN and SITE_URL (a machine running the quick
 * start) the console is at http://localhost:PORT, which is also a host a passkey may be bound to
 * (an IP address may not).
 */
export function staffConfig(e: { STAFF_ORIGIN?: string; STAFF_TRUSTED_ORIGINS: string; STAFF_AUTH_SECRET?: string }, env: Record<string, string | undefined>): StaffConfig {
  const fallback = env.SITE_URL ? env.SITE_URL : `http://localhost:${env.PORT || '4321'}`;
  return {
    origin: new URL(e.STAFF_ORIGIN ?? fallback).origin,
    trustedOrigins: e.STAFF_TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => new URL(s).origin),
    authSecret: e.STAFF_AUTH_SECRET,
  };
}
