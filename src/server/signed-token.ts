import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed tokens that any API process on the same key can check without
 * storing them: `t1.<purpose>.<nonce>.<expiry>.<mac>`, the MAC an HMAC-SHA256 over
 * purpose, nonce and expiry (Unix seconds) under the server key, so a token cannot be
 * stretched or used for another purpose. Unlike a captcha sign (forms/captcha.ts) it
 * may be presented many times until it expires.
 *
 * The key: the forms' key (forms/secret.ts, CAPTCHA_SECRET or one generated and kept
 * in the database); the purpose in the MAC keeps the two uses apart.
 */

export type TokenProblem = 'invalid' | 'expired';

function mac(secret: string, purpose: string, nonce: string, expiry: number): Buffer {
  return createHmac('sha256', secret).update(`token:${purpose}.${nonce}.${expiry}`).digest();
}

export function createSignedToken(options: { secret: string; purpose: string; ttlSeconds: number; now: Date }): { token: string; expiresIn: number } {
  if (!/^[a-z]{2,20}$/.test(options.purpose)) throw new Error('token purpose: 2 to 20 lower-case letters');
  const nonce = randomBytes(12).toString('base64url');
  const expiry = Math.floor(options.now.getTime() / 1000) + options.ttlSeconds;
  return { token: `t1.${options.purpose}.${nonce}.${expiry}.${mac(options.secret, options.purpose, nonce, expiry).toString('base64url')}`, expiresIn: options.ttlSeconds };
}

/** Null when the token is good for this purpose now; otherwise what is wrong with it. */
export function checkSignedToken(token: string, options: { secret: string; purpose: string; now: Date }): TokenProblem | null {
  const match = /^t1\.([a-z]{2,20})\.([A-Za-z0-9_-]{16})\.(\d{9,11})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match || match[1] !== options.purpose) return 'invalid';
  const [, purpose, nonce, expiryText, macText] = match;
  const expiry = Number(expiryText);
  const expected = mac(options.secret, purpose, nonce, expiry);
  const given = Buffer.from(macText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (expiry <= Math.floor(options.now.getTime() / 1000)) return 'expired';
  return null;
}
